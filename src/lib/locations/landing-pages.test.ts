import { describe, expect, it } from 'vitest';
import type { Category, Product } from '../catalog/types';
import { NO_SITE_RULES } from '../catalog/site-requirements';
import type { BusinessSettings } from '../business/schema';
import { demoSettings } from '../../../supabase/seed/settings';
import type { ServiceArea } from './types';
import { buildLandingPages, buildServices, buildsLandingPages, landingHeading, landingParam, siteOrigin, type LandingService, type ServiceEntryData } from './landing-pages';
import { buildCities, cityContentId, citiesByCounty, countiesPhrase, popularInCity, renamedCityFiles, unservedCityFiles, type CityFacts, type LandingCity } from './landing-cities';
import { formatTaxRate, listOf, summarizeOffer } from './offer-words';
import { deliverySentence } from './landing-cities';
import { landingDescription, landingLede, landingSections, type LandingCopyInput } from './landing-copy';
import { checklistDescription, exampleTotal, planningChecklist } from './landing-checklist';
import { zipDirectory } from './zip-directory';
import { landingDescriptionEs, landingLedeEs, landingSectionsEs } from './landing-copy-es';
import { checklistDescriptionEs, planningChecklistEs } from './landing-checklist-es';
import { landingHeadingEs, spanishService } from './landing-service-es';
import en from '../i18n/messages/en.json';
import es from '../i18n/messages/es.json';
import { landingPath, locationPath, locationServicePath } from '../paths/pages';

// The demo business, with a short tagline, no office hours and its own warehouse address.
const settings: BusinessSettings = {
  ...demoSettings,
  tagline: 'Party rentals',
  email: 'hello@example.com',
  officeHours: { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null },
  warehouseLine1: '1 Main St',
  warehouseZip: '78664',
};

const categories: Pick<Category, 'slug' | 'name' | 'kind' | 'summary' | 'productCount'>[] = [
  { slug: 'bounce-houses', name: 'Bounce Houses', kind: 'rental', summary: 'Bounce houses.', productCount: 2 },
  { slug: 'water-slides', name: 'Water Slides', kind: 'rental', summary: 'Water slides.', productCount: 2 },
  { slug: 'cakes', name: 'Cakes', kind: 'cake', summary: 'Cakes.', productCount: 1 },
];

const serviceEntries: { data: ServiceEntryData }[] = [
  {
    data: {
      name: 'Water Slides',
      headline: 'Water Slide Rentals',
      categorySlug: 'water-slides',
      summary: 'Slides for hot days.',
      order: 2,
      highlights: ['Grass only', 'Hose needed'],
    },
  },
  {
    data: {
      name: 'Bounce Houses',
      headline: 'Bounce House Rentals',
      categorySlug: 'bounce-houses',
      summary: 'Bouncers.',
      order: 1,
      highlights: ['Staked on grass', 'Sandbags on concrete'],
    },
  },
  {
    data: { name: 'Hot Tubs', headline: 'Hot Tub Rentals', categorySlug: 'hot-tubs', summary: 'x', order: 0, highlights: ['a', 'b'] },
  },
];

function facts(overrides: Partial<CityFacts>): CityFacts {
  return {
    city: 'Placeholder',
    state: 'TX',
    county: 'Williamson',
    driveMinutes: 20,
    neighbourhoods: [],
    parks: [],
    venues: [],
    neighbours: [],
    terrain: 'Flat clay',
    summerNote: 'Hot in August',
    ...overrides,
  };
}

const cityEntries: { id: string; data: CityFacts }[] = [
  {
    id: 'cedar-park',
    data: facts({
      city: 'Cedar Park',
      driveMinutes: 20,
      parks: ['Elizabeth Milburn Park', 'Veterans Memorial Park'],
      venues: ['Cedar Park Recreation Center'],
      neighbourhoods: ['Buttercup Creek'],
      neighbours: ['round-rock', 'leander', 'lago-vista'],
      terrain: 'Shallow, rocky soil over limestone',
      summerNote: 'Veterans Memorial Pool is the summer hot spot',
    }),
  },
  {
    id: 'round-rock',
    data: facts({
      city: 'Round Rock',
      driveMinutes: 10,
      parks: ['Old Settlers Park'],
      neighbours: ['cedar-park', 'georgetown'],
      terrain: 'Blackland Prairie clay to the east',
      summerNote: 'July afternoons sit in the upper 90s',
    }),
  },
  {
    id: 'salado',
    data: facts({ city: 'Salado', county: 'Bell', driveMinutes: 35, neighbours: ['round-rock'], terrain: 'Lots sit under big trees' }),
  },
  // A city file for an area that is no longer served.
  { id: 'lago-vista', data: facts({ city: 'Lago Vista', neighbours: ['cedar-park'] }) },
];

