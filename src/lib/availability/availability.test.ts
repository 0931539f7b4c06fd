import { describe, it, expect } from 'vitest';
import { toEventWindow, type EventWindowInput } from '../time/event-window';
import {
  blackoutFor,
  blockedWindow,
  checkBookingWindow,
  freeUnits,
  monthCalendar,
  packageAvailability,
  productAvailability,
  type Allocation,
  type AvailabilitySettings,
  type Blackout,
  type ProductAvailability,
  type ProductForAvailability,
  type UnitState,
  windowProblem,
} from './availability';

const CHICAGO = 'America/Chicago';
const HOUR = 3_600_000;

const settings: AvailabilitySettings = {
  timeZone: CHICAGO,
  leadTimeHours: 24,
  maxDaysAhead: 365,
  deliveryWindowStart: '07:00',
  deliveryWindowEnd: '21:00',
};

/** 07:00 on 2026-06-01 in Chicago. */
const NOW = new Date('2026-06-01T12:00:00Z');

const castle: ProductForAvailability = {
  id: 'castle',
  name: 'Castle Bounce House',
  categoryId: 'bounce',
  active: true,
  tracksInventory: true,
  setupMinutes: 60,
  teardownMinutes: 45,
};

const slide: ProductForAvailability = {
  id: 'slide',
  name: 'Tropical Water Slide',
  categoryId: 'water',
  active: true,
  tracksInventory: true,
  setupMinutes: 90,
  teardownMinutes: 60,
};

const cake: ProductForAvailability = {
  id: 'cake',
  name: 'Unicorn Cake',
  categoryId: 'cakes',
  active: true,
  tracksInventory: false,
  setupMinutes: 0,
  teardownMinutes: 0,
};

const oneUnit: UnitState[] = [{ id: 'u1', status: 'available' }];
const twoUnits: UnitState[] = [
  { id: 'u1', status: 'available' },
  { id: 'u2', status: 'available' },
];

const july4: Blackout = {
  scope: 'business',
  categoryId: null,
  productId: null,
  startsOn: '2026-07-04',
  endsOn: '2026-07-04',
  reason: 'Independence Day',
};

const castleRepair: Blackout = {
  scope: 'product',
  categoryId: null,
  productId: 'castle',
  startsOn: '2026-08-10',
  endsOn: '2026-08-12',
  reason: '',
};

function win(input: EventWindowInput) {
  return toEventWindow(input, CHICAGO);
}

/** An allocation as the booking code stores it: the event window widened by the buffers. */
function booked(unitId: string, input: EventWindowInput, product = castle): Allocation {
  return { unitId, ...blockedWindow(win(input), product) };
}

function freeIds(result: ReturnType<typeof freeUnits>): string[] | 'unlimited' {
  return result.unlimited ? 'unlimited' : result.unitIds;
}

function available(overrides: Partial<Parameters<typeof productAvailability>[0]> & { window: ReturnType<typeof win> }) {
  return productAvailability({
    product: castle,
    units: oneUnit,
    allocations: [],
    blackouts: [],
    settings,
    now: NOW,
    ...overrides,
  });
}

describe('blockedWindow', () => {
  it('widens the event by setup before and teardown after', () => {
    const blocked = blockedWindow(win({ date: '2026-07-04', start: '10:00', end: '18:00' }), castle);
    expect(blocked.start.toISOString()).toBe('2026-07-04T14:00:00.000Z'); // 09:00 CDT
    expect(blocked.end.toISOString()).toBe('2026-07-04T23:45:00.000Z'); // 18:45 CDT
  });
});

