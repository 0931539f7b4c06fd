// The front door of the booking core: a booking's request, window, price and view, placing it, holds and
// confirmation, status, its personal links and the customer's booking e-mail.
// Server side (I/O): functions, the build and other features' *.server.ts.
export {
  allProductsAvailability,
  listedFreeCounts,
  type ProductFreeCount,
  productMonthAvailability,
  productWindowAvailability,
} from './availability.server';
export { cakesForBooking } from './booking-cakes.server';
export { keptSitesOfBookings, type KeptBookingSite, siteUnitsOfBookings } from './booking-site.server';
export { findServiceArea, loadAvailabilitySnapshot, loadProducts } from './booking-context.server';
export { type BookingLinks, bookingLinks, newLinkToken, rotateBookingLinks, sitePhotosKey } from './booking-links.server';
export { changeBookingStatus, crewWorkColumns, lockBooking, statusDaysOf } from './booking-status.server';
export { confirmBookingRequest } from './confirm-request.server';
export { createBooking, notifyBooking } from './booking-service.server';
export { getBookingView, statusLabels } from './booking-view.server';
export { releaseExpiredHolds, releaseHold } from './holds.server';
export { bookingForCheckoutSession, checkPayment, PAYMENT_NOT_FOUND, paymentLink } from './payment-link.server';
export { NO_LONGER_AVAILABLE, placeBooking, type PlacedBooking, prepareCart } from './place-booking.server';
export { orNotServed, type PriceQuote, problemBesidesSite, publicQuotePrice, quoteFromCart, quotePrice, refusalForPage } from './quote-price.server';
export { acceptedRequestSite, checkRequestedSite, type RequestedSite } from './quote-request-site.server';
export { livePrices } from './live-prices.server';
export { bookingCartOf, changeSummary, rebookIn, storedSiteOverride, withoutBooking } from './rebook.server';
export { queueCustomerEmail } from './customer-email.server';
