import { addDays, daysBetween, formatDayMonth, localDate } from '../time';

/**
 * Cakes are baked to order: the earliest date a cake can be ready is today (in the business's time
 * zone) plus the lead time from settings. Pure: "now" is passed in.
 */
export function earliestCakeDate(now: Date, timeZone: string, leadTimeDays: number): string {
  return addDays(localDate(now, timeZone), leadTimeDays);
}

export type CakeDateCheck = { ok: true } | { ok: false; message: string };

export function checkCakeDate(neededOn: string, now: Date, timeZone: string, leadTimeDays: number, maxDaysAhead: number): CakeDateCheck {
  const today = localDate(now, timeZone);
  const earliest = addDays(today, leadTimeDays);
  if (daysBetween(earliest, neededOn) < 0) {
    return {
      ok: false,
      message:
        leadTimeDays === 0
          ? 'Choose today or a later date'
          : `We need ${leadTimeDays} ${leadTimeDays === 1 ? 'day' : 'days'} to bake your cake: choose ${formatDayMonth(earliest)}, ${earliest.slice(0, 4)} or later`,
    };
  }
  if (daysBetween(today, neededOn) > maxDaysAhead) {
    return { ok: false, message: `We take cake orders up to ${maxDaysAhead} days ahead` };
  }
  return { ok: true };
}
