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
