import type { Sql } from '../db/index.server';
import { AppError } from '../http';
import type { BusinessClock } from '../time';
import { allowedTransitions, releasingStatuses, type BookingStatus } from './booking-status';
import { rentalLastDay, type StatusDays } from './status-days';

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
      cancelled_at = case when ${to} = 'cancelled' then ${now}::timestamptz else cancelled_at end,
      confirmed_at = case when ${to} = 'confirmed' then coalesce(confirmed_at, ${now}::timestamptz) else confirmed_at end
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

/**
 * When a booking's crew work starts and ends, as columns `setup_from` and `teardown_until` of a query
 * over `bookings b cross join business_settings s` (filtered by `s.id`): the drop-off goes on the day
 * set-up starts and the pickup on the day tear-down ends. Set-up and tear-down are the booking's live
 * unit allocations, which availability widened by each product's buffers; a booking with no physical
 * unit (made to order) uses its products' buffers, or the business defaults, around the event. The
 * day's routes and the status rules read this one definition, so a drop-off the crew see on a day's
 * run is one they may mark that day.
 */
export const crewWorkColumns = (sql: Sql) => sql`
  coalesce(
    (select min(lower(a.during)) from unit_allocations a where a.booking_id = b.id and a.released_at is null),
    b.event_start - make_interval(mins => coalesce(
      (select max(coalesce(p.setup_minutes, s.default_setup_minutes)) from booking_items i join products p on p.id = i.product_id where i.booking_id = b.id),
      s.default_setup_minutes))) as setup_from,
  coalesce(
    (select max(upper(a.during)) from unit_allocations a where a.booking_id = b.id and a.released_at is null),
    b.event_end + make_interval(mins => coalesce(
      (select max(coalesce(p.teardown_minutes, s.default_teardown_minutes)) from booking_items i join products p on p.id = i.product_id where i.booking_id = b.id),
      s.default_teardown_minutes))) as teardown_until`;

/** The days on the business's calendar that decide when the booking's work may be marked done (statusTooEarly). 404 when there is none. */
export async function statusDaysOf(sql: Sql, bookingId: string, clock: BusinessClock): Promise<StatusDays> {
  const [row] = await sql<{ number: string; event_start: Date; event_end: Date; setup_from: Date }[]>`
    select b.number, b.event_start, b.event_end, ${crewWorkColumns(sql)}
    from bookings b cross join business_settings s where s.id and b.id = ${bookingId}`;
  if (!row) throw new AppError('not_found', 'No such booking.');
  return {
    number: row.number,
    partyDate: clock.dateOf(row.event_start),
    dropOffDate: clock.dateOf(row.setup_from),
    lastDate: rentalLastDay(clock.eventTimes({ start: row.event_start, end: row.event_end })),
  };
}
