import { customerFormats } from '../booking';
import { pluralOf, type Locale } from '../i18n';
import { addDays, daysBetween, formatDayMonth, localDate } from '../time';

/**
 * Cakes are baked to order: the earliest date a cake can be ready is today (in the business's time
 * zone) plus the lead time from settings. Pure: "now" is passed in.
 */
export function earliestCakeDate(now: Date, timeZone: string, leadTimeDays: number): string {
  return addDays(localDate(now, timeZone), leadTimeDays);
}

export type CakeDateCheck = { ok: true } | { ok: false; message: string };

/**
 * A day as the cake's messages name it: 'July 4, 2026' / '4 de julio de 2026'. The messages stay English
 * sentences, which the server's catalog puts in the page's language (src/lib/i18n/server-errors); a
 * catalog cannot rewrite a date inside them, so the date is written in the page's language here.
 */
export function cakeDay(isoDate: string, language: Locale = 'en', { year = true } = {}): string {
  if (language === 'en') return year ? `${formatDayMonth(isoDate)}, ${isoDate.slice(0, 4)}` : formatDayMonth(isoDate);
  const dayMonth = customerFormats(language).dayMonth(isoDate);
  return year ? `${dayMonth} de ${isoDate.slice(0, 4)}` : dayMonth;
}

/** A party booked too soon for a cake to be baked for it (the rental the cake was to come with); "1 day", not "1 days". */
export const partyTooSoonForCake = (partyDate: string, leadTimeDays: number, language: Locale = 'en') =>
  `Your party on ${cakeDay(partyDate, language, { year: false })} is too soon for us to bake a cake (we need ${leadTimeDays} ${leadTimeDays === 1 ? 'day' : 'days'}). Please call us.`;

export function checkCakeDate(neededOn: string, now: Date, timeZone: string, leadTimeDays: number, maxDaysAhead: number, language: Locale = 'en'): CakeDateCheck {
  const today = localDate(now, timeZone);
  const earliest = addDays(today, leadTimeDays);
  if (daysBetween(earliest, neededOn) < 0) {
    return {
      ok: false,
      message:
        leadTimeDays === 0
          ? 'Choose today or a later date'
          : `We need ${leadTimeDays} ${leadTimeDays === 1 ? 'day' : 'days'} to bake your cake: choose ${cakeDay(earliest, language)} or later`,
    };
  }
  if (daysBetween(today, neededOn) > maxDaysAhead) {
    return { ok: false, message: `We take cake orders up to ${pluralOf(maxDaysAhead, { one: '{count} day', other: '{count} days' })} ahead` };
  }
  return { ok: true };
}
