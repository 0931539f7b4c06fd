/**
 * Dates ('YYYY-MM-DD'), clock times ('HH:MM') and the one conversion between a business's
 * wall-clock time and instants, for the server and the islands alike. No zod here: islands that only
 * print a time or a day must not bundle it (event-window.ts adds the schemas).
 *
 * A zone's offset comes from the runtime's own Intl zone data (the browser's, Node's), not a library:
 * @date-fns/tz was 1 KB compressed in every island, on the page where a visitor pays.
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

/**
 * The zone's offset from UTC (minutes, east positive) at an instant, from Intl (tzOffset, below),
 * kept per zone and UTC day, or per UTC hour on a day whose offset changes. A booking reads the
 * business's wall clock a few dozen times (its window, the lead time, prices by the hour, e-mails,
 * "today"), and asking Intl each time cost two or three formats a read (profiled: about 5 % of the
 * server's CPU for a booking). A day is kept when its first and last millisecond have the same
 * offset: no zone changes its offset and back within one day, so every instant of such a day has it.
 * On a day with a change, an hour is kept likewise (no zone changes its offset twice within one
 * hour), and an hour with the change in it is asked of Intl every time. Kept per hour only, a booking
 * for a date not asked about before still cost a dozen formats or more (its window, the days around
 * it, the lead time: profiled, a fifth of preparing its cart); kept per day, the days around it are
 * mostly known already. Zone data only changes with the runtime, so nothing here goes stale; each
 * zone keeps at most MAX_KEPT days and hours (the oldest go first).
 */
function zoneOffset(timeZone: string, ms: number): number {
  let kept = keptOffsets.get(timeZone);
  if (!kept) keptOffsets.set(timeZone, (kept = { days: new Map(), hours: new Map() }));
  const day = Math.floor(ms / DAY_MS);
  let dayOffset = kept.days.get(day);
  if (dayOffset === undefined) {
    const first = tzOffset(timeZone, new Date(day * DAY_MS));
    const last = tzOffset(timeZone, new Date(day * DAY_MS + DAY_MS - 1));
    // NaN: a zone Intl does not know (never kept, so its callers' error stays).
    if (Number.isNaN(first) || Number.isNaN(last)) return NaN;
    dayOffset = first === last ? first : null;
    keep(kept.days, day, dayOffset);
  }
  if (dayOffset !== null) return dayOffset;
  const hour = Math.floor(ms / HOUR_MS);
  const hourOffset = kept.hours.get(hour);
  if (hourOffset !== undefined) return hourOffset;
  const first = tzOffset(timeZone, new Date(hour * HOUR_MS));
  const last = tzOffset(timeZone, new Date(hour * HOUR_MS + HOUR_MS - 1));
  if (first !== last || Number.isNaN(first)) return tzOffset(timeZone, new Date(ms));
  keep(kept.hours, hour, first);
  return first;
}

function keep<V>(map: Map<number, V>, key: number, value: V): void {
  if (map.size >= MAX_KEPT) map.delete(map.keys().next().value!);
  map.set(key, value);
}

const zoneFormats = new Map<string, Intl.DateTimeFormat | null>();
/** The offset (minutes, east positive) Intl gives the zone at the instant; NaN for a zone it does not know. */
function tzOffset(timeZone: string, instant: Date): number {
  let format = zoneFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    } catch {
      format = null;
    }
    zoneFormats.set(timeZone, format);
  }
  if (!format) return NaN;
  const fields: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of format.formatToParts(instant)) fields[part.type] = Number(part.value);
  const wall = Date.UTC(fields.year!, fields.month! - 1, fields.day!, fields.hour!, fields.minute!, fields.second!);
  return (wall - (instant.getTime() - instant.getUTCMilliseconds())) / 60_000;
}

const HOUR_MS = 3_600_000;
const MAX_KEPT = 4_096;
/** Per zone: each UTC day's offset, or null for a day whose offset changes (then its hours are kept). */
const keptOffsets = new Map<string, { days: Map<number, number | null>; hours: Map<number, number> }>();

/**
 * The instant's wall clock in the zone, as a Date whose UTC fields are that wall clock (seconds of
 * historical offsets rounded).
 */
function inZone(instant: Date, timeZone: string): Date {
  const ms = instant.getTime();
  const offset = Number.isNaN(ms) ? NaN : zoneOffset(timeZone, ms);
  if (Number.isNaN(offset)) throw new RangeError(`Invalid instant or time zone: ${timeZone}`);
  return new Date(ms + Math.round(offset * 60) * 1000);
}

