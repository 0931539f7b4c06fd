// DOOR_HEADER
export { quoteRequest } from './quote-request-form';
export { quoteConvertInput, quoteListQuery, quoteOfferInput, quoteUpdateInput } from './quote-requests-admin-input';
