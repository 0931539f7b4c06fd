// The front door of structured data for search engines. Pure and safe in the browser.
export { breadcrumbs, faqPage, localBusiness, productLd } from './structured-data';
