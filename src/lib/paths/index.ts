// The site's addresses: pages (public and admin) and the API. Nothing else writes "/admin/" or "/api/".
export * from './pages';
export * from './api';
export * from './admin-pages';
export * from './admin-api';
export { EVENTS_API } from './events';
export { withSearch, type Search } from './query';
