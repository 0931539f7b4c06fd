// The front door of the admin shell, server side: one audited change (lock → check → change → audit →
// rebuild request, in one transaction) for every feature's admin services.
export { auditedChange, auditedChangeIn, lockedRow } from './audited-change.server';
export { adminRoute } from './admin-route.server';
export { forgetOldRequestKeys, REPLAYED_HEADER, REQUEST_KEY_HEADER } from './request-keys.server';
