import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_RULES, type SiteRules } from '../business';
import { NO_SITE_REQUIREMENTS, type SiteRequirements } from '../catalog';
import type { SiteLoad, SiteUnit } from '../site-check';
import type { SitePhoto } from '../site-photos';
import { addressLine, damageNoteLine, dayQuery, directionsUrl, gearTotal, loadingList, MAX_WAYPOINTS, orderStops, routeOrderBody, routeUrl, stopAction, stopDone, stopSite, type DayRoute, type DayStop } from './day';

describe('stopAction', () => {
  it('offers the delivery path at a drop-off and completion at a pickup, nothing else', () => {
    expect(stopAction('delivery', 'confirmed')).toEqual({ to: 'out_for_delivery', label: 'Mark out for delivery' });
    expect(stopAction('delivery', 'out_for_delivery')).toEqual({ to: 'delivered', label: 'Mark delivered' });
    expect(stopAction('pickup', 'delivered')).toEqual({ to: 'completed', label: 'Mark picked up' });
    // A deposit still due is the office's; a pickup before the drop-off was marked waits for it.
    expect(stopAction('delivery', 'deposit_due')).toBeNull();
    expect(stopAction('pickup', 'confirmed')).toBeNull();
    expect(stopAction('pickup', 'completed')).toBeNull();
    expect(stopAction('delivery', 'delivered')).toBeNull();
  });

  it('calls a drop-off done once delivered, a pickup once completed', () => {
    expect([stopDone('delivery', 'out_for_delivery'), stopDone('delivery', 'delivered'), stopDone('pickup', 'delivered'), stopDone('pickup', 'completed')]).toEqual([false, true, false, true]);
  });
});

describe('maps links', () => {
  const home = { line1: '12 Oak St', line2: 'Apt 4', city: 'Round Rock', state: 'TX', zip: '78664' };
  it('writes one address line and a directions link Google Maps opens on any phone', () => {
    expect(addressLine(home)).toBe('12 Oak St, Apt 4, Round Rock, TX 78664');
    expect(addressLine({ ...home, line2: null })).toBe('12 Oak St, Round Rock, TX 78664');
    expect(directionsUrl(addressLine(home))).toBe('https://www.google.com/maps/dir/?api=1&destination=12%20Oak%20St%2C%20Apt%204%2C%20Round%20Rock%2C%20TX%2078664&travelmode=driving');
  });

  it('opens the whole run from the warehouse and back, at most 9 stops as waypoints', () => {
    expect(routeUrl('1 Yard Rd, Round Rock, TX 78681', [])).toBeNull();
    const url = new URL(routeUrl('1 Yard Rd, Round Rock, TX 78681', ['A St', 'B St'])!);
    expect(url.searchParams.get('origin')).toBe('1 Yard Rd, Round Rock, TX 78681');
    expect(url.searchParams.get('destination')).toBe('1 Yard Rd, Round Rock, TX 78681');
    expect(url.searchParams.get('waypoints')).toBe('A St|B St');
    const long = new URL(routeUrl('Yard', Array.from({ length: 12 }, (_, i) => `${i + 1} Main St`))!);
    expect(long.searchParams.get('waypoints')!.split('|')).toHaveLength(MAX_WAYPOINTS);
  });
});

const NO_LOAD: SiteLoad = { stakes: 0, sandbags: 0, cords: 0, generators: 0 };
const stop = (number: string, kind: 'delivery' | 'pickup', from: string, units: string[] = [], load: SiteLoad = NO_LOAD): DayStop =>
  ({
    key: `${number}:${kind}`,
    number,
    kind,
    window: { from, until: from },
    units: units.map((label) => ({ unitId: label, label, productName: `Product ${label}` })),
    site: { answers: {}, summary: '', flags: [] as string[], load, photos: [] as SitePhoto[], override: null },
  }) as DayStop;

describe('orderStops', () => {
  it('puts saved places first, then unplaced stops by their start, then by number', () => {
    const stops = [stop('PF-3', 'pickup', '16:00'), stop('PF-1', 'delivery', '09:15'), stop('PF-2', 'delivery', '08:30'), stop('PF-4', 'delivery', '08:30')];
    const saved = new Map([['PF-3:pickup', 0]]);
    expect(orderStops(stops, (s) => saved.get(s.key) ?? null).map((s) => s.key)).toEqual(['PF-3:pickup', 'PF-2:delivery', 'PF-4:delivery', 'PF-1:delivery']);
  });
});

