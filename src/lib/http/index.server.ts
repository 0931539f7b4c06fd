// DOOR_HEADER
export { adminRoute } from './admin-route.server';
export { fetchPublicFile, PublicFetchError, type PublicFetchOptions } from './public-fetch.server';
export { couponTryAllowed, rateLimit } from './rate-limit.server';
