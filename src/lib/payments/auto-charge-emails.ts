import { type BookingView, customerFormats, when } from '../booking';
import type { BusinessSettings } from '../business';
import { customerMessage, type RenderedEmail } from '../email';
import { trackOrderPath } from '../paths';
import { declineExplanation } from './auto-charge';
import { AUTO_CHARGE_WORDS } from './auto-charge-words';
import { localizedUrl } from '../i18n';

/**
 * The customer's message when the automatic balance charge failed: nothing was taken, why, and the
 * tracking page (its Pay button opens Stripe Checkout for the balance), the same link the balance
 * reminder carries.
 */
export function balanceChargeFailedEmail(b: BookingView, settings: BusinessSettings, failure: { amountCents: number; code: string | null }, siteUrl: string): RenderedEmail {
  const language = b.language ?? 'en';
  const w = AUTO_CHARGE_WORDS[language];
  const money = (cents: number) => customerFormats(language).money(cents, settings.currency);
  const amount = money(failure.amountCents);
  return customerMessage(
    settings,
    b.customer.email,
    w.subject(amount, b.number),
    [
      w.hi(b.customer.firstName),
      w.tried(amount, when(b), declineExplanation(failure.code, language)),
      w.payFromTracking(localizedUrl(siteUrl, trackOrderPath(b.number), b.language, settings.offerSpanish)),
      w.orCall(settings.phone),
    ],
    [
      [w.total, money(b.totals.totalCents)],
      [w.paidSoFar, money(b.totals.amountPaidCents)],
      [w.balanceDue, amount],
    ],
    { language },
  );
}
