import type { Database, Sql } from '../db/client.server';

/**
 * Holds whose payment window has passed become 'expired' and give their units back. Every booking
 * does this first, in its own transaction (so an abandoned checkout never blocks the next customer),
 * and the scheduled run does it on its own (releaseExpiredHolds).
 *
 * One statement, so no booking is left expired with its units still held. `skip locked`: a hold
 * that another booking's transaction is expiring at this moment is left to that one, so bookings
 * never queue behind each other here, whatever their dates; if that hold's unit is the one this
 * booking wants, the unit's own insert waits for the other transaction, as any overlapping insert does.
 */
export async function expireHolds(sql: Sql, now: Date): Promise<string[]> {
  const expired = await sql<{ id: string }[]>`
    with due as (
      select id from bookings where status = 'hold' and hold_expires_at <= ${now} order by id for update skip locked
    ), ended as (
      update bookings b set status = 'expired', hold_expires_at = null, updated_at = ${now}
      from due where b.id = due.id
      returning b.id
    ), released as (
      update unit_allocations a set released_at = ${now}
      from ended where a.booking_id = ended.id and a.released_at is null
      returning a.id
    )
    select id from ended`;
  return expired.map((r) => r.id);
}

/** The scheduled run: expireHolds in a short transaction of its own (with every transaction's timeouts). */
export async function releaseExpiredHolds(db: Database, now: Date): Promise<string[]> {
  return db.begin((tx) => expireHolds(tx, now));
}

/** Ends one booking's hold now (payment abandoned, Stripe session expired, or the payment page failed). */
export async function releaseHold(sql: Sql, bookingId: string, now: Date): Promise<boolean> {
  const [row] = await sql`
    update bookings set status = 'expired', hold_expires_at = null, updated_at = ${now}
    where id = ${bookingId} and status = 'hold' returning id`;
  if (!row) return false;
  await sql`update unit_allocations set released_at = ${now} where booking_id = ${bookingId} and released_at is null`;
  return true;
}
