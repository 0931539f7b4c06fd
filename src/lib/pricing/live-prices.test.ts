import { describe, expect, it } from 'vitest';
import { pinkCastle } from '../../../tests/support/priced-products';
import { livePrice } from './live-prices';
import { livePricesQuery, MAX_LIVE_PRICE_PRODUCTS } from './live-prices-input';

const castle = pinkCastle;
// Saturday 10:00–18:00 in Round Rock (CDT, UTC-5).
const eightHours = { start: new Date('2027-06-05T15:00:00Z'), end: new Date('2027-06-05T23:00:00Z') };
const twoDays = { start: new Date('2027-06-05T15:00:00Z'), end: new Date('2027-06-06T23:00:00Z') };

describe('a product\'s live price', () => {
  it('carries its price rules and the one starting price', () => {
    expect(livePrice(castle, null, 'America/Chicago')).toEqual({
      product: 'pink-castle-bounce-house',
      pricingUnit: 'rental',
      basePriceCents: 19500,
      baseHours: 8,
      halfDayPriceCents: 15000,
      extraDayPriceCents: 9500,
      from: { cents: 15000, hours: 4 },
      forWindow: null,
    });
  });

  it('prices one unit for the window asked, as the booking engine would', () => {
    expect(livePrice(castle, eightHours, 'America/Chicago').forWindow).toEqual({ unitPriceCents: 19500, rule: { kind: 'upTo', hours: 8 } });
    expect(livePrice(castle, twoDays, 'America/Chicago').forWindow).toEqual({ unitPriceCents: 29000, rule: { kind: 'days', days: 2 } });
  });
});

describe('GET /api/prices query', () => {
  const parse = (query: Record<string, string>) => livePricesQuery.safeParse(query);
  const fields = (query: Record<string, string>) => {
    const result = parse(query);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('takes a comma-separated list of products, each once, and no window', () => {
    expect(parse({ products: 'a-slide,pink-castle,a-slide' }).data).toEqual({ products: ['a-slide', 'pink-castle'], event: null });
  });

  it('takes a window whole, checked like a cart\'s', () => {
    expect(parse({ products: 'pink-castle', date: '2027-06-05', start: '10:00', end: '18:00' }).data).toEqual({
      products: ['pink-castle'],
      event: { date: '2027-06-05', start: '10:00', end: '18:00' },
    });
    expect(fields({ products: 'pink-castle', date: '2027-06-05' })).toEqual({ start: 'Use HH:MM', end: 'Use HH:MM' });
    expect(fields({ products: 'pink-castle', date: '2027-06-05', start: '18:00', end: '10:00' })).toEqual({ end: 'The end time must be after the start time' });
  });

  it('refuses a missing or malformed product list, and too long a one', () => {
    expect(fields({})).toHaveProperty('products');
    expect(fields({ products: 'Pink Castle' })).toEqual({ 'products.0': 'Unknown product' });
    const many = Array.from({ length: MAX_LIVE_PRICE_PRODUCTS + 1 }, (_, i) => `p${i}`).join(',');
    expect(fields({ products: many })).toEqual({ products: `Ask for at most ${MAX_LIVE_PRICE_PRODUCTS} products at once` });
  });
});
