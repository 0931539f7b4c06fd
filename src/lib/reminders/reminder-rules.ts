import type { BookingStatus } from '../booking';
import type { BusinessSettings } from '../business';
import { addDays, localDate, wallClockToInstant } from '../time';

/**
 * Which reminders a booking is due, from its facts, the settings and `now`. Each reminder has a
 * window [from, until): it is due while `now` is inside it and it has not been sent. A window rather
 * than a moment, so a housekeeping run that is late (or down for an hour) still sends it, while a
 * reminder that would no longer make sense (a "tomorrow" message on the day itself, a thank-you weeks
 * later) is never sent.
 */

export const reminderKinds = ['balance_due', 'day_before', 'waiver_missing', 'thank_you'] as const;
export type ReminderKind = (typeof reminderKinds)[number];

export type ReminderSettings = Pick<
  BusinessSettings,
  | 'timezone'
  | 'reminderSendTime'
  | 'balanceReminderEnabled'
  | 'balanceReminderDaysBefore'
  | 'dayBeforeReminderEnabled'
  | 'waiverReminderEnabled'
  | 'waiverReminderHoursBefore'
  | 'thankYouEnabled'
  | 'thankYouDaysAfter'
>;

export interface ReminderFacts {
  status: BookingStatus;
  eventStart: Date;
  eventEnd: Date;
  /** 'YYYY-MM-DD', local to the business; null when the booking has none. */
  balanceDueOn: string | null;
  amountDueCents: number;
  waiversSigned: number;
  /** When staff marked the booking completed; null unless it is. */
  completedAt: Date | null;
}

export interface ReminderWindow {
  kind: ReminderKind;
  from: Date;
  until: Date;
}

/** Parties that are on: booked (deposit due, pay later), confirmed, or under way. Never a hold, a cancelled or an expired booking. */
const upcomingStatuses: readonly BookingStatus[] = ['deposit_due', 'confirmed', 'out_for_delivery', 'delivered'];

/** A thank-you is sent within this many days of its first moment, never later. */
export const THANK_YOU_LATEST_DAYS = 3;
/** Nor for a party that ended longer ago than this (a booking completed late by staff clean-up). */
export const THANK_YOU_LATEST_DAYS_AFTER_EVENT = 7;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
const earlier = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

/** The windows of every reminder that is switched on and applies to the booking, whether due now or not. */
export function reminderWindows(facts: ReminderFacts, settings: ReminderSettings): ReminderWindow[] {
  const tz = settings.timezone;
  const at = (isoDate: string) => wallClockToInstant(isoDate, settings.reminderSendTime, tz);
  const windows: ReminderWindow[] = [];

  if (upcomingStatuses.includes(facts.status)) {
    const eventDate = localDate(facts.eventStart, tz);
    if (settings.balanceReminderEnabled && facts.balanceDueOn && facts.amountDueCents > 0) {
      windows.push({
        kind: 'balance_due',
        from: at(addDays(facts.balanceDueOn, -settings.balanceReminderDaysBefore)),
        until: facts.eventStart,
      });
    }
    if (settings.dayBeforeReminderEnabled) {
      // Until the event day begins locally: "see you tomorrow" must not arrive on the day itself.
      const eventDayBegins = wallClockToInstant(eventDate, '00:00', tz);
      windows.push({
        kind: 'day_before',
        from: at(addDays(eventDate, -1)),
        until: earlier(eventDayBegins, facts.eventStart),
      });
    }
    if (settings.waiverReminderEnabled && facts.waiversSigned === 0) {
      windows.push({
        kind: 'waiver_missing',
        from: new Date(facts.eventStart.getTime() - settings.waiverReminderHoursBefore * HOUR_MS),
        until: facts.eventStart,
      });
    }
  }

  if (facts.status === 'completed' && facts.completedAt && settings.thankYouEnabled) {
    const from = later(facts.completedAt, at(addDays(localDate(facts.completedAt, tz), settings.thankYouDaysAfter)));
    const until = earlier(
      new Date(from.getTime() + THANK_YOU_LATEST_DAYS * DAY_MS),
      new Date(facts.eventEnd.getTime() + THANK_YOU_LATEST_DAYS_AFTER_EVENT * DAY_MS),
    );
    windows.push({ kind: 'thank_you', from, until });
  }

  return windows.filter((w) => w.from.getTime() < w.until.getTime());
}

/** The reminders to send now: inside their window and not sent before. */
export function dueReminders(
  facts: ReminderFacts,
  settings: ReminderSettings,
  alreadySent: readonly ReminderKind[],
  now: Date,
): ReminderKind[] {
  const t = now.getTime();
  return reminderWindows(facts, settings)
    .filter((w) => w.from.getTime() <= t && t < w.until.getTime() && !alreadySent.includes(w.kind))
    .map((w) => w.kind);
}