function area(slug: string, city: string, fee: number, minimum: number, zipCodes: string[]): ServiceArea {
  return { id: `a-${slug}`, slug, city, state: 'TX', county: '', deliveryFeeCents: fee, taxRateBps: 825, minimumOrderCents: minimum, zipCodes };
}

const areas: ServiceArea[] = [
  area('round-rock', 'Round Rock', 0, 0, ['78664', '78665', '78681']),
  area('cedar-park', 'Cedar Park', 3000, 0, ['78613']),
  area('salado', 'Salado', 5500, 20_000, ['76571']),
  // An area with no content file yet.
  area('temple', 'Temple', 9000, 30_000, ['76501']),
];

function product(overrides: Partial<Product> & Pick<Product, 'slug' | 'name' | 'categorySlug' | 'basePriceCents'>): Product {
  return {
    id: `p-${overrides.slug}`,
    ...NO_SITE_RULES,
    categoryName: overrides.categorySlug,
    categoryNameEs: null,
    categoryKind: 'rental',
    shortDescription: 'A product.',
    description: 'A product.',
    nameEs: null,
    shortDescriptionEs: null,
    descriptionEs: null,
    included: [],
    includedEs: null,
    lengthFt: null,
    widthFt: null,
    heightFt: null,
    spaceLengthFt: null,
    spaceWidthFt: null,
    capacity: null,
    ageMin: null,
    ageMax: null,
    outletsRequired: 1,
    blowerHp: null,
    waterHookup: false,
    surfaces: ['grass', 'concrete', 'asphalt', 'artificial-turf'],
    setupMinutes: 45,
    teardownMinutes: 30,
    pricingUnit: 'rental',
    baseHours: 8,
    halfDayPriceCents: null,
    extraDayPriceCents: null,
    tracksInventory: true,
    featured: false,
    seoTitle: null,
    seoDescription: null,
    cakeBaseServings: null,
    cakeBaseTiers: null,
    cakeMaxTiers: null,
    photos: [],
    packageItems: [],
    unitCount: 1,
    ...overrides,
  };
}

const bounceHouses = [
  product({
    slug: 'mega',
    name: 'Mega 20x20 Bounce House',
    categorySlug: 'bounce-houses',
    basePriceCents: 24_500,
    spaceLengthFt: 24,
    spaceWidthFt: 24,
    unitCount: 2,
  }),
  product({
    slug: 'toddler',
    name: 'Toddler Jungle Bounce House',
    categorySlug: 'bounce-houses',
    basePriceCents: 16_500,
    spaceLengthFt: 16,
    spaceWidthFt: 16,
    surfaces: ['grass', 'concrete', 'asphalt', 'indoor', 'artificial-turf'],
    unitCount: 2,
  }),
];
const waterSlides = [
  product({
    slug: 'splash',
    name: "Lil' Splash",
    categorySlug: 'water-slides',
    basePriceCents: 27_500,
    waterHookup: true,
    surfaces: ['grass', 'artificial-turf'],
    spaceLengthFt: 24,
    spaceWidthFt: 14,
  }),
  product({
    slug: 'tidal',
    name: 'Tidal Drop',
    categorySlug: 'water-slides',
    basePriceCents: 49_500,
    waterHookup: true,
    outletsRequired: 2,
    surfaces: ['grass', 'artificial-turf'],
    spaceLengthFt: 50,
    spaceWidthFt: 20,
  }),
];
const cakes = [
  product({ slug: 'round', name: 'Classic Round Birthday Cake', categorySlug: 'cakes', basePriceCents: 4500, pricingUnit: 'each', surfaces: [], outletsRequired: 0, tracksInventory: false, unitCount: 0 }),
];
const generator = product({ slug: 'generator', name: 'Quiet Inverter Generator', categorySlug: 'party-supplies', basePriceCents: 12_500, pricingUnit: 'each', outletsRequired: 0 });

const services = buildServices(serviceEntries, categories);
/** ZIP centres of the test areas (roughly where the towns are); the warehouse is in Round Rock. */
const points: Record<string, { lat: number; lng: number }> = {
  '78664': { lat: 30.51, lng: -97.66 },
  '78665': { lat: 30.55, lng: -97.64 },
  '78681': { lat: 30.52, lng: -97.72 },
  '78613': { lat: 30.51, lng: -97.82 },
  '76571': { lat: 30.95, lng: -97.54 },
  '76501': { lat: 31.1, lng: -97.34 },
};
const geo = { warehouse: points['78664']!, zipPoint: (zip: string) => points[zip] ?? null };
const popular = new Map([['a-salado', ['p-mega', 'p-unknown']]]);
const cities = buildCities(cityEntries, areas, { geo, popular });
const bySlug = (slug: string): LandingCity => cities.find((c) => c.slug === slug)!;
const service = (slug: string): LandingService => services.find((s) => s.slug === slug)!;

