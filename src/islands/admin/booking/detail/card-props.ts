import type { AdminBooking } from '../../../../lib/staff-bookings/index.server';
import type { ApiError } from '../../../shared/api';

/**
 * What every card of the booking screen gets. `reload` fetches the booking again after a change:
 * the booking endpoints answer a change with what changed (a status, a payment's id, a unit), not
 * with the booking, and every change is audited, so the screen's History would be stale without it.
 * It resolves once the booking has come back (null), or with why it did not.
 */
export interface CardProps {
  booking: AdminBooking;
  reload(): Promise<ApiError | null>;
}
