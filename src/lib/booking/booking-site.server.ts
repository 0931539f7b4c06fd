import type { Sql } from '../db/index.server';
import type { SiteUnit } from '../site-check';
import { loadProducts } from './booking-context.server';
import { siteUnits } from './cart-site';

/**
 * The yard of placed bookings: each booking's products as the yard sees them (packages are their
 * items, each counted: siteUnits, as checkout priced them), for the crew's day, the office's booking
 * and the day-before reminder. Two statements whatever the number of bookings.
 */
export async function siteUnitsOfBookings(sql: Sql, bookingIds: readonly string[]): Promise<Map<string, SiteUnit[]>> {
  const byBooking = new Map<string, SiteUnit[]>(bookingIds.map((id) => [id, []]));
  if (bookingIds.length === 0) return byBooking;
  const items = await sql<{ booking_id: string; product_id: string; quantity: number }[]>`
    select booking_id, product_id, quantity from booking_items where booking_id = any(${bookingIds as string[]}::uuid[]) order by product_name, id`;
  if (items.length === 0) return byBooking;
  const products = new Map((await loadProducts(sql, { ids: [...new Set(items.map((i) => i.product_id))] })).map((p) => [p.id, p]));
  for (const item of items) {
    const product = products.get(item.product_id);
    if (!product) continue;
    byBooking.get(item.booking_id)!.push(...siteUnits([{ product, quantity: item.quantity }], products));
  }
  return byBooking;
}
