import { z } from '../validation';
import { addDays, clock, DATE_YEARS_MESSAGE, daysBetween, formatClock, formatLongDate, formatTimeRange, isInDateYears, isIsoDate } from '../time';
import { adminPaths } from '../paths';

/**
 * The staff calendar: bookings and blackouts for the range a calendar view shows. Times are the
 * business's wall clock ('2026-07-04T11:00:00', no offset), so every member of staff sees the
 * party at the hour the customer booked it, wherever their laptop thinks it is.
 */

/** Statuses the calendar shows: cancelled and expired bookings no longer use a unit. */
export const calendarStatuses = ['hold', 'deposit_due', 'confirmed', 'out_for_delivery', 'delivered', 'completed'] as const;
export type CalendarStatus = (typeof calendarStatuses)[number];

export interface CalendarEvent {
  id: string;
  kind: 'booking' | 'blackout';
  title: string;
  /** Local wall-clock 'YYYY-MM-DDTHH:MM:SS', or 'YYYY-MM-DD' for all-day entries. */
  start: string;
  /** Exclusive, like FullCalendar expects: an all-day blackout on the 4th ends on the 5th. */
  end: string;
  allDay: boolean;
  /** Booking status, or 'blackout'. */
  status: CalendarStatus | 'blackout';
  statusLabel: string;
  /** Where clicking the entry goes (bookings only). */
  url: string | null;
}

export interface CalendarRange {
  /** First local day shown. */
  from: string;
  /** Day after the last one shown (exclusive), as FullCalendar asks. */
  to: string;
}

/** A wall-clock hour and minute, as FullCalendar hands a time to a formatting function. */
interface ClockParts {
  hour: number;
  minute: number;
}

const clockText = ({ hour, minute }: ClockParts) => clock(hour * 60 + minute);

/**
 * An entry's time on the calendar as every other admin screen writes it ("11:00 AM – 5:00 PM"), not
 * FullCalendar's own "11:00am - 5:00pm". The calendar runs in UTC holding the business's wall clock,
 * so the parts are already the party's hours; a grid shows the start alone (`end` null).
 */
export function calendarTimeText({ start, end }: { start: ClockParts; end?: ClockParts | null }): string {
  return end ? formatTimeRange(clockText(start), clockText(end)) : formatClock(clockText(start));
}

/** A calendar day as FullCalendar hands it to a formatting function (month counted from 0). */
interface DayParts {
  year: number;
  month: number;
  day: number;
}

/**
 * The list view's heading of a day, in one piece ("Monday, December 7, 2026", as the day screen heads a
 * day): FullCalendar's own is two (the weekday at one side, the date floated to the other), which on
 * a phone broke apart onto two lines and was two links to the same day.
 */
export function calendarDayText({ date }: { date: DayParts }): string {
  return formatLongDate(`${String(date.year).padStart(4, '0')}-${String(date.month + 1).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`);
}

/** The widest range one request may ask for: a month view shows six weeks; a little more is fine. */
export const MAX_CALENDAR_DAYS = 100;

const bothDates = (q: { from: string; to: string }) => isIsoDate(q.from) && isIsoDate(q.to);
const day = z.string({ error: 'Give a date (YYYY-MM-DD)' }).refine(isIsoDate, 'Give a date (YYYY-MM-DD)').refine(isInDateYears, DATE_YEARS_MESSAGE);

export const calendarQuery = z
  .object({ from: day, to: day })
  // zod runs these even when a date above failed its own check, so each rule re-checks the dates.
  .refine((q) => !bothDates(q) || q.to > q.from, { path: ['to'], message: 'The end of the range must be after its start' })
  .refine((q) => !bothDates(q) || daysBetween(q.from, q.to) <= MAX_CALENDAR_DAYS, {
    path: ['to'],
    message: `Ask for at most ${MAX_CALENDAR_DAYS} days at a time`,
  });

/** Each status has its own colour; white text on every one keeps a contrast of at least 4.5:1. */
export const calendarColours: Record<CalendarStatus | 'blackout', { label: string; background: string }> = {
  hold: { label: 'Hold (awaiting payment)', background: '#a16207' },
  deposit_due: { label: 'Deposit due', background: '#c2410c' },
  confirmed: { label: 'Confirmed', background: '#047857' },
  out_for_delivery: { label: 'Out for delivery', background: '#0369a1' },
  delivered: { label: 'Delivered', background: '#6d28d9' },
  completed: { label: 'Completed', background: '#475569' },
  blackout: { label: 'Blackout (closed)', background: '#1e293b' },
};

export interface BookingEventSource {
  id: string;
  number: string;
  status: CalendarStatus;
  customerName: string;
  city: string;
  items: string[];
  /** Local wall clock of the event window. */
  localStart: { date: string; time: string };
  localEnd: { date: string; time: string };
}

export function bookingEvent(b: BookingEventSource): CalendarEvent {
  const what = b.items.length ? b.items.join(', ') : 'no items';
  return {
    id: `booking-${b.id}`,
    kind: 'booking',
    title: `${b.number} · ${b.customerName} (${b.city}): ${what}`,
    start: `${b.localStart.date}T${b.localStart.time}:00`,
    end: `${b.localEnd.date}T${b.localEnd.time}:00`,
    allDay: false,
    status: b.status,
    statusLabel: calendarColours[b.status].label,
    url: adminPaths.booking(b.id),
  };
}

export interface BlackoutEventSource {
  id: string;
  scope: 'business' | 'category' | 'product';
  /** Category or product name for scoped blackouts. */
  targetName: string | null;
  startsOn: string;
  endsOn: string;
  reason: string;
}

export function blackoutTitle(b: Pick<BlackoutEventSource, 'scope' | 'targetName' | 'reason'>): string {
  const what = b.scope === 'business' ? 'Closed' : `Unavailable: ${b.targetName ?? 'unknown'}`;
  return b.reason.trim() ? `${what} (${b.reason.trim()})` : what;
}

export function blackoutEvent(b: BlackoutEventSource): CalendarEvent {
  return {
    id: `blackout-${b.id}`,
    kind: 'blackout',
    title: blackoutTitle(b),
    start: b.startsOn,
    end: addDays(b.endsOn, 1),
    allDay: true,
    status: 'blackout',
    statusLabel: calendarColours.blackout.label,
    url: null,
  };
}
