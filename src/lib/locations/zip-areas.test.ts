import { describe, expect, it } from 'vitest';
import { zipPlaces } from './zip-places.server';
import { driveMinutesFor, feeForMiles, groupIntoTowns, townSlug, townsForZips, townsWithinRadius, type ZipPlace } from './zip-areas';

const { zipPlace, allZipPlaces } = await zipPlaces();

const bands = [
  { upToMiles: 10, feeCents: 0 },
  { upToMiles: 20, feeCents: 2500 },
  { upToMiles: 30, feeCents: 4500 },
];

describe('towns within a radius of the warehouse (real ZIP data)', () => {
  const warehouse = zipPlace('43215')!;
  const towns = townsWithinRadius(allZipPlaces(), warehouse.point, 25, bands);
  const byCity = new Map(towns.map((t) => [t.city, t]));

  it('finds the suburbs of Columbus, OH within 25 miles and not Cincinnati', () => {
    expect(warehouse).toMatchObject({ city: 'Columbus', state: 'OH', county: 'Franklin' });
    for (const city of ['Columbus', 'Dublin', 'Westerville', 'Grove City']) expect(byCity.has(city), city).toBe(true);
    expect(byCity.has('Cincinnati')).toBe(false);
    expect(towns.every((t) => t.state === 'OH')).toBe(true);
  });

  it('groups a town’s ZIPs into one area with its county, nearest first', () => {
    const columbus = byCity.get('Columbus')!;
    expect(columbus.slug).toBe('columbus');
    expect(columbus.zipCodes).toContain('43215');
    expect(columbus.zipCodes.length).toBeGreaterThan(20);
    expect(new Set(towns.flatMap((t) => t.zipCodes)).size).toBe(towns.flatMap((t) => t.zipCodes).length);
    expect(byCity.get('Westerville')!.county).toBe('Delaware');
    expect(byCity.get('Grove City')!.slug).toBe('grove-city');
    expect(towns[0]!.city).toBe('Columbus');
    expect(towns.map((t) => t.miles)).toEqual([...towns.map((t) => t.miles)].sort((a, b) => a - b));
  });

  it('charges each town the fee of its distance band', () => {
    expect(byCity.get('Columbus')!.deliveryFeeCents).toBe(0);
    expect(byCity.get('Dublin')!.deliveryFeeCents).toBe(2500); // about 12 miles out
    const far = towns.filter((t) => t.miles > 20);
    expect(far.length).toBeGreaterThan(0);
    expect(far.every((t) => t.deliveryFeeCents === 4500)).toBe(true);
  });
});

describe('a pasted ZIP list', () => {
  it('names the towns of known ZIPs and reports the unknown ones', () => {
    const { towns, unknownZips } = townsForZips(['43017', '43016', '43081', '00000', '43017'], zipPlace, zipPlace('43215')!.point, bands);
    expect(towns.map((t) => [t.city, t.zipCodes]).sort()).toEqual([
      ['Dublin', ['43016', '43017']],
      ['Westerville', ['43081']],
    ]);
    expect(unknownZips).toEqual(['00000']);
  });
});

describe('drive time, fee bands and slugs', () => {
  it('estimates 1.3 × the straight line at 35 mph, in 5-minute steps, at least 10 minutes', () => {
    expect(driveMinutesFor(0)).toBe(10);
    expect(driveMinutesFor(10)).toBe(25); // 13 road miles at 35 mph = 22.3 min
    expect(driveMinutesFor(25)).toBe(60);
  });

  it('takes the first band that reaches the distance, the last one beyond them all', () => {
    expect(feeForMiles(bands, 10)).toBe(0);
    expect(feeForMiles(bands, 10.1)).toBe(2500);
    expect(feeForMiles([...bands].reverse(), 25)).toBe(4500);
    expect(feeForMiles(bands, 80)).toBe(4500);
    expect(feeForMiles([], 5)).toBe(0);
  });

  it('makes page addresses of town names, with the state when two towns share a name', () => {
    expect(townSlug("Coeur d'Alene")).toBe('coeur-d-alene');
    expect(townSlug('Cañon City')).toBe('canon-city');
    const place = (zip: string, city: string, state: string): ZipPlace => ({ zip, city, state, county: 'X', point: { lat: 40, lng: -83 } });
    const towns = groupIntoTowns([place('11111', 'Springfield', 'OH'), place('22222', 'Springfield', 'IN')], { lat: 40, lng: -83 }, bands);
    expect(towns.map((t) => t.slug).sort()).toEqual(['springfield-in', 'springfield-oh']);
  });
});
