import type { PricedProduct } from '../../src/lib/pricing';

/** The demo's best-known rental as pricing reads it: $195 for 8 hours, $150 for half a day, $95 a day more. */
export const pinkCastle: PricedProduct = {
  id: 'p1',
  slug: 'pink-castle-bounce-house',
  name: 'Pink Castle Bounce House',
  pricingUnit: 'rental',
  basePriceCents: 19500,
  baseHours: 8,
  halfDayPriceCents: 15000,
  extraDayPriceCents: 9500,
};
