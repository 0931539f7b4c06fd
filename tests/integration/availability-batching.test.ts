import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBusiness } from '../../supabase/seed/seed';
import {
  allProductsAvailability,
  productMonthAvailability,
  productWindowAvailability,
} from '../../src/lib/booking/availability.server';
import { addDays } from '../../src/lib/time/event-window';
import { futureDate } from '../support/api';
import { createMigratedDatabase, type TestDatabase } from '../support/database';

/**
 * The availability API batches the questions asked while a read is running into one read (for all
 * their products and the span of their dates). Each answer must be exactly what a read of its own gives.
 */
describe('batched availability reads', () => {
  let db: TestDatabase;
  const booked = futureDate(20);
  const blackedOut = futureDate(22);

  beforeAll(async () => {
    db = await createMigratedDatabase();
    const { sql } = db;
    await seedDemoBusiness(sql);
    // The sticky wall's one unit is taken on `booked`; the popcorn machine is blacked out on `blackedOut`.
    const [unit] = await sql`select u.id, u.product_id from inventory_units u join products p on p.id = u.product_id where p.slug = 'sticky-wall'`;
    const [customer] = await sql`insert into customers (name, email, phone) values ('Ana', 'ana@example.com', '5125550100') returning id`;
    const [booking] = await sql`
      insert into bookings (number, customer_id, status, event_start, event_end, address_line1, address_city,
        address_state, address_zip, subtotal_cents, total_cents, deposit_cents)
      values ('BK-BATCH1', ${customer!.id}, 'confirmed', ${`${booked} 15:00Z`}, ${`${booked} 23:00Z`}, '1 Main St',
        'Round Rock', 'TX', '78664', 9500, 9500, 2850) returning id`;
    const [item] = await sql`
      insert into booking_items (booking_id, product_id, product_name, quantity, unit_price_cents, line_total_cents)
      values (${booking!.id}, ${unit!.product_id}, 'Sticky Wall', 1, 9500, 9500) returning id`;
    await sql`insert into unit_allocations (booking_id, booking_item_id, unit_id, during)
      values (${booking!.id}, ${item!.id}, ${unit!.id}, tstzrange(${`${booked} 14:00Z`}, ${`${booked} 23:59Z`}))`;
    await sql`insert into blackouts (scope, product_id, starts_on, ends_on, reason)
      select 'product', id, ${blackedOut}, ${blackedOut}, 'Machine in repair' from products where slug = 'popcorn-machine'`;
  });
  afterAll(() => db.drop());

  const window = (date: string) => ({ date, start: '10:00', end: '16:00' });
  const now = new Date();
  const questions = () => [
    () => productWindowAvailability(db.sql, 'sticky-wall', window(booked), now),
    () => productWindowAvailability(db.sql, 'sticky-wall', window(addDays(booked, 1)), now),
    () => productWindowAvailability(db.sql, 'sticky-wall', window(addDays(booked, 200)), now),
    () => productWindowAvailability(db.sql, 'popcorn-machine', window(blackedOut), now),
    () => productWindowAvailability(db.sql, 'popcorn-machine', window(booked), now),
    () => productWindowAvailability(db.sql, 'giant-connect-four', window(booked), now, 2),
    () => allProductsAvailability(db.sql, window(booked), now),
    () => productMonthAvailability(db.sql, 'sticky-wall', booked.slice(0, 7), { start: '10:00', end: '16:00' }, now),
  ];

  it('answers questions asked together exactly as it answers them one by one', async () => {
    const oneByOne = [];
    for (const ask of questions()) oneByOne.push(await ask());
    const together = await Promise.all(questions().map((ask) => ask()));
    expect(together).toEqual(oneByOne);

    // And the answers are the real ones: the booking and the blackout show.
    expect(oneByOne[0]).toMatchObject({ product: 'sticky-wall', available: false, freeCount: 0 });
    expect(oneByOne[1]).toMatchObject({ available: true, freeCount: 1 });
    expect(oneByOne[3]).toMatchObject({ product: 'popcorn-machine', available: false });
    expect(oneByOne[4]).toMatchObject({ product: 'popcorn-machine', available: true });
  });

  it('gives an unknown product its own error without failing the questions asked with it', async () => {
    const [unknown, known] = await Promise.allSettled([
      productWindowAvailability(db.sql, 'no-such-rental', window(booked), now),
      productWindowAvailability(db.sql, 'sticky-wall', window(addDays(booked, 1)), now),
    ]);
    expect(unknown.status).toBe('rejected');
    expect(known).toMatchObject({ status: 'fulfilled', value: { available: true } });
  });
});