describe('freeUnits: setup and teardown buffers', () => {
  // Booking A: 10:00–18:00 with 45 min teardown, so the unit is busy until 18:45.
  const bookingA = booked('u1', { date: '2026-07-04', start: '10:00', end: '18:00' });
  const freeBesideA = (party: EventWindowInput, units = oneUnit) =>
    freeIds(freeUnits(castle, units, [bookingA], win(party)));

  it.each([
    {
      name: 'refuses a party at 19:30 whose 60 min setup (from 18:30) overlaps the 18:45 teardown',
      party: { date: '2026-07-04', start: '19:30', end: '21:00' },
      free: [],
    },
    {
      name: 'allows a party at 19:45 whose setup starts exactly when the teardown ends',
      party: { date: '2026-07-04', start: '19:45', end: '21:00' },
      free: ['u1'],
    },
  ])('$name', ({ party, free }) => {
    expect(freeBesideA(party)).toEqual(free);
  });

  it('allows a morning party whose teardown ends exactly when the next setup starts', () => {
    // Ends 08:15 + 45 min teardown = 09:00 = A's setup start.
    expect(freeBesideA({ date: '2026-07-04', start: '07:00', end: '08:15' })).toEqual(['u1']);
    expect(freeBesideA({ date: '2026-07-04', start: '07:00', end: '08:16' })).toEqual([]);
  });

  it('only counts allocations of the same unit', () => {
    expect(freeBesideA({ date: '2026-07-04', start: '12:00', end: '14:00' }, twoUnits)).toEqual(['u2']);
  });

  it('does not offer units in maintenance or retired', () => {
    const units: UnitState[] = [
      { id: 'u1', status: 'available' },
      { id: 'u2', status: 'maintenance' },
      { id: 'u3', status: 'retired' },
    ];
    const window = win({ date: '2026-07-11', start: '10:00', end: '18:00' });
    expect(freeIds(freeUnits(castle, units, [], window))).toEqual(['u1']);
  });

  it('treats products without inventory (cakes) as unlimited, whatever is booked', () => {
    const window = win({ date: '2026-07-04', start: '10:00', end: '18:00' });
    expect(freeUnits(cake, [], [], window)).toEqual({ unlimited: true });
    expect(freeUnits(cake, oneUnit, [bookingA], window)).toEqual({ unlimited: true });
  });
});

describe('freeUnits: multi-day rentals and DST', () => {
  it('a weekend rental blocks Sunday, and a Saturday-morning party whose teardown runs into its setup', () => {
    const weekend = booked('u1', { date: '2026-07-11', start: '10:00', end: '18:00', endDate: '2026-07-12' });
    const check = (input: EventWindowInput) => freeIds(freeUnits(castle, oneUnit, [weekend], win(input)));
    expect(check({ date: '2026-07-12', start: '08:00', end: '09:00' })).toEqual([]);
    expect(check({ date: '2026-07-11', start: '07:00', end: '08:30' })).toEqual([]); // busy until 09:15, setup from 09:00
    expect(check({ date: '2026-07-11', start: '07:00', end: '08:00' })).toEqual(['u1']); // busy until 08:45
    expect(check({ date: '2026-07-12', start: '19:45', end: '21:00' })).toEqual(['u1']);
    expect(check({ date: '2026-07-13', start: '10:00', end: '18:00' })).toEqual(['u1']);
  });

  // Each stored booking is 09:00–18:45 local as read back from the database (UTC); with the other
  // season's offset the new party would collide with it.
  it.each([
    {
      name: 'on the spring-forward Sunday (2026-03-08) uses CDT: a 07:00–08:00 party fits before a 10:00 one',
      // Busy until 08:45 CDT = 13:45Z; with the winter offset it would be 14:45Z.
      stored: { start: '2026-03-08T14:00:00Z', end: '2026-03-08T23:45:00Z' },
      party: { date: '2026-03-08', start: '07:00', end: '08:00' },
    },
    {
      name: 'on the fall-back Sunday (2026-11-01) uses CST: a 19:45 party touches an 18:00 one',
      // Setup from 18:45 CST = 00:45Z; with the summer offset it would start at 23:45Z.
      stored: { start: '2026-11-01T15:00:00Z', end: '2026-11-02T00:45:00Z' },
      party: { date: '2026-11-01', start: '19:45', end: '21:00' },
    },
  ])('$name', ({ stored, party }) => {
    const allocation: Allocation = { unitId: 'u1', start: new Date(stored.start), end: new Date(stored.end) };
    expect(freeIds(freeUnits(castle, oneUnit, [allocation], win(party)))).toEqual(['u1']);
  });

  it('a Saturday-to-Sunday rental across the spring-forward night collides with Sunday morning', () => {
    const sunday = booked('u1', { date: '2026-03-08', start: '10:00', end: '18:00' });
    const overnight = win({ date: '2026-03-07', start: '10:00', end: '08:30', endDate: '2026-03-08' });
    expect(freeIds(freeUnits(castle, oneUnit, [sunday], overnight))).toEqual([]);
    const pickedUpEarlier = win({ date: '2026-03-07', start: '10:00', end: '08:00', endDate: '2026-03-08' });
    expect(freeIds(freeUnits(castle, oneUnit, [sunday], pickedUpEarlier))).toEqual(['u1']);
  });
});

