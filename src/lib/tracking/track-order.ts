import { z } from '../validation';
import type { BusinessSettings } from '../business';
import { bookingNumberField } from '../booking';

/** POST /api/track-order: the booking number plus the e-mail or the phone used when booking. */
export const trackOrderRequest = z
  .object({
    bookingNumber: bookingNumberField,
    // Each limit says itself: the page's browser check shows these messages (in Spanish from the catalog, looked up as they are).
    email: z.string().trim().toLowerCase().max(200, 'At most 200 characters').optional(),
    phone: z.string().trim().max(30, 'At most 30 characters').optional(),
  })
  .refine((r) => Boolean(r.email || r.phone), { message: 'Enter the e-mail or phone number used for the booking', path: ['email'] });
export type TrackOrderRequest = z.infer<typeof trackOrderRequest>;

export const digitsOnly = (phone: string) => phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');

/** What the tracking page may offer to pay online, and how much; null when there is nothing to pay online. */
export type OnlinePaymentOffer = { kind: 'deposit' | 'balance'; amountCents: number } | null;

interface PayableBooking {
  status: string;
  totals: { depositOutstandingCents: number; amountDueCents: number };
  /** Until when a hold (a deposit's payment page open) keeps the units. */
  holdExpiresAt: string | null;
  /** Rained out and not answered yet: the party is not going ahead that day, so nothing is asked for until the customer chooses. */
  rainOutWaiting?: boolean;
}

/**
 * Whether /track-order shows a payment button. Without Stripe nothing can be paid online. With the
 * payment mode "pay later" the business collects the deposit itself, so the page must not offer a
 * "Pay deposit" button that can only end in "online payment is not available"; the balance of a
 * confirmed booking stays payable by card whenever Stripe is configured.
 */
export function onlinePaymentOffer(
  booking: PayableBooking,
  payments: { stripeConfigured: boolean; paymentMode: BusinessSettings['paymentMode'] },
  now: Date,
): OnlinePaymentOffer {
  if (!payments.stripeConfigured || booking.rainOutWaiting) return null;
  const { status, totals } = booking;
  // A hold is a booking whose payment page was opened and left (the browser's Back, a closed tab): its
  // deposit can be paid again while it holds the units, on a page that closes when the hold does.
  const holding = status === 'hold' && booking.holdExpiresAt !== null && new Date(booking.holdExpiresAt) > now;
  if ((status === 'deposit_due' || holding) && totals.depositOutstandingCents > 0) {
    return payments.paymentMode === 'deposit_online' ? { kind: 'deposit', amountCents: totals.depositOutstandingCents } : null;
  }
  if (['confirmed', 'out_for_delivery', 'delivered'].includes(status) && totals.amountDueCents > 0) {
    return { kind: 'balance', amountCents: totals.amountDueCents };
  }
  return null;
}
