// DOOR_HEADER
export { landingCities, siteData } from './build-data.server';
export { siteCollection, sitePage } from './site-content.server';
