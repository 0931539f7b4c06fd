import type { Database, Sql } from '../db/client.server';

/**
 * Holds whose payment window has passed become 'expired' and give their units back. Run before
 * every booking (so an abandoned checkout never blocks the next customer) and on a schedule.
 *
 * One statement, so it is atomic on its own (no booking left expired with its units still held) and
 * its row locks last only as long as it runs: placeBooking calls it before its transaction, so
 * bookings for other dates never queue behind a transaction that happened to expire the same holds.
 * Rows are locked in id order, so two of these running at once cannot deadlock. It runs as its own
 * short transaction so it gets the lock and statement timeouts every transaction has (a one-off
 * statement behind a lock would only meet the client's stall limit).
 */
export async function releaseExpiredHolds(db: Database, now: Date): Promise<string[]> {
  const expired = await db.begin((sql) => sql<{ id: string }[]>`
    with due as (
      select id from bookings where status = 'hold' and hold_expires_at <= ${now} order by id for update
    ), ended as (
      update bookings b set status = 'expired', hold_expires_at = null, updated_at = ${now}
      from due where b.id = due.id
      returning b.id
    ), released as (
      update unit_allocations a set released_at = ${now}
      from ended where a.booking_id = ended.id and a.released_at is null
      returning a.id
    )
    select id from ended`);
  return expired.map((r) => r.id);
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
