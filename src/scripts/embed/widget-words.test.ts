import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../lib/i18n';
import { priceWordsOf } from '../../lib/pricing';
import { partyDay, partyWhen, widgetWords } from './widget-words';

describe('the widget’s words', () => {
  it('writes the party’s day and hours as each language does', () => {
    const window = { date: '2027-03-13', start: '10:00', end: '16:30' };
    expect(partyWhen(window, 'en').replace(/\s/g, ' ')).toBe('Saturday, March 13, 10:00 AM – 4:30 PM');
    expect(partyWhen(window, 'es').replace(/\s/g, ' ')).toMatch(/^sábado, 13 de marzo, 10:00 a\. ?m\. – 4:30 p\. ?m\.$/);
    expect(partyDay('2027-03-13', 'es')).toBe('sábado, 13 de marzo');
  });

  it('ends a sentence once after a Spanish clock’s own period, and counts in words', () => {
    const es = widgetWords('es');
    expect(es.freeOn(partyWhen({ date: '2027-03-13', start: '10:00', end: '16:00' }, 'es'))).toMatch(/p\. ?m\.$/);
    expect(widgetWords('en').freeOn('Saturday, March 13, 10:00 AM – 4:00 PM')).toBe('Free on Saturday, March 13, 10:00 AM – 4:00 PM.');
    expect([widgetWords('en').freeCount(1, 'Saturday'), es.freeCount(3, 'sábado')]).toEqual(['1 rental free on Saturday.', '3 rentas disponibles el sábado.']);
    expect([widgetWords('en').itemsHeading(1), widgetWords('en').itemsHeading(3), es.itemsHeading(1), es.itemsHeading(2)]).toEqual([
      'Your cart: 1 item',
      'Your cart: 3 items',
      'Su carrito: 1 artículo',
      'Su carrito: 2 artículos',
    ]);
  });

  // The widget carries its price words without the site's dictionaries: they must stay the pages' own.
  it.each(['en', 'es'] as const)('writes prices with the booking site’s own words: %s', async (language) => {
    const { from, each, forUpTo } = priceWordsOf((await messagesFor(language)).catalog);
    expect(widgetWords(language).priceWords).toEqual({ from, each, forUpTo });
  });
});
