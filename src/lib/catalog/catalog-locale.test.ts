import { describe, expect, it } from 'vitest';
import { nameInLocale, productInLocale, storedTextLang } from './catalog-locale';

describe('a product in a page’s language', () => {
  const castle = { name: 'Pink Castle', nameEs: 'Castillo Rosa', shortDescription: 'A pink castle.', shortDescriptionEs: null };

  it('shows the Spanish a business wrote, and the English it did not write', () => {
    expect(productInLocale(castle, 'es')).toMatchObject({ name: 'Castillo Rosa', shortDescription: 'A pink castle.' });
    expect(productInLocale(castle, 'en')).toBe(castle);
    expect([nameInLocale(castle, 'es'), nameInLocale({ name: 'Slide', nameEs: null }, 'es')]).toEqual(['Castillo Rosa', 'Slide']);
  });

  it('marks as English only what a Spanish page shows in English', () => {
    expect(storedTextLang(castle.nameEs, 'es')).toBeUndefined();
    expect(storedTextLang(castle.shortDescriptionEs, 'es')).toBe('en');
    expect(storedTextLang('', 'es')).toBe('en');
    expect(storedTextLang(null, 'en')).toBeUndefined();
  });
});
