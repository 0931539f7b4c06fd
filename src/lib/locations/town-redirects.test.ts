import { describe, expect, it } from 'vitest';
import { redirectsFile, townRedirects, type TownRedirectInput } from './town-redirects';

const input = (over: Partial<TownRedirectInput> = {}): TownRedirectInput => ({
  switchedOff: [{ slug: 'dublin', state: 'OH' }],
  served: [{ slug: 'hilliard', state: 'OH' }],
  renamed: [],
  serviceSlugs: ['water-slides', 'bounce-houses'],
  builtServiceSlugs: ['water-slides', 'bounce-houses'],
  spanishOffered: true,
  ...over,
});

const pairs = (over: Partial<TownRedirectInput> = {}) => townRedirects(input(over)).map((r) => `${r.from} -> ${r.to}`);

describe('townRedirects', () => {
  it('sends each of a switched-off town’s landing pages, its town page and its checklists to the service areas, in each language', () => {
    expect(pairs()).toEqual([
      '/bounce-houses-dublin-oh -> /service-areas',
      '/water-slides-dublin-oh -> /service-areas',
      '/locations/dublin -> /service-areas',
      '/locations/dublin/* -> /service-areas',
      '/es/bounce-houses-dublin-oh -> /es/service-areas',
      '/es/water-slides-dublin-oh -> /es/service-areas',
      '/es/locations/dublin -> /es/service-areas',
      '/es/locations/dublin/* -> /es/service-areas',
    ]);
    expect(townRedirects(input()).every((r) => r.status === 301)).toBe(true);
  });

  it('sends the Spanish addresses to the English page when Spanish is no longer offered', () => {
    expect(pairs({ spanishOffered: false }).filter((p) => p.startsWith('/es/'))).toEqual([
      '/es/bounce-houses-dublin-oh -> /service-areas',
      '/es/water-slides-dublin-oh -> /service-areas',
      '/es/locations/dublin -> /service-areas',
      '/es/locations/dublin/* -> /service-areas',
    ]);
  });

  it('has no rule when no town is switched off, and one set per town, towns by slug, each service once', () => {
    expect(townRedirects(input({ switchedOff: [] }))).toEqual([]);
    const two = pairs({ switchedOff: [{ slug: 'worthington', state: 'OH' }, { slug: 'dublin', state: 'OH' }], serviceSlugs: ['bounce-houses', 'bounce-houses'] });
    expect(two.slice(0, 6)).toEqual([
      '/bounce-houses-dublin-oh -> /service-areas',
      '/locations/dublin -> /service-areas',
      '/locations/dublin/* -> /service-areas',
      '/bounce-houses-worthington-oh -> /service-areas',
      '/locations/worthington -> /service-areas',
      '/locations/worthington/* -> /service-areas',
    ]);
    expect(two).toHaveLength(12);
  });

  it('never redirects an address a served town’s landing page is built at', () => {
    // "water" + "slides-dublin" (off) spells the landing page of "water-slides" + "dublin" (served).
    const clash = pairs({ switchedOff: [{ slug: 'slides-dublin', state: 'OH' }], served: [{ slug: 'dublin', state: 'OH' }], serviceSlugs: ['water', 'water-slides'] });
    expect(clash).not.toContain('/water-slides-dublin-oh -> /service-areas');
    expect(clash).toContain('/locations/slides-dublin -> /service-areas');
    expect(clash).toContain('/es/locations/slides-dublin/* -> /es/service-areas');
  });
});

