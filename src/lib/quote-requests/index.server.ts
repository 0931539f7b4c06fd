// DOOR_HEADER
export { createQuote, spamQuoteAnswer } from './quote-request-service.server';
export { convertQuote, listQuotes, priceOffer, quoteWithOfferProducts, sendOffer, updateQuote } from './quote-requests-admin.server';
