// The front door of HTTP for the functions: errors and their responses, handlers, request parsing, limits,
// security headers. Pure and safe in the browser; its I/O is index.server.ts.
export { AppError, fieldError, isConflict, isStillReferenced, toResponse, validationError } from './errors';
export { handler } from './handler';
export { compilePath, declaredPaths, matchPath, recordId, routeParams } from './path-params';
export { browseLimit, couponCodesPerHour, lookupLimit, publicLimits } from './public-limits';
export { clientIp, isStorableText, parseJson, parseJsonText, parseQuery, readBody, readJson, readText } from './request';
export { immutableFileResponse } from './stored-file';
export { analyticsConfigured, apiSecurityHeaders, headersFile, INLINE_SCRIPT_HASHES, pageSecurityHeaders } from './security-headers';
export { cspHash, inlineScripts } from './inline-scripts';
export { type CorsPolicy, ORIGIN_NOT_ALLOWED_MESSAGE } from './cors';
