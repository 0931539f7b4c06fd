/** The statuses of a booking and the moves between them. Pure: the admin screens offer only what the server accepts. */

export type BookingStatus =
  | 'hold'
  | 'deposit_due'
  | 'confirmed'
  | 'out_for_delivery'
  | 'delivered'
  | 'completed'
  | 'cancelled'
  | 'expired';

/** Each status as customers and staff read it (English; the invoice's Spanish words have their own). */
export const statusLabels: Record<BookingStatus, string> = {
  hold: 'Waiting for deposit payment',
  deposit_due: 'Booked: deposit due',
  confirmed: 'Confirmed',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered and set up',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired (deposit not paid in time)',
};

/** The life of a booking. Releasing states free the units for other customers. */
export const allowedTransitions: Record<BookingStatus, BookingStatus[]> = {
  hold: ['deposit_due', 'confirmed', 'expired', 'cancelled'],
  deposit_due: ['confirmed', 'cancelled', 'expired'],
  confirmed: ['out_for_delivery', 'delivered', 'completed', 'cancelled'],
  out_for_delivery: ['delivered', 'cancelled'],
  delivered: ['completed'],
  completed: [],
  cancelled: [],
  expired: [],
};

/** Statuses that free the booking's units for other customers. */
export const releasingStatuses: readonly BookingStatus[] = ['cancelled', 'expired'];
