// The front door of public form fields and the reading of a form's body. Pure and safe in the browser; its I/O
// is index.server.ts.
export {
  bookingNumber,
  calendarDate,
  emailAddress,
  evenWithFieldErrors,
  firstName,
  given,
  honeypot,
  optionalBookingNumber,
  optionalEmail,
  optionalPhone,
  optionalText,
  orNull,
  personName,
  phoneNumber,
  productSlug,
  submissionId,
  zipCode,
} from './fields';
