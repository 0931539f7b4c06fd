// The front door of customers changing their own booking from its personal link: move, cancel, pay.
// Server side (I/O): functions and other features' *.server.ts.
export { type BookingRefunder, type ManagedBooking, manageBooking, payOwnBooking } from './own-booking.server';
export { moveOwnBooking, type MoveResult, quoteOwnMove } from './move-booking.server';
export { cancelOwnBooking, type CancelResult } from './cancel-booking.server';
export { emailManageLink } from './manage-link.server';