function copyInput(serviceSlug: string, citySlug: string): LandingCopyInput {
  const products = { 'bounce-houses': bounceHouses, 'water-slides': waterSlides, cakes }[serviceSlug] ?? [];
  return { service: service(serviceSlug), city: bySlug(citySlug), offer: summarizeOffer(products), settings, generator };
}

/** Everything a landing page says below its heading, as one string. */
function pageText(input: LandingCopyInput): string {
  return [landingLede(input), ...landingSections(input).flatMap((s) => [s.heading, ...s.paragraphs])].join('\n');
}

describe('paths', () => {
  it('builds the pattern route from the category slug, city slug and lower-case state', () => {
    expect(landingPath({ slug: 'bounce-houses' }, { slug: 'round-rock', state: 'TX' })).toBe('/bounce-houses-round-rock-tx');
    expect(landingPath({ slug: 'water-slides' }, { slug: 'cedar-park', state: 'TX' })).toBe('/water-slides-cedar-park-tx');
    expect(landingParam({ path: '/water-slides-cedar-park-tx' })).toBe('water-slides-cedar-park-tx');
  });

  it('builds the location paths', () => {
    expect(locationPath({ slug: 'cedar-park' })).toBe('/locations/cedar-park');
    expect(locationServicePath({ slug: 'cedar-park' }, { slug: 'water-slides' })).toBe('/locations/cedar-park/water-slides');
  });

  it('drops the trailing slash of the site URL so the LocalBusiness @id matches', () => {
    expect(siteOrigin(new URL('https://pinkflamingo.example/'))).toBe('https://pinkflamingo.example');
    expect(siteOrigin(undefined)).toBe('http://localhost:4321');
  });
});

describe('buildServices', () => {
  it('makes one service per category, ordered by the content entries, with a fallback for categories without one', () => {
    expect(services.map((s) => s.slug)).toEqual(['bounce-houses', 'water-slides', 'cakes']);
    expect(service('water-slides')).toMatchObject({ headline: 'Water Slide Rentals', noun: 'water slides', kind: 'rental' });
    expect(service('cakes')).toMatchObject({ headline: 'Cakes', name: 'Cakes', summary: 'Cakes.', kind: 'cake', highlights: [] });
  });

  it('ignores entries for categories that do not exist', () => {
    expect(services.some((s) => s.slug === 'hot-tubs')).toBe(false);
  });
});

