import { env } from '../config';
import type { Sql } from '../db/index.server';
import { AppError } from '../http';
import { createCheckoutSession, stripe, stripeConfigured } from '../stripe/index.server';
import { getSettings } from '../business/index.server';
import { getBookingView, type BookingView } from './booking-view.server';
import { holdSessionExpiry } from './unpaid-holds';
import { bookingAutoChargeOffer } from './auto-charge-offer';
import { notPayableOnline } from './payment-refusals';

/**
 * A Checkout link for what the customer owes now: the deposit while it is due, otherwise the balance.
 * A hold keeps the deadline it was booked with: a new payment page never pushes it further (so no
 * loop of payment pages keeps units forever); the page closes at the deadline, or 30 minutes from now
 * when that is nearer (Stripe's shortest session, see holdSessionExpiry).
 */
export async function paymentLink(
  sql: Sql,
  booking: BookingView,
  now: Date,
  /** Part of the balance only (a move's difference): at most what is owed. The deposit is always paid whole. */
  { upToCents }: { upToCents?: number | undefined } = {},
): Promise<{ url: string; amountCents: number; kind: 'deposit' | 'balance' }> {
  if (!stripeConfigured()) throw new AppError('not_found', 'Online payment is not available: please call us to pay by card.');
  const refusal = notPayableOnline(booking.status);
  if (refusal) throw new AppError('conflict', refusal);
  if (booking.totals.amountDueCents <= 0) throw new AppError('conflict', 'This booking is already paid in full.');
  const depositDue = (booking.status === 'hold' || booking.status === 'deposit_due') && booking.totals.depositOutstandingCents > 0;
  const kind = depositDue ? 'deposit' : 'balance';
  const deadline = booking.holdExpiresAt ? new Date(booking.holdExpiresAt) : null;
  if (booking.status === 'hold' && (!deadline || deadline <= now)) {
    throw new AppError('conflict', 'The reservation ran out before payment. Please book again.');
  }
  const amountCents = kind === 'deposit' ? booking.totals.depositOutstandingCents : Math.min(booking.totals.amountDueCents, upToCents ?? Infinity);
  const settings = await getSettings(sql);
  let session;
  try {
    session = await createCheckoutSession(booking, kind, amountCents, {
      siteUrl: env().SITE_URL,
      currency: settings.currency,
      businessName: settings.businessName,
      offerSpanish: settings.offerSpanish,
      now,
      expiresAt: booking.status === 'hold' && deadline ? holdSessionExpiry(deadline, now) : undefined,
      saveCard: kind === 'deposit' ? (bookingAutoChargeOffer(settings, booking, now) ?? undefined) : undefined,
    });
  } catch (error) {
    // Stripe down, slow or refusing: the booking stays exactly as it was; say so rather than "something went wrong".
    console.error(`Stripe checkout for ${booking.number} (${kind}) failed:`, error);
    throw new AppError('unavailable', 'We couldn’t open the payment page right now. Your booking is unchanged and nothing was charged. Please try again in a minute or call us.');
  }
  // The booking's latest session, deposit or balance: the only one /api/payment-status asks Stripe about
  // before the webhook records its payment (and the only deposit session whose expiry releases the hold).
  await sql`update bookings set stripe_checkout_session_id = ${session.sessionId} where id = ${booking.id}`;
  return { url: session.url, amountCents, kind };
}

/** One answer for a booking number that does not exist and for a session that is not that booking's. */
export const PAYMENT_NOT_FOUND = 'We could not find that payment.';

/**
 * The booking a payment page asks about, only when the session is one the database holds for it:
 * its latest Checkout Session or one whose payment is recorded. Anything else is null, whether the
 * booking exists or not, and Stripe is never asked about made-up pairs.
 */
export async function bookingForCheckoutSession(sql: Sql, bookingNumber: string, sessionId: string): Promise<BookingView | null> {
  const [match] = await sql<{ id: string }[]>`
    select b.id from bookings b
    where b.number = ${bookingNumber}
      and (b.stripe_checkout_session_id = ${sessionId}
        or exists (select 1 from payments p where p.booking_id = b.id and p.stripe_checkout_session_id = ${sessionId}))`;
  return match ? getBookingView(sql, { id: match.id }) : null;
}

export type PaymentCheck = { paid: true; amountCents: number } | { paid: false; reason: string };

/**
 * For /payment-success: asks Stripe itself whether the session was paid and belongs to this
 * booking. Only the webhook changes the booking; this just tells the customer the truth.
 */
export async function checkPayment(booking: BookingView, sessionId: string): Promise<PaymentCheck> {
  if (!stripeConfigured()) return { paid: false, reason: 'Online payment is not configured.' };
  const session = await stripe().checkout.sessions.retrieve(sessionId).catch(() => null);
  if (!session || session.metadata?.bookingId !== booking.id) return { paid: false, reason: PAYMENT_NOT_FOUND };
  if (session.payment_status !== 'paid') return { paid: false, reason: 'The payment has not been completed.' };
  return { paid: true, amountCents: session.amount_total ?? 0 };
}
