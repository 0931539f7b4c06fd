import { TZDate } from '@date-fns/tz';
import { z } from '../validation/zod';

/**
 * Customers pick events in the business's wall-clock time; the database stores instants.
 * Everything that turns one into the other lives here so DST is handled in exactly one place.
 */

export interface EventWindowInput {
  /** 'YYYY-MM-DD', local to the business. */
  date: string;
  /** 'HH:MM', local to the business. */
  start: string;
  end: string;
  /** Last day of a multi-day rental; the same as `date` when absent. */
  endDate?: string | undefined;
}

export interface EventWindow {
  start: Date;
  end: Date;
}

export const MAX_RENTAL_DAYS = 7;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;

interface DateParts {
  year: number;
  month: number;
  day: number;
}

function dateParts(isoDate: string): DateParts | null {
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

/**
 * Years a date may be given in. Code works around a date (the next day, the month after), and past
 * 9999 that is no YYYY-MM-DD any more: `?to=9999-12-31` made a report loop forever.
 */
export const DATE_YEARS = { min: 1900, max: 2999 } as const;
export const DATE_YEARS_MESSAGE = `Choose a date between ${DATE_YEARS.min} and ${DATE_YEARS.max}`;

/** False only for a calendar date outside DATE_YEARS (anything else is another check's business). */
export function isInDateYears(value: string): boolean {
  const parts = dateParts(value);
  return !parts || (parts.year >= DATE_YEARS.min && parts.year <= DATE_YEARS.max);
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

function inZone(instant: Date, timeZone: string): TZDate {
  const zoned = new TZDate(instant.getTime(), timeZone);
  if (Number.isNaN(zoned.getTime()) || Number.isNaN(zoned.getFullYear())) {
    throw new RangeError(`Invalid instant or time zone: ${timeZone}`);
  }
  return zoned;
}

/**
 * The instant a local wall-clock time happens. A time skipped by the spring-forward gap
 * (02:30 on a DST Sunday) moves forward by the gap; an ambiguous fall-back time takes the
 * first occurrence. Both only matter at night, outside any delivery window.
 */
export function wallClockToInstant(isoDate: string, time: string, timeZone: string): Date {
  const { year, month, day } = requireDate(isoDate);
  const { hours, minutes } = requireClock(time);
  const zoned = new TZDate(year, month - 1, day, hours, minutes, timeZone);
  if (Number.isNaN(zoned.getTime())) throw new RangeError(`Invalid time zone: ${timeZone}`);
  return new Date(zoned.getTime());
}

export function toEventWindow(input: EventWindowInput, timeZone: string): EventWindow {
  const start = wallClockToInstant(input.date, input.start, timeZone);
  const end = wallClockToInstant(input.endDate ?? input.date, input.end, timeZone);
  // Only reachable for unvalidated input or a window inside a DST gap; never book an empty range.
  if (end.getTime() <= start.getTime()) throw new RangeError('The end time must be after the start time');
  return { start, end };
}

/** 'YYYY-MM-DD' of the instant in the time zone. */
export function localDate(instant: Date, timeZone: string): string {
  const z = inZone(instant, timeZone);
  return `${pad(z.getFullYear(), 4)}-${pad(z.getMonth() + 1)}-${pad(z.getDate())}`;
}

/** 'HH:MM' (24-hour) of the instant in the time zone; seconds are dropped. */
export function localTime(instant: Date, timeZone: string): string {
  const z = inZone(instant, timeZone);
  return `${pad(z.getHours())}:${pad(z.getMinutes())}`;
}

function isLocalMidnight(instant: Date, timeZone: string): boolean {
  const z = inZone(instant, timeZone);
  return z.getHours() === 0 && z.getMinutes() === 0 && z.getSeconds() === 0 && z.getMilliseconds() === 0;
}

/** Calendar arithmetic on 'YYYY-MM-DD' strings; time zones cannot affect it. */
export function addDays(isoDate: string, n: number): string {
  const { year, month, day } = requireDate(isoDate);
  const moved = new Date(Date.UTC(year, month - 1, day + n));
  return `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/** Whole days from `from` to `to` ('2026-07-03' → '2026-07-05' is 2). */
export function daysBetween(from: string, to: string): number {
  const a = requireDate(from);
  const b = requireDate(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

/**
 * The local calendar days an event occupies, first to last. An end exactly at local midnight
 * belongs to the day before: a party that runs until midnight does not use the next day.
 */
export function localDaysTouched(window: EventWindow, timeZone: string): string[] {
  const first = localDate(window.start, timeZone);
  let last = localDate(window.end, timeZone);
  if (last > first && isLocalMidnight(window.end, timeZone)) last = addDays(last, -1);
  const days: string[] = [first];
  for (let day = addDays(first, 1); day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

export function calendarDaysTouched(window: EventWindow, timeZone: string): number {
  return localDaysTouched(window, timeZone).length;
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

/** '7:00 AM', '12:30 PM' from 'HH:MM'. */
export function formatClock(time: string): string {
  const { hours, minutes } = requireClock(time);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${pad(minutes)} ${suffix}`;
}

const dateField = z.string({ error: 'Choose a date' }).refine(isIsoDate, { message: 'Choose a date', abort: true });
const clockField = z.string({ error: 'Use HH:MM' }).regex(CLOCK, 'Use HH:MM');

/**
 * Days a rental occupies, from the raw form values (no time zone needed: calendar days are
 * local by definition). Mirrors localDaysTouched, including the midnight rule.
 */
function inputDaysTouched(date: string, endDate: string, end: string): number {
  const span = daysBetween(date, endDate) + 1;
  return endDate > date && end === '00:00' ? span - 1 : span;
}

export const eventWindowInput = z
  .object({
    date: dateField,
    start: clockField,
    end: clockField,
    endDate: dateField.optional(),
  })
  .superRefine((value, ctx) => {
    // Field errors do not stop object refinements in zod 4; compare only well-formed values.
    const { date, start, end } = value;
    const endDate = value.endDate ?? date;
    if (!isIsoDate(date) || !isIsoDate(endDate) || !isClockTime(start) || !isClockTime(end)) return;
    if (endDate < date) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end time must be after the start time' });
      return;
    }
    if (endDate === date && end <= start) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end time must be after the start time' });
      return;
    }
    if (inputDaysTouched(date, endDate, end) > MAX_RENTAL_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: `A rental can last at most ${MAX_RENTAL_DAYS} days`,
      });
    }
  });
