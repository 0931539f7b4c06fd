import { describe, expect, it } from 'vitest';
import { strings } from '../../../tests/support/strings';
import en from './messages/en.json';
import es from './messages/es.json';
import { placeholdersOf, pluralOf } from './interpolate';
import { messagesFor } from './messages';
import serverSpanish from './server-errors/es.json';
import { translateError } from './translate-error';

describe('the dictionaries', () => {
  it('give each message the same placeholders in both languages (a Spanish one cannot lose the {town})', () => {
    const spanish = new Map(strings(es));
    for (const [key, english] of strings(en)) {
      if (key.startsWith('catalog.categoryNames') || key.startsWith('product.surfaceWords')) continue;
      const translated = spanish.get(key);
      expect(translated, key).toBeDefined();
      expect(placeholdersOf(translated!), key).toEqual(placeholdersOf(english));
    }
  });

  it('name a party’s start and end one way on every page (the date-change form as the cart and the product page)', () => {
    for (const [language, words] of [['en', en], ['es', es]] as const) {
      const labels = new Set(strings(words).filter(([key]) => /(^|\.)(cart|product|move)\.(start|end|starts|ends)$/.test(key)).map(([, text]) => text));
      expect([...labels].sort(), language).toEqual([words.cart.ends, words.cart.starts].sort());
    }
  });

  it('leave no Spanish message empty or still in English', () => {
    const english = new Map(strings(en));
    // Words that are the same in both languages.
    const same = new Set(['Rentals', 'Ages', 'Total']);
    for (const [key, text] of strings(es)) {
      expect(text.trim(), key).not.toBe('');
      if (key.startsWith('layout.switch')) continue;
      if (text.length > 3 && !same.has(text)) expect(text, key).not.toBe(english.get(key));
    }
  });

  it('call a water slide a "resbaladilla" everywhere, as the catalog’s category and the town pages do', () => {
    const others = strings(es).filter(([, text]) => /tobog[aá]n/i.test(text));
    expect(others).toEqual([]);
    expect(es.cart.emptyText).toContain('una resbaladilla de agua');
  });

  it('count one rental free in the singular in Spanish ("1 disponible", not "1 disponibles")', () => {
    const { cart, atSearch } = es;
    const when = 'sábado, 19 de diciembre';
    expect(pluralOf(1, cart.countAvailableFor, { when })).toBe('1 disponible para el sábado, 19 de diciembre.');
    expect(pluralOf(2, cart.countAvailableFor, { when })).toBe('2 disponibles para el sábado, 19 de diciembre.');
    expect(pluralOf(1, cart.dayCountAvailable)).toBe('1 disponible');
    expect(pluralOf(1, cart.freeForDate)).toBe('Disponible: 1 libre para su fecha');
    expect(pluralOf(1, atSearch.freeOf, { total: 35, when })).toBe('1 de 35 rentas está libre para sábado, 19 de diciembre.');
    expect(pluralOf(1, atSearch.availableCount)).toBe('✓ 1 disponible');
    // The cart's line when fewer are free than it holds (use-cart-page.ts), and the server's own sentence.
    expect(pluralOf(1, cart.onlyLeft)).toBe('Solo queda 1 para ese horario.');
    expect(pluralOf(2, cart.onlyLeft)).toBe('Solo quedan 2 para ese horario.');
    expect(pluralOf(1, en.cart.onlyLeft)).toBe('Only 1 left for that time.');
    expect(translateError('Only 1 left for that time.', serverSpanish)).toBe('Solo queda 1 para ese horario.');
  });

  it('state a capacity of 1 and a base time of 1 hour in the singular (products list, product page, town pages)', () => {
    expect(pluralOf(1, es.productsList.seats)).toBe('Para 1 persona sentada');
    expect(pluralOf(1, es.productsList.upTo)).toBe('Hasta 1 persona a la vez');
    expect(pluralOf(1, es.town.landing.upTo)).toBe('Hasta 1 persona a la vez');
    expect(pluralOf(1, es.product.spec.seats)).toBe('Para 1 persona sentada');
    expect(pluralOf(1, es.productsList.forUpTo, { price: '$95' })).toBe('$95 por hasta 1 hora');
    expect(pluralOf(4, es.productsList.forUpTo, { price: '$95' })).toBe('$95 por hasta 4 horas');
    expect(pluralOf(1, en.productsList.forUpTo, { price: '$95' })).toBe('$95 for up to 1 hour');
    expect(pluralOf(12, en.productsList.seats)).toBe('Seats 12');
  });

  it('loads one language at a time', async () => {
    expect((await messagesFor('es')).header.cart).toBe('Carrito');
    expect((await messagesFor('en')).header.cart).toBe('Cart');
  });
});
