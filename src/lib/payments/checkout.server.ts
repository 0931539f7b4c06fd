import type Stripe from 'stripe';
import type { BookingView } from '../booking/booking-view.server';
import { stripe } from './stripe.server';

export interface CheckoutLink {
  sessionId: string;
  url: string;
}

// Stripe's minimum session lifetime is 30 minutes, which is also how long a hold lasts.
const SESSION_MINUTES = 30;

/**
 * A Stripe Checkout Session for the deposit (or the remaining balance), saving the card for the
 * balance. The idempotency key makes a retried request return the same session, never a second one.
 */
export async function createCheckoutSession(
  booking: BookingView,
  kind: 'deposit' | 'balance',
  amountCents: number,
  options: { siteUrl: string; currency: string; businessName: string; now: Date },
): Promise<CheckoutLink> {
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'payment',
    customer_email: booking.customer.email,
    client_reference_id: booking.id,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: options.currency,
          unit_amount: amountCents,
          product_data: {
            name: `${kind === 'deposit' ? 'Deposit' : 'Balance'} for booking ${booking.number}`,
            description: `${options.businessName}: ${booking.items.map((i) => i.name).join(', ')}`.slice(0, 500),
          },
        },
      },
    ],
    payment_intent_data: {
      ...(kind === 'deposit' ? { setup_future_usage: 'off_session' as const } : {}),
      metadata: { bookingId: booking.id, bookingNumber: booking.number, kind },
    },
    metadata: { bookingId: booking.id, bookingNumber: booking.number, kind },
    expires_at: Math.floor(options.now.getTime() / 1000) + SESSION_MINUTES * 60,
    success_url: `${options.siteUrl}/payment-success?booking=${booking.number}&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${options.siteUrl}/track-order?booking=${booking.number}&payment=cancelled`,
  };
  // One key per booking, kind, amount and half-hour: a retry reuses the session, a later attempt
  // (after the previous session expired) gets a fresh one.
  const slot = Math.floor(options.now.getTime() / (SESSION_MINUTES * 60_000));
  const session = await stripe().checkout.sessions.create(params, {
    idempotencyKey: `${kind}-${booking.id}-${amountCents}-${slot}`,
  });
  if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
  return { sessionId: session.id, url: session.url };
}
