import { describe, expect, it } from 'vitest';
import { hasSpanishPage, localeFromPath, localizedPath, pathInLocale, unlocalizedPath } from './locales';

describe('where a page lives in each language', () => {
  it('reads the language from the path: Spanish under /es, English everywhere else', () => {
    expect(localeFromPath('/es')).toBe('es');
    expect(localeFromPath('/es/products/pink-castle')).toBe('es');
    expect(localeFromPath('/')).toBe('en');
    expect(localeFromPath('/products')).toBe('en');
    // A page whose name merely starts with "es" is English.
    expect(localeFromPath('/estimates')).toBe('en');
  });

  it('takes the prefix off', () => {
    expect(unlocalizedPath('/es')).toBe('/');
    expect(unlocalizedPath('/es/categories')).toBe('/categories');
    expect(unlocalizedPath('/es?x=1')).toBe('/?x=1');
    expect(unlocalizedPath('/categories')).toBe('/categories');
  });

  it('links a Spanish page to the Spanish version where there is one, else to the English page', () => {
    expect(localizedPath('/', 'es')).toBe('/es');
    expect(localizedPath('/products/pink-castle', 'es')).toBe('/es/products/pink-castle');
    expect(localizedPath('/categories', 'es')).toBe('/es/categories');
    expect(localizedPath('/locations', 'es')).toBe('/es/locations');
    expect(localizedPath('/locations/cedar-park', 'es')).toBe('/locations/cedar-park');
    // Not translated yet: the English page, never a 404.
    expect(localizedPath('/checkout', 'es')).toBe('/checkout');
    expect(localizedPath('/faq', 'es')).toBe('/faq');
    // English pages keep today's addresses; a business without Spanish links nothing under /es.
    expect(localizedPath('/products', 'en')).toBe('/products');
    expect(localizedPath('/es/products', 'en')).toBe('/products');
    expect(localizedPath('/products', 'es', false)).toBe('/products');
  });

  it("gives the same page in the other language, or null when it has none", () => {
    expect(pathInLocale('/products/pink-castle', 'es')).toBe('/es/products/pink-castle');
    expect(pathInLocale('/es/products/pink-castle', 'en')).toBe('/products/pink-castle');
    expect(pathInLocale('/es', 'en')).toBe('/');
    expect(pathInLocale('/cart', 'es')).toBeNull();
    // An error page answers for any address: no twin, no switch.
    expect(pathInLocale('/es/404', 'en')).toBeNull();
    expect(hasSpanishPage('/seo-pages')).toBe(false);
    expect(hasSpanishPage('/track-order')).toBe(false);
  });
});
