import { describe, expect, it } from 'vitest';
import { businessClock } from '../time';
import { allowedTransitions, type BookingStatus } from './booking-status';
import { firstDayFor, rentalLastDay, statusesOnTheDay, statusTooEarly } from './status-days';

// Each clock is the test's own: a fixed instant read in the business's zone, never the machine's.
const CHICAGO = 'America/Chicago';
const at = (instant: string) => businessClock(CHICAGO, new Date(instant));

// A party on Saturday, July 4, 2026 whose set-up starts the evening before (a long set-up for a morning party).
const early = { number: 'PF-7K3Q55', partyDate: '2026-07-04', dropOffDate: '2026-07-03', lastDate: '2026-07-04' };
// A party whose drop-off is on its own day.
const sameDay = { number: 'PF-2B8M44', partyDate: '2026-07-04', dropOffDate: '2026-07-04', lastDate: '2026-07-04' };
// A rental from Saturday, July 4 to Monday, July 6, 2026, delivered on its first day.
const threeDays = { number: 'PF-9C4R66', partyDate: '2026-07-04', dropOffDate: '2026-07-04', lastDate: '2026-07-06' };

describe('statusTooEarly', () => {
  it('refuses "completed" before the party’s day, naming the booking, the day and today', () => {
    const weekBefore = at('2026-06-27T15:00:00Z');
    expect(statusTooEarly('completed', sameDay, weekBefore)).toBe(
      'PF-2B8M44 cannot be marked completed before the day of its party, Jul 4, 2026. Today is Jun 27, 2026.',
    );
    // The evening before, with the drop-off done: still not the party's day.
    expect(statusTooEarly('completed', early, at('2026-07-04T02:00:00Z'))).toMatch(/^PF-7K3Q55 cannot be marked completed before the day of its party, Jul 4, 2026\./);
  });

  it('allows "completed" from the first minute of the party’s day on the business’s clock, and after it', () => {
    // 00:00 on July 4 in Chicago is 05:00 UTC: a minute earlier is still July 3 there (and July 4 in UTC).
    expect(statusTooEarly('completed', sameDay, at('2026-07-05T04:59:00Z'))).toBeNull();
    expect(statusTooEarly('completed', sameDay, at('2026-07-04T05:00:00Z'))).toBeNull();
    expect(statusTooEarly('completed', sameDay, at('2026-07-04T04:59:00Z'))).not.toBeNull();
    expect(statusTooEarly('completed', sameDay, at('2026-07-20T12:00:00Z'))).toBeNull();
  });

  it('reads "today" in the business’s zone, not UTC: late evening in Chicago is already tomorrow in UTC', () => {
    const lateEveningBefore = at('2026-07-04T03:30:00Z'); // 22:30 on Friday, July 3 in Chicago
    expect(statusTooEarly('completed', sameDay, lateEveningBefore)).toMatch(/Today is Jul 3, 2026\.$/);
    expect(statusTooEarly('completed', sameDay, businessClock('UTC', new Date('2026-07-04T03:30:00Z')))).toBeNull();
  });

  it('allows out for delivery and delivered from the drop-off’s day, which may be the evening before the party', () => {
    const eveningBefore = at('2026-07-03T23:00:00Z'); // 18:00 on Friday, July 3 in Chicago
    expect(statusTooEarly('out_for_delivery', early, eveningBefore)).toBeNull();
    expect(statusTooEarly('delivered', early, eveningBefore)).toBeNull();
    expect(statusTooEarly('out_for_delivery', sameDay, eveningBefore)).toBe(
      'PF-2B8M44 cannot be marked out for delivery before the day of its drop-off and party, Jul 4, 2026. Today is Jul 3, 2026.',
    );
    expect(statusTooEarly('delivered', early, at('2026-07-02T15:00:00Z'))).toBe(
      'PF-7K3Q55 cannot be marked delivered before the day of its drop-off, Jul 3, 2026 (the party is on Jul 4, 2026). Today is Jul 2, 2026.',
    );
  });

  it('names the day a move queued on a phone was taken, judged then, instead of today', () => {
    expect(statusTooEarly('delivered', sameDay, at('2026-07-04T02:00:00Z'), true)).toBe(
      'PF-2B8M44 cannot be marked delivered before the day of its drop-off and party, Jul 4, 2026. It was marked on the phone on Jul 3, 2026.',
    );
  });

  it('holds no other move to a day: confirming, cancelling or expiring is the office’s at any time', () => {
    const monthBefore = at('2026-06-04T15:00:00Z');
    const undated = (Object.keys(allowedTransitions) as BookingStatus[]).filter((s) => !statusesOnTheDay.includes(s));
    for (const to of undated) {
      expect(firstDayFor(to, early), to).toBeNull();
      expect(statusTooEarly(to, early, monthBefore), to).toBeNull();
    }
    expect(statusesOnTheDay.map((to) => firstDayFor(to, early))).toEqual(['2026-07-03', '2026-07-03', '2026-07-04']);
  });
});

describe('a rental over several days', () => {
  it('refuses "completed" before its last day on the business’s clock, naming the day and today', () => {
    const firstDay = at('2026-07-04T17:00:00Z'); // noon on Saturday, July 4 in Chicago
    expect(statusTooEarly('completed', threeDays, firstDay)).toBe(
      'PF-9C4R66: this rental runs until Jul 6, 2026; it can be marked completed from that day. Today is Jul 4, 2026.',
    );
    // 23:59 on Sunday in Chicago is already Monday in UTC: still refused.
    expect(statusTooEarly('completed', threeDays, at('2026-07-06T04:59:00Z'))).toMatch(/Today is Jul 5, 2026\.$/);
    expect(statusTooEarly('completed', threeDays, at('2026-07-06T05:00:00Z'))).toBeNull();
    expect(firstDayFor('completed', threeDays)).toBe('2026-07-06');
  });

  it('still lets the crew deliver it on its first day; a one-day party is not such a rental', () => {
    const firstMorning = at('2026-07-04T13:00:00Z');
    expect(statusTooEarly('out_for_delivery', threeDays, firstMorning)).toBeNull();
    expect(statusTooEarly('delivered', threeDays, firstMorning)).toBeNull();
    expect(firstDayFor('completed', sameDay)).toBe(sameDay.partyDate);
  });

  it('counts its last day from where it ends, and an end at midnight as the day before', () => {
    expect(rentalLastDay({ date: '2026-07-04', endDate: '2026-07-06', end: '18:00' })).toBe('2026-07-06');
    expect(rentalLastDay({ date: '2026-07-04', endDate: '2026-07-06', end: '00:00' })).toBe('2026-07-05');
    expect(rentalLastDay({ date: '2026-07-04', endDate: '2026-07-04', end: '16:00' })).toBe('2026-07-04');
    // Until midnight on the party's own day: still that one day.
    expect(rentalLastDay({ date: '2026-07-04', endDate: '2026-07-05', end: '00:00' })).toBe('2026-07-04');
  });
});