describe('townRedirects of a renamed town', () => {
  // Dublin was published as "dublin" and is "dublin-oh" now; hilliard and dublin-oh are served.
  const renamed = (over: Partial<TownRedirectInput> = {}) =>
    pairs({
      switchedOff: [],
      served: [{ slug: 'hilliard', state: 'OH' }, { slug: 'dublin-oh', state: 'OH' }],
      renamed: [{ old: { slug: 'dublin', state: 'OH' }, now: { slug: 'dublin-oh', state: 'OH' }, active: true }],
      ...over,
    });

  it('sends every page it had to the same page at its new address, in each language', () => {
    expect(renamed()).toEqual([
      '/bounce-houses-dublin-oh -> /bounce-houses-dublin-oh-oh',
      '/water-slides-dublin-oh -> /water-slides-dublin-oh-oh',
      '/locations/dublin -> /locations/dublin-oh',
      '/locations/dublin/bounce-houses -> /locations/dublin-oh/bounce-houses',
      '/locations/dublin/water-slides -> /locations/dublin-oh/water-slides',
      '/locations/dublin/* -> /locations/dublin-oh',
      '/es/bounce-houses-dublin-oh -> /es/bounce-houses-dublin-oh-oh',
      '/es/water-slides-dublin-oh -> /es/water-slides-dublin-oh-oh',
      '/es/locations/dublin -> /es/locations/dublin-oh',
      '/es/locations/dublin/bounce-houses -> /es/locations/dublin-oh/bounce-houses',
      '/es/locations/dublin/water-slides -> /es/locations/dublin-oh/water-slides',
      '/es/locations/dublin/* -> /es/locations/dublin-oh',
    ]);
  });

  it('sends a service’s old pages to the town page when that service builds no page now, and Spanish to English without Spanish', () => {
    const pages = renamed({ builtServiceSlugs: ['bounce-houses'], spanishOffered: false });
    expect(pages).toContain('/water-slides-dublin-oh -> /locations/dublin-oh');
    expect(pages).toContain('/locations/dublin/water-slides -> /locations/dublin-oh');
    expect(pages).toContain('/es/bounce-houses-dublin-oh -> /bounce-houses-dublin-oh-oh');
  });

  it('sends the old addresses to the service areas once the town is switched off too', () => {
    const pages = renamed({
      switchedOff: [{ slug: 'dublin-oh', state: 'OH' }],
      served: [{ slug: 'hilliard', state: 'OH' }],
      renamed: [{ old: { slug: 'dublin', state: 'OH' }, now: { slug: 'dublin-oh', state: 'OH' }, active: false }],
    });
    expect(pages).toContain('/locations/dublin -> /service-areas');
    expect(pages).toContain('/locations/dublin/* -> /service-areas');
    expect(pages).toContain('/es/water-slides-dublin-oh -> /es/service-areas');
    expect(pages).not.toContain('/locations/dublin/water-slides -> /locations/dublin-oh/water-slides');
  });

  it('leaves an old slug another town holds now to that town: served, or its own redirects once switched off', () => {
    const taken = renamed({ served: [{ slug: 'dublin-oh', state: 'OH' }, { slug: 'dublin', state: 'OH' }] });
    expect(taken).toEqual([]);
    const takenThenOff = renamed({ served: [{ slug: 'dublin-oh', state: 'OH' }], switchedOff: [{ slug: 'dublin', state: 'OH' }] });
    // The switched-off holder's own rules, each address once; none to the renamed town.
    expect(takenThenOff).toEqual(pairs({ switchedOff: [{ slug: 'dublin', state: 'OH' }] }));
  });

  it('gives an address two towns left to the latest to leave it, once', () => {
    const pages = renamed({
      served: [{ slug: 'dublin-oh', state: 'OH' }, { slug: 'dublin-city', state: 'OH' }],
      renamed: [
        { old: { slug: 'dublin', state: 'OH' }, now: { slug: 'dublin-city', state: 'OH' }, active: true },
        { old: { slug: 'dublin', state: 'OH' }, now: { slug: 'dublin-oh', state: 'OH' }, active: true },
      ],
    });
    expect(pages.filter((p) => p.startsWith('/locations/dublin '))).toEqual(['/locations/dublin -> /locations/dublin-city']);
    expect(pages.filter((p) => p.startsWith('/bounce-houses-dublin-oh '))).toEqual(['/bounce-houses-dublin-oh -> /bounce-houses-dublin-city-oh']);
  });

  it('makes no loop when a town goes back to an old slug: the address it holds is served, the other goes to it', () => {
    // dublin -> dublin-oh -> dublin: both are old slugs, "dublin" is its own again.
    const back = renamed({
      served: [{ slug: 'dublin', state: 'OH' }],
      renamed: [
        { old: { slug: 'dublin-oh', state: 'OH' }, now: { slug: 'dublin', state: 'OH' }, active: true },
        { old: { slug: 'dublin', state: 'OH' }, now: { slug: 'dublin', state: 'OH' }, active: true },
      ],
    });
    expect(back.filter((p) => !p.startsWith('/es/'))).toEqual([
      '/bounce-houses-dublin-oh-oh -> /bounce-houses-dublin-oh',
      '/water-slides-dublin-oh-oh -> /water-slides-dublin-oh',
      '/locations/dublin-oh -> /locations/dublin',
      '/locations/dublin-oh/bounce-houses -> /locations/dublin/bounce-houses',
      '/locations/dublin-oh/water-slides -> /locations/dublin/water-slides',
      '/locations/dublin-oh/* -> /locations/dublin',
    ]);
    // No rule's address is another's target: one hop, never a chain.
    const rules = townRedirects(input({ served: [{ slug: 'dublin', state: 'OH' }], switchedOff: [], renamed: [{ old: { slug: 'dublin-oh', state: 'OH' }, now: { slug: 'dublin', state: 'OH' }, active: true }] }));
    const froms = new Set(rules.map((r) => r.from));
    expect(rules.filter((r) => froms.has(r.to))).toEqual([]);
  });

  it('moves the landing pages alone when only the state changed', () => {
    const moved = renamed({
      served: [{ slug: 'dublin', state: 'OH' }],
      renamed: [{ old: { slug: 'dublin', state: 'IN' }, now: { slug: 'dublin', state: 'OH' }, active: true }],
    });
    expect(moved.filter((p) => !p.startsWith('/es/'))).toEqual(['/bounce-houses-dublin-in -> /bounce-houses-dublin-oh', '/water-slides-dublin-in -> /water-slides-dublin-oh']);
  });
});

describe('redirectsFile', () => {
  it('writes one `from to status` line a rule under comment lines', () => {
    const text = redirectsFile(townRedirects(input({ serviceSlugs: ['bounce-houses'] })));
    const lines = text.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('#')).length).toBeGreaterThan(0);
    expect(lines.filter((l) => !l.startsWith('#'))).toEqual([
      '/bounce-houses-dublin-oh /service-areas 301',
      '/locations/dublin /service-areas 301',
      '/locations/dublin/* /service-areas 301',
      '/es/bounce-houses-dublin-oh /es/service-areas 301',
      '/es/locations/dublin /es/service-areas 301',
      '/es/locations/dublin/* /es/service-areas 301',
    ]);
    expect(text.endsWith('\n')).toBe(true);
  });
});
