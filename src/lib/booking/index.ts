// DOOR_HEADER
export { availabilityQuery } from './availability-request';
export { address, when } from './booking-emails';
export { staffStatusLabels } from './booking-labels';
export { addressInput, bookingRequest } from './booking-request';
export { type BookingStatus } from './booking-status';
export {
  bookingListQuery,
  customerFromBookingBody,
  noteBody,
  paymentBody,
  phoneDigits,
  refundBody,
  rotateLinksBody,
  statusChangeBody,
  unitMoveBody,
} from './bookings-admin';
export { bookingChangeInput, customerLookupQuery, deskAvailabilityQuery, deskPriceInput, phoneBookingInput } from './staff-bookings';
export { trackOrderRequest } from './track-order';
