// The front door of HTTP for the functions: errors and their responses, handlers, request parsing, limits,
// security headers and the admin route. Server side (I/O): functions, the build and other features'
// *.server.ts.
export { adminRoute } from './admin-route.server';
export { fetchPublicFile, PublicFetchError, type PublicFetchOptions } from './public-fetch.server';
export { sameSecret } from './secrets.server';
export { couponTryAllowed, rateLimit, rateLimited, rateLimitHit, type RateLimitRule, trimRateLimits } from './rate-limit.server';
export { forgetOldRequestKeys, REPLAYED_HEADER, REQUEST_KEY_HEADER } from './request-keys.server';
