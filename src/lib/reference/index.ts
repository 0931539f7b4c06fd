// The front door of reference numbers customers quote back: the booking-number prefix (its rule, the
// setup's proposal, the example a hint shows) and the shape of any booking number. Pure, safe in the
// browser and free of zod, so the checkout's first script can read a booking number; the setting's schema
// is business's `bookingPrefix`; newReference is index.server.ts.
export { BOOKING_NUMBER, bookingNumberExample, bookingNumberProblem, prefixTaken, proposeBookingPrefix } from './booking-prefix';
