import { describe, expect, it } from 'vitest';
import {
  cartReminderDecision,
  deliveryWindow,
  driveMinutes,
  fillWording,
  onTheWayEta,
  onTheWayRefusal,
  onTheWayReport,
  plannedArrivals,
  SERVICE_MINUTES,
  toMinutes,
  UNKNOWN_DRIVE_MINUTES,
  type RouteStop,
  type SavedCartFacts,
} from './message-rules';

// Points about 10 straight-line miles apart going north (0.1449° of latitude ≈ 10 mi).
const warehouse = { lat: 30.0, lng: -97.0 };
const north = (miles: number) => ({ lat: 30.0 + (miles / 10) * 0.1449, lng: -97.0 });
const stop = (key: string, from: string, until: string, miles: number | null, done = false): RouteStop => ({
  key,
  window: { from, until },
  point: miles === null ? null : north(miles),
  done,
});

describe('driveMinutes', () => {
  it('is the straight line × 1.3 at 35 mph, rounded up, and a fixed guess when a place is unknown', () => {
    // 10 mi × 1.3 = 13 mi at 35 mph = 22.3 min → 23.
    expect(driveMinutes(warehouse, north(10))).toBe(23);
    expect(driveMinutes(warehouse, warehouse)).toBe(0);
    expect(driveMinutes(null, north(10))).toBe(UNKNOWN_DRIVE_MINUTES);
  });
});

describe('the day-before delivery window', () => {
  const route = [stop('a', '08:00', '10:00', 10), stop('b', '08:00', '12:00', 20), stop('c', '11:00', '13:00', 30)];

  it('plans each stop after the one before (service and drive) but never before its own set-up window opens', () => {
    const arrivals = plannedArrivals(route);
    expect(arrivals[0]).toBe(toMinutes('08:00'));
    // 08:00 + 30 on site + 23 driving = 08:53.
    expect(arrivals[1]).toBe(toMinutes('08:00') + SERVICE_MINUTES + 23);
    // 08:53 + 30 + 23 = 09:46, but c's window opens at 11:00.
    expect(arrivals[2]).toBe(toMinutes('11:00'));
  });

  it('promises an hour from the planned arrival rounded down to the quarter hour', () => {
    expect(deliveryWindow(route, 'a')).toEqual({ from: '08:00', until: '09:00' });
    expect(deliveryWindow(route, 'b')).toEqual({ from: '08:45', until: '09:45' });
    expect(deliveryWindow(route, 'c')).toEqual({ from: '11:00', until: '12:00' });
    expect(deliveryWindow(route, 'missing')).toBeNull();
  });

  it('follows the saved route order: the same stops in another order give other windows', () => {
    const reordered = [route[1]!, route[0]!, route[2]!];
    expect(deliveryWindow(reordered, 'b')).toEqual({ from: '08:00', until: '09:00' });
    expect(deliveryWindow(reordered, 'a')).toEqual({ from: '08:45', until: '09:45' });
  });
});

describe('the on-the-way estimate', () => {
  const route = [
    stop('a', '08:00', '10:00', 10, true),
    stop('b', '08:00', '12:00', 20),
    stop('c', '09:00', '13:00', 30),
  ];

  it('drives from the last stop done: only the drive when the stop is next', () => {
    // From a (done) to b: 23 minutes; tapped at 09:00 → 09:23 → rounded up to 09:25.
    expect(onTheWayEta(route, 'b', warehouse, toMinutes('09:00'))).toBe(toMinutes('09:25'));
  });

  it('adds the service and drive of every stop still before it', () => {
    // a → b (23) + b's 30 on site + b → c (23) = 76 minutes after 09:00 → 10:16 → 10:20.
    expect(onTheWayEta(route, 'c', warehouse, toMinutes('09:00'))).toBe(toMinutes('10:20'));
  });

  it('leaves from the warehouse when no stop is done yet', () => {
    const fresh = route.map((s) => ({ ...s, done: false }));
    expect(onTheWayEta(fresh, 'a', warehouse, toMinutes('08:00'))).toBe(toMinutes('08:25'));
    expect(onTheWayEta(fresh, 'x', warehouse, 0)).toBeNull();
  });

  it('uses the fixed guess for a stop whose place is unknown', () => {
    const unknown = [stop('a', '08:00', '10:00', null)];
    expect(onTheWayEta(unknown, 'a', warehouse, toMinutes('08:00'))).toBe(toMinutes('08:00') + UNKNOWN_DRIVE_MINUTES);
  });
});

