import type { Database, Sql } from '../db/client.server';

/**
 * Holds whose payment window has passed become 'expired' and give their units back: the
 * `expire_holds` database function (supabase/migrations/20261127090000_booking_round_trips.sql), one
 * statement, so no booking is left expired with its units still held; `skip locked`, so bookings never
 * queue behind each other here. Every booking does this first, inside the snapshot it reads
 * (`cart_snapshot`), so an abandoned checkout never blocks the next customer; the scheduled run does
 * it on its own (releaseExpiredHolds).
 */
export async function expireHolds(sql: Sql, now: Date): Promise<string[]> {
  const expired = await sql<{ id: string }[]>`select id from expire_holds(${now}) as id`;
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