describe('checkBookingWindow', () => {
  it('accepts an ordinary party well ahead', () => {
    expect(checkBookingWindow(win({ date: '2026-07-04', start: '10:00', end: '18:00' }), settings, NOW)).toEqual({
      ok: true,
    });
  });

  it('rejects a party that has already started', () => {
    const result = checkBookingWindow(win({ date: '2026-05-31', start: '10:00', end: '18:00' }), settings, NOW);
    expect(result).toMatchObject({ ok: false, code: 'past' });
  });

  it('accepts a start exactly at the lead time and rejects one minute sooner', () => {
    const atLimit = { start: new Date(NOW.getTime() + 24 * HOUR), end: new Date(NOW.getTime() + 30 * HOUR) };
    expect(checkBookingWindow(atLimit, settings, NOW)).toEqual({ ok: true });

    const tooSoon = { start: new Date(atLimit.start.getTime() - 60_000), end: atLimit.end };
    expect(checkBookingWindow(tooSoon, settings, NOW)).toEqual({
      ok: false,
      code: 'lead_time',
      message: 'We need at least 24 hours’ notice to deliver: choose a later date or call us.',
    });
  });

  it('names the configured lead time', () => {
    const result = checkBookingWindow(
      win({ date: '2026-06-03', start: '10:00', end: '18:00' }),
      { ...settings, leadTimeHours: 72 },
      NOW,
    );
    expect(result).toMatchObject({ code: 'lead_time', message: expect.stringContaining('72 hours') });
  });

  it('takes bookings up to maxDaysAhead local days ahead, not one more', () => {
    expect(checkBookingWindow(win({ date: '2027-06-01', start: '10:00', end: '18:00' }), settings, NOW)).toEqual({
      ok: true,
    });
    expect(checkBookingWindow(win({ date: '2027-06-02', start: '10:00', end: '18:00' }), settings, NOW)).toMatchObject({
      ok: false,
      code: 'too_far',
      message: 'We take bookings up to 365 days ahead. Choose an earlier date.',
    });
  });

  it('says "1 day", not "1 days", when bookings open only a day ahead, in English and Spanish', () => {
    const dayAhead = { ...settings, maxDaysAhead: 1 };
    const later = win({ date: '2026-06-03', start: '10:00', end: '18:00' });
    expect(checkBookingWindow(later, dayAhead, NOW)).toMatchObject({ code: 'too_far', message: 'We take bookings up to 1 day ahead. Choose an earlier date.' });
    expect(checkBookingWindow(later, dayAhead, NOW, 'es')).toMatchObject({
      code: 'too_far',
      message: 'Tomamos reservaciones hasta con 1 día de anticipación. Elija una fecha más cercana.',
    });
  });

  it('accepts a party that exactly fills the delivery hours', () => {
    expect(checkBookingWindow(win({ date: '2026-07-04', start: '07:00', end: '21:00' }), settings, NOW)).toEqual({
      ok: true,
    });
  });

  it('rejects a start before or an end after the delivery hours, naming the hours', () => {
    const expected = { ok: false, code: 'outside_hours', message: 'Events must fit between 7:00 AM and 9:00 PM.' };
    expect(checkBookingWindow(win({ date: '2026-07-04', start: '06:30', end: '12:00' }), settings, NOW)).toEqual(
      expected,
    );
    expect(checkBookingWindow(win({ date: '2026-07-04', start: '18:00', end: '21:30' }), settings, NOW)).toEqual(
      expected,
    );
  });

  it('checks delivery on the first day and pick-up on the last day of a multi-day rental', () => {
    const ok = win({ date: '2026-07-04', start: '20:00', end: '08:00', endDate: '2026-07-05' });
    expect(checkBookingWindow(ok, settings, NOW)).toEqual({ ok: true });
    const lateDelivery = win({ date: '2026-07-04', start: '22:00', end: '18:00', endDate: '2026-07-05' });
    expect(checkBookingWindow(lateDelivery, settings, NOW)).toMatchObject({ code: 'outside_hours' });
    const earlyPickup = win({ date: '2026-07-04', start: '10:00', end: '06:00', endDate: '2026-07-05' });
    expect(checkBookingWindow(earlyPickup, settings, NOW)).toMatchObject({ code: 'outside_hours' });
    const midnightPickup = win({ date: '2026-07-04', start: '10:00', end: '00:00', endDate: '2026-07-05' });
    expect(checkBookingWindow(midnightPickup, settings, NOW)).toMatchObject({ code: 'outside_hours' });
  });
});

