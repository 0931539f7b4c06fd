import { interpolate, pluralOf, type Messages } from '../i18n';
import type { BusinessSettings } from './schema';

// How early and how far ahead one books, and how early a cake is ordered, in the page's words: every page
// that states them (the home page, /at, a town's checklist, a cake's page) reads them from here, so each
// says what the booking rules apply, with the same plurals and the same sentence for a limit of 0.

export type BookingNoticeWords = Pick<Messages['contentValues'], 'onlineBooking' | 'hours' | 'days'>;

/**
 * The one sentence on how early and how far ahead one can book, for the pages that state both (the
 * home page, /at, a town's planning checklist), so each reads the settings the booking rules apply
 * (availability.ts: `leadTimeHours`, `maxDaysAhead`) with the same plurals. A lead time of 0 keeps
 * online booking open until the party starts, where "at least 0 hours ahead" would say nothing.
 */
export function bookingNotice(settings: Pick<BusinessSettings, 'leadTimeHours' | 'maxDaysAhead'>, words: BookingNoticeWords): string {
  const o = words.onlineBooking;
  const days = pluralOf(settings.maxDaysAhead, words.days);
  if (settings.leadTimeHours === 0) return interpolate(o.bookUntilStart, { days });
  return interpolate(o.bookAhead, { hours: pluralOf(settings.leadTimeHours, words.hours), days });
}

/**
 * How early a cake must be ordered, as the product page says it: checkCakeDate takes a cake for today
 * with a lead time of 0, where "at least 0 days before" would say nothing.
 */
export const cakeOrderNotice = (leadTimeDays: number, words: Pick<Messages['product'], 'cakeLead' | 'cakeLeadSameDay'>): string =>
  leadTimeDays === 0 ? words.cakeLeadSameDay : pluralOf(leadTimeDays, words.cakeLead);
