// The front door of quote requests, their offers and the admin list. Server side (I/O): functions, the build
// and other features' *.server.ts.
export { createQuote, spamQuoteAnswer } from './quote-request-service.server';
export {
  type ConvertedQuote,
  convertQuote,
  listQuotes,
  type OfferProduct,
  priceOffer,
  type QuoteDetail,
  type QuoteListItem,
  quoteWithOfferProducts,
  sendOffer,
  updateQuote,
} from './quote-requests-admin.server';