describe('loadingList', () => {
  it('lists every unit leaving with a drop-off and coming back with a pickup, by truck and label', () => {
    const routes = [
      { truckName: 'White van', stops: [stop('PF-1', 'delivery', '09:00', ['BH-10', 'BH-2']), stop('PF-1', 'pickup', '16:00', ['BH-10', 'BH-2'])] },
      { truckName: 'Pink truck', stops: [stop('PF-2', 'delivery', '08:00', ['WS-1'])] },
    ] as DayRoute[];
    const list = loadingList(routes);
    expect(list.out.map((l) => `${l.truckName} ${l.label} ${l.bookingNumber}`)).toEqual(['Pink truck WS-1 PF-2', 'White van BH-2 PF-1', 'White van BH-10 PF-1']);
    expect(list.back.map((l) => l.label)).toEqual(['BH-2', 'BH-10']);
    expect(list.gear).toEqual({ out: [], back: [] });
  });

  it('counts the sandbags, stakes, cords and generators each truck takes out and brings back', () => {
    const routes = [
      { truckName: 'Not assigned to a truck', stops: [stop('PF-9', 'delivery', '07:00')] },
      {
        truckName: 'Pink truck',
        stops: [
          stop('PF-1', 'delivery', '08:00', ['BH-1'], { stakes: 0, sandbags: 4, cords: 1, generators: 0 }),
          stop('PF-2', 'delivery', '09:00', ['BH-2', 'SU-GEN-1'], { stakes: 6, sandbags: 0, cords: 0, generators: 1 }),
          stop('PF-3', 'pickup', '16:00', ['BH-3'], { stakes: 0, sandbags: 4, cords: 1, generators: 0 }),
        ],
      },
      { truckName: 'White van', stops: [stop('PF-4', 'delivery', '08:00', ['WS-1'], { stakes: 8, sandbags: 0, cords: 2, generators: 0 })] },
    ] as DayRoute[];
    const { gear } = loadingList(routes);
    expect(gear.out).toEqual([
      { truckName: 'Pink truck', stakes: 6, sandbags: 4, cords: 1, generators: 1 },
      { truckName: 'White van', stakes: 8, sandbags: 0, cords: 2, generators: 0 },
    ]);
    expect(gear.back).toEqual([{ truckName: 'Pink truck', stakes: 0, sandbags: 4, cords: 1, generators: 0 }]);
    expect(gearTotal(gear.out)).toEqual({ stakes: 14, sandbags: 4, cords: 3, generators: 1 });
  });

  it('loads nothing for a party rained out and waiting for its customer: no unit out or back, no gear', () => {
    const load = { stakes: 6, sandbags: 0, cords: 1, generators: 0 };
    const rained = (kind: 'delivery' | 'pickup', from: string) => ({ ...stop('PF-7', kind, from, ['BH-7'], load), rainedOut: true });
    const routes = [
      { truckName: 'Pink truck', stops: [stop('PF-1', 'delivery', '08:00', ['BH-1'], load), rained('delivery', '09:00'), stop('PF-1', 'pickup', '16:00', ['BH-1'], load), rained('pickup', '17:00')] },
    ] as DayRoute[];
    const list = loadingList(routes);
    expect([list.out.map((l) => l.bookingNumber), list.back.map((l) => l.bookingNumber)]).toEqual([['PF-1'], ['PF-1']]);
    expect(list.gear).toEqual({ out: [{ truckName: 'Pink truck', ...load }], back: [{ truckName: 'Pink truck', ...load }] });
  });
});

