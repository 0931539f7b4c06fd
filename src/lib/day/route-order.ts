/**
 * A suggested driving order for one truck's stops: out from the warehouse, every stop once, back to
 * the warehouse. Nearest neighbour gives a sensible first tour, then 2-opt removes crossings until no
 * reversal of a stretch makes the tour shorter. A day is a dozen stops, so exactness is not worth more
 * code: this lands within a few percent of the best tour and runs in well under a millisecond.
 *
 * Distances are straight lines on the globe (haversine), in miles: an estimate for comparing orders
 * and telling the crew roughly how far they drive, not road distance (that would need a routing
 * service, and no network call is made while a page waits).
 */
import { haversineMiles, type Point } from '../geo';

/** Miles from the depot through the stops in the given order and back to the depot. */
export function tourMiles(depot: Point, stops: readonly Point[]): number {
  if (stops.length === 0) return 0;
  let miles = haversineMiles(depot, stops[0]!);
  for (let i = 1; i < stops.length; i++) miles += haversineMiles(stops[i - 1]!, stops[i]!);
  return miles + haversineMiles(stops[stops.length - 1]!, depot);
}

/** Stops in visiting order from the depot, always going to the closest stop not visited yet (ties: the earlier one). */
function nearestNeighbour(depot: Point, stops: readonly Point[]): number[] {
  const left = stops.map((_, i) => i);
  const order: number[] = [];
  let here = depot;
  while (left.length > 0) {
    let best = 0;
    for (let k = 1; k < left.length; k++) {
      if (haversineMiles(here, stops[left[k]!]!) < haversineMiles(here, stops[left[best]!]!)) best = k;
    }
    const [next] = left.splice(best, 1);
    order.push(next!);
    here = stops[next!]!;
  }
  return order;
}

/** Below this a shorter tour is rounding noise: stops at one ZIP share a point, and ties must not loop. */
const EPSILON = 1e-9;

/**
 * Reverses stretches of the tour while that makes it shorter. The tour includes the depot at both
 * ends (position 0 and n+1), which never move.
 */
function twoOpt(depot: Point, stops: readonly Point[], order: number[]): number[] {
  const at = (tour: number[], i: number) => (i === 0 || i === tour.length + 1 ? depot : stops[tour[i - 1]!]!);
  const tour = [...order];
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 1; i < tour.length; i++) {
      for (let j = i + 1; j <= tour.length; j++) {
        // Reversing positions i..j swaps the edges (i-1, i) and (j, j+1) for (i-1, j) and (i, j+1).
        const before = haversineMiles(at(tour, i - 1), at(tour, i)) + haversineMiles(at(tour, j), at(tour, j + 1));
        const after = haversineMiles(at(tour, i - 1), at(tour, j)) + haversineMiles(at(tour, i), at(tour, j + 1));
        if (after < before - EPSILON) {
          const reversed = tour.slice(i - 1, j).reverse();
          tour.splice(i - 1, reversed.length, ...reversed);
          improved = true;
        }
      }
    }
  }
  return tour;
}

export interface SuggestedRoute {
  /** Indexes into the stops given, in driving order. */
  order: number[];
  /** Warehouse → stops → warehouse, straight-line miles. */
  miles: number;
}

/** The suggested order of `stops`, leaving from and returning to `depot`. Pure and deterministic. */
export function suggestRoute(depot: Point, stops: readonly Point[]): SuggestedRoute {
  const order = twoOpt(depot, stops, nearestNeighbour(depot, stops));
  return { order, miles: tourMiles(depot, order.map((i) => stops[i]!)) };
}

/** "12.4 mi": one decimal, as the day screen and the run sheet print it. */
export const formatMiles = (miles: number) => `${miles.toFixed(1)} mi`;
