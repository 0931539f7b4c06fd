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
export {
  type BookingRefunder,
  cancelOwnBooking,
  type CancelResult,
  emailManageLink,
  type ManagedBooking,
  manageBooking,
  moveOwnBooking,
  type MoveResult,
  payOwnBooking,
  quoteOwnMove,
} from './customer-changes.server';
export { getBookingView, statusLabels } from './booking-view.server';
export {
  addNote,
  type AdminBooking,
  type AdminPayment,
  type AdminUnit,
  type BookingListRow,
  changeStatus,
  exportBookings,
  getAdminBooking,
  keepBooking,
  listBookings,
  moveUnit,
  recordCreditPayment,
  recordPayment,
  type PaymentRefund,
  refundPayment,
  refundPaymentIn,
  type RefundablePayment,
  refundsHere,
  resendConfirmation,
} from './bookings-admin.server';
export { releaseExpiredHolds, releaseHold } from './holds.server';
export { bookingForCheckoutSession, checkPayment, PAYMENT_NOT_FOUND, paymentLink } from './payment-link.server';
export { placeBooking, type PlacedBooking } from './place-booking.server';
export { type PriceQuote, publicQuotePrice, quotePrice } from './quote-price.server';
export { queueReceipt } from './receipts.server';
export {
  changeBooking,
  createPhoneBooking,
  deskAvailability,
  deskPrice,
  findCustomers,
  staffMayTakeBookings,
} from './staff-bookings.server';
export { findOwnBooking, type TrackedBooking, trackOwnBooking } from './track-order.server';
export { livePrices } from './live-prices.server';
