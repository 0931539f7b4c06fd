import { describe, expect, it } from 'vitest';
import { demoCategories, demoProducts } from './catalog';
import { spanishCategories, spanishPhotoAlts, spanishProducts } from './catalog-es';

/*
 * The demo shows the Spanish site as a business that wrote its catalog in both languages: a product
 * without its Spanish entry shows English on /es pages (the two smallest water slides did).
 */
describe('the demo catalog in Spanish', () => {
  it('has a Spanish name, short description and description for every product', () => {
    const without = demoProducts.filter((p) => !p.nameEs || !p.shortDescriptionEs || !p.descriptionEs).map((p) => p.slug);
    expect(without).toEqual([]);
  });

  it('says in Spanish what every product includes, line for line, and describes every photo in Spanish', () => {
    for (const p of demoProducts) {
      expect(p.includedEs?.length, p.slug).toBe(p.included.length);
      expect(p.photos.filter((photo) => !photo.altEs).map((photo) => photo.url), p.slug).toEqual([]);
      expect(spanishPhotoAlts[p.slug]?.length, p.slug).toBe(p.photos.length);
    }
  });

  it('keeps each Spanish text within what the editor takes (200 characters)', () => {
    const long = demoProducts.flatMap((p) => [...(p.includedEs ?? []), ...p.photos.map((photo) => photo.altEs ?? '')]).filter((text) => text.length > 200);
    expect(long).toEqual([]);
  });

  it('calls sandbags “sacos de arena”, as the price lines and the site’s other Spanish pages do', () => {
    const texts = demoProducts.flatMap((p) => [p.nameEs, p.shortDescriptionEs, p.descriptionEs, ...(p.includedEs ?? [])].map((text) => [p.slug, text ?? ''] as const));
    expect(texts.filter(([, text]) => /costal/i.test(text)).map(([slug]) => slug)).toEqual([]);
    expect(texts.some(([, text]) => text.includes('sacos de arena'))).toBe(true);
  });

  it('has Spanish words for every category', () => {
    expect(demoCategories.filter((c) => !c.nameEs || !c.summaryEs).map((c) => c.slug)).toEqual([]);
  });

  it('says, paragraph for paragraph, what the English description says', () => {
    for (const p of demoProducts) expect(p.descriptionEs?.split('\n\n').length, p.slug).toBe(p.description.split('\n\n').length);
  });

  it('names only products and categories the catalog has (a typo in a slug would leave one English)', () => {
    const products = new Set(demoProducts.map((p) => p.slug));
    const categories = new Set(demoCategories.map((c) => c.slug));
    expect(Object.keys(spanishProducts).filter((slug) => !products.has(slug))).toEqual([]);
    expect(Object.keys(spanishPhotoAlts).filter((slug) => !products.has(slug))).toEqual([]);
    expect(Object.keys(spanishCategories).filter((slug) => !categories.has(slug))).toEqual([]);
  });
});
