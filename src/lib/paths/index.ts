// The site's addresses: pages (public and admin) and the API. Nothing else writes "/admin/" or "/api/".
export * from './pages';
export * from './api';
export { withSearch, type Search } from './query';
