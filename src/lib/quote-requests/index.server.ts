// The front door of quote requests, their offers and the admin list. Server side (I/O): functions, the build
// and other features' *.server.ts.
export { createQuote, spamQuoteAnswer } from './quote-request-service.server';
export {
  convertQuote,
  listQuotes,
  priceOffer,
  quoteWithOfferProducts,
  sendOffer,
  updateQuote,
} from './quote-requests-admin.server';
export type { ConvertedQuote, OfferProduct, QuoteDetail, QuoteListItem } from './quote-requests-admin.server';
