// The front door of the booking core: a booking's request, window, price and view, placing it, holds and
// confirmation, status, its personal links and the customer's booking e-mail.
// Pure and safe in the browser; its I/O is index.server.ts.
export { availabilityQuery } from './availability-request';
export { type BookingCake, bookingCakeLine, cakeChangeClosed, cakeLastChangeDay, cakeNotRefundedLine, cakesOnCancelling, cakesOnStaffCancelling, cakesOnStaffMove, cakesOnCustomerMove, type CustomerMoveCakes, customerMoveCakes, staffBookingCakes, staffCakeNotices, type StaffCancelledCakes, type StaffMovedCake, type StaffBookingCake, isNotifiableCakeStatus, type NotifiableCakeStatus } from './booking-cakes';
export {
  address,
  bookingChangedText,
  businessChangeEmail,
  cancellationOutcomeText,
  type ChangedBy,
  customerCancellationEmail,
  customerGreeting,
  type GreetedBooking,
  manageLinkEmail,
  movedCakesText,
  staffCancellationEmail,
  when,
} from './booking-emails';
export { amountsDue, type MoneyStanding } from './amounts-due';
export { autoChargeConsent, autoChargeDate } from './auto-charge-offer';
export {
  bookingStatuses,
  paymentKindLabels,
  paymentLineLabels,
  paymentMethodLabels,
  staffStatusLabels,
  statusActionLabels,
  statusWord,
} from './booking-labels';
export { type BookAgainLink, confirmRequestBody, type ConfirmRequestAnswer } from './confirm-request';
export { addressInput, bookingNumberField, bookingRequest, type BookingRequest, type BookingRequestInput, customerInput, languageField } from './booking-request';
export { type LinksToRotate, linksToRotate, rotateLinksBody } from './booking-links';
export { allowedTransitions, type BookingStatus, statusLabels } from './booking-status';
export { firstDayFor, rentalLastDay, type StatusDays, statusesOnTheDay, statusTooEarly } from './status-days';
export { type BookingHeadRow, type BookingView, partyAddress, type PartyAddressRow } from './booking-view';
export { storedSiteAnswers } from './cart-site';
export { clientAddressKey, formatDeadline } from './unpaid-holds';
export { BOOKING_WORDS, type BookingWords, customerFormats, type CustomerFormats, deliveryFeeText } from './customer-words';
export { priceWordInLanguage } from './quote-language';
export { asPriceRefusal, type NotServed } from './not-served';
