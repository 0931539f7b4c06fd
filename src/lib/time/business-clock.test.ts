import { describe, expect, it } from 'vitest';
import { businessClock } from './business-clock';

// Every clock here is given its own "now" and zone: nothing depends on the machine's clock or zone.
const CHICAGO = 'America/Chicago';
const lateEvening = new Date('2026-07-05T02:30:00Z'); // 21:30 on Saturday, July 4 in Chicago

describe('businessClock', () => {
  it.each([
    [CHICAGO, lateEvening, '2026-07-04'],
    ['America/New_York', lateEvening, '2026-07-04'],
    ['UTC', lateEvening, '2026-07-05'],
    ['Pacific/Honolulu', new Date('2026-07-05T09:59:00Z'), '2026-07-04'],
    ['Europe/Berlin', new Date('2026-07-04T22:00:00Z'), '2026-07-05'],
  ])('says today on the business’s calendar in %s, not the server’s or the visitor’s', (zone, now, today) => {
    expect(businessClock(zone, now).today()).toBe(today);
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

  it.each([
    // Spring forward, Sunday March 8, 2026: CST (UTC-6) before, CDT (UTC-5) after.
    ['2026-03-08T05:59:59Z', '2026-03-07'],
    ['2026-03-08T06:00:00Z', '2026-03-08'],
    ['2026-03-09T04:59:59Z', '2026-03-08'],
    ['2026-03-09T05:00:00Z', '2026-03-09'],
    // Fall back, Sunday November 1, 2026: CDT before, CST after.
    ['2026-11-01T04:59:59Z', '2026-10-31'],
    ['2026-11-01T05:00:00Z', '2026-11-01'],
    ['2026-11-02T05:59:59Z', '2026-11-01'],
    ['2026-11-02T06:00:00Z', '2026-11-02'],
  ])('turns the day at local midnight on both sides of the DST changes: %s is %s', (iso, today) => {
    expect(businessClock(CHICAGO, new Date(iso)).today()).toBe(today);
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

describe('the staff screens’ report formats', () => {
  it('writes a report’s range and its months as the rest of the staff screens do', () => {
    const clock = businessClock(CHICAGO, lateEvening);
    expect(`Showing ${clock.mediumDate('2026-01-01')} to ${clock.mediumDate('2027-03-31')}`).toBe('Showing Jan 1, 2026 to Mar 31, 2027');
    expect(clock.month('2026-02')).toBe('Feb 2026');
  });
});
