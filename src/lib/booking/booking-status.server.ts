import type { Sql } from '../db/client.server';
import { AppError } from '../http/errors';

export type BookingStatus =
  | 'hold'
  | 'deposit_due'
  | 'confirmed'
  | 'out_for_delivery'
  | 'delivered'
  | 'completed'
  | 'cancelled'
  | 'expired';

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

const releasing: BookingStatus[] = ['cancelled', 'expired'];

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
  if (releasing.includes(to)) {
    await sql`update unit_allocations set released_at = ${now} where booking_id = ${bookingId} and released_at is null`;
  }
  return current.status;
}
