import type { AdminBooking } from '../../../../lib/staff-bookings/index.server';

/**
 * What every card of the booking screen gets. `reload` fetches the booking again after a change:
 * the booking endpoints answer a change with what changed (a status, a payment's id, a unit), not
 * with the booking, and every change is audited, so the screen's History would be stale without it.
 */
export interface CardProps {
  booking: AdminBooking;
  reload(): void;
}
