import { describe, expect, it } from 'vitest';
import { pinkCastle } from '../../../tests/support/priced-products';
import {
  chargedPriceLabel,
  livePriceLabel,
  lowestStartingPrice,
  priceListFigures,
  startingPrice,
  startingPriceHeadline,
  startingPriceLabel,
} from './price-labels';
import { unitPrice, type PricedProduct } from './quote';

const castle = pinkCastle;
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

describe('the price shown where a customer decides', () => {
  const built = { cents: 15000, hours: 4 };
  const live = { from: { cents: 17500, hours: 4 }, forWindow: { unitPriceCents: 21500, description: 'Up to 8 hours' } };

  it('is what one unit costs for the window once the server priced it, "each" for several', () => {
    expect(livePriceLabel({ exact: live, latest: live }, 1, built)).toEqual({ forWindow: true, label: '$215 for up to 8 hours' });
    expect(livePriceLabel({ exact: live, latest: live }, 3, built)?.label).toBe('$215 each for up to 8 hours');
  });

  it('is the live starting price while the window is not priced, then the one the page was built with', () => {
    expect(livePriceLabel({ latest: live }, 1, built)).toEqual({ forWindow: false, from: live.from, label: 'from $175 for up to 4 hours' });
    expect(livePriceLabel({ exact: { ...live, forWindow: null }, latest: live }, 1, built)?.label).toBe('from $175 for up to 4 hours');
    expect(livePriceLabel({}, 1, built)?.label).toBe('from $150 for up to 4 hours');
    expect(livePriceLabel({}, 1, null)).toBeNull();
  });
});

describe('the figures of a product page\'s price list', () => {
  it('names the base price with its length, the half-day and the extra-day price', () => {
    expect(priceListFigures(castle)).toEqual({ base: '$195', baseLength: 'for up to 8 hours', baseHours: '8 hours', halfDay: '$150', extraDay: '+$95' });
  });

  it('hides the rows a product has no price for, and prices items sold each per piece', () => {
    expect(priceListFigures({ ...popcorn, extraDayPriceCents: null, baseHours: 1 })).toEqual({
      base: '$55',
      baseLength: 'each',
      baseHours: '1 hour',
      halfDay: null,
      extraDay: null,
    });
  });
});
