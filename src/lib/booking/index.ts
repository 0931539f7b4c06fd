// The front door of bookings: placing, pricing a cart, holds, the booking view, status, staff changes, receipts
// and a booking's cakes. Pure and safe in the browser; its I/O is index.server.ts.
export { availabilityQuery } from './availability-request';
export { type BookingCake, bookingCakeLine, isNotifiableCakeStatus, type NotifiableCakeStatus } from './booking-cakes';
export { address, bookingChangedText, cancellationOutcomeText, type ChangedBy, when } from './booking-emails';
export { amountsDue, type MoneyStanding } from './amounts-due';
export { autoChargeConsent, autoChargeDate } from './auto-charge-offer';
export {
  bookingStatuses,
  paymentKindLabels,
  paymentLineLabels,
  paymentMethodLabels,
  staffStatusLabels,
  statusActionLabels,
} from './booking-labels';
export {
  cancelRequest,
  type ManageOptions,
  managePayRequest,
  manageRequest,
  type MoveQuote,
  moveRequest,
} from './customer-changes';
export { type BookAgainLink, confirmRequestBody, type ConfirmRequestAnswer } from './confirm-request';
export { addressInput, bookingRequest, type BookingRequest, type BookingRequestInput } from './booking-request';
export { type BookingStatus } from './booking-status';
export { type BookingView, partyAddress, type PartyAddressRow } from './booking-view';
export {
  bookingListQuery,
  customerFromBookingBody,
  noteBody,
  type OfflineMethod,
  offlinePaymentMethods,
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
  editableStatuses,
  phoneBookingInput,
} from './staff-bookings';
export { bookingNumberField, trackOrderRequest, type TrackOrderRequest } from './track-order';
export { formatDeadline } from './unpaid-holds';
