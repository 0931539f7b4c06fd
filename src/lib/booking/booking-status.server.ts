import type { Sql } from '../db/index.server';
import { AppError } from '../http';
import { allowedTransitions, releasingStatuses, type BookingStatus } from './booking-status';

/** Moves a booking to a new status if the transition is allowed; returns the previous status. */
export async function changeBookingStatus(sql: Sql, bookingId: string, to: BookingStatus, now: Date): Promise<BookingStatus> {
  const [current] = await sql<{ status: BookingStatus }[]>`select status from bookings where id = ${bookingId} for update`;
  if (!current) throw new AppError('not_found', 'Booking not found.');
  if (!allowedTransitions[current.status].includes(to)) {
    throw new AppError('conflict', `A ${current.status.replace('_', ' ')} booking cannot become ${to.replace('_', ' ')}.`);
  }
  await sql`
    update bookings set status = ${to}, updated_at = ${now},
      hold_expires_at = case when ${to} = 'hold' then hold_expires_at else null end,
      cancelled_at = case when ${to} = 'cancelled' then ${now}::timestamptz else cancelled_at end
    where id = ${bookingId}`;
  if (releasingStatuses.includes(to)) {
    await sql`update unit_allocations set released_at = ${now} where booking_id = ${bookingId} and released_at is null`;
  }
  return current.status;
}

/** Locks a booking's row for a staff change (select … for update): what the change checks and the audit records. 404 when there is none. */
export async function lockBooking(sql: Sql, id: string) {
  const [row] = await sql<{ id: string; number: string; status: BookingStatus; total_cents: number; deposit_cents: number; amount_paid_cents: number; staff_notes: string }[]>`
    select id, number, status, total_cents, deposit_cents, amount_paid_cents, staff_notes from bookings where id = ${id} for update`;
  if (!row) throw new AppError('not_found', 'No such booking.');
  return row;
}
