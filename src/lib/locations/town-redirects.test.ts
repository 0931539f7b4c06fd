import { describe, expect, it } from 'vitest';
import { redirectsFile, townRedirects, type TownRedirectInput } from './town-redirects';

const input = (over: Partial<TownRedirectInput> = {}): TownRedirectInput => ({
  switchedOff: [{ slug: 'dublin', state: 'OH' }],
  served: [{ slug: 'hilliard', state: 'OH' }],
  serviceSlugs: ['water-slides', 'bounce-houses'],
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
