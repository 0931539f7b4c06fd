import type { Sql } from '../db/index.server';
import type { BookingCake } from './booking-cakes';

/** The cakes delivered with a booking (cancelled ones left out), soonest first. */
export async function cakesForBooking(sql: Sql, bookingId: string): Promise<BookingCake[]> {
  const rows = await sql<{ id: string; number: string; product: string; servings: number; tiers: number; message_on_cake: string | null; allergies: string; needed_on: string; status: BookingCake['status']; price_cents: number }[]>`
    select o.id, o.number, p.name as product, o.servings, o.tiers, o.message_on_cake, o.allergies, o.needed_on::text, o.status, o.price_cents
    from cake_orders o join products p on p.id = o.product_id
    where o.booking_id = ${bookingId} and o.status <> 'cancelled'
    order by o.needed_on, o.number`;
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    product: r.product,
    servings: r.servings,
    tiers: r.tiers,
    messageOnCake: r.message_on_cake,
    allergies: r.allergies,
    neededOn: r.needed_on,
    status: r.status,
    priceCents: r.price_cents,
  }));
}
