import { describe, expect, it } from 'vitest';
import { storedPhone } from '../../src/lib/texts/phone';
import { useDatabaseBefore } from '../support/database-before';

/**
 * Quote requests and cake orders stored as typed before the forms wrote phone numbers in one shape: the
 * migration writes them as storedPhone would have (as 20261206182000 did for customers and bookings),
 * leaves a quote without a phone empty, and leaves the rest of the row alone.
 */
const STORED_PHONE_REQUESTS = '20261206211000';

const typed = [
  '5125550199',
  '(512) 555-0188',
  ' 512.555.0177 ',
  '1 512 555 0166',
  '+1 (512) 555-0155',
  '+44 20 7946 0958',
  '+5125550144',
  '44  20 7946 0958',
  '555-0100 ext 2',
];
const shaped = [
  '(512) 555-0199',
  '(512) 555-0188',
  '(512) 555-0177',
  '(512) 555-0166',
  '(512) 555-0155',
  '+442079460958',
  '+5125550144',
  '44 20 7946 0958',
  '555-0100 ext 2',
];

describe('the stored phone format migration for quote requests and cake orders', () => {
  const before = useDatabaseBefore(STORED_PHONE_REQUESTS);

  it('writes every quote request’s and cake order’s phone as the server now stores them, keeping their times', async () => {
    await before.migrateToBefore();
    const updatedAt = new Date('2026-01-02T03:04:05Z');
    const [category] = await before.db.sql<
      { id: string }[]
    >`insert into categories (slug, name, kind) values ('cakes', 'Cakes', 'cake') returning id`;
    const [product] = await before.db.sql<{ id: string }[]>`
      insert into products (category_id, slug, name, short_description, description, base_price_cents)
      values (${category!.id}, 'classic-round-birthday-cake', 'Classic Round Birthday Cake', 'A cake.', 'A cake.', 5000) returning id`;
    for (const [i, phone] of [...typed, ''].entries()) {
      await before.db.sql`
        insert into quotes (number, name, email, phone, event_type, event_date, zip, updated_at)
        values (${`QT-PHONE${i}`}, ${`Caller ${i}`}, ${`caller-${i}@example.com`}, ${phone}, 'Birthday', '2027-03-01', '78664', ${updatedAt})`;
    }
    for (const [i, phone] of typed.entries()) {
      await before.db.sql`
        insert into cake_orders (number, product_id, name, email, phone, servings, flavour, frosting, fulfilment, needed_on, price_cents, updated_at)
        values (${`CK-PHONE${i}`}, ${product!.id}, ${`Baker ${i}`}, ${`baker-${i}@example.com`}, ${phone}, 24, 'vanilla', 'buttercream', 'pickup', '2027-03-01', 8500, ${updatedAt})`;
    }

    expect((await before.migrateTheRest()).applied).toContain(STORED_PHONE_REQUESTS);
    const quotes = await before.db.sql<
      { phone: string; updated_at: Date }[]
    >`select phone, updated_at from quotes order by number`;
    const cakes = await before.db.sql<
      { phone: string; updated_at: Date }[]
    >`select phone, updated_at from cake_orders order by number`;
    expect(typed.map(storedPhone)).toEqual(shaped);
    expect(quotes.map((q) => q.phone)).toEqual([...shaped, '']);
    expect(cakes.map((c) => c.phone)).toEqual(shaped);
    // A format change, not an edit by anyone: the rows' own times stay.
    expect([...quotes, ...cakes].every((r) => r.updated_at.getTime() === updatedAt.getTime())).toBe(true);
  });
});
