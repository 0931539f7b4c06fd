import { describe, expect, it } from 'vitest';
import { nameInLocale, productInLocale, storedTextLang } from './catalog-locale';

describe('a product in a page’s language', () => {
  const castle = { name: 'Pink Castle', nameEs: 'Castillo Rosa', shortDescription: 'A pink castle.', shortDescriptionEs: null };

  it('shows the Spanish a business wrote, and the English it did not write', () => {
    expect(productInLocale(castle, 'es')).toMatchObject({ name: 'Castillo Rosa', shortDescription: 'A pink castle.' });
    expect(productInLocale(castle, 'en')).toBe(castle);
    expect([nameInLocale(castle, 'es'), nameInLocale({ name: 'Slide', nameEs: null }, 'es')]).toEqual(['Castillo Rosa', 'Slide']);
  });

  it('shows what is included and each photo’s description in Spanish where written, else the English', () => {
    const slide = {
      ...castle,
      included: ['Blower', 'Stakes'],
      includedEs: ['Soplador', 'Estacas'],
      photos: [
        { url: '/a.jpg', alt: 'The slide', altEs: 'La resbaladilla' },
        { url: '/b.jpg', alt: 'The pool', altEs: null },
      ],
    };
    const spanish = productInLocale(slide, 'es');
    expect(spanish.included).toEqual(['Soplador', 'Estacas']);
    expect(spanish.photos.map((p) => p.alt)).toEqual(['La resbaladilla', 'The pool']);
    expect(productInLocale({ ...slide, includedEs: null }, 'es').included).toEqual(['Blower', 'Stakes']);
    expect(productInLocale(slide, 'en').photos[0]!.alt).toBe('The slide');
    expect(productInLocale(slide, 'en').included).toEqual(['Blower', 'Stakes']);
  });

  it('marks as English only what a Spanish page shows in English', () => {
    expect(storedTextLang(castle.nameEs, 'es')).toBeUndefined();
    expect(storedTextLang(castle.shortDescriptionEs, 'es')).toBe('en');
    expect(storedTextLang('', 'es')).toBe('en');
    expect(storedTextLang(null, 'en')).toBeUndefined();
  });
});
