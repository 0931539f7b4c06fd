// DOOR_HEADER
export { AppError, fieldError, isConflict, isStillReferenced, toResponse, validationError } from './errors';
export { handler } from './handler';
export { recordId, routeParams } from './path-params';
export { browseLimit, couponCodesPerHour, publicLimits } from './public-limits';
export { clientIp, isStorableText, parseJson, parseJsonText, parseQuery, readBody, readJson, readText } from './request';
export { apiSecurityHeaders } from './security-headers';
