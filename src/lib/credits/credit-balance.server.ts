import type { Sql } from '../db/index.server';
import { creditsOf } from './credits-admin.server';
import type { CreditBalance } from './credits';

/** What the customer of a booking can spend today: the tracking page shows it (never notes or staff names). */
export async function creditBalanceForBooking(sql: Sql, bookingId: string, now: Date): Promise<CreditBalance> {
  const [booking] = await sql<{ customer_id: string }[]>`select customer_id from bookings where id = ${bookingId}`;
  if (!booking) return { availableCents: 0, nextExpiry: null, nextExpiryCents: 0 };
  const { availableCents, nextExpiry, nextExpiryCents } = await creditsOf(sql, booking.customer_id, now);
  return { availableCents, nextExpiry, nextExpiryCents };
}
