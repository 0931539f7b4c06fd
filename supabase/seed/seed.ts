import { changeBookingStatus } from '../../src/lib/booking/index.server';
import { bookingRequest } from '../../src/lib/booking';
import { placeBooking } from '../../src/lib/booking/index.server';
import { saveCategory, saveProduct, saveUnit } from '../../src/lib/catalog/index.server';
import type { Database } from '../../src/lib/db/index.server';
import { saveServiceArea } from '../../src/lib/locations/index.server';
import { saveCoupon } from '../../src/lib/pricing/index.server';
import { saveSettings } from '../../src/lib/business/index.server';
import { addDays, localDate, wallClockToInstant } from '../../src/lib/time';
import { demoBookings, demoCoupons } from './bookings';
import { demoCategories, demoProducts } from './catalog';
import { demoServiceAreas } from './service-areas';
import { demoSettings } from './settings';

const demoTrucks = ['Pink truck', 'White van'];

/**
 * The demo business, written through the same functions staff edits use. Every write is an
 * upsert keyed by slug or label, so running it again changes nothing.
 */
export async function seedDemoBusiness(sql: Database, now = new Date()): Promise<void> {
  await saveSettings(sql, demoSettings);
  // The demo's own content entries (marked `demo`) are built while the site is the demo.
  await sql`update business_settings set is_demo = true`;
  for (const category of demoCategories) await saveCategory(sql, category);
  // Packages reference other products, so plain products go first.
  const ordered = [...demoProducts].sort((a, b) => a.packageItems.length - b.packageItems.length);
  for (const { units, ...product } of ordered) {
    const id = await saveProduct(sql, product);
    for (const unit of units) await saveUnit(sql, id, unit);
  }
  for (const area of demoServiceAreas) await saveServiceArea(sql, area);
  for (const coupon of demoCoupons) await saveCoupon(sql, coupon);
  // Two trucks, so the day screen has something to group by; names staff renamed are left alone.
  for (const [i, name] of demoTrucks.entries()) {
    await sql`insert into trucks (name, sort_order) values (${name}, ${i}) on conflict (lower(name)) do nothing`;
  }
  await seedBookings(sql, now);
  await markDemoRows(sql);
}

/**
 * Marks what the seed wrote as the demo's (by the seed's own keys), so "Remove the demo" deletes
 * exactly that and never a row the owner made or imported. Also run by `npm start` while the site is
 * still the demo, for a database seeded before rows were marked.
 */
export async function markDemoRows(sql: Database): Promise<void> {
  const categories = demoCategories.map((c) => c.slug);
  const products = demoProducts.map((p) => p.slug);
  const areas = demoServiceAreas.map((a) => a.slug);
  const coupons = demoCoupons.map((c) => c.code);
  const emails = demoBookings.map((b) => b.request.customer.email.toLowerCase());
  await sql.begin(async (tx) => {
    await tx`update categories set demo = true where slug = any(${categories}) and not demo`;
    await tx`update products set demo = true where slug = any(${products}) and not demo`;
    await tx`update inventory_units u set demo = true from products p where p.id = u.product_id and p.demo and not u.demo`;
    await tx`update service_areas set demo = true where slug = any(${areas}) and not demo`;
    await tx`update coupons set demo = true where code = any(${coupons}) and not demo`;
    await tx`update customers set demo = true where lower(email) = any(${emails}) and not demo`;
    // Only the seed places bookings for the demo's customers (its example addresses).
    await tx`update bookings b set demo = true from customers c where c.id = b.customer_id and c.demo and not b.demo`;
    await tx`update trucks set demo = true where name = any(${demoTrucks}) and not demo`;
  });
}

/**
 * Demo bookings around the seeding date, placed through the real booking path. A past one is
 * placed as if booked two weeks before its date, then moved along like staff would.
 */
async function seedBookings(sql: Database, now: Date): Promise<void> {
  const timeZone = demoSettings.timezone;
  for (const demo of demoBookings) {
    const [existing] = await sql`
      select 1 from bookings b join customers c on c.id = b.customer_id where lower(c.email) = ${demo.request.customer.email}`;
    if (existing) continue;
    const date = addDays(localDate(now, timeZone), demo.daysFromNow);
    const request = bookingRequest.parse({ ...demo.request, event: { date, ...demo.request.event } });
    const bookedAt = new Date(wallClockToInstant(date, '09:00', timeZone).getTime() - 14 * 86_400_000);
    const placed = await placeBooking(sql, request, {
      now: bookedAt < now ? bookedAt : now,
      status: 'confirmed',
      source: 'phone',
    });
    if (demo.finalStatus === 'completed') await changeBookingStatus(sql, placed.id, 'completed', now);
  }
}
