import { describe, expect, it } from 'vitest';
import { itMaps } from '../../../tests/support/table';
import {
  addDays,
  addMonths,
  daysBetween,
  formatClock,
  formatDayMonth,
  isClockTime,
  isIsoDate,
  isLocalMidnight,
  localDate,
  localDateTime,
  localTime,
  wallClockToInstant,
} from './wall-clock';

const CHICAGO = 'America/Chicago';

describe('wallClockToInstant', () => {
  it('reads Chicago wall-clock time in summer (CDT, UTC-5) and winter (CST, UTC-6)', () => {
    expect(wallClockToInstant('2026-07-04', '10:00', CHICAGO).toISOString()).toBe('2026-07-04T15:00:00.000Z');
    expect(wallClockToInstant('2026-01-10', '10:00', CHICAGO).toISOString()).toBe('2026-01-10T16:00:00.000Z');
  });

  it('moves a time the spring-forward gap skips forward by the gap, and takes the first of a fall-back hour', () => {
    expect(wallClockToInstant('2026-03-08', '02:30', CHICAGO).toISOString()).toBe('2026-03-08T08:30:00.000Z');
    expect(wallClockToInstant('2026-11-01', '01:30', CHICAGO).toISOString()).toBe('2026-11-01T06:30:00.000Z');
  });

  it('knows gaps and repeated hours east of Greenwich, half-hour zones and half-hour changes', () => {
    expect(wallClockToInstant('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(wallClockToInstant('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(wallClockToInstant('2026-07-04', '10:00', 'Asia/Kolkata').toISOString()).toBe('2026-07-04T04:30:00.000Z');
    // Lord Howe Island moves its clocks by half an hour (02:00 → 02:30 on the first Sunday of October): 02:15 is read as 02:45.
    expect(wallClockToInstant('2026-10-04', '02:15', 'Australia/Lord_Howe').toISOString()).toBe('2026-10-03T15:45:00.000Z');
  });

  it('round-trips instants through a year, every 5¼ hours (each hour and quarter in turn), in zones on both sides of Greenwich', () => {
    for (const zone of [CHICAGO, 'America/Phoenix', 'America/Anchorage', 'Pacific/Honolulu', 'Europe/London', 'Australia/Sydney']) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 315 * 60_000) {
        const instant = new Date(t);
        const [date, time] = [localDate(instant, zone), localTime(instant, zone)];
        // The second of a repeated fall-back hour reads back as its first occurrence, an hour earlier.
        const back = wallClockToInstant(date, time, zone).getTime();
        expect(back === t || back === t - 3_600_000, `${zone} ${instant.toISOString()}`).toBe(true);
      }
    }
  });

  it('takes the first of a fall-back hour east of UTC too, and half-hour changes (Lord Howe)', () => {
    // 02:30 on 2026-10-25 happens in CEST (UTC+2) and again in CET (UTC+1).
    expect(wallClockToInstant('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(wallClockToInstant('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // Lord Howe moves its clocks by half an hour: 01:45 on 2026-04-05 happens at UTC+11 and again at UTC+10:30.
    expect(wallClockToInstant('2026-04-05', '01:45', 'Australia/Lord_Howe').toISOString()).toBe('2026-04-04T14:45:00.000Z');
    expect(localTime(new Date('2026-04-04T15:14:59Z'), 'Australia/Lord_Howe')).toBe('01:44');
    expect(localTime(new Date('2026-04-04T15:00:00Z'), 'Australia/Lord_Howe')).toBe('01:30');
  });

  it('works in any zone, not only the business default', () => {
    expect(wallClockToInstant('2026-07-04', '10:00', 'Europe/Berlin').toISOString()).toBe('2026-07-04T08:00:00.000Z');
    expect(wallClockToInstant('2026-07-04', '10:00', 'UTC').toISOString()).toBe('2026-07-04T10:00:00.000Z');
  });

  it('refuses a date or time that does not exist, and an unknown zone', () => {
    expect(() => wallClockToInstant('2026-02-30', '10:00', CHICAGO)).toThrow(RangeError);
    expect(() => wallClockToInstant('2026-07-04', '25:00', CHICAGO)).toThrow(RangeError);
    expect(() => wallClockToInstant('2026-07-04', '10:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('localDate / localTime', () => {
  it('gives the Chicago date, not the UTC date, late in the evening', () => {
    const instant = new Date('2026-07-05T02:30:00Z'); // 21:30 on July 4 in Chicago
    expect(localDate(instant, CHICAGO)).toBe('2026-07-04');
    expect(localTime(instant, CHICAGO)).toBe('21:30');
  });

  it('round-trips with wallClockToInstant across both DST changes', () => {
    for (const date of ['2026-03-07', '2026-03-08', '2026-03-09', '2026-10-31', '2026-11-01', '2026-11-02']) {
      for (const time of ['00:00', '07:15', '12:00', '21:45', '23:59']) {
        const instant = wallClockToInstant(date, time, CHICAGO);
        expect([localDate(instant, CHICAGO), localTime(instant, CHICAGO)]).toEqual([date, time]);
      }
    }
  });
});

describe('localDateTime', () => {
  it('gives the wall clock of the zone to the second, across a date line the UTC clock has passed', () => {
    expect(localDateTime(new Date('2026-07-05T02:30:45Z'), CHICAGO)).toBe('2026-07-04T21:30:45');
    expect(localDateTime(new Date('2026-01-10T16:00:05Z'), CHICAGO)).toBe('2026-01-10T10:00:05');
  });
});

describe('localDateTime against Intl', () => {
  it('reads two years, every 47 minutes (every minute of the hour in turn), as Intl does, in zones with whole-hour, half-hour and no changes (the offsets it keeps per day and hour)', () => {
    const differ: string[] = [];
    const zones = [CHICAGO, 'America/Phoenix', 'Australia/Lord_Howe', 'Europe/London', 'Pacific/Auckland', 'Asia/Kolkata'];
    for (const timeZone of zones) {
      const intl = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
      const from = Date.UTC(2026, 0, 1);
      for (let ms = from; ms < from + 2 * 366 * 86_400_000; ms += 47 * 60_000) {
        // sv-SE writes 'YYYY-MM-DD HH:MM:SS'.
        const [ours, theirs] = [localDateTime(new Date(ms), timeZone), intl.format(new Date(ms)).replace(' ', 'T')];
        if (ours !== theirs) differ.push(`${timeZone} ${new Date(ms).toISOString()}: ${ours} against ${theirs}`);
      }
    }
    expect(differ).toEqual([]);
  });
});

describe('isLocalMidnight', () => {
  it('is midnight on the local clock, not in UTC', () => {
    expect(isLocalMidnight(wallClockToInstant('2026-07-05', '00:00', CHICAGO), CHICAGO)).toBe(true);
    expect(isLocalMidnight(new Date('2026-07-05T00:00:00Z'), CHICAGO)).toBe(false);
  });
});

describe('addDays / daysBetween', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
  });

  it('counts days regardless of DST', () => {
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2);
    expect(daysBetween('2026-07-05', '2026-07-04')).toBe(-1);
  });
});

describe('isIsoDate / isClockTime', () => {
  itMaps('takes %j for a real calendar date: %s', isIsoDate, [
    ['2028-02-29', true],
    ['2027-02-29', false],
    ['2027-1-02', false],
  ]);

  itMaps('takes %j for a 24-hour HH:MM time: %s', isClockTime, [
    ['00:00', true],
    ['23:59', true],
    ['24:00', false],
    ['9:00', false],
  ]);
});

describe('formatting for messages', () => {
  itMaps('writes %s on a 12-hour clock as %s', formatClock, [
    ['07:00', '7:00 AM'],
    ['21:00', '9:00 PM'],
    ['12:30', '12:30 PM'],
    ['00:15', '12:15 AM'],
    ['12:00', '12:00 PM'],
    ['23:59', '11:59 PM'],
  ]);

  it.each(['7:00', '24:00', '12:60', '', 'noon', '07:00:00'])('refuses %j, not an HH:MM time, instead of printing it', (bad) => {
    expect(() => formatClock(bad)).toThrow(RangeError);
  });

  it('writes dates as month and day', () => {
    expect(formatDayMonth('2026-07-04')).toBe('July 4');
    expect(formatDayMonth('2026-12-25')).toBe('December 25');
  });
});

describe('addMonths', () => {
  it('moves by calendar months, to the month’s last day when it is shorter, across years', () => {
    expect(addMonths('2026-11-30', 12)).toBe('2027-11-30');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2027-03-31', -1)).toBe('2027-02-28');
  });
});
