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
export { type BookAgainLink, confirmRequestBody, type ConfirmRequestAnswer } from './confirm-request';
export { addressInput, bookingNumberField, bookingRequest, type BookingRequest, type BookingRequestInput, customerInput } from './booking-request';
export { type LinksToRotate, linksToRotate, rotateLinksBody } from './booking-links';
export { type BookingStatus } from './booking-status';
export { type BookingView, partyAddress, type PartyAddressRow } from './booking-view';
export { formatDeadline } from './unpaid-holds';
export { type BookingHeadRow } from './booking-view';
export { allowedTransitions } from './booking-status';
export { businessChangeEmail, customerCancellationEmail, manageLinkEmail } from './booking-emails';
export { statusWord } from './booking-labels';
