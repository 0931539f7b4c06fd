import { formatMoney } from '../money';
import { type EventTimes, formatClock, formatDayMonth, formatLongDate, formatMediumDate, formatShortDate, formatTimeRange } from '../time';
import { INTL_LOCALE, type Locale } from './locales';

/**
 * Money, dates, times and phone numbers written for a page's language. The formats themselves live in
 * src/lib/money and src/lib/time (English written by hand there, other locales through Intl); these
 * only pick the locale, so a page asks once: `const f = formatsFor(locale)`.
 */
export function formatsFor(locale: Locale) {
  const intl = INTL_LOCALE[locale];
  return {
    money: (cents: number, currency = 'usd') => formatMoney(cents, currency, intl),
    longDate: (isoDate: string) => formatLongDate(isoDate, intl),
    shortDate: (isoDate: string) => formatShortDate(isoDate, intl),
    mediumDate: (isoDate: string) => formatMediumDate(isoDate, intl),
    /** 'July 4', '4 de julio'. */
    dayMonth: (isoDate: string) => formatDayMonth(isoDate, intl),
    clock: (time: string) => formatClock(time, intl),
    timeRange: (start: string, end: string) => formatTimeRange(start, end, intl),
    /** 'Saturday, January 2, 2027, 10:00 AM – 4:00 PM', as formatEventWindow writes it in English. */
    eventWindow: ({ date, start, end, endDate }: EventTimes) =>
      endDate && endDate !== date
        ? `${formatLongDate(date, intl)}, ${formatClock(start, intl)} – ${formatLongDate(endDate, intl)}, ${formatClock(end, intl)}`
        : `${formatLongDate(date, intl)}, ${formatClock(start, intl)} – ${formatClock(end, intl)}`,
    phone: (phone: string) => formatPhone(phone),
  };
}
export type Formats = ReturnType<typeof formatsFor>;

/**
 * A US phone number as both English and US Spanish write it, '(512) 555-0100'; anything that is not ten
 * digits (with an optional leading 1) is shown as the business typed it. Intl has no phone format. A
 * number written with + is US only as +1 and ten digits: '+4930123456' (Berlin) has ten digits too.
 */
export function formatPhone(phone: string): string {
  const typed = phone.replace(/\D/g, '');
  const digits = typed.replace(/^1(?=\d{10}$)/, '');
  if (digits.length !== 10 || /[a-z]/i.test(phone) || (phone.trim().startsWith('+') && typed.length !== 11)) return phone;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The tel: link of a phone number as typed. */
export const phoneHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
