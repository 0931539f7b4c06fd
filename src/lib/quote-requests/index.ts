// The front door of quote requests, their offers and the admin list. Pure and safe in the browser; its I/O is
// index.server.ts.
export { quoteRequest } from './quote-request-form';
export { quoteConvertInput, quoteListQuery, quoteOfferInput, quoteUpdateInput } from './quote-requests-admin-input';
export {
  EVENT_TYPES,
  MAX_QUOTE_ITEMS,
  MAX_QUOTE_QUANTITY,
  outsideServiceAreaNotice,
  outsideServiceAreaStaffNote,
  type QuoteCreated,
  type QuoteRequest,
  type QuoteRequestInput,
} from './quote-request-form';
export { type QuoteStatus, quoteStatuses, quoteStatusLabels } from './quote-request-status';
export type { QuoteConvertInput, QuoteOfferInput } from './quote-requests-admin-input';
