import type { EventWindow } from './event-window';
import { type EventTimes, formatEventWindow, formatLongDate, formatMediumDate, formatMonth, formatShortDate, formatTimestamp } from './format';
import { formatClock, localDate, localTime, wallClockToInstant } from './wall-clock';

/**
 * "Now", "today" and every date or time a person reads, on the business's clock: one object made from
 * the settings' time zone once per request or page (getBusinessClock on the server, businessClock(zone)
 * from the zone a page hands its island), so no caller passes a zone string along or picks the
 * server's or the visitor's zone by accident. The pure formats in format.ts and wall-clock.ts stay the
 * one implementation; the clock only says in which zone an instant is read.
 *
 * Arguments: a `Date` is an instant; a string is already on the business's calendar or wall clock
 * ('YYYY-MM-DD', 'HH:MM'), except for `timestamp`, which takes only instants and so also their ISO text.
 */
export interface BusinessClock {
  /** The IANA zone, e.g. 'America/Denver'. */
  readonly timeZone: string;
  now(): Date;
  /** 'YYYY-MM-DD': the business's calendar day now. */
  today(): string;
  /** 'YYYY-MM-DD': the business's calendar day of an instant. */
  dateOf(instant: Date): string;
  /** 'HH:MM' (24-hour) on the business's wall clock at an instant. */
  timeOf(instant: Date): string;
  /** The instant a business day's wall-clock time happens (DST rules: wallClockToInstant). */
  instantAt(date: string, time: string): Date;
  /** An event's instants as the business's dates and times. */
  eventTimes(window: EventWindow): EventTimes & { endDate: string };
  /** 'Saturday, January 2, 2027'. */
  longDate(day: string | Date): string;
  /** 'Jan 2, 2027'. */
  mediumDate(day: string | Date): string;
  /** 'Sat, Jan 2'. */
  shortDate(day: string | Date): string;
  /** 'Jan 2027', from a month on the business's calendar ('2027-01'). */
  month(month: string): string;
  /** '2:30 PM'. */
  time(at: string | Date): string;
  /** 'Nov 22, 2026, 9:04 AM'. */
  timestamp(instant: string | Date): string;
  /** An event's instants as 'Saturday, January 2, 2027, 10:00 AM – 4:00 PM' (or across days). */
  eventWindow(window: EventWindow): string;
}

/**
 * The clock of a business in `timeZone`. `now` is what "now" is: by default the real time; a `Date`
 * stops the clock at that instant (a request's "now", so one request never straddles midnight), a
 * function gives tests their own clock. A missing or unknown zone is an error, never UTC or the
 * machine's zone (an empty zone would silently read the machine's).
 */
export function businessClock(timeZone: string, now: Date | (() => Date) = () => new Date()): BusinessClock {
  if (!timeZone) throw new RangeError('The business’s time zone is missing');
  // Reading one instant checks the zone once, here, rather than in whichever format runs first.
  localDate(new Date(0), timeZone);
  const currently = typeof now === 'function' ? now : () => now;
  const dateOf = (instant: Date) => localDate(instant, timeZone);
  const timeOf = (instant: Date) => localTime(instant, timeZone);
  const day = (value: string | Date) => (typeof value === 'string' ? value : dateOf(value));
  const eventTimes = (window: EventWindow) => ({ date: dateOf(window.start), start: timeOf(window.start), endDate: dateOf(window.end), end: timeOf(window.end) });
  return {
    timeZone,
    now: currently,
    today: () => dateOf(currently()),
    dateOf,
    timeOf,
    instantAt: (date, time) => wallClockToInstant(date, time, timeZone),
    eventTimes,
    longDate: (value) => formatLongDate(day(value)),
    mediumDate: (value) => formatMediumDate(day(value)),
    shortDate: (value) => formatShortDate(day(value)),
    month: formatMonth,
    time: (at) => formatClock(typeof at === 'string' ? at : timeOf(at)),
    timestamp: (instant) => formatTimestamp(typeof instant === 'string' ? instant : instant.toISOString(), timeZone),
    eventWindow: (window) => formatEventWindow(eventTimes(window)),
  };
}
