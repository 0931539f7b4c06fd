import { describe, expect, it } from 'vitest';
import { pinkCastle } from '../../../tests/support/priced-products';
import {
  chargedPriceLabel,
  ENGLISH_PRICE_WORDS,
  livePriceLabel,
  lowestStartingPrice,
  priceListFigures,
  priceWordsOf,
  startingPrice,
  startingPriceHeadline,
  startingPriceLabel,
} from './price-labels';
import { priceLineDetail } from './price-line-words';
import { unitPrice, type PricedProduct } from './quote';
import es from '../i18n/messages/es.json';

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

  it('is per piece in Spanish in words that agree with every product, "Máquina de Palomitas" as "Generador"', () => {
    // "cada uno" is masculine: "Máquina de Palomitas — Desde $55 cada uno" did not agree with its noun.
    // "por unidad" agrees with none, so one wording is right for every product and for a category's lowest price.
    const words = priceWordsOf(es.catalog);
    expect(startingPriceHeadline(startingPrice(popcorn), 'usd', words)).toBe('Desde $55 por unidad');
    expect(es.product.eachSuffix).toBe(' por unidad');
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
  const eightHours = { kind: 'upTo', hours: 8 } as const;
  const twoDays = { kind: 'days', days: 2 } as const;

  it('names the rule the chosen window fell under', () => {
    expect(chargedPriceLabel({ unitPriceCents: 19500, rule: eightHours, quantity: 1 })).toBe('$195 for up to 8 hours');
    expect(chargedPriceLabel({ unitPriceCents: 29000, rule: twoDays, quantity: 2 })).toBe('$290 each for 2 days');
    expect(chargedPriceLabel({ unitPriceCents: 29000, rule: { kind: 'over', hours: 8 }, quantity: 1 })).toBe('$290 for over 8 hours');
  });

  it('says it in Spanish on a Spanish page (not "for up to 8 hours")', () => {
    const words = priceWordsOf(es.catalog);
    expect(chargedPriceLabel({ unitPriceCents: 19500, rule: eightHours, quantity: 1 }, 'usd', words)).toBe('$195 hasta por 8 horas');
    expect(chargedPriceLabel({ unitPriceCents: 29000, rule: twoDays, quantity: 2 }, 'usd', words)).toBe('$290 por unidad por 2 días');
    expect(chargedPriceLabel({ unitPriceCents: 29000, rule: { kind: 'over', hours: 8 }, quantity: 1 }, 'usd', words)).toBe('$290 por más de 8 horas');
  });

  it('prices an item sold per piece "each", as its page does, not for a rental length', () => {
    const popcornForEightHours = unitPrice(popcorn, { start: new Date('2027-06-05T15:00:00Z'), end: new Date('2027-06-05T23:00:00Z') }, 'America/Chicago');
    expect(chargedPriceLabel({ ...popcornForEightHours, quantity: 1 })).toBe('$55 each');
    expect(chargedPriceLabel({ ...popcornForEightHours, quantity: 3 }, 'usd', priceWordsOf(es.catalog))).toBe('$55 por unidad');
  });
});

describe('the detail under a line of the price summary', () => {
  it('is the rule, with the unit price when there are several, in the page\'s language', () => {
    const line = { unitPriceCents: 12500, rule: { kind: 'upTo', hours: 4 }, quantity: 2 } as const;
    expect(priceLineDetail({ ...line, quantity: 1 }, 'usd', ENGLISH_PRICE_WORDS)).toBe('Up to 4 hours');
    expect(priceLineDetail(line, 'usd', ENGLISH_PRICE_WORDS)).toBe('Up to 4 hours, $125 each');
    expect(priceLineDetail({ ...line, quantity: 1 }, 'usd', priceWordsOf(es.catalog))).toBe('Hasta 4 horas');
    expect(priceLineDetail(line, 'usd', priceWordsOf(es.catalog))).toBe('Hasta 4 horas, $125 por unidad');
    expect(priceLineDetail({ unitPriceCents: 29000, rule: { kind: 'days', days: 2 }, quantity: 1 }, 'usd', priceWordsOf(es.catalog))).toBe('2 días');
  });

  it('is the piece price for an item sold each', () => {
    expect(priceLineDetail({ unitPriceCents: 5500, rule: { kind: 'each' }, quantity: 2 }, 'usd', ENGLISH_PRICE_WORDS)).toBe('$55 each');
    expect(priceLineDetail({ unitPriceCents: 5500, rule: { kind: 'each' }, quantity: 1 }, 'usd', priceWordsOf(es.catalog))).toBe('$55 por unidad');
  });
});

describe('the price shown where a customer decides', () => {
  const built = { cents: 15000, hours: 4 };
  const live = { from: { cents: 17500, hours: 4 }, forWindow: { unitPriceCents: 21500, rule: { kind: 'upTo', hours: 8 } } } as const;

  it('is what one unit costs for the window once the server priced it, "each" for several', () => {
    expect(livePriceLabel({ exact: live, latest: live }, 1, built)).toEqual({ forWindow: true, label: '$215 for up to 8 hours' });
    expect(livePriceLabel({ exact: live, latest: live }, 3, built)?.label).toBe('$215 each for up to 8 hours');
  });

  it('is in the page\'s language once priced too (the booking box and /es/at)', () => {
    expect(livePriceLabel({ exact: live, latest: live }, 1, built, 'usd', priceWordsOf(es.catalog))?.label).toBe('$215 hasta por 8 horas');
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