describe('blackoutFor', () => {
  it('blocks every product on a business-wide closed day', () => {
    const window = win({ date: '2026-07-04', start: '10:00', end: '18:00' });
    expect(blackoutFor(castle, window, [july4], CHICAGO)).toBe(july4);
    expect(blackoutFor(cake, window, [july4], CHICAGO)).toBe(july4);
  });

  it('uses the local day: a July 3 evening party that ends after midnight UTC is not blocked', () => {
    const window = win({ date: '2026-07-03', start: '17:00', end: '21:00' });
    expect(window.end.toISOString()).toBe('2026-07-04T02:00:00.000Z');
    expect(blackoutFor(castle, window, [july4], CHICAGO)).toBeNull();
  });

  it('blocks a multi-day rental that passes through the closed day', () => {
    const window = win({ date: '2026-07-03', start: '10:00', end: '18:00', endDate: '2026-07-05' });
    expect(blackoutFor(castle, window, [july4], CHICAGO)).toBe(july4);
  });

  it('does not block a rental that ends exactly at midnight before the closed day', () => {
    const window = win({ date: '2026-07-02', start: '10:00', end: '00:00', endDate: '2026-07-04' });
    expect(blackoutFor(castle, window, [july4], CHICAGO)).toBeNull();
  });

  it('includes the end date of a date range', () => {
    const christmas: Blackout = { ...july4, startsOn: '2026-12-24', endsOn: '2026-12-26', reason: 'Christmas' };
    const on = (date: string) => blackoutFor(castle, win({ date, start: '10:00', end: '18:00' }), [christmas], CHICAGO);
    expect(on('2026-12-23')).toBeNull();
    expect(on('2026-12-24')).toBe(christmas);
    expect(on('2026-12-26')).toBe(christmas);
    expect(on('2026-12-27')).toBeNull();
  });

  it.each([
    {
      name: 'applies a category blackout only to that category',
      blackout: {
        scope: 'category',
        categoryId: 'water',
        productId: null,
        startsOn: '2026-10-01',
        endsOn: '2027-03-31',
        reason: 'Water slides are put away for winter',
      } satisfies Blackout,
      date: '2026-12-05',
      blocked: slide,
      notBlocked: castle,
    },
    {
      name: 'applies a product blackout only to that product',
      blackout: castleRepair,
      date: '2026-08-11',
      blocked: castle,
      notBlocked: slide,
    },
  ])('$name', ({ blackout, date, blocked, notBlocked }) => {
    const window = win({ date, start: '10:00', end: '18:00' });
    expect(blackoutFor(blocked, window, [blackout], CHICAGO)).toBe(blackout);
    expect(blackoutFor(notBlocked, window, [blackout], CHICAGO)).toBeNull();
  });
});

