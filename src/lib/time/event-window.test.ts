import { describe, it, expect } from 'vitest';
import { itMaps } from '../../../tests/support/table';
import { isInDateYears, calendarDaysTouched, eventWindowInput, localDaysTouched, toEventWindow } from './event-window';

const CHICAGO = 'America/Chicago';

function messages(input: unknown): string[] {
  const result = eventWindowInput.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('toEventWindow', () => {
  it('reads the times as Chicago wall-clock time, in summer (CDT, UTC-5)', () => {
    const w = toEventWindow({ date: '2026-07-04', start: '10:00', end: '18:00' }, CHICAGO);
    expect(w.start.toISOString()).toBe('2026-07-04T15:00:00.000Z');
    expect(w.end.toISOString()).toBe('2026-07-04T23:00:00.000Z');
  });

  it('reads the times as Chicago wall-clock time, in winter (CST, UTC-6)', () => {
    const w = toEventWindow({ date: '2026-01-10', start: '10:00', end: '18:00' }, CHICAGO);
    expect(w.start.toISOString()).toBe('2026-01-10T16:00:00.000Z');
    expect(w.end.toISOString()).toBe('2026-01-11T00:00:00.000Z');
  });

  it('switches offset on the spring-forward Sunday (2026-03-08)', () => {
    const saturday = toEventWindow({ date: '2026-03-07', start: '10:00', end: '18:00' }, CHICAGO);
    const sunday = toEventWindow({ date: '2026-03-08', start: '10:00', end: '18:00' }, CHICAGO);
    expect(saturday.start.toISOString()).toBe('2026-03-07T16:00:00.000Z');
    expect(sunday.start.toISOString()).toBe('2026-03-08T15:00:00.000Z');
    // A 10-to-6 party is still 8 hours long on the clock and in reality after the 2 AM switch.
    expect(sunday.end.getTime() - sunday.start.getTime()).toBe(8 * 3_600_000);
  });

  it('switches offset on the fall-back Sunday (2026-11-01), where midnight-to-3 AM lasts 4 hours', () => {
    const w = toEventWindow({ date: '2026-11-01', start: '00:00', end: '03:00' }, CHICAGO);
    expect(w.start.toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(w.end.toISOString()).toBe('2026-11-01T09:00:00.000Z');
  });

  it('spans days for a multi-day rental', () => {
    const w = toEventWindow({ date: '2026-07-04', start: '10:00', end: '18:00', endDate: '2026-07-05' }, CHICAGO);
    expect(w.start.toISOString()).toBe('2026-07-04T15:00:00.000Z');
    expect(w.end.toISOString()).toBe('2026-07-05T23:00:00.000Z');
  });

  it('refuses malformed input instead of producing a bogus instant', () => {
    expect(() => toEventWindow({ date: '2026-02-30', start: '10:00', end: '18:00' }, CHICAGO)).toThrow(RangeError);
    expect(() => toEventWindow({ date: '2026-07-04', start: '25:00', end: '18:00' }, CHICAGO)).toThrow(RangeError);
    expect(() => toEventWindow({ date: '2026-07-04', start: '18:00', end: '10:00' }, CHICAGO)).toThrow(RangeError);
  });
});

describe('calendarDaysTouched', () => {
  it('is 1 for a same-day event', () => {
    expect(
      calendarDaysTouched(toEventWindow({ date: '2026-07-04', start: '10:00', end: '18:00' }, CHICAGO), CHICAGO),
    ).toBe(1);
  });

  it('is 2 for Saturday 10:00 to Sunday 18:00', () => {
    const w = toEventWindow({ date: '2026-07-04', start: '10:00', end: '18:00', endDate: '2026-07-05' }, CHICAGO);
    expect(calendarDaysTouched(w, CHICAGO)).toBe(2);
    expect(localDaysTouched(w, CHICAGO)).toEqual(['2026-07-04', '2026-07-05']);
  });

  it('does not count the next day when the event ends exactly at midnight', () => {
    const w = toEventWindow({ date: '2026-07-04', start: '18:00', end: '00:00', endDate: '2026-07-05' }, CHICAGO);
    expect(calendarDaysTouched(w, CHICAGO)).toBe(1);
    const oneMinuteLater = { start: w.start, end: new Date(w.end.getTime() + 60_000) };
    expect(calendarDaysTouched(oneMinuteLater, CHICAGO)).toBe(2);
  });

  it('counts local days, not UTC days: an evening party in Chicago spills into the next UTC day', () => {
    const w = toEventWindow({ date: '2026-07-04', start: '17:00', end: '21:00' }, CHICAGO);
    expect(w.end.toISOString().slice(0, 10)).toBe('2026-07-05');
    expect(calendarDaysTouched(w, CHICAGO)).toBe(1);
  });

  it('counts a weekend across the spring-forward change as 2 days', () => {
    const w = toEventWindow({ date: '2026-03-07', start: '10:00', end: '18:00', endDate: '2026-03-08' }, CHICAGO);
    expect(calendarDaysTouched(w, CHICAGO)).toBe(2);
  });
});

describe('eventWindowInput', () => {
  it('accepts a same-day event and a multi-day rental', () => {
    expect(eventWindowInput.parse({ date: '2026-07-04', start: '10:00', end: '18:00' })).toEqual({
      date: '2026-07-04',
      start: '10:00',
      end: '18:00',
    });
    expect(messages({ date: '2026-07-04', start: '18:00', end: '10:00', endDate: '2026-07-05' })).toEqual([]);
  });

  it('asks for a date when it is missing, malformed or not on the calendar', () => {
    expect(messages({ start: '10:00', end: '18:00' })).toEqual(['Choose a date']);
    expect(messages({ date: '07/04/2026', start: '10:00', end: '18:00' })).toEqual(['Choose a date']);
    expect(messages({ date: '2026-02-30', start: '10:00', end: '18:00' })).toEqual(['Choose a date']);
  });

  it('asks for HH:MM times', () => {
    expect(messages({ date: '2026-07-04', start: '9:00', end: '18:00' })).toEqual(['Use HH:MM']);
    expect(messages({ date: '2026-07-04', start: '10:00', end: '24:00' })).toEqual(['Use HH:MM']);
    expect(messages({ date: '2026-07-04', start: '10:00' })).toEqual(['Use HH:MM']);
  });

  it('rejects a same-day event that ends at or before it starts', () => {
    expect(messages({ date: '2026-07-04', start: '18:00', end: '10:00' })).toEqual([
      'The end time must be after the start time',
    ]);
    expect(messages({ date: '2026-07-04', start: '10:00', end: '10:00' })).toEqual([
      'The end time must be after the start time',
    ]);
    expect(messages({ date: '2026-07-04', endDate: '2026-07-04', start: '10:00', end: '09:59' })).toEqual([
      'The end time must be after the start time',
    ]);
  });

  it('rejects an end date before the start date', () => {
    const result = eventWindowInput.safeParse({
      date: '2026-07-04',
      endDate: '2026-07-03',
      start: '10:00',
      end: '18:00',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['endDate']);
    expect(result.error?.issues[0]?.message).toBe('The end time must be after the start time');
  });

  it('allows 7 days and refuses 8', () => {
    expect(messages({ date: '2026-07-01', endDate: '2026-07-07', start: '10:00', end: '18:00' })).toEqual([]);
    expect(messages({ date: '2026-07-01', endDate: '2026-07-08', start: '10:00', end: '18:00' })).toEqual([
      'A rental can last at most 7 days',
    ]);
    // Ending at midnight on the 8th only uses 7 days.
    expect(messages({ date: '2026-07-01', endDate: '2026-07-08', start: '10:00', end: '00:00' })).toEqual([]);
  });
});

describe('isInDateYears', () => {
  // Only calendar dates outside the years arithmetic stays valid in are refused.
  itMaps('takes %j: %s', isInDateYears, [
    ['2026-07-04', true],
    ['2999-12-31', true],
    ['9999-12-31', false],
    ['1000-01-01', false],
    // Not a date at all: for the date check to report, not this one.
    ['nope', true],
  ]);
});
