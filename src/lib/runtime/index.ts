// The front door of the site's runtime: platform, build version, bots, error pages and reload guards. Pure and
// safe in the browser; its I/O is index.server.ts.
export { isBotUserAgent } from './bot';
export { errorContent, errorPageTitle, notFoundMessage } from './error-content';
