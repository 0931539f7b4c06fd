import { addDays, localDate, localTime, minutes, wallClockToInstant } from '../time';

/**
 * Quiet hours: the part of the night, on the business's clock, when no text goes out. A text due then
 * waits until they end. `start` and `end` are 'HH:MM'; a window that crosses midnight (21:00–08:00) is
 * the usual case, one within a day (00:00–07:00) works too, and start = end means no quiet hours.
 */
export interface QuietHours {
  start: string;
  end: string;
}

export const DEFAULT_QUIET_HOURS: QuietHours = { start: '21:00', end: '08:00' };

/** Whether the local clock time `t` ('HH:MM') falls in the quiet hours (start included, end not). */
export function isQuietClock(t: string, quiet: QuietHours): boolean {
  const [now, start, end] = [minutes(t), minutes(quiet.start), minutes(quiet.end)];
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/**
 * When a text due at `now` may go: `now` itself outside quiet hours, otherwise the instant they end on
 * the business's clock (the same night's morning, across a change of the clocks too).
 */
export function textSendableAt(now: Date, timeZone: string, quiet: QuietHours): Date {
  const t = localTime(now, timeZone);
  if (!isQuietClock(t, quiet)) return now;
  const today = localDate(now, timeZone);
  // In the evening part of a window that crosses midnight, the end is tomorrow morning.
  const endsTomorrow = minutes(quiet.start) > minutes(quiet.end) && minutes(t) >= minutes(quiet.start);
  return wallClockToInstant(endsTomorrow ? addDays(today, 1) : today, quiet.end, timeZone);
}

/**
 * Texts that leave at once even in quiet hours (issue #36): "on the way" is the customer's own requested
 * message about their delivery that day, sent only on that day when the crew set off; held until quiet
 * hours end (8:00 by default) it would arrive after the crew on an early drop-off. Every other text (the
 * day-before window, a review request) can wait for the morning.
 */
export const SENT_IN_QUIET_HOURS: readonly string[] = ['on_the_way'];

export const waitsForQuietHours = (kind: string): boolean => !SENT_IN_QUIET_HOURS.includes(kind);

/** When a text of `kind` due at `now` goes: at once for a kind that does not wait, otherwise textSendableAt. */
export function textSendAt(kind: string, now: Date, timeZone: string, quiet: QuietHours): Date {
  return waitsForQuietHours(kind) ? textSendableAt(now, timeZone, quiet) : now;
}
