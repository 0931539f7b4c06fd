import { describe, expect, it } from 'vitest';
import { itMaps } from '../../../tests/support/table';
import { hasSpanishPage, type Locale, localeFromPath, localizedPath, pathInLocale, switchedPath, unlocalizedPath } from './locales';

describe('where a page lives in each language', () => {
  // Spanish under /es, English everywhere else: a page whose name merely starts with "es" is English.
  itMaps('reads the language of %s: %s', localeFromPath, [
    ['/es', 'es'],
    ['/es/products/pink-castle', 'es'],
    ['/', 'en'],
    ['/products', 'en'],
    ['/estimates', 'en'],
  ]);

  itMaps('takes the prefix off %s: %s', unlocalizedPath, [
    ['/es', '/'],
    ['/es/categories', '/categories'],
    ['/es?x=1', '/?x=1'],
    ['/categories', '/categories'],
  ]);

  // The Spanish version where there is one, else the English page (not translated yet), never a 404.
  itMaps('links a Spanish page to %s at %s', (path: string) => localizedPath(path, 'es'), [
    ['/', '/es'],
    ['/products/pink-castle', '/es/products/pink-castle'],
    ['/categories', '/es/categories'],
    ['/locations', '/es/locations'],
    ['/locations/cedar-park', '/es/locations/cedar-park'],
    ['/locations/cedar-park/bounce-houses', '/es/locations/cedar-park/bounce-houses'],
    ['/bounce-houses-cedar-park-tx', '/es/bounce-houses-cedar-park-tx'],
    ['/products', '/es/products'],
    ['/products?category=water-slides', '/es/products?category=water-slides'],
    ['/services', '/es/services'],
    ['/service-areas', '/es/service-areas'],
    ['/request-a-quote', '/es/request-a-quote'],
    ['/contact', '/es/contact'],
    ['/at?date=2026-12-05', '/es/at?date=2026-12-05'],
    ['/seo-pages', '/es/seo-pages'],
    ['/checkout', '/es/checkout'],
    ['/cart', '/es/cart'],
    ['/booking-success?booking=PF-1234', '/es/booking-success?booking=PF-1234'],
    ['/track-order', '/es/track-order'],
    ['/payment-success?booking=PF-1234', '/es/payment-success?booking=PF-1234'],
    ['/faq', '/es/faq'],
    ['/terms', '/es/terms'],
    ['/support', '/es/support'],
    ['/waiver', '/es/waiver'],
    ['/toast-testing', '/toast-testing'],
  ]);

  // English pages keep today's addresses.
  itMaps('links an English page to %s at %s', (path: string) => localizedPath(path, 'en'), [
    ['/products', '/products'],
    ['/es/products', '/products'],
  ]);

  it('links nothing under /es for a business without Spanish', () => {
    expect(localizedPath('/products', 'es', false)).toBe('/products');
  });

  // An error page answers for any address: no twin, no switch.
  itMaps('gives %j in the other language at %s', ([path, locale]: readonly [string, Locale]) => pathInLocale(path, locale), [
    [['/products/pink-castle', 'es'], '/es/products/pink-castle'],
    [['/es/products/pink-castle', 'en'], '/products/pink-castle'],
    [['/es', 'en'], '/'],
    [['/cart', 'es'], '/es/cart'],
    [['/track-order', 'es'], '/es/track-order'],
    [['/seo-pages', 'es'], '/es/seo-pages'],
    [['/es/waiver', 'en'], '/waiver'],
    [['/toast-testing', 'es'], null],
    [['/es/404', 'en'], null],
  ]);

  itMaps('knows whether %s has a Spanish page: %s', hasSpanishPage, [
    ['/categories', true],
    ['/es/products/pink-castle?x=1', true],
    ['/seo-pages', true],
    ['/support', true],
    ['/waiver', true],
    ['/toast-testing', false],
    ['/track-order', true],
    // Every pattern holds the whole path, as one expression too.
    ['/admin/bookings', false],
    ['/api/bookings', false],
    ['/products/pink-castle/photos', false],
    ['/cart/x', false],
    ['/x/cart', false],
    ['/locations/cedar-park/bounce-houses', true],
  ]);

  // The switch on a page served for every address under it (/hi/{id}) keeps the rest of the address.
  itMaps('switches from %j to %s', ([link, here]: readonly [string, string]) => switchedPath(link, here), [
    [['/es/hi', '/hi/PF-1234'], '/es/hi/PF-1234'],
    [['/hi', '/es/hi/PF-1234'], '/hi/PF-1234'],
    [['/es/hi', '/hi'], '/es/hi'],
    [['/es/products/pink-castle', '/products/pink-castle'], '/es/products/pink-castle'],
    [['/es', '/'], '/es'],
    [['/', '/es/products'], '/'],
    [['/es/products', '/products/'], '/es/products'],
    // Used again (the link is filled in on hover, focus and click): the same address.
    [['/es/hi/PF-1234', '/hi/PF-1234'], '/es/hi/PF-1234'],
  ]);
});
