import { describe, expect, it } from 'vitest';
import { businessClock } from './business-clock';

// Every clock here is given its own "now" and zone: nothing depends on the machine's clock or zone.
const CHICAGO = 'America/Chicago';
const lateEvening = new Date('2026-07-05T02:30:00Z'); // 21:30 on Saturday, July 4 in Chicago

describe('businessClock', () => {
  it('says today on the business’s calendar, not the server’s or the visitor’s', () => {
    expect(businessClock(CHICAGO, lateEvening).today()).toBe('2026-07-04');
    expect(businessClock('America/New_York', lateEvening).today()).toBe('2026-07-04');
    expect(businessClock('UTC', lateEvening).today()).toBe('2026-07-05');
    expect(businessClock('Pacific/Honolulu', new Date('2026-07-05T09:59:00Z')).today()).toBe('2026-07-04');
    expect(businessClock('Europe/Berlin', new Date('2026-07-04T22:00:00Z')).today()).toBe('2026-07-05');
  });

  it('stops at a given instant, or asks a given clock each time', () => {
    expect(businessClock(CHICAGO, lateEvening).now()).toEqual(lateEvening);
    let instant = new Date('2026-07-05T04:59:00Z');
    const clock = businessClock(CHICAGO, () => instant);
    expect(clock.today()).toBe('2026-07-04');
    instant = new Date('2026-07-05T05:00:00Z'); // midnight in Chicago
    expect(clock.today()).toBe('2026-07-05');
    expect(clock.timeOf(clock.now())).toBe('00:00');
  });

  it('turns the day at local midnight on both sides of the DST changes', () => {
    const chicago = (iso: string) => businessClock(CHICAGO, new Date(iso)).today();
    // Spring forward, Sunday March 8, 2026: CST (UTC-6) before, CDT (UTC-5) after.
    expect(chicago('2026-03-08T05:59:59Z')).toBe('2026-03-07');
    expect(chicago('2026-03-08T06:00:00Z')).toBe('2026-03-08');
    expect(chicago('2026-03-09T04:59:59Z')).toBe('2026-03-08');
    expect(chicago('2026-03-09T05:00:00Z')).toBe('2026-03-09');
    // Fall back, Sunday November 1, 2026: CDT before, CST after.
    expect(chicago('2026-11-01T04:59:59Z')).toBe('2026-10-31');
    expect(chicago('2026-11-01T05:00:00Z')).toBe('2026-11-01');
    expect(chicago('2026-11-02T05:59:59Z')).toBe('2026-11-01');
    expect(chicago('2026-11-02T06:00:00Z')).toBe('2026-11-02');
  });

  it('reads wall-clock times into instants and back across the DST changes', () => {
    const clock = businessClock(CHICAGO, lateEvening);
    expect(clock.instantAt('2026-03-08', '03:00').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(clock.instantAt('2026-03-08', '01:59').toISOString()).toBe('2026-03-08T07:59:00.000Z');
    // The repeated hour of the fall-back night is its first occurrence (CDT).
    expect(clock.instantAt('2026-11-01', '01:30').toISOString()).toBe('2026-11-01T06:30:00.000Z');
    expect(clock.timeOf(new Date('2026-11-01T07:30:00Z'))).toBe('01:30'); // the second 1:30, in CST
    expect(clock.dateOf(new Date('2026-11-01T07:30:00Z'))).toBe('2026-11-01');
  });

  it('writes instants as the business’s dates and times, and calendar dates as they are', () => {
    const clock = businessClock(CHICAGO, lateEvening);
    expect(clock.longDate(lateEvening)).toBe('Saturday, July 4, 2026');
    expect(clock.mediumDate(lateEvening)).toBe('Jul 4, 2026');
    expect(clock.shortDate(lateEvening)).toBe('Sat, Jul 4');
    expect(clock.time(lateEvening)).toBe('9:30 PM');
    expect(clock.timestamp(lateEvening)).toBe('Jul 4, 2026, 9:30 PM');
    expect(clock.timestamp('2026-07-05T02:30:00Z')).toBe('Jul 4, 2026, 9:30 PM');
    // A calendar date or a wall-clock time is already the business's: no zone moves it.
    expect(clock.longDate('2026-07-05')).toBe('Sunday, July 5, 2026');
    expect(clock.time('07:05')).toBe('7:05 AM');
    expect(businessClock('Asia/Tokyo', lateEvening).longDate('2026-07-05')).toBe('Sunday, July 5, 2026');
    expect(businessClock('Asia/Tokyo', lateEvening).longDate(lateEvening)).toBe('Sunday, July 5, 2026');
  });

  it('gives an event’s wall-clock times and writes its window, across midnight too', () => {
    const clock = businessClock(CHICAGO, lateEvening);
    const window = { start: new Date('2026-07-04T23:00:00Z'), end: new Date('2026-07-05T05:00:00Z') };
    expect(clock.eventTimes(window)).toEqual({ date: '2026-07-04', start: '18:00', endDate: '2026-07-05', end: '00:00' });
    expect(clock.eventWindow(window)).toBe('Saturday, July 4, 2026, 6:00 PM – Sunday, July 5, 2026, 12:00 AM');
  });

  it('refuses a missing or unknown zone instead of reading the machine’s or UTC', () => {
    expect(() => businessClock('', lateEvening)).toThrow(/time zone is missing/);
    expect(() => businessClock(undefined as unknown as string, lateEvening)).toThrow(/time zone is missing/);
    expect(() => businessClock('Mars/Olympus', lateEvening)).toThrow(RangeError);
  });
});