describe('buildCities', () => {
  it('makes a city of every active service area, joining its content file by slug when there is one', () => {
    expect(cities.map((c) => c.slug)).toEqual(['cedar-park', 'round-rock', 'salado', 'temple']);
    expect(bySlug('salado')).toMatchObject({ county: 'Bell', deliveryFeeCents: 5500, minimumOrderCents: 20_000, zipCodes: ['76571'], hasContent: true });
    expect(bySlug('temple')).toMatchObject({ hasContent: false, county: '', terrain: null, summerNote: null, parks: [], deliveryFeeCents: 9000 });
  });

  it('takes distance and drive time from the ZIP centres, unless the file gives the drive', () => {
    const temple = bySlug('temple');
    expect(temple.miles).toBeGreaterThan(40);
    expect(temple.miles).toBeLessThan(50);
    expect(temple.driveMinutes).toBe(105); // about 45 mi × 1.3 at 35 mph, in 5-minute steps
    expect(bySlug('cedar-park')).toMatchObject({ driveMinutes: 20 });
    expect(bySlug('cedar-park').miles).toBeGreaterThan(8);
    // Without ZIP centres a data-only city has no distance at all, rather than a made-up one.
    expect(buildCities([], areas).find((c) => c.slug === 'temple')).toMatchObject({ driveMinutes: null, miles: null, neighbours: [] });
  });

  it('prefers the county of the service area over the file’s', () => {
    const withCounty = areas.map((a) => (a.slug === 'salado' ? { ...a, county: 'Bell (area)' } : a));
    expect(buildCities(cityEntries, withCounty).find((c) => c.slug === 'salado')!.county).toBe('Bell (area)');
  });

  it('links a city without a list of neighbours to the nearest served towns', () => {
    expect(bySlug('temple').neighbours).toEqual(['salado', 'round-rock', 'cedar-park']);
    expect(bySlug('salado').neighbours).toEqual(['round-rock']);
  });

  it('names the content files of towns we do not serve, which build nothing', () => {
    expect(unservedCityFiles(cityEntries, cities)).toEqual(['src/content/cities/lago-vista.md']);
    expect(cities.some((c) => c.slug === 'lago-vista')).toBe(false);
    expect(renamedCityFiles(cities)).toEqual([]);
  });

  it('finds a renamed town’s file by its newest old slug that has one, when none is under its slug now', () => {
    const files = new Set(['salado', 'salado-village', 'round-rock']);
    const served = new Set(['salado-tx', 'round-rock']);
    expect(cityContentId('salado-tx', ['salado-bell', 'salado'], files, served)).toBe('salado');
    // Newest first: the address it left last.
    expect(cityContentId('salado-tx', ['salado-village', 'salado'], files, served)).toBe('salado-village');
    // A file under its slug now wins; none at all is null.
    expect(cityContentId('round-rock', ['salado'], files, served)).toBe('round-rock');
    expect(cityContentId('temple-bell', ['temple'], files, served)).toBeNull();
    // A slug another served town holds now is that town's file.
    expect(cityContentId('rr-north', ['round-rock'], files, served)).toBeNull();
  });

  it('builds a renamed town from its old file, says in the build that the file should be renamed, and does not call it unserved', () => {
    const renamed = areas.map((a) => (a.slug === 'salado' ? { ...a, slug: 'salado-village' } : a));
    const built = buildCities(cityEntries, renamed, { oldSlugs: new Map([[renamed.find((a) => a.slug === 'salado-village')!.id, ['salado']]]) });
    expect(built.find((c) => c.slug === 'salado-village')).toMatchObject({ contentId: 'salado', hasContent: true, terrain: 'Lots sit under big trees', driveMinutes: 35 });
    expect(unservedCityFiles(cityEntries, built)).toEqual(['src/content/cities/lago-vista.md']);
    expect(renamedCityFiles(built)).toEqual([
      "src/content/cities/salado.md is Salado's, found by the address it had before it was renamed: rename it to salado-village.md (and its Spanish twin in src/content/es/cities, if any), so a later rename keeps it.",
    ]);
    // Without its old slugs (before the table existed) the town has no words, as before.
    expect(buildCities(cityEntries, renamed).find((c) => c.slug === 'salado-village')).toMatchObject({ contentId: null, hasContent: false });
  });

  it('groups cities by county in alphabetical order, towns of unknown county last', () => {
    expect(citiesByCounty(cities).map((g) => [g.county, g.cities.map((c) => c.city)])).toEqual([
      ['Bell', ['Salado']],
      ['Williamson', ['Cedar Park', 'Round Rock']],
      ['', ['Temple']],
    ]);
  });

  it('words where we deliver from the counties in the data', () => {
    expect(countiesPhrase(cities)).toBe('Williamson and Bell counties');
    expect(countiesPhrase([{ county: 'Franklin' }, { county: 'Franklin' }])).toBe('Franklin County');
    expect(countiesPhrase([{ county: 'A' }, { county: 'B' }, { county: 'C' }, { county: 'D' }, { county: 'A' }])).toBe('A, B and 2 more counties');
    expect(countiesPhrase([{ county: '' }])).toBe('');
  });

  it('shows the products most booked in the city, else the featured ones', () => {
    const catalog = [...bounceHouses, { ...waterSlides[0]!, featured: true }];
    expect(popularInCity(bySlug('salado'), catalog).map((p) => p.slug)).toEqual(['mega']);
    expect(popularInCity(bySlug('temple'), catalog).map((p) => p.slug)).toEqual([waterSlides[0]!.slug]);
  });
});

describe('buildLandingPages', () => {
  const pages = buildLandingPages(services, cities);

  it('makes a page for every service in every served city', () => {
    expect(pages).toHaveLength(services.length * cities.length);
    expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
    expect(pages.map((p) => p.path)).toContain('/water-slides-cedar-park-tx');
  });

  it('builds no page for a service with nothing to rent, and says so through the one predicate links use', () => {
    const withEmpty = [...services, { ...services[0]!, slug: 'obstacle-courses', productCount: 0 }];
    const built = buildLandingPages(withEmpty, cities);
    expect(built.some((p) => p.service.slug === 'obstacle-courses')).toBe(false);
    expect(built).toHaveLength(services.length * cities.length);
    expect(buildsLandingPages({ productCount: 0 })).toBe(false);
    expect(buildsLandingPages({ productCount: 1 })).toBe(true);
    // Every page built is one the predicate promises, and every service it promises has its pages.
    for (const s of withEmpty) expect(built.some((p) => p.service.slug === s.slug)).toBe(buildsLandingPages(s));
  });

  it('takes each service’s product count from its category', () => {
    expect(buildServices(serviceEntries, [{ ...categories[0]!, productCount: 0 }])[0]).toMatchObject({ slug: 'bounce-houses', productCount: 0 });
  });

  it('links only to neighbours we serve, in the order the city file gives', () => {
    const cedarPark = pages.find((p) => p.path === '/bounce-houses-cedar-park-tx')!;
    expect(cedarPark.neighbours.map((c) => c.slug)).toEqual(['round-rock']);
  });

  it('refuses two pages on one path', () => {
    const clashing = [
      { ...services[0]!, slug: 'bounce' },
      { ...services[1]!, slug: 'bounce-houses' },
    ];
    const twoCities = [
      { ...bySlug('cedar-park'), slug: 'houses-austin' },
      { ...bySlug('round-rock'), slug: 'austin' },
    ];
    expect(() => buildLandingPages(clashing, twoCities)).toThrow(/claimed by both/);
  });

  it('titles pages with the service headline and the city', () => {
    expect(landingHeading(service('bounce-houses'), bySlug('cedar-park'))).toBe('Bounce House Rentals in Cedar Park, TX');
  });
});

