import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';

let db: TestDatabase;
let prices: Handler;
let quotePrice: Handler;

beforeAll(async () => {
  db = await createSeededDatabase();
  process.env.DATABASE_URL = db.url;
  prices = (await import('../../netlify/functions/prices')).default;
  quotePrice = (await import('../../netlify/functions/quote-price')).default;
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await db.drop();
});

const date = futureDate(40);

describe('GET /api/prices', () => {
  it('answers a price staff just changed, not the one pages were built with, and the cart charges the same', async () => {
    await db.sql`update products set base_price_cents = 21500, half_day_price_cents = 17500 where slug = 'pink-castle-bounce-house'`;
    const live = await call(prices, 'GET', `/api/prices?products=pink-castle-bounce-house&date=${date}&start=10:00&end=18:00`);
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect(live.body.products).toEqual([
      expect.objectContaining({
        product: 'pink-castle-bounce-house',
        basePriceCents: 21500,
        halfDayPriceCents: 17500,
        from: { cents: 17500, hours: 4 },
        forWindow: { unitPriceCents: 21500, rule: { kind: 'upTo', hours: 8 } },
      }),
    ]);

    const cart = await call(quotePrice, 'POST', '/api/quote-price', {
      items: [{ product: 'pink-castle-bounce-house', quantity: 1 }],
      event: { date, start: '10:00', end: '18:00' },
      zip: '78664',
    });
    expect(cart.status).toBe(200);
    expect(cart.body.lines[0]).toMatchObject({ unitPriceCents: live.body.products[0].forWindow.unitPriceCents, rule: { kind: 'upTo', hours: 8 }, description: 'Up to 8 hours' });
  });

  it('keeps the order asked and leaves out unknown and inactive products', async () => {
    await db.sql`update products set active = false where slug = 'giant-connect-four'`;
    const live = await call(prices, 'GET', '/api/prices?products=table-and-chair-set,no-such-thing,giant-connect-four,pink-castle-bounce-house');
    expect(live.status).toBe(200);
    expect(live.body.products.map((p: { product: string }) => p.product)).toEqual(['table-and-chair-set', 'pink-castle-bounce-house']);
    expect(live.body.products.every((p: { forWindow: unknown }) => p.forWindow === null)).toBe(true);
  });

  it('answers bad input with a 400 that names the field', async () => {
    const noProducts = await call(prices, 'GET', '/api/prices');
    expect(noProducts.status).toBe(400);
    expect(noProducts.body.error.fields).toHaveProperty('products');
    const halfWindow = await call(prices, 'GET', `/api/prices?products=pink-castle-bounce-house&date=${date}&end=09:00`);
    expect(halfWindow.status).toBe(400);
    expect(halfWindow.body.error.fields).toHaveProperty('start');
    // 02:30 does not exist on the spring-forward Sunday (it becomes 03:30, after the 03:00 end): a window inside the gap has no length to price.
    const gap = await call(prices, 'GET', '/api/prices?products=pink-castle-bounce-house&date=2027-03-14&start=02:30&end=03:00');
    expect(gap.status).toBe(400);
    expect((await call(prices, 'POST', '/api/prices?products=pink-castle-bounce-house')).status).toBe(405);
  });
});
