// The front door of zod, set up for the CSP. Pure and safe in the browser.
export { MISSING_FIELD_MESSAGE, plainIssueMessage, z } from './zod';
export { wholeNumber } from './whole';
export { MAX_CENTS, staffCents } from './cents';
