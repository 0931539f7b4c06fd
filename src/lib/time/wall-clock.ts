/**
 * Dates ('YYYY-MM-DD'), clock times ('HH:MM') and the one conversion between a business's
 * wall-clock time and instants, for the server and the islands alike. No zod here: islands that only
 * print a time or a day must not bundle it (event-window.ts adds the schemas).
 *
 * The zone arithmetic is the browser's and Node's own Intl (its time zone data), not a library: the
 * four things done here (a zone's wall clock at an instant, and back) take a few lines, where
 * @date-fns/tz's Date subclass was 1 KB compressed in every island, on the page where a visitor pays.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;

interface DateParts {
  year: number;
  month: number;
  day: number;
}

export function dateParts(isoDate: string): DateParts | null {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  // Date.UTC silently rolls 2026-02-30 over to March 2; a round trip catches it.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

function clockParts(time: string): { hours: number; minutes: number } | null {
  const match = CLOCK.exec(time);
  if (!match) return null;
  return { hours: Number(match[1]), minutes: Number(match[2]) };
}

export function isIsoDate(value: string): boolean {
  return dateParts(value) !== null;
}

export function isClockTime(value: string): boolean {
  return clockParts(value) !== null;
}

function requireDate(isoDate: string): DateParts {
  const parts = dateParts(isoDate);
  if (!parts) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${isoDate}`);
  return parts;
}

function requireClock(time: string): { hours: number; minutes: number } {
  const parts = clockParts(time);
  if (!parts) throw new RangeError(`Not a time (HH:MM): ${time}`);
  return parts;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

interface WallClock extends DateParts {
  hours: number;
  minutes: number;
  seconds: number;
  milliseconds: number;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/** The zone's wall clock at the instant. RangeError for an unknown zone or an invalid instant. */
function inZone(instant: Date, timeZone: string): WallClock {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      throw new RangeError(`Invalid time zone: ${timeZone}`);
    }
    zoneFormats.set(timeZone, format);
  }
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Invalid instant in ${timeZone}`);
  const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const parts = format.formatToParts(instant);
  return {
    year: part(parts, 'year'),
    month: part(parts, 'month'),
    day: part(parts, 'day'),
    hours: part(parts, 'hour'),
    minutes: part(parts, 'minute'),
    seconds: part(parts, 'second'),
    milliseconds: instant.getUTCMilliseconds(),
  };
}

/** How far the zone's wall clock is ahead of UTC at the instant (ms; negative west of Greenwich). */
function offsetAt(instantMs: number, timeZone: string): number {
  const z = inZone(new Date(instantMs), timeZone);
  return Date.UTC(z.year, z.month - 1, z.day, z.hours, z.minutes, z.seconds, z.milliseconds) - instantMs;
}

/**
 * The instant a local wall-clock time happens. A time skipped by the spring-forward gap
 * (02:30 on a DST Sunday) moves forward by the gap; an ambiguous fall-back time takes the
 * first occurrence. Both only matter at night, outside any delivery window.
 */
export function wallClockToInstant(isoDate: string, time: string, timeZone: string): Date {
  const { year, month, day } = requireDate(isoDate);
  const { hours, minutes } = requireClock(time);
  const asIfUtc = Date.UTC(year, month - 1, day, hours, minutes);
  // The zone's offsets a day either side: a zone changes its offset at most once in two days, so the
  // wall time happens at one of these (both, in a fall-back hour; neither, in a spring-forward gap).
  const before = asIfUtc - offsetAt(asIfUtc - DAY_MS, timeZone);
  const after = asIfUtc - offsetAt(asIfUtc + DAY_MS, timeZone);
  if (before === after) return new Date(before);
  const happens = [before, after].filter((t) => asIfUtc - offsetAt(t, timeZone) === t).sort((a, b) => a - b);
  // In a gap, the offset from before it: the wall time read on the clock as it was, i.e. moved forward by the gap.
  return new Date(happens[0] ?? before);
}

/** 'YYYY-MM-DD' of the instant in the time zone. */
export function localDate(instant: Date, timeZone: string): string {
  const z = inZone(instant, timeZone);
  return `${pad(z.year, 4)}-${pad(z.month)}-${pad(z.day)}`;
}

/** 'HH:MM' (24-hour) of the instant in the time zone; seconds are dropped. */
export function localTime(instant: Date, timeZone: string): string {
  const z = inZone(instant, timeZone);
  return `${pad(z.hours)}:${pad(z.minutes)}`;
}

/** 'YYYY-MM-DDTHH:MM:SS' of the instant on the time zone's wall clock (a calendar's "now" there). */
export function localDateTime(instant: Date, timeZone: string): string {
  const z = inZone(instant, timeZone);
  return `${pad(z.year, 4)}-${pad(z.month)}-${pad(z.day)}T${pad(z.hours)}:${pad(z.minutes)}:${pad(z.seconds)}`;
}

/** Whether the instant is exactly midnight on the local clock. */
export function isLocalMidnight(instant: Date, timeZone: string): boolean {
  const z = inZone(instant, timeZone);
  return z.hours === 0 && z.minutes === 0 && z.seconds === 0 && z.milliseconds === 0;
}

/** Calendar arithmetic on 'YYYY-MM-DD' strings; time zones cannot affect it. */
export function addDays(isoDate: string, n: number): string {
  const { year, month, day } = requireDate(isoDate);
  const moved = new Date(Date.UTC(year, month - 1, day + n));
  return `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/** `n` calendar months later; a day the month lacks becomes its last day ('2027-01-31' + 1 → '2027-02-28'). */
export function addMonths(isoDate: string, n: number): string {
  const { year, month, day } = requireDate(isoDate);
  const first = new Date(Date.UTC(year, month - 1 + n, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${pad(first.getUTCFullYear(), 4)}-${pad(first.getUTCMonth() + 1)}-${pad(Math.min(day, lastDay))}`;
}

/** Whole days from `from` to `to` ('2026-07-03' → '2026-07-05' is 2). */
export function daysBetween(from: string, to: string): number {
  const a = requireDate(from);
  const b = requireDate(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'July 4' — what customers read; the year is obvious from the date they just picked. */
export function formatDayMonth(isoDate: string): string {
  const { month, day } = requireDate(isoDate);
  return `${MONTHS[month - 1] ?? ''} ${day}`;
}

/**
 * '7:00 AM', '12:30 PM' from 'HH:MM'. Another locale ('es-US': '2:30 p.m.') goes through Intl; English
 * stays written by hand (no locale data loaded in the islands, which show English only).
 */
export function formatClock(time: string, locale = 'en-US'): string {
  const { hours, minutes } = requireClock(time);
  if (locale !== 'en-US') return intlClock(locale).format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
  const suffix = hours < 12 ? 'AM' : 'PM';
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${pad(minutes)} ${suffix}`;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
function intlClock(locale: string): Intl.DateTimeFormat {
  let format = clockFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    clockFormats.set(locale, format);
  }
  return format;
}
