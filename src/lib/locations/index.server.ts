// DOOR_HEADER
export { listServiceAreas, popularProductsByArea } from './service-areas.server';
export { allZipPlaces, zipPlace } from './zip-places.server';
