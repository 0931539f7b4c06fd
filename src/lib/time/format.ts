import { addDays, formatClock, isClockTime, isIsoDate as isCalendarDate } from './wall-clock';

/** '14:30' → '2:30 PM' (the one clock formatter; it refuses what is not 'HH:MM'). */
export { formatClock };

/**
 * Dates and times as every screen writes them (12-hour clock, en-US; the Spanish pages pass 'es-US'), and the date helpers of the islands. Times, calendar arithmetic and time zones come from
 * src/lib/time/wall-clock.ts (no zod, so the small islands stay small); the long and short date
 * formats are written here by hand, see below.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcDate(isoDate: string): Date | null {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

// Written by hand rather than with Intl.DateTimeFormat (format.test.ts checks they agree for every day of
// several years): a page's first Intl formatter loads locale data, a long task on a slow phone (about
// 200 ms at Lighthouse's 4x CPU slowdown, the largest part of showing the checkout form), and every
// island shows dates in en-US only.
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

// Other locales ('es-US' for the Spanish pages) through Intl, one formatter per locale and style.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function intlDate(locale: string, style: 'long' | 'short' | 'medium', date: Date): string {
  const key = `${locale}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      style === 'long'
        ? { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }
        : style === 'short'
          ? { weekday: 'short', month: 'short', day: 'numeric' }
          : { month: 'short', day: 'numeric', year: 'numeric' };
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format.format(date);
}

/** '2027-01-02' → 'Saturday, January 2, 2027' ('es-US': 'sábado, 2 de enero de 2027'). */
export function formatLongDate(isoDate: string, locale = 'en-US'): string {
  const date = utcDate(isoDate);
  if (!date) return isoDate;
  if (locale !== 'en-US') return intlDate(locale, 'long', date);
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** '2027-01-02' → 'Sat, Jan 2'. */
export function formatShortDate(isoDate: string, locale = 'en-US'): string {
  const date = utcDate(isoDate);
  if (!date) return isoDate;
  if (locale !== 'en-US') return intlDate(locale, 'short', date);
  return `${WEEKDAYS[date.getUTCDay()]!.slice(0, 3)}, ${MONTHS[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCDate()}`;
}

export interface EventTimes {
  date: string;
  start: string;
  end: string;
  endDate?: string | undefined;
}

/** 'Saturday, January 2, 2027, 10:00 AM – 4:00 PM' (or across days for multi-day rentals). */
export function formatEventWindow(event: EventTimes): string {
  if (event.endDate && event.endDate !== event.date) {
    return `${formatLongDate(event.date)}, ${formatClock(event.start)} – ${formatLongDate(event.endDate)}, ${formatClock(event.end)}`;
  }
  return `${formatLongDate(event.date)}, ${formatClock(event.start)} – ${formatClock(event.end)}`;
}

/** The date `days` later; what is not a date is given back unchanged (an old cart in localStorage). */
export const addDaysIso = (isoDate: string, days: number): string => (isIsoDate(isoDate) ? addDays(isoDate, days) : isoDate);

export const isIsoDate = (value: string | null | undefined): value is string => typeof value === 'string' && isCalendarDate(value);

export const isClock = (value: string | null | undefined): value is string => typeof value === 'string' && isClockTime(value);

/** 'HH:MM' → minutes after midnight, and back. */
export const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
export const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Half-hour steps from `from` to `to` inclusive, as 'HH:MM'. */
export function halfHourSteps(from: string, to: string): string[] {
  const steps: string[] = [];
  for (let m = minutes(from); m <= minutes(to); m += 30) steps.push(clock(m));
  return steps;
}

/** The new end when the start moves: the event keeps its length as far as closing time allows. */
export function endKeepingLength(start: string, end: string, newStart: string, openUntil: string): string {
  const length = Math.max(30, minutes(end) - minutes(start));
  return clock(Math.min(minutes(openUntil), minutes(newStart) + length));
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

// One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one.
const timestampFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as staff read it, in the business's time zone (not the browser's: an owner travelling
 * still sees the shop's clock): '2026-11-22T15:04:05Z' → 'Nov 22, 2026, 9:04 AM'.
 */
export function formatTimestamp(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = timestampFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });
    timestampFormats.set(timeZone, format);
  }
  return format.format(date);
}

/** '10:00', '16:00' → '10:00 AM – 4:00 PM'. */
export const formatTimeRange = (start: string, end: string, locale = 'en-US'): string => `${formatClock(start, locale)} – ${formatClock(end, locale)}`;

/** '2027-01' → 'Jan 2027': a month of a report, in its table and on its chart's axis. Anything else comes back as given. */
export function formatMonth(month: string): string {
  const date = /^\d{4}-\d{2}$/.test(month) && isCalendarDate(`${month}-01`) ? utcDate(`${month}-01`) : null;
  if (!date) return month;
  return `${MONTHS[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCFullYear()}`;
}

/** '2027-01-02' → 'Jan 2, 2027': a date in a table or a short line, where the year may differ from this one. */
export function formatMediumDate(isoDate: string, locale = 'en-US'): string {
  const date = utcDate(isoDate);
  if (!date) return isoDate;
  if (locale !== 'en-US') return intlDate(locale, 'medium', date);
  return `${MONTHS[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
