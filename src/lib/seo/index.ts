// DOOR_HEADER
export { breadcrumbs, faqPage, localBusiness, productLd } from './structured-data';
