// The front door of quote requests, their offers and the admin list. Pure and safe in the browser; its I/O is
// index.server.ts.
export { quoteRequest } from './quote-request-form';
export { quoteConvertInput, quoteListQuery, quoteOfferInput, quoteUpdateInput } from './quote-requests-admin-input';
