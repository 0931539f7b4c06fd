// The front door of reference numbers customers quote back: the booking-number prefix (its rule, the
// setup's proposal, the example a hint shows) and the shape of any booking number. Pure and safe in the
// browser; newReference is index.server.ts.
export { BOOKING_NUMBER, bookingNumberExample, bookingNumberProblem, bookingPrefix, proposeBookingPrefix } from './booking-prefix';
