import { describe, expect, it } from 'vitest';
import {
  chargedPriceLabel,
  lowestStartingPrice,
  startingPrice,
  startingPriceHeadline,
  startingPriceLabel,
} from './price-labels';
import { unitPrice, type PricedProduct } from './quote';

const castle: PricedProduct = {
  id: 'p1',
  slug: 'pink-castle-bounce-house',
  name: 'Pink Castle Bounce House',
  pricingUnit: 'rental',
  basePriceCents: 19500,
  baseHours: 8,
  halfDayPriceCents: 15000,
  extraDayPriceCents: 9500,
};
const popcorn: PricedProduct = {
  ...castle,
  id: 'p2',
  slug: 'popcorn',
  pricingUnit: 'each',
  basePriceCents: 5500,
  halfDayPriceCents: null,
};
const slide: PricedProduct = {
  ...castle,
  id: 'p3',
  slug: 'slide',
  basePriceCents: 27500,
  halfDayPriceCents: null,
  baseHours: 6,
};

describe('the starting price a customer is shown', () => {
  it('is the half-day price with its length when the product has one', () => {
    expect(startingPriceLabel(startingPrice(castle))).toBe('from $150 for up to 4 hours');
    expect(startingPriceHeadline(startingPrice(castle))).toBe('From $150 for up to 4 hours');
  });

  it('is the base price for the base hours when there is no half-day price', () => {
    expect(startingPriceLabel(startingPrice(slide))).toBe('from $275 for up to 6 hours');
  });

  it('is per piece for items sold each', () => {
    expect(startingPriceLabel(startingPrice(popcorn))).toBe('from $55 each');
  });

  it('is exactly what the booking engine charges for that length', () => {
    // A 4-hour party pays the advertised castle price; an 8-hour one pays the base price.
    const fourHours = { start: new Date('2027-06-05T15:00:00Z'), end: new Date('2027-06-05T19:00:00Z') };
    expect(unitPrice(castle, fourHours, 'America/Chicago').unitPriceCents).toBe(startingPrice(castle).cents);
    const sixHours = { start: new Date('2027-06-05T15:00:00Z'), end: new Date('2027-06-05T21:00:00Z') };
    expect(unitPrice(slide, sixHours, 'America/Chicago').unitPriceCents).toBe(startingPrice(slide).cents);
  });

  it('picks the lowest among several products, and none for an empty list', () => {
    expect(lowestStartingPrice([slide, castle])).toEqual({ cents: 15000, hours: 4 });
    expect(lowestStartingPrice([])).toBeNull();
  });
});

describe('the price a cart line is charged', () => {
  it('names the rule the chosen window fell under', () => {
    expect(chargedPriceLabel({ unitPriceCents: 19500, description: 'Up to 8 hours', quantity: 1 })).toBe(
      '$195 for up to 8 hours',
    );
    expect(chargedPriceLabel({ unitPriceCents: 29000, description: '2 days', quantity: 2 })).toBe(
      '$290 each for 2 days',
    );
  });
});