describe('windowProblem: what stops every product at once, and the field to change', () => {
  const problem = (input: EventWindowInput, blackouts: Blackout[] = [], now = NOW) => windowProblem(win(input), blackouts, settings, now);

  it('names the date for a day too far ahead, inside the lead time or the business closed', () => {
    expect(problem({ date: '2027-06-10', start: '10:00', end: '18:00' })).toMatchObject({ code: 'too_far', field: 'date' });
    expect(problem({ date: '2026-06-01', start: '18:00', end: '20:00' })).toMatchObject({ code: 'lead_time', field: 'date' });
    expect(problem({ date: '2026-07-04', start: '10:00', end: '18:00' }, [july4])).toEqual({
      code: 'blackout',
      message: productAvailability({ product: castle, units: oneUnit, allocations: [], blackouts: [july4], window: win({ date: '2026-07-04', start: '10:00', end: '18:00' }), settings, now: NOW }).reason!.message,
      field: 'date',
    });
  });

  it('names the time outside the delivery hours, and the start of a party earlier today', () => {
    expect(problem({ date: '2026-06-10', start: '06:00', end: '18:00' })).toMatchObject({ code: 'outside_hours', field: 'start' });
    expect(problem({ date: '2026-06-10', start: '10:00', end: '22:00' })).toMatchObject({ code: 'outside_hours', field: 'end' });
    expect(problem({ date: '2026-06-01', start: '06:30', end: '10:00' })).toMatchObject({ code: 'past', field: 'start' });
    expect(problem({ date: '2026-05-30', start: '10:00', end: '12:00' })).toMatchObject({ code: 'past', field: 'date' });
  });

  it('leaves a product’s or a category’s blackout to its line, and a bookable window alone', () => {
    expect(problem({ date: '2026-08-11', start: '10:00', end: '18:00' }, [castleRepair])).toBeNull();
    expect(problem({ date: '2026-06-10', start: '10:00', end: '18:00' }, [july4])).toBeNull();
  });
});

describe('productAvailability', () => {
  const saturday = win({ date: '2026-07-11', start: '10:00', end: '18:00' });

  it('is available with the free count when a unit is free', () => {
    expect(available({ window: saturday, units: twoUnits })).toEqual({ available: true, freeCount: 2 });
  });

  it.each([
    {
      name: 'says the product is already booked when every unit is taken',
      overrides: { allocations: [booked('u1', { date: '2026-07-11', start: '12:00', end: '16:00' })] },
      freeCount: 0,
      reason: { code: 'sold_out', message: 'Sorry, the Castle Bounce House is already booked for that time.' },
    },
    {
      name: 'says how many are left when fewer than requested are free',
      overrides: {
        units: twoUnits,
        allocations: [booked('u2', { date: '2026-07-11', start: '12:00', end: '16:00' })],
        quantity: 2,
      },
      freeCount: 1,
      reason: { code: 'not_enough', message: 'Only 1 left for that time.' },
    },
    {
      name: 'gives the blackout reason in words',
      overrides: { window: win({ date: '2026-07-04', start: '10:00', end: '18:00' }), blackouts: [july4] },
      freeCount: 0,
      reason: { code: 'blackout', message: 'We are closed on July 4 (Independence Day).' },
    },
  ])('$name', ({ overrides, freeCount, reason }) => {
    expect(available({ window: saturday, ...overrides })).toEqual({ available: false, freeCount, reason });
  });

  it('does not count a unit in maintenance', () => {
    const units: UnitState[] = [
      { id: 'u1', status: 'available' },
      { id: 'u2', status: 'maintenance' },
    ];
    expect(available({ window: saturday, units, quantity: 2 })).toMatchObject({
      available: false,
      freeCount: 1,
      reason: { code: 'not_enough' },
    });
  });

  it('names the product and the dates for a product blackout without a reason', () => {
    const result = available({
      window: win({ date: '2026-08-11', start: '10:00', end: '18:00' }),
      blackouts: [castleRepair],
    });
    expect(result.reason?.message).toBe('Sorry, the Castle Bounce House is not available from August 10 to August 12.');
  });

  it('explains the date problem before the stock problem', () => {
    const tooSoon = win({ date: '2026-06-01', start: '18:00', end: '20:00' });
    const result = available({
      window: tooSoon,
      allocations: [booked('u1', { date: '2026-06-01', start: '17:00', end: '20:00' })],
    });
    expect(result.reason?.code).toBe('lead_time');
  });

  it('refuses an inactive product', () => {
    expect(available({ window: saturday, product: { ...castle, active: false } })).toMatchObject({
      available: false,
      reason: { code: 'inactive', message: 'Sorry, the Castle Bounce House is not available to book right now.' },
    });
  });

  it('always has cakes available (null free count = unlimited), but not on closed days', () => {
    expect(available({ window: saturday, product: cake, units: [] })).toEqual({ available: true, freeCount: null });
    const closed: Blackout = { ...july4, startsOn: '2026-07-11', endsOn: '2026-07-11', reason: '' };
    expect(available({ window: saturday, product: cake, units: [], blackouts: [closed] })).toMatchObject({
      available: false,
      reason: { code: 'blackout', message: 'We are closed on July 11.' },
    });
  });
});

