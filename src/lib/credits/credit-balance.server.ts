import { getSettings } from '../business/index.server';
import type { Sql } from '../db/index.server';
import { isoDateIn } from '../time';
import { availableCredit, type CreditReason } from './credits';

/** What the customer of a booking can spend today: the tracking page shows it (never notes or staff names). */
export async function creditBalanceForBooking(sql: Sql, bookingId: string, now: Date): Promise<{ availableCents: number; nextExpiry: string | null }> {
  const [{ timezone }, rows] = await Promise.all([
    getSettings(sql),
    sql<{ id: string; reason: CreditReason; amount_cents: number; remaining_cents: number; expires_on: string | null; voided_at: Date | null }[]>`
      select c.id, c.reason, c.amount_cents, c.remaining_cents, c.expires_on::text as expires_on, c.voided_at
      from customer_credits c join bookings b on b.customer_id = c.customer_id
      where b.id = ${bookingId} and c.remaining_cents > 0 and c.voided_at is null`,
  ]);
  const credits = rows.map((r) => ({ id: r.id, reason: r.reason, amountCents: r.amount_cents, remainingCents: r.remaining_cents, expiresOn: r.expires_on, voidedAt: null }));
  return availableCredit(credits, isoDateIn(timezone, now));
}