/**
 * The instant a local wall-clock time happens. A time skipped by the spring-forward gap
 * (02:30 on a DST Sunday) moves forward by the gap; an ambiguous fall-back time takes the
 * first occurrence. Both only matter at night, outside any delivery window.
 */
export function wallClockToInstant(isoDate: string, time: string, timeZone: string): Date {
  const { year, month, day } = requireDate(isoDate);
  const { hours, minutes } = requireClock(time);
  // The wall clock read as if it were UTC; the instant is that less the zone's offset then. The
  // offsets a day either side are the two it can be (no zone changes its offset twice in two days).
  const wall = Date.UTC(year, month - 1, day, hours, minutes);
  const before = zoneOffset(timeZone, wall - DAY_MS);
  const after = zoneOffset(timeZone, wall + DAY_MS);
  if (Number.isNaN(before) || Number.isNaN(after)) throw new RangeError(`Invalid time zone: ${timeZone}`);
  const byOffsetBefore = wall - before * 60_000;
  if (before === after) return new Date(byOffsetBefore);
  const byOffsetAfter = wall - after * 60_000;
  const beforeHolds = zoneOffset(timeZone, byOffsetBefore) === before;
  const afterHolds = zoneOffset(timeZone, byOffsetAfter) === after;
  // Both: the fall-back hour that happens twice, its first occurrence. Neither: the gap, where the
  // offset before the change puts the time as far past the change as it was meant to be past the gap's start.
  if (beforeHolds && afterHolds) return new Date(Math.min(byOffsetBefore, byOffsetAfter));
  if (afterHolds) return new Date(byOffsetAfter);
  return new Date(byOffsetBefore);
}

/** 'YYYY-MM-DD' of the instant in the time zone. */
export function localDate(instant: Date, timeZone: string): string {
  const z = inZone(instant, timeZone);
  return `${pad(z.getUTCFullYear(), 4)}-${pad(z.getUTCMonth() + 1)}-${pad(z.getUTCDate())}`;
}

/** 'HH:MM' (24-hour) of the instant in the time zone; seconds are dropped. */
export function localTime(instant: Date, timeZone: string): string {
  const z = inZone(instant, timeZone);
  return `${pad(z.getUTCHours())}:${pad(z.getUTCMinutes())}`;
}

/** 'YYYY-MM-DDTHH:MM:SS' of the instant on the time zone's wall clock (a calendar's "now" there). */
export function localDateTime(instant: Date, timeZone: string): string {
  const z = inZone(instant, timeZone);
  return `${pad(z.getUTCFullYear(), 4)}-${pad(z.getUTCMonth() + 1)}-${pad(z.getUTCDate())}T${pad(z.getUTCHours())}:${pad(z.getUTCMinutes())}:${pad(z.getUTCSeconds())}`;
}

/** Whether the instant is exactly midnight on the local clock. */
export function isLocalMidnight(instant: Date, timeZone: string): boolean {
  const z = inZone(instant, timeZone);
  return z.getUTCHours() === 0 && z.getUTCMinutes() === 0 && z.getUTCSeconds() === 0 && z.getUTCMilliseconds() === 0;
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

/** 'July 4' — what customers read; the year is obvious from the date they just picked. Another locale through Intl ('es-US': '4 de julio'). */
export function formatDayMonth(isoDate: string, locale = 'en-US'): string {
  const { year, month, day } = requireDate(isoDate);
  if (locale !== 'en-US') return intlFormat(locale, 'dayMonth').format(new Date(Date.UTC(year, month - 1, day)));
  return `${MONTHS[month - 1] ?? ''} ${day}`;
}

/**
 * '7:00 AM', '12:30 PM' from 'HH:MM'. Another locale ('es-US': '2:30 p.m.') goes through Intl; English
 * stays written by hand (no locale data loaded in the islands, which show English only).
 */
export function formatClock(time: string, locale = 'en-US'): string {
  const { hours, minutes } = requireClock(time);
  if (locale !== 'en-US') return intlFormat(locale, 'clock').format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
  const suffix = hours < 12 ? 'AM' : 'PM';
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${pad(minutes)} ${suffix}`;
}

/** One Intl formatter per locale and kind, made once: making one costs far more than formatting with it. */
const INTL_KINDS = {
  clock: { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' },
  dayMonth: { day: 'numeric', month: 'long', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const intlFormats = new Map<string, Intl.DateTimeFormat>();
function intlFormat(locale: string, kind: keyof typeof INTL_KINDS): Intl.DateTimeFormat {
  const key = `${locale} ${kind}`;
  let format = intlFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, INTL_KINDS[kind]);
    intlFormats.set(key, format);
  }
  return format;
}