describe('productAvailability for a Spanish reader', () => {
  const saturday = win({ date: '2026-07-11', start: '10:00', end: '18:00' });
  const castillo = { ...castle, nameEs: 'Castillo inflable' };
  const spanish = (overrides: Partial<Parameters<typeof productAvailability>[0]>) =>
    available({ window: saturday, product: castillo, language: 'es', ...overrides }).reason?.message;

  it.each([
    ['a unit taken, by its Spanish name', { allocations: [booked('u1', { date: '2026-07-11', start: '12:00', end: '16:00' })] }, 'Lo sentimos, Castillo inflable ya está reservado para ese horario.'],
    ['one left of two wanted', { units: twoUnits, allocations: [booked('u2', { date: '2026-07-11', start: '12:00', end: '16:00' })], quantity: 2 }, 'Solo queda 1 para ese horario.'],
    ['the business closed, with its date in Spanish', { window: win({ date: '2026-07-04', start: '10:00', end: '18:00' }), blackouts: [july4] }, 'Estamos cerrados el 4 de julio (Independence Day).'],
    ['the product out for days', { window: win({ date: '2026-08-11', start: '10:00', end: '18:00' }), blackouts: [castleRepair] }, 'Lo sentimos, Castillo inflable no está disponible del 10 de agosto al 12 de agosto.'],
    ['too soon, in hours', { window: win({ date: '2026-06-01', start: '18:00', end: '20:00' }) }, 'Necesitamos al menos 24 horas de aviso para entregar: elija una fecha más adelante o llámenos.'],
    ['outside the delivery hours, on a Spanish clock', { window: win({ date: '2026-07-11', start: '06:00', end: '18:00' }) }, 'Los eventos deben quedar entre las 7:00 a.m. y las 9:00 p.m.'],
    ['an inactive product', { product: { ...castillo, active: false } }, 'Lo sentimos, Castillo inflable no se puede reservar en este momento.'],
  ])('says %s', (_name, overrides, message) => {
    expect(spanish(overrides)).toBe(message);
  });

  it('uses the stored name where the product has no Spanish one, and English stays as it was', () => {
    const taken = { allocations: [booked('u1', { date: '2026-07-11', start: '12:00', end: '16:00' })] };
    expect(spanish({ ...taken, product: castle })).toBe('Lo sentimos, Castle Bounce House ya está reservado para ese horario.');
    expect(available({ window: saturday, product: castillo, ...taken }).reason?.message).toBe('Sorry, the Castle Bounce House is already booked for that time.');
  });
});

