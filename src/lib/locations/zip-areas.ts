import { slugify } from '../catalog';
import { haversineMiles, type Point } from '../geo';

/**
 * Service areas proposed from ZIP codes: the ZIPs within a drive radius of the warehouse (or a pasted
 * list), grouped into one area per town, each with its distance, an estimated drive time and the
 * delivery fee of its distance band. Pure: the ZIP data comes in (zip-places.server.ts reads it).
 *
 * Distances are straight lines between ZIP centres (haversine). Drive time is an estimate, not a
 * route: roads run about 1.3 × the straight line (the usual detour index for suburban road
 * networks), driven at an average of 35 mph (town streets and a stretch of highway, loading in and
 * out), rounded up to 5 minutes and never under 10. Good enough for "about 25 minutes" on a page;
 * the owner sets the fee by band, not by minute.
 */

/** One ZIP code: its town as the postal data names it, the county and the ZIP's centre. */
export interface ZipPlace {
  zip: string;
  city: string;
  /** Two-letter state code. */
  state: string;
  /** '' when the data does not know. */
  county: string;
  point: Point;
}

/** Delivery fee for towns up to `upToMiles` away (and beyond the band before). */
export interface FeeBand {
  upToMiles: number;
  feeCents: number;
}

export interface ProposedTown {
  slug: string;
  city: string;
  state: string;
  county: string;
  zipCodes: string[];
  /** Straight-line miles from the warehouse to the town's centre (the mean of its ZIP centres), one decimal. */
  miles: number;
  driveMinutes: number;
  deliveryFeeCents: number;
}

export const ROAD_FACTOR = 1.3;
export const AVERAGE_MPH = 35;

/** Estimated minutes of driving for a straight-line distance: see the module comment. */
export function driveMinutesFor(miles: number): number {
  const minutes = ((miles * ROAD_FACTOR) / AVERAGE_MPH) * 60;
  return Math.max(10, Math.ceil(minutes / 5) * 5);
}

/**
 * The fee of the first band that reaches the distance; a town further out than every band pays the
 * last band's fee (a pasted ZIP list may reach past them). No bands: free.
 */
export function feeForMiles(bands: ReadonlyArray<FeeBand>, miles: number): number {
  const sorted = [...bands].sort((a, b) => a.upToMiles - b.upToMiles);
  return (sorted.find((b) => miles <= b.upToMiles) ?? sorted[sorted.length - 1])?.feeCents ?? 0;
}

/** "Grove City" → "grove-city": the town's page address. */
export function townSlug(city: string): string {
  return slugify(city);
}

/** The mean of some points: a town's centre from its ZIP centres (towns are small, so a plain mean is fine). */
export function centreOf(points: ReadonlyArray<Point>): Point | null {
  if (points.length === 0) return null;
  return {
    lat: points.reduce((s, p) => s + p.lat, 0) / points.length,
    lng: points.reduce((s, p) => s + p.lng, 0) / points.length,
  };
}

/**
 * Groups ZIPs into towns (by town name and state), nearest town first. A town's county is the one
 * most of its ZIPs lie in. Two towns of one name in different states within reach get the state in
 * their slug, so every proposed slug is unique.
 */
export function groupIntoTowns(places: ReadonlyArray<ZipPlace>, warehouse: Point, bands: ReadonlyArray<FeeBand>): ProposedTown[] {
  const byTown = new Map<string, ZipPlace[]>();
  for (const place of places) {
    const key = `${place.city}|${place.state}`;
    const list = byTown.get(key);
    if (list) list.push(place);
    else byTown.set(key, [place]);
  }
  const towns = [...byTown.values()].map((zips): ProposedTown => {
    const first = zips[0]!;
    const counties = new Map<string, number>();
    for (const z of zips) counties.set(z.county, (counties.get(z.county) ?? 0) + 1);
    const county = [...counties.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    const miles = Math.round(haversineMiles(warehouse, centreOf(zips.map((z) => z.point))!) * 10) / 10;
    return {
      slug: townSlug(first.city),
      city: first.city,
      state: first.state,
      county,
      zipCodes: zips.map((z) => z.zip).sort(),
      miles,
      driveMinutes: driveMinutesFor(miles),
      deliveryFeeCents: feeForMiles(bands, miles),
    };
  });
  const slugCount = new Map<string, number>();
  for (const t of towns) slugCount.set(t.slug, (slugCount.get(t.slug) ?? 0) + 1);
  for (const t of towns) if (slugCount.get(t.slug)! > 1) t.slug = `${t.slug}-${t.state.toLowerCase()}`;
  return towns.sort((a, b) => a.miles - b.miles || a.city.localeCompare(b.city));
}

/** The ZIPs whose centre lies within `radiusMiles` of the warehouse, as towns. */
export function townsWithinRadius(
  places: ReadonlyArray<ZipPlace>,
  warehouse: Point,
  radiusMiles: number,
  bands: ReadonlyArray<FeeBand>,
): ProposedTown[] {
  return groupIntoTowns(
    places.filter((p) => haversineMiles(warehouse, p.point) <= radiusMiles),
    warehouse,
    bands,
  );
}

/**
 * The listed ZIPs as towns, and the ZIPs the data does not know (reported, never guessed).
 * `lookup` finds one ZIP (a PO-box ZIP has no centre in every data set, so it is a lookup, not a list).
 */
export function townsForZips(
  zips: ReadonlyArray<string>,
  lookup: (zip: string) => ZipPlace | null,
  warehouse: Point,
  bands: ReadonlyArray<FeeBand>,
): { towns: ProposedTown[]; unknownZips: string[] } {
  const found: ZipPlace[] = [];
  const unknownZips: string[] = [];
  for (const zip of new Set(zips)) {
    const place = lookup(zip);
    if (place) found.push(place);
    else unknownZips.push(zip);
  }
  return { towns: groupIntoTowns(found, warehouse, bands), unknownZips: unknownZips.sort() };
}
