import { describe, expect, it } from 'vitest';
import { linksToEnglishTwins, localizeEntries, missingTranslations, orphanTranslations } from './localized';

const english = [
  { id: 'about', data: { title: 'About us', updated: '2026-01-01', demo: false }, rendered: { html: '<p>We rent bounce houses.</p>' }, body: 'We rent bounce houses.' },
  { id: 'terms', data: { title: 'Rental terms', updated: '2026-02-01', demo: false }, rendered: { html: '<p>The terms.</p>' }, body: 'The terms.' },
];
const spanish = [{ id: 'about', data: { title: 'Quiénes somos' }, rendered: { html: '<p>Rentamos brincolines.</p>' }, body: 'Rentamos brincolines.' }];

describe('an English entry in Spanish', () => {
  it('takes the Spanish entry’s words and keeps the English entry’s facts', () => {
    const [about] = localizeEntries(english, spanish, 'es');
    expect(about).toMatchObject({ id: 'about', lang: 'es', data: { title: 'Quiénes somos', updated: '2026-01-01', demo: false }, rendered: { html: '<p>Rentamos brincolines.</p>' } });
  });

  it('falls back to the English entry, marked as English, when there is no Spanish one', () => {
    const [, terms] = localizeEntries(english, spanish, 'es');
    expect(terms).toMatchObject({ id: 'terms', lang: 'en', data: { title: 'Rental terms' }, rendered: { html: '<p>The terms.</p>' } });
  });

  it('leaves English pages as they were', () => {
    expect(localizeEntries(english, spanish, 'en')).toEqual(english.map((e) => ({ ...e, lang: 'en' })));
  });

  it('names the English entries with no Spanish one', () => {
    expect(missingTranslations(['about', 'terms', 'support'], ['about'])).toEqual(['terms', 'support']);
  });
});

describe('the links of a Spanish entry', () => {
  it('names a link to an English page that has a Spanish version', () => {
    expect(linksToEnglishTwins('Vea la [exención](/waiver) y [contáctenos](/contact#map).')).toEqual(['/waiver', '/contact#map']);
    expect(linksToEnglishTwins('<a href="/request-a-quote">cotización</a>')).toEqual(['/request-a-quote']);
  });

  it('passes Spanish links, outside links and English pages with no Spanish version', () => {
    expect(linksToEnglishTwins('[condiciones](/es/terms), [inicio](/es), [Stripe](https://stripe.com), [entrar](/admin/login)')).toEqual([]);
  });
});

describe('Spanish entries with no English entry of their name', () => {
  it('are named, with the English one probably meant, since they are never built', () => {
    expect(orphanTranslations(['pflugerville', 'round-rock', 'about'], ['pflugervile', 'round-rock', 'careers'])).toEqual([
      { name: 'pflugervile', meant: 'pflugerville' },
      { name: 'careers', meant: undefined },
    ]);
    expect(orphanTranslations(['about'], ['about'])).toEqual([]);
  });
});
