// The front door of customers changing their own booking from its personal link: move, cancel, pay.
// Server side (I/O): functions and other features' *.server.ts.
export {
  type BookingRefunder,
  cancelOwnBooking,
  type CancelResult,
  emailManageLink,
  type ManagedBooking,
  manageBooking,
  moveOwnBooking,
  type MoveResult,
  payOwnBooking,
  quoteOwnMove,
} from './customer-changes.server';
