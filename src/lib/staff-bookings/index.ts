// The front door of staff bookings: the bookings list and one booking's screen, status moves, notes, unit
// moves and the desk (phone bookings and changes). Pure and safe in the browser; its I/O is index.server.ts.
export {
  bookingCsvColumns,
  bookingListQuery,
  type BookingListRow,
  contactDifferences,
  type ContactField,
  customerFromBookingBody,
  deliveryPath,
  bookingLanguageBody,
  noteBody,
  noteLine,
  phoneSearchDigits,
  roleForStatusChange,
  staffTransitions,
  statusChangeBody,
  unitMoveBody,
} from './booking-rules';
export {
  bookingChangeInput,
  customerLookupQuery,
  deskAvailabilityQuery,
  deskBlock,
  deskSiteLine,
  priceProblems,
  deskPriceInput,
  editableStatuses,
  lineReason,
  mayTakeBookings,
  phoneBookingInput,
} from './desk';
