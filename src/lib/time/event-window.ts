import { z } from '../validation';
import { addDays, CLOCK, dateParts, daysBetween, isClockTime, isIsoDate, isLocalMidnight, localDate, wallClockToInstant } from './wall-clock';

export * from './wall-clock';

/**
 * Customers pick events in the business's wall-clock time; the database stores instants. Event
 * windows and their schemas live here, on the one conversion in wall-clock.ts, so DST is handled in
 * exactly one place.
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

export function toEventWindow(input: EventWindowInput, timeZone: string): EventWindow {
  const start = wallClockToInstant(input.date, input.start, timeZone);
  const end = wallClockToInstant(input.endDate ?? input.date, input.end, timeZone);
  // Only reachable for unvalidated input or a window inside a DST gap; never book an empty range.
  if (end.getTime() <= start.getTime()) throw new RangeError('The end time must be after the start time');
  return { start, end };
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

const dateField = z
  .string({ error: 'Choose a date' })
  .refine(isIsoDate, { message: 'Choose a date', abort: true })
  .refine(isInDateYears, { message: DATE_YEARS_MESSAGE, abort: true });
const clockField = z.string({ error: 'Use HH:MM' }).regex(CLOCK, 'Use HH:MM');

/**
 * Days a rental occupies, from the raw form values (no time zone needed: calendar days are
 * local by definition). Mirrors localDaysTouched, including the midnight rule.
 */
function inputDaysTouched(date: string, endDate: string, end: string): number {
  const span = daysBetween(date, endDate) + 1;
  return endDate > date && end === '00:00' ? span - 1 : span;
}

export const RENTAL_TOO_LONG_MESSAGE = `A rental can last at most ${MAX_RENTAL_DAYS} days`;

/** Whether a well-formed window (`endDate` absent: one day) runs past MAX_RENTAL_DAYS, as eventWindowInput refuses it at `endDate`. */
export function isLongerThanARental(window: { date: string; end: string; endDate?: string | undefined }): boolean {
  const endDate = window.endDate ?? window.date;
  if (!isIsoDate(window.date) || !isIsoDate(endDate) || !isClockTime(window.end) || endDate < window.date) return false;
  return inputDaysTouched(window.date, endDate, window.end) > MAX_RENTAL_DAYS;
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
    if (isLongerThanARental({ date, endDate, end })) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: RENTAL_TOO_LONG_MESSAGE });
    }
  });
