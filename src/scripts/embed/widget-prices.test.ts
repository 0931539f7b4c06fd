import { describe, expect, it } from 'vitest';
import { cartTotalWords, linePriceWords } from './widget-prices';
import type { WidgetCartItem } from './widget-cart';
import { widgetWords } from './widget-words';

const en = widgetWords('en');
const es = widgetWords('es');
const castle = { from: { cents: 15000, hours: 4 }, quantity: 1 };
const games = { from: { cents: 9500, hours: 4 }, quantity: 3 };
const popcorn = { from: { cents: 5500, hours: null }, quantity: 2 };
/** A line saved by the widget before its cart showed prices. */
const saved = { quantity: 2 };

describe('the widget cart’s prices', () => {
  it.each([
    ['one rental', castle, en, 'From $150 for up to 4 hours'],
    ['more than one: what the line comes to', games, en, 'From $95 for up to 4 hours · For 3: from $285'],
    ['an item sold by the piece', popcorn, en, 'From $55 each · For 2: from $110'],
    ['one rental, in Spanish', castle, es, 'Desde $150 hasta por 4 horas'],
    ['more than one, in Spanish', games, es, 'Desde $95 hasta por 4 horas · Por 3: desde $285'],
    [
      'cents where the price has them',
      { from: { cents: 12550, hours: 8 }, quantity: 2 },
      en,
      'From $125.50 for up to 8 hours · For 2: from $251',
    ],
  ])('says a line’s price as the booking site writes it: %s', (_, line, t, said) => {
    expect(linePriceWords(line, t, 'usd')).toBe(said);
  });

  // The host site's storage holds whatever an earlier widget (or anyone) left there: no "$NaN", no "$0".
  it.each([
    ['a line an earlier widget saved', saved],
    ['a price that is no number', { from: { cents: 'lots', hours: 4 }, quantity: 1 }],
    ['a price without its length', { from: { cents: 15000 }, quantity: 1 }],
    ['a negative price', { from: { cents: -100, hours: 4 }, quantity: 1 }],
    ['a quantity that is no number', { from: { cents: 15000, hours: 4 }, quantity: Number.NaN }],
  ])('shows no price for %s', (_, line) => {
    expect(linePriceWords(line as unknown as WidgetCartItem, en, 'usd')).toBeNull();
  });

  it.each([
    ['every line priced', [castle, games, popcorn], en, 'Total: from $545'],
    ['in Spanish', [castle, games], es, 'Total: desde $435'],
    ['one line', [castle], en, 'Total: from $150'],
    ['a line an earlier widget saved among priced ones', [castle, saved], en, null],
    ['an empty cart', [], en, null],
  ])('sums the lines’ from-prices, or says nothing: %s', (_, items, t, said) => {
    expect(cartTotalWords(items, t, 'usd')).toBe(said);
  });
});
