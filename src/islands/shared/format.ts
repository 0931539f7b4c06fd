export { formatMoney } from '../../lib/catalog/format';

/**
 * Small date and time helpers for the islands. src/lib/time/event-window.ts has the same
 * formatting, but it also builds zod schemas at import time; these keep zod out of the small
 * islands (product pages, cart, /at) that never validate a form.
 */

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '14:30' → '2:30 PM'. */
export function formatClock(time: string): string {
  const match = CLOCK.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

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

/** '2027-01-02' → 'Saturday, January 2, 2027'. */
export function formatLongDate(isoDate: string): string {
  const date = utcDate(isoDate);
  if (!date) return isoDate;
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** '2027-01-02' → 'Sat, Jan 2'. */
export function formatShortDate(isoDate: string): string {
  const date = utcDate(isoDate);
  if (!date) return isoDate;
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

/** 'YYYY-MM-DD' of the instant in a time zone (the business's calendar day). */
export function isoDateIn(timeZone: string, instant = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

export function addDaysIso(isoDate: string, days: number): string {
  const date = utcDate(isoDate);
  if (!date) return isoDate;
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function isIsoDate(value: string | null | undefined): value is string {
  if (!value) return false;
  const date = utcDate(value);
  return date !== null && date.toISOString().slice(0, 10) === value;
}

export function isClock(value: string | null | undefined): value is string {
  return Boolean(value && CLOCK.test(value));
}

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

function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(instant)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return (
    Date.UTC(parts['year']!, parts['month']! - 1, parts['day']!, parts['hour']!, parts['minute']!, parts['second']!) -
    instant
  );
}

/** The instant (ms) a wall-clock time happens in a time zone, e.g. for calendar files. */
export function zonedTimeToUtc(isoDate: string, time: string, timeZone: string): number {
  const wall = Date.UTC(
    Number(isoDate.slice(0, 4)),
    Number(isoDate.slice(5, 7)) - 1,
    Number(isoDate.slice(8, 10)),
    Number(time.slice(0, 2)),
    Number(time.slice(3, 5)),
  );
  // Two passes settle the offset on either side of a daylight-saving change.
  const first = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(first, timeZone);
}
