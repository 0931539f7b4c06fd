// The front door of HTTP for the functions: errors and their responses, handlers, request parsing, limits,
// and security headers. Server side (I/O): functions, the build and other features'
// *.server.ts.
export { fetchPublicFile, PublicFetchError, type PublicFetchOptions } from './public-fetch.server';
export { sameSecret } from './secrets.server';
export { couponTryAllowed, rateLimit, rateLimited, rateLimitHit, type RateLimitRule, trimRateLimits } from './rate-limit.server';
export { purposeKey, readToken, signToken, type TokenProblem, type TokenVerdict } from './signed-token.server';