describe('who is due a cart reminder', () => {
  const captured = new Date('2026-11-27T15:00:00Z');
  const facts: SavedCartFacts = {
    capturedAt: captured,
    remindedAt: null,
    cancelledAt: null,
    bookedSince: false,
    suppressed: false,
    eventDate: '2026-12-05',
    today: '2026-11-27',
  };
  const at = (minutes: number) => new Date(captured.getTime() + minutes * 60_000);

  it('waits an hour after the last capture, then sends', () => {
    expect(cartReminderDecision(facts, at(59))).toBe('wait');
    expect(cartReminderDecision(facts, at(60))).toBe('send');
  });

  it('never twice, never after a booking by the address, never to a suppressed address', () => {
    expect(cartReminderDecision({ ...facts, remindedAt: at(61) }, at(120))).toBe('done');
    expect(cartReminderDecision({ ...facts, cancelledAt: at(61) }, at(120))).toBe('done');
    expect(cartReminderDecision({ ...facts, bookedSince: true }, at(30))).toBe('booked');
    expect(cartReminderDecision({ ...facts, suppressed: true }, at(61))).toBe('suppressed');
  });

  it('not for a party already past, nor a cart older than a week', () => {
    expect(cartReminderDecision({ ...facts, eventDate: '2026-11-26' }, at(61))).toBe('too_late');
    expect(cartReminderDecision(facts, at(8 * 24 * 60))).toBe('too_late');
  });
});

describe('fillWording', () => {
  it('fills the placeholders it knows and leaves others as typed', () => {
    expect(
      fillWording('Hi {firstName}, see you between {window}. {unknown}', {
        firstName: 'Ana',
        window: '9:00 AM and 10:00 AM',
      }),
    ).toBe('Hi Ana, see you between 9:00 AM and 10:00 AM. {unknown}');
    expect(fillWording('Thanks from {business}!  {firstName}', { business: 'Us' })).toBe('Thanks from Us!');
  });
});

describe('"on the way" only on the day', () => {
  it('is allowed on the drop-off’s own day and refused before or after it, saying which day it is for', () => {
    expect(onTheWayRefusal('2026-12-03', '2026-12-03')).toBeNull();
    expect(onTheWayRefusal('2026-12-03', '2026-12-01')).toBe('“On the way” can be sent only on the day of the drop-off (Dec 3, 2026); today is Dec 1, 2026.');
    expect(onTheWayRefusal('2026-12-03', '2026-12-04')).not.toBeNull();
  });

  it('says sent only when it left, and that it waits otherwise', () => {
    expect(onTheWayReport({ delivery: 'sent', by: 'text', eta: '09:30' })).toBe('Sent by text: arrival about 9:30 AM. The customer knows you are on the way.');
    expect(onTheWayReport({ delivery: 'sent', by: 'email', eta: '13:05' })).toBe('Sent by e-mail: arrival about 1:05 PM. The customer knows you are on the way.');
    const waiting = onTheWayReport({ delivery: 'waiting', by: 'text', eta: '09:30' });
    expect(waiting).toMatch(/^Waiting to send \(the text is tried again every few minutes\): arrival about 9:30 AM\. The customer does not know yet\.$/);
    expect(waiting).not.toMatch(/knows/);
  });
});
