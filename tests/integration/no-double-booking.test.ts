import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase, type TestDatabase } from '../support/database';

/** The database itself refuses to put one physical unit in two overlapping windows. */
describe('unit_allocations exclusion constraint', () => {
  let db: TestDatabase;
  let unitId: string;
  let otherUnitId: string;
  let bookingId: string;
  let itemId: string;

  beforeAll(async () => {
    db = await createMigratedDatabase();
    const { sql } = db;
    const [category] = await sql`insert into categories (slug, name) values ('bounce-houses', 'Bounce Houses') returning id`;
    const [product] = await sql`
      insert into products (category_id, slug, name, short_description, description, base_price_cents)
      values (${category!.id}, 'castle', 'Castle', 'A castle', 'A castle bounce house', 18500) returning id`;
    [{ id: unitId }, { id: otherUnitId }] = (await sql`
      insert into inventory_units (product_id, label) values (${product!.id}, 'C-1'), (${product!.id}, 'C-2') returning id`) as unknown as [
      { id: string },
      { id: string },
    ];
    const [customer] = await sql`insert into customers (name, email, phone) values ('Ana', 'ana@example.com', '5125550100') returning id`;
    const [booking] = await sql`
      insert into bookings (number, customer_id, status, event_start, event_end, address_line1, address_city,
        address_state, address_zip, subtotal_cents, total_cents, deposit_cents)
      values ('BK-TEST01', ${customer!.id}, 'confirmed', '2030-06-01 15:00Z', '2030-06-01 23:00Z', '1 Main St',
        'Round Rock', 'TX', '78664', 18500, 18500, 5550) returning id`;
    bookingId = booking!.id;
    const [item] = await sql`
      insert into booking_items (booking_id, product_id, product_name, quantity, unit_price_cents, line_total_cents)
      values (${bookingId}, ${product!.id}, 'Castle', 1, 18500, 18500) returning id`;
    itemId = item!.id;
  });
  afterAll(() => db.drop());

  const allocate = (unit: string, range: string) =>
    db.sql`insert into unit_allocations (booking_id, booking_item_id, unit_id, during)
           values (${bookingId}, ${itemId}, ${unit}, ${range}::tstzrange) returning id`;

  it('rejects an overlapping allocation of the same unit with SQLSTATE 23P01', async () => {
    await allocate(unitId, '[2030-06-01 14:00Z, 2030-06-02 00:00Z)');
    await expect(allocate(unitId, '[2030-06-01 23:30Z, 2030-06-02 03:00Z)')).rejects.toMatchObject({ code: '23P01' });
  });

  it('allows the same window on another unit, and windows that only touch', async () => {
    await expect(allocate(otherUnitId, '[2030-06-01 14:00Z, 2030-06-02 00:00Z)')).resolves.toHaveLength(1);
    await expect(allocate(unitId, '[2030-06-02 00:00Z, 2030-06-02 04:00Z)')).resolves.toHaveLength(1);
  });

  it('stops blocking once an allocation is released', async () => {
    const [held] = await allocate(unitId, '[2030-07-01 14:00Z, 2030-07-01 20:00Z)');
    await expect(allocate(unitId, '[2030-07-01 15:00Z, 2030-07-01 18:00Z)')).rejects.toMatchObject({ code: '23P01' });
    await db.sql`update unit_allocations set released_at = now() where id = ${held!.id}`;
    await expect(allocate(unitId, '[2030-07-01 15:00Z, 2030-07-01 18:00Z)')).resolves.toHaveLength(1);
  });
});
