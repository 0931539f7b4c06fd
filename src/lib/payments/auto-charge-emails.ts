import { type BookingView, when } from '../booking';
import type { BusinessSettings } from '../business';
import { customerMessage, type RenderedEmail } from '../email';
import { formatMoney } from '../money';
import { absoluteUrl, trackOrderPath } from '../paths';
import { declineExplanation } from './auto-charge';

/**
 * The customer's message when the automatic balance charge failed: nothing was taken, why, and the
 * tracking page (its Pay button opens Stripe Checkout for the balance), the same link the balance
 * reminder carries.
 */
export function balanceChargeFailedEmail(b: BookingView, settings: BusinessSettings, failure: { amountCents: number; code: string | null }, siteUrl: string): RenderedEmail {
  const amount = formatMoney(failure.amountCents, settings.currency);
  return customerMessage(
    settings,
    b.customer.email,
    `We couldn’t charge the balance of ${amount} for booking ${b.number}`,
    [
      `Hi ${b.customer.firstName},`,
      `We tried to charge the balance of ${amount} for your party on ${when(b)} to the card you saved, but ${declineExplanation(failure.code)}. Nothing was charged.`,
      `Please pay the balance from your tracking page: ${absoluteUrl(siteUrl, trackOrderPath(b.number))}`,
      `Or call us at ${settings.phone}. We won’t try that card again for this amount.`,
    ],
    [
      ['Total', formatMoney(b.totals.totalCents, settings.currency)],
      ['Paid so far', formatMoney(b.totals.amountPaidCents, settings.currency)],
      ['Balance due', amount],
    ],
  );
}
