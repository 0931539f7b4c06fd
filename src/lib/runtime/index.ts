// The front door of the site's runtime: platform, build version, bots, error pages and reload guards. Pure and
// safe in the browser; its I/O is index.server.ts.
export { isBotUserAgent } from './bot';
export { errorContent, errorPageTitle, notFoundMessage } from './error-content';
export { BUILD_CHECK_INTERVAL_MS, buildIdFrom, isNewerBuild } from './build-version';
export { type ClientErrorReport, isFatalClientError } from './fatal-error';
export { SCROLL_ANIMATE_ROOT_MARGIN, SCROLL_ANIMATE_THRESHOLD, scrollAnimateSettings } from './scroll-animate';
export { isChunkLoadError, isSiteScriptUrl } from './chunk-error';
export { mayReloadNow } from './reload-guard';
