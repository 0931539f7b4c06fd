import { describe, expect, it } from 'vitest';
import {
  afterOutcome,
  inSendingOrder,
  MAX_SERVER_TRIES,
  outcomeOf,
  queuedAction,
  retryDelayMs,
  waitingByBooking,
  waitingPaymentCents,
  type QueuedAction,
} from './queue';
import type { DayRun } from '../day';
import { datesToForget, keptDates, keptRun } from './kept-days';

const action = (key: string, takenAt: number, extra: Partial<QueuedAction> = {}): QueuedAction => ({
  ...queuedAction(
    {
      key,
      url: `/api/admin/bookings/b/notes`,
      method: 'POST',
      body: { note: key },
      label: `note ${key}`,
      bookingId: 'b',
      staffId: 's',
    },
    takenAt,
  ),
  ...extra,
});

describe('what an answer means for a queued action', () => {
  it('2xx is sent (a replayed answer too); no answer is offline; 401 and a due second step ask to sign in', () => {
    expect(outcomeOf(200, null)).toEqual({ kind: 'sent' });
    expect(outcomeOf(201, null)).toEqual({ kind: 'sent' });
    expect(outcomeOf(0, { code: 'network', message: 'We couldn’t reach' })).toEqual({ kind: 'offline' });
    expect(outcomeOf(401, { code: 'unauthorized' })).toEqual({ kind: 'sign-in' });
    expect(outcomeOf(403, { code: 'two_factor_required' })).toEqual({ kind: 'sign-in' });
  });

  it('server faults and rate limits are tried later; any other refusal is kept with the server’s words', () => {
    expect(outcomeOf(500, null)).toEqual({ kind: 'later' });
    expect(outcomeOf(503, { code: 'unavailable' })).toEqual({ kind: 'later' });
    expect(outcomeOf(429, { code: 'rate_limited' })).toEqual({ kind: 'later' });
    expect(
      outcomeOf(409, { code: 'conflict', message: 'A booking that is cancelled cannot become delivered.' }),
    ).toEqual({ kind: 'refused', problem: 'A booking that is cancelled cannot become delivered.' });
    expect(outcomeOf(400, { code: 'validation', message: ' ' })).toEqual({
      kind: 'refused',
      problem: 'Refused by the server (400).',
    });
    expect(outcomeOf(404, null)).toEqual({ kind: 'refused', problem: 'Refused by the server (404).' });
  });
});

describe('a send run', () => {
  it('sends oldest first, the key breaking ties', () => {
    const order = inSendingOrder([action('c', 3), action('b', 1), action('a', 1)]).map((a) => a.key);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('drops what was sent, keeps a refusal with its reason and goes on; stops, keeping the action, when offline or signed out', () => {
    const a = action('a', 1);
    expect(afterOutcome(a, { kind: 'sent' })).toEqual({ action: null, goOn: true });
    expect(afterOutcome(a, { kind: 'refused', problem: 'Cancelled meanwhile' })).toEqual({
      action: { ...a, state: 'refused', problem: 'Cancelled meanwhile' },
      goOn: true,
    });
    expect(afterOutcome(a, { kind: 'offline' })).toEqual({ action: a, goOn: false });
    expect(afterOutcome(a, { kind: 'sign-in' })).toEqual({ action: a, goOn: false });
  });

  it('tries a server fault again later, a few times, then gives it up as not sent: nothing is retried for ever', () => {
    let a = action('a', 1);
    for (let tries = 1; tries < MAX_SERVER_TRIES; tries++) {
      const next = afterOutcome(a, { kind: 'later' });
      expect(next.goOn).toBe(false);
      expect(next.action).toMatchObject({ state: 'waiting', serverTries: tries });
      a = next.action!;
    }
    const last = afterOutcome(a, { kind: 'later' });
    expect(last.goOn).toBe(true);
    expect(last.action).toMatchObject({
      state: 'refused',
      serverTries: MAX_SERVER_TRIES,
      problem: expect.stringMatching(/could not take this after 6 tries/),
    });
  });

  it('waits 30 s after the first fault, doubling, at most 10 minutes', () => {
    expect([1, 2, 3, 4, 6, 10].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 600_000, 600_000]);
  });

  it('lists the waiting actions of each booking in order; refused ones are not waiting', () => {
    const byBooking = waitingByBooking([
      action('b', 2),
      action('a', 1),
      action('r', 0, { state: 'refused' }),
      action('x', 3, { bookingId: 'other' }),
    ]);
    expect([...byBooking.keys()]).toEqual(['b', 'other']);
    expect(byBooking.get('b')!.map((a) => a.key)).toEqual(['a', 'b']);
  });
});

describe('payments waiting to send', () => {
  it('adds up the money of payments still waiting, from either payment address, and nothing else', () => {
    const payment = (key: string, amountCents: unknown, extra: Partial<QueuedAction> = {}) =>
      action(key, 1, { url: '/api/admin/day/bookings/b/payments', body: { amountCents, method: 'cash' }, ...extra });
    expect(waitingPaymentCents([])).toBe(0);
    expect(
      waitingPaymentCents([
        payment('a', 2500),
        payment('b', 1000, { url: '/api/admin/bookings/b/payments' }),
        // Refused by the server: not recorded, still to collect.
        payment('c', 9900, { state: 'refused', problem: 'No' }),
        payment('d', 'lots'),
        payment('e', -5),
        action('note', 2),
      ]),
    ).toBe(3500);
  });
});

describe('the days kept on the phone', () => {
  it('keeps today, tomorrow and the day last opened when it is not past', () => {
    expect(keptDates('2026-12-31', null)).toEqual(['2026-12-31', '2027-01-01']);
    expect(keptDates('2026-12-31', '2027-03-01')).toEqual(['2026-12-31', '2027-01-01', '2027-03-01']);
    expect(keptDates('2026-12-31', '2027-01-01')).toEqual(['2026-12-31', '2027-01-01']);
    expect(keptDates('2026-12-31', '2026-12-30')).toEqual(['2026-12-31', '2027-01-01']);
  });

  it('forgets the rest, and past days', () => {
    expect(
      datesToForget(['2026-12-30', '2026-12-31', '2027-01-01', '2027-02-02', '2027-03-01'], '2026-12-31', '2027-03-01'),
    ).toEqual(['2026-12-30', '2027-02-02']);
  });

  it('opens a day kept by an earlier version of the app: no yard known, no gear counted', () => {
    const old = { date: '2026-12-31', routes: [{ truckName: 'Pink truck', stops: [{ key: 'b:delivery', number: 'PF-1' }] }], loading: { out: [], back: [] } } as unknown as DayRun;
    const run = keptRun(old);
    expect(run.routes[0]!.stops[0]!.site).toEqual({ answers: {}, summary: '', flags: [], load: { stakes: 0, sandbags: 0, cords: 0, generators: 0 }, photos: [], override: null });
    expect(run.loading.gear).toEqual({ out: [], back: [] });
    // One kept with the yard but before its photos (and staff's override): the yard as it was, neither.
    const yard = { answers: { surface: 'grass' }, summary: 'Grass', flags: [], load: { stakes: 4, sandbags: 0, cords: 0, generators: 0 } };
    const withYard = { ...old, routes: [{ truckName: 'Pink truck', stops: [{ key: 'b:delivery', number: 'PF-1', site: yard }] }] } as unknown as DayRun;
    expect(keptRun(withYard).routes[0]!.stops[0]!.site).toEqual({ ...yard, photos: [], override: null });
    // A day kept by this version is read back as it was.
    expect(keptRun(run)).toEqual(run);
  });
});
