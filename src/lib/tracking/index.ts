// The front door of /track-order: a customer finds their booking by number and e-mail or phone. Pure and
// safe in the browser; its I/O is index.server.ts.
export { onlinePaymentOffer, type OnlinePaymentOffer, trackOrderRequest, type TrackOrderRequest } from './track-order';
