import type { Sql } from '../db/client.server';

/**
 * Holds whose payment window has passed become 'expired' and give their units back. Run before
 * every booking (so an abandoned checkout never blocks the next customer) and on a schedule.
 */
export async function releaseExpiredHolds(sql: Sql, now: Date): Promise<string[]> {
  const expired = await sql<{ id: string }[]>`
    update bookings set status = 'expired', hold_expires_at = null, updated_at = ${now}
    where status = 'hold' and hold_expires_at <= ${now}
    returning id`;
  const ids = expired.map((r) => r.id);
  if (ids.length) {
    await sql`update unit_allocations set released_at = ${now} where booking_id = any(${ids}::uuid[]) and released_at is null`;
  }
  return ids;
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
