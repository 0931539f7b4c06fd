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
    /** A time after a date: 'at 1:00 PM'; 'a la 1:00 p.m.' (one o'clock) and 'a las 2:00 p.m.' (every other hour). */
    atClock: (time: string) => `${locale === 'es' ? (parseInt(time, 10) % 12 === 1 ? 'a la' : 'a las') : 'at'} ${formatClock(time, intl)}`,
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
 * An instant as `format` writes its date and time ('December 7, 2026 at 3:45 PM', '7 de diciembre de
 * 2026 a las 3:45 p.m.'). Intl writes Spanish's "a las" before every hour; one o'clock takes "a la".
 */
const AT_THE_HOURS = /(^|\s)a las(\s|$)/;
export function formatInstant(format: Intl.DateTimeFormat, instant: Date): string {
  const parts = format.formatToParts(instant);
  const at = parts.findIndex((part) => part.type === 'literal' && AT_THE_HOURS.test(part.value));
  if (at < 0 || parts.find((part) => part.type === 'hour')?.value !== '1') return format.format(instant);
  return parts.map((part, i) => (i === at ? part.value.replace(AT_THE_HOURS, '$1a la$2') : part.value)).join('');
}

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
