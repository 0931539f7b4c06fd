import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBusiness } from '../../supabase/seed/seed';
import { createMigratedDatabase, createSeededDatabase, type TestDatabase } from '../support/database';

async function counts(db: TestDatabase) {
  const [row] = await db.sql`
    select (select count(*)::int from categories) as categories,
           (select count(*)::int from products) as products,
           (select count(*)::int from inventory_units) as units,
           (select count(*)::int from product_photos) as photos,
           (select count(*)::int from package_items) as package_items,
           (select count(*)::int from service_areas) as areas,
           (select count(*)::int from service_area_zips) as zips,
           (select count(*)::int from bookings) as bookings,
           (select count(*)::int from unit_allocations) as allocations,
           (select count(*)::int from business_settings) as settings`;
  return row!;
}

describe('demo business seed', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createMigratedDatabase();
    await seedDemoBusiness(db.sql);
  });
  afterAll(() => db.drop());

  it('is idempotent: a second run changes no counts', async () => {
    const first = await counts(db);
    await seedDemoBusiness(db.sql);
    expect(await counts(db)).toEqual(first);
  });

  it('has the spec categories plus party supplies and cakes', async () => {
    const rows = await db.sql<{ slug: string }[]>`select slug from categories order by sort_order`;
    expect(rows.map((r) => r.slug)).toEqual([
      'bounce-houses', 'water-slides', 'combo-units', 'obstacle-courses', 'interactive-games', 'party-packages',
      'party-supplies', 'cakes',
    ]);
  });

  it('has a believable catalog: 30+ products, 1 to 4 units each, some single, one in maintenance', async () => {
    const perProduct = await db.sql<{ slug: string; units: number }[]>`
      select p.slug, count(u.id)::int as units from products p left join inventory_units u on u.product_id = p.id
      where p.tracks_inventory and not exists (select 1 from package_items pi where pi.package_id = p.id)
      group by p.slug`;
    const [{ total }] = (await db.sql`select count(*)::int as total from products`) as unknown as [{ total: number }];
    expect(total).toBeGreaterThanOrEqual(30);
    for (const p of perProduct) {
      expect(p.units, p.slug).toBeGreaterThanOrEqual(1);
      expect(p.units, p.slug).toBeLessThanOrEqual(4);
    }
    expect(perProduct.filter((p) => p.units === 1).length).toBeGreaterThanOrEqual(3);
    const maintenance = await db.sql`select notes from inventory_units where status = 'maintenance'`;
    expect(maintenance).toHaveLength(1);
    expect(maintenance[0]!.notes).not.toBe('');
  });

  it('covers 25+ cities of one region, each ZIP in exactly one area', async () => {
    const areas = await db.sql<{ state: string; zips: number }[]>`
      select a.state, count(z.zip)::int as zips from service_areas a join service_area_zips z on z.service_area_id = a.id group by a.id`;
    expect(areas.length).toBeGreaterThanOrEqual(25);
    expect(new Set(areas.map((a) => a.state))).toEqual(new Set(['TX']));
    expect(areas.every((a) => a.zips > 0)).toBe(true);
  });

  it('has past and upcoming bookings, priced and with units allocated', async () => {
    const rows = await db.sql<{ status: string; upcoming: boolean; total_cents: number; allocations: number }[]>`
      select b.status, b.event_start > now() as upcoming, b.total_cents,
        (select count(*)::int from unit_allocations a where a.booking_id = b.id and a.released_at is null) as allocations
      from bookings b`;
    const past = rows.filter((r) => !r.upcoming);
    const upcoming = rows.filter((r) => r.upcoming);
    expect(past.length).toBeGreaterThanOrEqual(2);
    expect(upcoming.length).toBeGreaterThanOrEqual(2);
    expect(past.every((r) => r.status === 'completed')).toBe(true);
    expect(upcoming.every((r) => r.status === 'confirmed' && r.allocations > 0 && r.total_cents > 0)).toBe(true);
  });

  it('describes the business in settings', async () => {
    const [s] = await db.sql`select business_name, phone, email, deposit_percent, damage_waiver_percent from business_settings`;
    expect(s!.business_name).toBe('Pink Flamingo Party Rentals');
    expect(s!.deposit_percent).toBeGreaterThan(0);
    expect(Number(s!.damage_waiver_percent)).toBeGreaterThan(0);
  });
});

/**
 * What most files start from (createSeededDatabase, a copy of the run's seeded template) is what they
 * started from when each seeded its own: the same rows, the bookings on the same dates and in the same
 * states, the same prices and settings.
 */
describe('the seeded template', () => {
  let copied: TestDatabase;
  let seeded: TestDatabase;
  beforeAll(async () => {
    [copied, seeded] = await Promise.all([createSeededDatabase(), createMigratedDatabase()]);
    await seedDemoBusiness(seeded.sql);
  });
  afterAll(() => Promise.all([copied.drop(), seeded.drop()]));

  const content = async (db: TestDatabase) => {
    const [row] = await db.sql`
      select (select json_agg(json_build_object('slug', slug, 'price', base_price_cents, 'active', active) order by slug) from products) as products,
             (select json_agg(json_build_object('customer', c.email, 'start', b.event_start, 'end', b.event_end, 'status', b.status, 'total', b.total_cents) order by c.email, b.event_start)
                from bookings b join customers c on c.id = b.customer_id) as bookings,
             (select json_agg(json_build_object('slug', slug, 'fee', delivery_fee_cents) order by slug) from service_areas) as areas,
             (select json_agg(code order by code) from coupons) as coupons`;
    return row!;
  };

  it('holds what seeding a new database today gives', async () => {
    expect(await counts(copied)).toEqual(await counts(seeded));
    expect(await content(copied)).toEqual(await content(seeded));
  });
});
