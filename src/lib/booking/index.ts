// The front door of bookings: placing, pricing a cart, holds, the booking view, status, staff changes, receipts
// and a booking's cakes. Pure and safe in the browser; its I/O is index.server.ts.
export { availabilityQuery } from './availability-request';
export { type BookingCake, bookingCakeLine, isNotifiableCakeStatus, type NotifiableCakeStatus } from './booking-cakes';
export { address, when } from './booking-emails';
export { staffStatusLabels } from './booking-labels';
export { addressInput, bookingRequest } from './booking-request';
export { type BookingStatus } from './booking-status';
export { type BookingView, partyAddress, type PartyAddressRow } from './booking-view';
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
export {
  bookingChangeInput,
  customerLookupQuery,
  deskAvailabilityQuery,
  deskPriceInput,
  phoneBookingInput,
} from './staff-bookings';
export { trackOrderRequest } from './track-order';
export { bookingStatuses, paymentKindLabels, paymentMethodLabels, statusActionLabels } from './booking-labels';
export type { BookingRequest, BookingRequestInput } from './booking-request';
export { offlinePaymentMethods } from './bookings-admin';
export { editableStatuses } from './staff-bookings';
export type { TrackOrderRequest } from './track-order';
