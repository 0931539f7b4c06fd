import { addDays, type BusinessClock, formatMediumDate } from '../time';
import { statusWord } from './booking-labels';
import type { BookingStatus } from './booking-status';

/**
 * The statuses that say the crew's work for a party has happened, and from which day on the
 * business's calendar each may be set. Pure: the server refuses with these words, and the booking
 * screen and the crew's phone say them at the button instead of offering a move the server refuses.
 *
 * - Out for delivery and delivered: from the drop-off's day, the day set-up starts, which is how the
 *   day's routes place a drop-off (src/lib/day: a morning party whose set-up starts the evening
 *   before is on the evening's run, and is delivered then).
 * - Completed: from the party's own day, and for a rental over several days from its last day (the
 *   pickup's). Before it, a booking marked completed sends its thank-you e-mail and leaves the crew's
 *   lists (the pickup among them) for a rental that is still out, its balance unpaid. Delivery on the
 *   first day stays open.
 */
export const statusesOnTheDay: readonly BookingStatus[] = ['out_for_delivery', 'delivered', 'completed'];

/** The business-calendar days ('YYYY-MM-DD') that decide when a booking's work may be marked done. */
export interface StatusDays {
  number: string;
  /** The day the party starts. */
  partyDate: string;
  /** The day its set-up starts: the party's day, or the day before for an early party with a long set-up. */
  dropOffDate: string;
  /** The rental's last day: the party's day, or for a rental over several days the day it ends (rentalLastDay). */
  lastDate: string;
}

/**
 * The last day of a booking's event on the business's calendar, from its local dates and end time (as
 * clock.eventTimes gives them): its end date, except that an end at exactly midnight belongs to the day
 * before (as localDaysTouched counts it), so a rental until midnight is not out on the next day.
 */
export function rentalLastDay(event: { date: string; endDate: string; end: string }): string {
  return event.endDate > event.date && event.end === '00:00' ? addDays(event.endDate, -1) : event.endDate;
}

/** The first day `to` may be set on, or null for a status that waits for no day. */
export function firstDayFor(to: BookingStatus, days: StatusDays): string | null {
  if (to === 'completed') return days.lastDate > days.partyDate ? days.lastDate : days.partyDate;
  if (to === 'out_for_delivery' || to === 'delivered') return days.dropOffDate;
  return null;
}

/**
 * Null when the booking may be moved to `to` today on the business's clock, otherwise why not (409 on
 * the server, the same words on the screens): the booking, the move and the day it opens, in the
 * admin's one date format ("Jul 4, 2026"), with today's date so a phone whose clock is off shows it. A move queued on
 * a phone is judged at the moment it was taken (`clock` stands then: src/lib/crew-app/action-age.ts),
 * and its words end with that day instead of today's (`queued`).
 */
export function statusTooEarly(to: BookingStatus, days: StatusDays, clock: Pick<BusinessClock, 'today'>, queued = false): string | null {
  const first = firstDayFor(to, days);
  const today = clock.today();
  const dayNamed = queued ? `It was marked on the phone on ${formatMediumDate(today)}.` : `Today is ${formatMediumDate(today)}.`;
  if (first === null || today >= first) return null;
  if (to === 'completed' && days.lastDate > days.partyDate) {
    return `${days.number}: this rental runs until ${formatMediumDate(days.lastDate)}; it can be marked completed from that day. ${dayNamed}`;
  }
  const when =
    to === 'completed'
      ? `before the day of its party, ${formatMediumDate(days.partyDate)}`
      : days.dropOffDate === days.partyDate
        ? `before the day of its drop-off and party, ${formatMediumDate(days.partyDate)}`
        : `before the day of its drop-off, ${formatMediumDate(days.dropOffDate)} (the party is on ${formatMediumDate(days.partyDate)})`;
  return `${days.number} cannot be marked ${statusWord(to)} ${when}. ${dayNamed}`;
}
