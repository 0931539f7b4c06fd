import { describe, expect, it } from 'vitest';
import { addDaysIso, formatClock, formatEventWindow, formatLongDate, formatShortDate } from './format';

// The hand-written formatters must say exactly what Intl says (they exist only to skip loading Intl's
// locale data in the browser): compared for every day from 2024 to 2031, leap days included.
const longIntl = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const shortIntl = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

describe('date formatting without Intl', () => {
  it('matches Intl en-US for every day of eight years', () => {
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2032, 0, 1); t += 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      expect(formatLongDate(iso)).toBe(longIntl.format(t));
      expect(formatShortDate(iso)).toBe(shortIntl.format(t));
    }
  });

  it('gives back what is not a date', () => {
    expect(formatLongDate('2027-02-30x')).toBe('2027-02-30x');
    expect(formatShortDate('tomorrow')).toBe('tomorrow');
  });

  it('writes event windows on one day and across days', () => {
    expect(formatEventWindow({ date: '2027-01-02', start: '10:00', end: '16:30' })).toBe(
      'Saturday, January 2, 2027, 10:00 AM – 4:30 PM',
    );
    expect(formatEventWindow({ date: '2027-01-02', start: '12:00', end: '00:00', endDate: '2027-01-04' })).toBe(
      'Saturday, January 2, 2027, 12:00 PM – Monday, January 4, 2027, 12:00 AM',
    );
  });
});

describe('the islands’ date helpers', () => {
  it('adds days to a date, and gives back what is not one (an old cart in localStorage)', () => {
    expect(addDaysIso('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysIso('someday', 1)).toBe('someday');
  });

  it('prints times with the strict clock formatter', () => {
    expect(formatEventWindow({ date: '2027-01-02', start: '00:00', end: '12:00' })).toBe('Saturday, January 2, 2027, 12:00 AM – 12:00 PM');
    expect(() => formatClock('9:00')).toThrow(RangeError);
  });
});

describe('formatMediumDate', () => {
  it('matches Intl en-US (month, day, year) for every day of eight years', async () => {
    const { formatMediumDate } = await import('./format');
    const mediumIntl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2032, 0, 1); t += 86_400_000) expect(formatMediumDate(new Date(t).toISOString().slice(0, 10))).toBe(mediumIntl.format(t));
    expect(formatMediumDate('soon')).toBe('soon');
  });
});

describe('formatMonth', () => {
  it('writes a report month as its table and chart show it: "Feb 2026", as Intl en-US does', async () => {
    const { formatMonth } = await import('./format');
    const monthIntl = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    for (let m = 0; m < 36; m += 1) expect(formatMonth(new Date(Date.UTC(2026, m, 1)).toISOString().slice(0, 7))).toBe(monthIntl.format(Date.UTC(2026, m, 1)));
    expect(formatMonth('2026-02')).toBe('Feb 2026');
    expect(formatMonth('2026-13')).toBe('2026-13');
    expect(formatMonth('Total')).toBe('Total');
  });
});
