// The front door of bookings: placing, pricing a cart, holds, the booking view, status, staff changes, receipts
// and a booking's cakes. Server side (I/O): functions, the build and other features' *.server.ts.
export {
  allProductsAvailability,
  type ProductFreeCount,
  productMonthAvailability,
  productWindowAvailability,
} from './availability.server';
export { cakesForBooking } from './booking-cakes.server';
export { findServiceArea, loadProducts } from './booking-context.server';
export { newLinkToken, rotateBookingLinks } from './booking-links.server';
export { changeBookingStatus } from './booking-status.server';
export { confirmBookingRequest } from './confirm-request.server';
export { createBooking, notifyBooking } from './booking-service.server';
export { getBookingView, statusLabels } from './booking-view.server';
export { releaseExpiredHolds, releaseHold } from './holds.server';
export { bookingForCheckoutSession, checkPayment, PAYMENT_NOT_FOUND, paymentLink } from './payment-link.server';
export { placeBooking, type PlacedBooking } from './place-booking.server';
export { type PriceQuote, publicQuotePrice, quotePrice } from './quote-price.server';
export { livePrices } from './live-prices.server';
export { type BookingLinks, bookingLinks } from './booking-links.server';
export { NO_LONGER_AVAILABLE, prepareCart } from './place-booking.server';
export { bookingCartOf, changeSummary, rebookIn, withoutBooking } from './rebook.server';
export { listedFreeCounts } from './availability.server';
export { loadAvailabilitySnapshot } from './booking-context.server';
export { lockBooking } from './booking-status.server';
export { queueCustomerEmail } from './customer-email.server';
export { quoteFromCart } from './quote-price.server';
