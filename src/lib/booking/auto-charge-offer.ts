import type { BusinessSettings } from '../business';
import type { Locale } from '../i18n';
import { autoChargeConsentEs } from './quote-language';
import { formatMoney } from '../money';
import { addDays, formatLongDate, localDate } from '../time';
import type { BookingView } from './booking-view';

/**
 * What a deposit checkout tells the customer when the owner charges balances automatically: the
 * balance left after the deposit, the day it is charged and the consent wording, shown on the site's
 * checkout page and above Stripe's Pay button. Null when the setting is off or nothing would be left.
 * A party booked closer than N days is charged at the next run after the deposit: the day said is today.
 * (Stripe itself is the caller's check: without it there is no card to save.)
 */
export function autoChargeOffer(
  settings: Pick<BusinessSettings, 'autoChargeBalance' | 'autoChargeDaysBefore' | 'timezone' | 'currency'>,
  figures: { totalCents: number; depositCents: number; eventStart: Date; now: Date },
  /** The checkout page's language (issue #40): the consent is written in it. */
  language: Locale = 'en',
): { balanceCents: number; chargeOn: string; consent: string } | null {
  if (!settings.autoChargeBalance) return null;
  const balanceCents = figures.totalCents - figures.depositCents;
  if (balanceCents <= 0) return null;
  const scheduled = autoChargeDate(figures.eventStart, settings);
  const today = localDate(figures.now, settings.timezone);
  const chargeOn = scheduled < today ? today : scheduled;
  const daysBefore = chargeOn === scheduled ? settings.autoChargeDaysBefore : null;
  const consent = (language === 'en' ? autoChargeConsent : autoChargeConsentEs)(balanceCents, chargeOn, daysBefore, settings.currency);
  return { balanceCents, chargeOn, consent };
}

/**
 * The same for a booking whose deposit is still owed (what was paid counts towards it), in the booking's
 * language: Stripe's page shows the consent above its Pay button, in the language the customer booked in.
 */
export const bookingAutoChargeOffer = (settings: Parameters<typeof autoChargeOffer>[0], b: BookingView, now: Date) =>
  autoChargeOffer(settings, { totalCents: b.totals.totalCents - b.totals.amountPaidCents, depositCents: b.totals.depositOutstandingCents, eventStart: new Date(b.event.startsAt), now }, b.language);

/** The day the balance is charged, in the business's calendar: N days before the event's local date. */
export function autoChargeDate(eventStart: Date, settings: Pick<BusinessSettings, 'timezone' | 'autoChargeDaysBefore'>): string {
  return addDays(localDate(eventStart, settings.timezone), -settings.autoChargeDaysBefore);
}

/** What the customer agrees to at the deposit checkout (our checkout page and Stripe's page). */
/** `daysBefore` null: the charge date has passed already (a party booked late), the balance goes on today. */
export function autoChargeConsent(balanceCents: number, chargeOn: string, daysBefore: number | null, currency = 'usd'): string {
  const ahead = daysBefore === null ? '' : daysBefore === 0 ? ' (on the day of your party)' : ` (${daysBefore} day${daysBefore === 1 ? '' : 's'} before your party)`;
  return `We’ll save this card and charge the balance of ${formatMoney(balanceCents, currency)} to it on ${formatLongDate(chargeOn)}${ahead}. You can pay it another way before then.`;
}