describe('copy built from facts', () => {
  it('reads well for a city that has only its service-area data', () => {
    for (const serviceSlug of ['bounce-houses', 'water-slides', 'cakes']) {
      const input = copyInput(serviceSlug, 'temple');
      const text = [pageText(input), ...planningChecklist(input, en.contentValues).map((s) => `${s.title}: ${s.detail}`), landingDescription(input), checklistDescription(input)].join('\n');
      expect(text, serviceSlug).not.toMatch(/undefined|null|NaN|\.\.| {2}| County[,.]|\( /);
      expect(text).toContain('Temple');
    }
    const lede = landingLede(copyInput('bounce-houses', 'temple'));
    expect(lede).toContain('Temple is about 105 minutes (about 45 miles) from our Round Rock warehouse.');
    expect(lede).toContain('Delivery to Temple is $90 per booking, and orders delivered to Temple start at $300 before delivery and tax.');
    const steps = planningChecklist(copyInput('water-slides', 'temple'), en.contentValues);
    expect(steps.find((s) => s.title === 'Look at the ground')!.detail).toBe('Grass, concrete or asphalt? Tell us what your Temple spot is like when you book, so the crew brings the right anchors.');
    expect(steps.find((s) => s.title.startsWith('Find the hose'))!.detail).toMatch(/within about 75 ft\.$/);
    expect(landingSections(copyInput('water-slides', 'temple')).map((s) => s.heading)).not.toContain('Parties in Temple parks');
  });

  it('states the delivery fee and minimum order of the city', () => {
    expect(deliverySentence(bySlug('cedar-park'))).toBe('Delivery to Cedar Park is $30 per booking, and there is no minimum order.');
    expect(deliverySentence(bySlug('round-rock'))).toBe('Delivery within Round Rock is free, and there is no minimum order.');
    expect(deliverySentence(bySlug('salado'))).toBe(
      'Delivery to Salado is $55 per booking, and orders delivered to Salado start at $200 before delivery and tax.',
    );
  });

  it('opens with how many designs, the lowest price, the drive and the fee', () => {
    const lede = landingLede(copyInput('bounce-houses', 'cedar-park'));
    expect(lede).toContain('We deliver 2 bounce houses to Cedar Park, from $165 for up to 8 hours.');
    expect(lede).toContain('We keep 4 units of these 2 designs in service');
    expect(lede).toContain('Cedar Park is about 20 minutes from our Round Rock warehouse, in Williamson County.');
    expect(lede).toContain('Delivery to Cedar Park is $30 per booking');
  });

  it('gives inflatables the terrain, and water slides the summer note and the hose', () => {
    const bounce = pageText(copyInput('bounce-houses', 'cedar-park'));
    expect(bounce).toContain('Shallow, rocky soil over limestone.');
    expect(bounce).not.toContain('Veterans Memorial Pool');
    expect(bounce).toContain('the Toddler Jungle Bounce House is the one we can set up indoors');
    expect(bounce).toContain('Cedar Park Recreation Center');

    const slides = pageText(copyInput('water-slides', 'cedar-park'));
    expect(slides).toContain('Veterans Memorial Pool is the summer hot spot.');
    expect(slides).toContain('garden hose');
    expect(slides).toContain('never on concrete or asphalt');
    expect(slides).toContain("The Lil' Splash needs one standard outlet within 50 ft. The Tidal Drop needs 2 outlets on separate circuits.");
    expect(slides).toContain('Each one goes on grass or artificial turf only, never on concrete or asphalt.');
    expect(slides).toContain('Add our Quiet Inverter Generator for $125.');
  });

  it('names the exceptions instead of claiming every design can do the same', () => {
    const wetCombo = product({
      slug: 'lagoon',
      name: 'Flamingo Lagoon Wet/Dry Combo',
      categorySlug: 'bounce-houses',
      basePriceCents: 32_500,
      waterHookup: true,
      surfaces: ['grass', 'artificial-turf'],
    });
    const games = [
      ...bounceHouses,
      wetCombo,
      product({ slug: 'connect', name: 'Giant Connect Four', categorySlug: 'bounce-houses', basePriceCents: 12_500, outletsRequired: 0 }),
    ];
    const text = pageText({ ...copyInput('bounce-houses', 'cedar-park'), offer: summarizeOffer(games) });
    expect(text).toContain('Most go on grass, concrete, asphalt or artificial turf.');
    expect(text).toContain('The Flamingo Lagoon Wet/Dry Combo goes on grass or artificial turf only, never on concrete or asphalt.');
    expect(text).toContain('Most need one standard outlet within 50 ft. The Giant Connect Four needs no power at all.');
    expect(text).toContain('The Flamingo Lagoon Wet/Dry Combo runs wet and needs a garden hose');
    expect(text).not.toContain('Each one');
  });

  it('does not suggest the generator on its own page, nor list it as needing no power', () => {
    const supplies = [
      generator,
      product({ slug: 'popcorn', name: 'Popcorn Machine', categorySlug: 'party-supplies', basePriceCents: 5500, pricingUnit: 'each' }),
      product({ slug: 'tent', name: '10x10 Canopy Tent', categorySlug: 'party-supplies', basePriceCents: 7500, pricingUnit: 'each', outletsRequired: 0 }),
    ];
    const text = pageText({ ...copyInput('bounce-houses', 'cedar-park'), service: { ...service('bounce-houses'), kind: 'supply' }, offer: summarizeOffer(supplies) });
    expect(text).toContain('The Popcorn Machine needs one standard outlet. The 10x10 Canopy Tent needs no power at all.');
    expect(text).not.toContain('Add our Quiet Inverter Generator');
  });

  it('says a cake can be ordered up to the party day with a lead time of 0 days, not "at least 0 days"', () => {
    const input = copyInput('cakes', 'salado');
    const sameDay = { ...input, settings: { ...input.settings, cakeLeadTimeDays: 0 } };
    const text = [pageText(sameDay), ...planningChecklist(sameDay, en.contentValues).map((s) => s.detail)].join('\n');
    expect(text).toContain('order as late as the day of your Salado party');
    expect(text).toContain('Order as late as the day of your party and tell us about any allergies');
    expect(text).toContain('place yours as late as the day of the party');
    expect(text).not.toMatch(/0 days/);
  });

  it('tells cake buyers about lead time and pickup, not terrain', () => {
    const text = pageText(copyInput('cakes', 'salado'));
    expect(text).toContain('order at least 3 days before your Salado party');
    expect(text).toContain('about 35 minutes from Salado');
    expect(text).not.toContain('Lots sit under big trees');
  });

  it('differs between two cities by more than the city name', () => {
    const strip = (text: string) => text.replaceAll('Cedar Park', 'CITY').replaceAll('Round Rock', 'CITY').replaceAll('Salado', 'CITY');
    const a = strip(pageText(copyInput('water-slides', 'cedar-park')));
    const b = strip(pageText(copyInput('water-slides', 'salado')));
    expect(a).not.toBe(b);
    expect(b).toContain('$55');
    expect(b).toContain('$200');
  });

  it('keeps meta descriptions within 160 characters', () => {
    const long = { ...bySlug('salado'), city: 'Dripping Springs Extra Long Name' };
    for (const s of services) {
      const input = { ...copyInput(s.slug, 'salado'), city: long };
      expect(landingDescription(input).length).toBeLessThanOrEqual(160);
      expect(checklistDescription(input).length).toBeLessThanOrEqual(160);
    }
    expect(landingDescription(copyInput('bounce-houses', 'cedar-park'))).toContain('Bounce House Rentals in Cedar Park, TX from $165 for up to 8 hours, $30 delivery');
  });

  it('joins lists the way people write them', () => {
    expect(listOf(['a'])).toBe('a');
    expect(listOf(['a', 'b'])).toBe('a and b');
    expect(listOf(['a', 'b', 'c'], 'or')).toBe('a, b or c');
    expect(formatTaxRate(825)).toBe('8.25%');
    expect(formatTaxRate(800)).toBe('8%');
  });
});

describe('planning checklist', () => {
  it('prices the cheapest design delivered to the city with the checkout rules', () => {
    const example = exampleTotal(waterSlides[0]!, bySlug('cedar-park'), settings);
    // $275 + $30 delivery, 8.25 % tax on both: $25.16; 30 % deposit of $330.16.
    expect(example).toMatchObject({ rentalCents: 27_500, deliveryFeeCents: 3000, taxCents: 2516, totalCents: 33_016, depositCents: 9905, belowMinimum: false });
  });

  it('warns when the cheapest design alone is below the city minimum', () => {
    const steps = planningChecklist(copyInput('bounce-houses', 'salado'), en.contentValues);
    const budget = steps.find((s) => s.title === 'Set the budget')!;
    expect(budget.detail).toContain('under the $200 Salado minimum');
  });

  it('says online booking stays open until the party starts when the lead time is 0, in either language, not "at least 0 hours"', () => {
    const open = (input: LandingCopyInput) => ({ ...input, settings: { ...input.settings, leadTimeHours: 0, maxDaysAhead: 90 } });
    const english = planningChecklist(open(copyInput('bounce-houses', 'cedar-park')), en.contentValues).find((s) => s.title === 'Pick your date')!;
    expect(english.detail).toMatch(/^Book up to 90 days out, until your party starts\. We deliver/);
    const input = copyInput('bounce-houses', 'cedar-park');
    const spanish = planningChecklistEs(open({ ...input, service: spanishService(input.service, es.catalog.categoryNames) }), es.contentValues).find((s) => s.title === 'Elija su fecha')!;
    expect(spanish.detail).toMatch(/^Reserve hasta con 90 días de anticipación, hasta que empiece su fiesta\. Entregamos/);
    expect(planningChecklist(copyInput('bounce-houses', 'cedar-park'), en.contentValues).find((s) => s.title === 'Pick your date')!.detail).toMatch(/^Book at least \d+ hours? ahead/);
  });

  it('walks through the facts of the city in order', () => {
    const titles = planningChecklist(copyInput('water-slides', 'cedar-park'), en.contentValues).map((s) => s.title);
    expect(titles).toEqual([
      'Check your address',
      'Pick your date',
      'Measure your space',
      'Look at the ground',
      'Find the hose and plan for the heat',
      'Find the outlets',
      'At a park? Reserve it first',
      'Set the budget',
      'Book it',
    ]);
  });

  it('gives cakes a lead time and pickup instead of space and power', () => {
    const steps = planningChecklist(copyInput('cakes', 'round-rock'), en.contentValues);
    expect(steps.map((s) => s.title)).toEqual(['Check your address', 'Order in time', 'Choose pickup or delivery', 'Set the budget', 'Book it']);
    expect(steps[0]!.detail).toContain('ZIP 78664, 78665 or 78681');
  });
});

describe('zipDirectory', () => {
  it('lists every served ZIP once with its area', () => {
    const directory = zipDirectory(areas);
    expect(directory.map((e) => e.zip)).toEqual(['76501', '76571', '78613', '78664', '78665', '78681']);
    expect(directory.find((e) => e.zip === '78613')).toMatchObject({ city: 'Cedar Park', deliveryFeeCents: 3000 });
  });
});

describe('the Spanish landing copy (issue #40)', () => {
  const words = { price: es.catalog, surfaces: es.product.surfaceWords };
  const spanish = (serviceSlug: string, citySlug: string): LandingCopyInput => {
    const input = copyInput(serviceSlug, citySlug);
    return { ...input, service: spanishService(input.service, es.catalog.categoryNames) };
  };
  /** Words no Spanish sentence uses (a stop-list like the translation check's). */
  const english = /\b(the|and|with|your|our|for|from|to|of|in|is|are|we|you|delivery|party|free|each|hours?|minutes)\b/;
  const withoutNames = (text: string) =>
    [...bounceHouses, ...waterSlides, ...cakes, generator].reduce((rest, p) => rest.replaceAll(p.name, ''), text).replace(/Cedar Park|Round Rock|Salado|Temple|Elizabeth Milburn Park|Veterans Memorial Park|Williamson/g, '');

  it('names a service in Spanish: "Renta de brincolines en Cedar Park, TX", cakes "para fiestas"', () => {
    expect(landingHeadingEs(spanishService(service('bounce-houses'), es.catalog.categoryNames), bySlug('cedar-park'))).toBe('Renta de brincolines en Cedar Park, TX');
    expect(spanishService(service('cakes'), es.catalog.categoryNames).headline).toBe('Pasteles para fiestas');
    // Made once per service: thousands of pages ask a map.
    expect(spanishService(service('cakes'), es.catalog.categoryNames)).toBe(spanishService(service('cakes'), es.catalog.categoryNames));
  });

  it('writes the lede from the same facts as the English one', () => {
    expect(landingLedeEs(spanish('bounce-houses', 'cedar-park'), words)).toMatch(
      /^Llevamos 2 brincolines a Cedar Park, desde \$165 .*8 horas\. Tenemos 4 unidades de estos 2 diseños en servicio, así que los más populares vienen en más de una copia\. Cedar Park está a unos 20 minutos de nuestra bodega en Round Rock, en el condado de Williamson\./,
    );
    expect(landingLedeEs(spanish('bounce-houses', 'cedar-park'), words)).toContain('La entrega a Cedar Park cuesta $30 por reservación, y no hay pedido mínimo.');
    expect(landingLedeEs(spanish('cakes', 'round-rock'), words)).toContain('la entrega dentro de Round Rock es gratis');
  });

  it('leaves no English word in its sentences, and hands the town file\'s own notes over apart', () => {
    for (const serviceSlug of ['bounce-houses', 'water-slides', 'cakes']) {
      for (const citySlug of ['round-rock', 'cedar-park', 'salado', 'temple']) {
        const input = spanish(serviceSlug, citySlug);
        const sections = landingSectionsEs(input, words);
        const text = [landingLedeEs(input, words), landingDescriptionEs(input, words), checklistDescriptionEs(input), ...sections.flatMap((s) => [s.heading, ...s.paragraphs]), ...planningChecklistEs(input, es.contentValues).flatMap((s) => [s.title, s.detail])].join('\n');
        expect(withoutNames(text), `${serviceSlug} in ${citySlug}`).not.toMatch(english);
        if (input.city.terrain) expect(sections.flatMap((s) => s.paragraphs).join(' ')).not.toContain(input.city.terrain);
      }
    }
    const ground = landingSectionsEs(spanish('bounce-houses', 'cedar-park'), words).find((s) => s.heading === 'El terreno en Cedar Park');
    expect(ground?.notes).toEqual([`${bySlug('cedar-park').terrain}.`]);
  });

  it('says a cake can be ordered up to the party day with a lead time of 0 days, not "al menos 0 días", and "1 día" for 1', () => {
    const sameDay = (input: LandingCopyInput, cakeLeadTimeDays: number) => ({ ...input, settings: { ...input.settings, cakeLeadTimeDays } });
    const text = (cakeLeadTimeDays: number) => {
      const input = sameDay(spanish('cakes', 'salado'), cakeLeadTimeDays);
      return [landingLedeEs(input, words), ...landingSectionsEs(input, words).flatMap((s) => s.paragraphs), ...planningChecklistEs(input, es.contentValues).map((s) => s.detail)].join('\n');
    };
    expect(text(0)).toContain('haga su pedido hasta el mismo día de su fiesta en Salado');
    expect(text(0)).toContain('Haga su pedido hasta el mismo día de su fiesta y avísenos');
    expect(text(0)).toContain('haga el suyo hasta el mismo día de la fiesta');
    expect(text(0)).not.toMatch(/0 días/);
    expect(text(1)).toContain('al menos 1 día antes de su fiesta en Salado');
  });

  it('writes the town\'s notes in Spanish where its Spanish file has them, and only the missing one in English', () => {
    const town = { terrain: 'Suelo delgado y pedregoso sobre piedra caliza', summerNote: null };
    const sections = landingSectionsEs(spanish('water-slides', 'cedar-park'), words, town);
    const ground = sections.find((s) => s.heading === 'El terreno en Cedar Park')!;
    expect(ground.paragraphs[0]).toBe('Suelo delgado y pedregoso sobre piedra caliza.');
    expect(ground.notes).toEqual([]);
    const summer = sections.find((s) => s.heading === 'Diversión con agua en el verano de Cedar Park')!;
    expect(summer.notes).toEqual([`${bySlug('cedar-park').summerNote}.`]);
    const steps = planningChecklistEs(spanish('water-slides', 'cedar-park'), es.contentValues, { terrain: town.terrain, summerNote: 'La alberca es el lugar de moda' });
    expect(steps.find((s) => s.title === 'Revise el terreno')?.detail).toBe('Suelo delgado y pedregoso sobre piedra caliza.');
    expect(steps.find((s) => s.title === 'Ubique la manguera y prepárese para el calor')?.detail).toMatch(/ La alberca es el lugar de moda\.$/);
    // Without a Spanish file the checklist keeps to its own sentences.
    expect(planningChecklistEs(spanish('water-slides', 'cedar-park'), es.contentValues).map((s) => s.detail).join(' ')).not.toContain(bySlug('cedar-park').terrain!);
  });

  it('prices the checklist example by the same rule as the English one', () => {
    const input = spanish('bounce-houses', 'cedar-park');
    const example = exampleTotal(input.offer.products[0]!, input.city, settings);
    const budget = planningChecklistEs(input, es.contentValues).find((s) => s.title === 'Defina el presupuesto')!;
    expect(budget.detail).toContain(`$${example.totalCents / 100}`);
    expect(planningChecklistEs(input, es.contentValues).length).toBe(planningChecklist(copyInput('bounce-houses', 'cedar-park'), en.contentValues).length);
  });

  it('keeps its descriptions within 160 characters', () => {
    for (const citySlug of ['round-rock', 'cedar-park', 'salado', 'temple']) {
      expect(landingDescriptionEs(spanish('water-slides', citySlug), words).length).toBeLessThanOrEqual(160);
      expect(checklistDescriptionEs(spanish('water-slides', citySlug)).length).toBeLessThanOrEqual(160);
    }
  });
});
