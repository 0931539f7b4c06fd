// The front door of /track-order, server side: the booking a customer may see, found by what they typed.
export { findOwnBooking, type TrackedBooking, trackedBooking, trackOwnBooking } from './track-order.server';
