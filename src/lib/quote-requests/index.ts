// The front door of quote requests, their offers and the admin list. Pure and safe in the browser; its I/O is
// index.server.ts.
export {
  EVENT_TYPES,
  MAX_QUOTE_ITEMS,
  MAX_QUOTE_QUANTITY,
  outsideServiceAreaNotice,
  outsideServiceAreaStaffNote,
  type QuoteCreated,
  quoteRequest,
  type QuoteRequest,
  type QuoteRequestInput,
} from './quote-request-form';
export {
  quoteConvertInput,
  type QuoteConvertInput,
  quoteListQuery,
  quoteOfferInput,
  type QuoteOfferInput,
  quoteUpdateInput,
} from './quote-requests-admin-input';
export { type QuoteStatus, quoteStatuses, quoteStatusLabels } from './quote-request-status';
export { requestSite, type RequestSite, type RequestSiteRules, requestSiteUnits } from './quote-request-site';
