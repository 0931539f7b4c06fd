import type { BusinessSettings } from '../business';
import { autoChargeConsent, autoChargeDate } from '../payments';
import { localDate } from '../time';
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
): { balanceCents: number; chargeOn: string; consent: string } | null {
  if (!settings.autoChargeBalance) return null;
  const balanceCents = figures.totalCents - figures.depositCents;
  if (balanceCents <= 0) return null;
  const scheduled = autoChargeDate(figures.eventStart, settings);
  const today = localDate(figures.now, settings.timezone);
  const chargeOn = scheduled < today ? today : scheduled;
  return { balanceCents, chargeOn, consent: autoChargeConsent(balanceCents, chargeOn, chargeOn === scheduled ? settings.autoChargeDaysBefore : null, settings.currency) };
}

/** The same for a booking whose deposit is still owed (what was paid counts towards it). */
export const bookingAutoChargeOffer = (settings: Parameters<typeof autoChargeOffer>[0], b: BookingView, now: Date) =>
  autoChargeOffer(settings, { totalCents: b.totals.totalCents - b.totals.amountPaidCents, depositCents: b.totals.depositOutstandingCents, eventStart: new Date(b.event.startsAt), now });
