import { describe, expect, it } from 'vitest';
import { fullStopAfter, interpolate, placeholdersOf, pluralOf } from './interpolate';

describe('interpolate', () => {
  it('fills each {name}', () => {
    expect(interpolate('Renta de {noun} en {town}', { noun: 'brincolines', town: 'Cedar Park' })).toBe('Renta de brincolines en Cedar Park');
    expect(interpolate('{n} + {n}', { n: 2 })).toBe('2 + 2');
    expect(interpolate('No placeholders')).toBe('No placeholders');
  });

  it('ends a sentence once when its last value already ends in a full stop ("4:00 p.m.", not "4:00 p.m..")', () => {
    expect(interpolate('{count} disponibles para el {when}.', { count: 3, when: 'sábado, 12:00 p.m. – 4:00 p.m.' })).toBe('3 disponibles para el sábado, 12:00 p.m. – 4:00 p.m.');
    expect(interpolate('Pague antes del {deadline}. Gracias.', { deadline: 'lun, 7 de dic a las 3:16 p.m.' })).toBe('Pague antes del lun, 7 de dic a las 3:16 p.m. Gracias.');
    // A value without its own stop keeps the template's.
    expect(interpolate('Available for {when}.', { when: 'Saturday, 4:00 PM' })).toBe('Available for Saturday, 4:00 PM.');
    expect(fullStopAfter('4:00 p.m.')).toBe('');
    expect(fullStopAfter('4:00 PM')).toBe('.');
  });

  it('refuses a placeholder without a value rather than print braces on a page', () => {
    expect(() => interpolate('Hola {name}', {})).toThrow(/\{name\}/);
  });

  it('lists placeholders and picks one or many', () => {
    expect(placeholdersOf('{b} and {a}')).toEqual(['a', 'b']);
    const forms = { one: '1 artículo', other: '{count} artículos' };
    expect(pluralOf(1, forms)).toBe('1 artículo');
    expect(pluralOf(0, forms)).toBe('0 artículos');
    expect(pluralOf(12, forms)).toBe('12 artículos');
  });

  it('fills the other placeholders of a plural message too', () => {
    const forms = { one: '{count} de {total} rentas está libre', other: '{count} de {total} rentas están libres' };
    expect(pluralOf(1, forms, { total: 35 })).toBe('1 de 35 rentas está libre');
    expect(pluralOf(3, forms, { total: 35, count: 99 })).toBe('3 de 35 rentas están libres');
  });
});