describe('packageAvailability', () => {
  const free = (freeCount: number | null): ProductAvailability =>
    freeCount === 0
      ? { available: false, freeCount, reason: { code: 'sold_out', message: 'sold out' } }
      : { available: true, freeCount };

  it('is limited by the scarcest item: min of floor(free / quantity per package)', () => {
    const result = packageAvailability({
      name: 'Birthday Bash Package',
      items: [
        { quantity: 2, result: free(5) }, // 2 packages
        { quantity: 1, result: free(3) }, // 3 packages
        { quantity: 4, result: free(null) }, // cakes: no limit
      ],
    });
    expect(result).toEqual({ available: true, freeCount: 2 });
  });

  it('is sold out when an item has fewer units than one package needs', () => {
    const result = packageAvailability({
      name: 'Birthday Bash Package',
      items: [
        { quantity: 2, result: free(1) },
        { quantity: 1, result: free(3) },
      ],
    });
    expect(result).toEqual({
      available: false,
      freeCount: 0,
      reason: { code: 'sold_out', message: 'Sorry, the Birthday Bash Package is already booked for that time.' },
    });
  });

  it('says how many packages are left when fewer than requested', () => {
    const result = packageAvailability({
      name: 'Birthday Bash Package',
      items: [{ quantity: 2, result: free(3) }],
      quantity: 2,
    });
    expect(result).toMatchObject({ available: false, freeCount: 1, reason: { message: 'Only 1 left for that time.' } });
  });

  it('is unlimited when every item is', () => {
    expect(packageAvailability({ name: 'Cake Party', items: [{ quantity: 1, result: free(null) }] })).toEqual({
      available: true,
      freeCount: null,
    });
  });

  it('passes on a blackout or booking-window reason from any item', () => {
    const closed: ProductAvailability = {
      available: false,
      freeCount: 0,
      reason: { code: 'blackout', message: 'We are closed on July 4 (Independence Day).' },
    };
    const result = packageAvailability({
      name: 'Birthday Bash Package',
      items: [
        { quantity: 1, result: free(0) },
        { quantity: 1, result: closed },
      ],
    });
    expect(result).toEqual(closed);
  });
});

describe('monthCalendar', () => {
  // Noon on Thursday 2026-03-05 in Chicago.
  const now = new Date('2026-03-05T18:00:00Z');
  const base = {
    product: castle,
    units: oneUnit,
    allocations: [] as Allocation[],
    blackouts: [] as Blackout[],
    settings,
    now,
    start: '10:00',
    end: '18:00',
  };
  const calendar = (input: typeof base & { month: string }) =>
    monthCalendar({
      month: input.month,
      start: input.start,
      end: input.end,
      timeZone: input.settings.timeZone,
      check: (window) => productAvailability({ ...input, window }),
    });

  it('has one entry per local day of the month, including the DST day', () => {
    const march = calendar({ ...base, month: '2026-03' });
    expect(march).toHaveLength(31);
    expect(march[0]?.date).toBe('2026-03-01');
    expect(march[30]?.date).toBe('2026-03-31');
    expect(march.find((d) => d.date === '2026-03-08')).toEqual({ date: '2026-03-08', available: true, freeCount: 1 });
    expect(calendar({ ...base, month: '2026-02', now: new Date('2026-01-01T00:00:00Z') })).toHaveLength(28);
  });

  it('marks past days, days inside the lead time, blackouts and booked days with their reason', () => {
    const days = calendar({
      ...base,
      month: '2026-03',
      allocations: [booked('u1', { date: '2026-03-14', start: '12:00', end: '15:00' })],
      blackouts: [
        {
          scope: 'business',
          categoryId: null,
          productId: null,
          startsOn: '2026-03-17',
          endsOn: '2026-03-17',
          reason: 'Staff day',
        },
      ],
    });
    const code = (date: string) => days.find((d) => d.date === date)?.reason?.code ?? 'ok';
    expect(code('2026-03-04')).toBe('past');
    expect(code('2026-03-05')).toBe('past'); // 10:00 today has gone
    expect(code('2026-03-06')).toBe('lead_time'); // 22 hours away
    expect(code('2026-03-07')).toBe('ok');
    expect(code('2026-03-14')).toBe('sold_out');
    expect(code('2026-03-15')).toBe('ok');
    expect(code('2026-03-17')).toBe('blackout');
    expect(days.filter((d) => d.available)).toHaveLength(31 - 6 - 1 - 1);
  });
});