describe('stopSite', () => {
  const rules: SiteRules = { ...DEFAULT_SITE_RULES, generatorProductSlug: 'quiet-generator' };
  const unit = (slug: string, needs: Partial<SiteRequirements>, count = 1): SiteUnit => ({ slug, name: slug, count, needs: { ...NO_SITE_REQUIREMENTS, ...needs } });
  const bounce = unit('castle', { surfaces: ['grass', 'concrete'], stakesNeeded: 6, sandbagsNeeded: 4, outletsRequired: 1, outletRunFt: 50, accessWidthIn: 36 });
  // A package is its items (siteUnits): two bounce houses of a package count twice.
  const packaged = { ...bounce, count: 2 };

  it('sandbags by count on concrete, stakes on grass, cords for an outlet in reach', () => {
    expect(stopSite([packaged], { surface: 'concrete', outlet: 'yes' }, [], rules).load).toEqual({ stakes: 0, sandbags: 8, cords: 2, generators: 0 });
    expect(stopSite([bounce], { surface: 'grass', outlet: 'unsure' }, ['Not sure: an outlet within 50 ft'], rules)).toEqual({
      answers: { surface: 'grass', outlet: 'unsure' },
      summary: 'Grass · outlet not sure',
      flags: ['Not sure: an outlet within 50 ft'],
      load: { stakes: 6, sandbags: 0, cords: 1, generators: 0 },
      photos: [],
      override: null,
    });
  });

  it('a booking staff made over the check says who decided it and why, for the crew', () => {
    const override = { reason: 'Slide goes on the lawn; gate measured 44 in', byName: 'Mia Lee', byEmail: 'mia@example.com', at: '2030-06-01T15:00:00Z', refusals: [] };
    expect(stopSite([bounce], { surface: 'concrete' }, [], rules, [], override).override).toBe('Refusal overridden by Mia Lee — Slide goes on the lawn; gate measured 44 in');
  });

  it('a unit booked over a ground refusal still goes with what holds it down: sandbags on hard ground, or the stakes it has', () => {
    const surfaceOverride = (...products: string[]) => ({
      reason: 'Customer confirmed it goes on the lawn beside the drive',
      byName: 'Mia Lee',
      byEmail: 'mia@example.com',
      at: '2030-06-01T15:00:00Z',
      refusals: products.map((product) => ({ field: 'site.surface', product, message: `The ${product} can’t be set up on concrete.` })),
    });
    const grassOnly = unit('castle', { surfaces: ['grass'], stakesNeeded: 6, sandbagsNeeded: 4 }, 2);
    const slide = unit('slide', { surfaces: ['grass'], stakesNeeded: 8 });
    expect(stopSite([grassOnly], { surface: 'concrete' }, [], rules, [], surfaceOverride('castle')).load).toEqual({ stakes: 0, sandbags: 8, cords: 0, generators: 0 });
    // A slide has no sandbags: the override says it goes on the lawn beside the drive, so its stakes go.
    expect(stopSite([slide], { surface: 'concrete' }, [], rules, [], surfaceOverride('slide')).load).toEqual({ stakes: 8, sandbags: 0, cords: 0, generators: 0 });
    // Without the override the check refuses it and counts nothing, as the price did.
    expect(stopSite([slide], { surface: 'concrete' }, [], rules).load).toEqual({ stakes: 0, sandbags: 0, cords: 0, generators: 0 });
  });

  it('the gear kept with the booking is what the crew load, whatever the products’ rules say now', () => {
    const kept = { stakes: 0, sandbags: 6, cords: 1, generators: 0 };
    expect(stopSite([bounce], { surface: 'concrete', outlet: 'yes' }, [], rules, [], null, kept).load).toEqual(kept);
  });

  it('no outlet: the booking’s generator goes, no cord', () => {
    const site = stopSite([bounce, unit('quiet-generator', {})], { surface: 'concrete', outlet: 'no', accessInches: 40, stairFlights: 1 }, [], rules);
    expect(site.summary).toBe('Concrete · no outlet: generator · gate 40 in · 1 flight');
    expect(site.load).toEqual({ stakes: 0, sandbags: 4, cords: 0, generators: 1 });
  });
});

describe('schemas', () => {
  it('takes a real date only', () => {
    expect(dayQuery.safeParse({ date: '2026-11-28' }).success).toBe(true);
    for (const date of [undefined, '', '2026-02-30', '28/11/2026', '9999-01-01']) expect(dayQuery.safeParse({ date }).success, String(date)).toBe(false);
  });

  it('refuses a route listing a stop twice', () => {
    const stopOf = { bookingId: '00000000-0000-4000-8000-000000000001', kind: 'delivery' };
    const twice = routeOrderBody.safeParse({ date: '2026-11-28', truckId: null, stops: [stopOf, stopOf] });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]).toMatchObject({ path: ['stops'], message: 'A stop is listed twice' });
    expect(routeOrderBody.safeParse({ date: '2026-11-28', truckId: null, stops: [stopOf, { ...stopOf, kind: 'pickup' }] }).success).toBe(true);
  });
});

it('writes a damage line with who, when, which booking and whether a photo is kept', () => {
  expect(damageNoteLine({ date: '2026-11-28', time: '14:05' }, 'Sam', 'PF-7K3Q9X', 'Torn netting\nleft side', true)).toBe('2026-11-28 14:05 · Sam (PF-7K3Q9X): Damage: Torn netting left side [photo]');
  expect(damageNoteLine({ date: '2026-11-28', time: '14:05' }, 'Sam', null, 'Scuff', false)).toBe('2026-11-28 14:05 · Sam: Damage: Scuff');
});
