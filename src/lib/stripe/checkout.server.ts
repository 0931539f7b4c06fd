import type Stripe from 'stripe';
import { localizedPath, type Locale } from '../i18n';
import { paymentLeftPath } from '../paths';
import { stripe } from './stripe.server';

/** What a Checkout page shows of the booking it is paying for (a booking view has all of it). */
export interface BookingToPay {
  id: string;
  number: string;
  customer: { email: string };
  items: readonly { name: string }[];
  /** The customer's language: Stripe's page and the page it comes back to speak it. */
  language?: Locale | undefined;
}

export interface CheckoutLink {
  sessionId: string;
  url: string;
}

// Stripe's minimum session lifetime.
const SESSION_MINUTES = 30;

/** What Stripe's page says is being paid, in the customer's language (the page around it speaks it: `locale`). */
const PAYMENT_FOR: Record<Locale, Record<'deposit' | 'balance', (bookingNumber: string) => string>> = {
  en: { deposit: (n) => `Deposit for booking ${n}`, balance: (n) => `Balance for booking ${n}` },
  es: { deposit: (n) => `Depósito de la reservación ${n}`, balance: (n) => `Saldo de la reservación ${n}` },
};

/**
 * A Stripe Checkout Session for the deposit (or the remaining balance). With `saveCard` (the owner
 * charges balances automatically) the deposit's page makes a Stripe Customer, saves the card for
 * off-session use and shows the consent wording above its Pay button. The idempotency key makes a retried request return the same session, never a second one.
 * `expiresAt`: when the page closes (a hold's, see holdSessionExpiry: at least 30 minutes ahead, as
 * Stripe requires); otherwise 30 minutes from now.
 */
export async function createCheckoutSession(
  booking: BookingToPay,
  kind: 'deposit' | 'balance',
  amountCents: number,
  options: {
    siteUrl: string;
    currency: string;
    businessName: string;
    now: Date;
    expiresAt?: Date | undefined;
    saveCard?: { consent: string } | undefined;
    /** settings.offerSpanish: without it there are no Spanish pages to come back to. */
    offerSpanish?: boolean | undefined;
  },
): Promise<CheckoutLink> {
  const slot = Math.floor(options.now.getTime() / (SESSION_MINUTES * 60_000));
  const expiresAt = Math.floor((options.expiresAt?.getTime() ?? options.now.getTime() + SESSION_MINUTES * 60_000) / 1000);
  const saveCard = kind === 'deposit' ? options.saveCard : undefined;
  const metadata = { bookingId: booking.id, bookingNumber: booking.number, kind, ...(saveCard ? { saveCard: 'yes' } : {}) };
  const spanish = booking.language === 'es' && options.offerSpanish === true;
  // A Spanish booking comes back to the Spanish pages (an English one to the addresses it always had).
  const page = (path: string) => `${options.siteUrl}${localizedPath(path, spanish ? 'es' : 'en')}`;
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
            name: PAYMENT_FOR[spanish ? 'es' : 'en'][kind](booking.number),
            description: `${options.businessName}: ${booking.items.map((i) => i.name).join(', ')}`.slice(0, 500),
          },
        },
      },
    ],
    payment_intent_data: {
      // The card is kept for the balance only with the customer's consent (the wording below).
      ...(saveCard ? { setup_future_usage: 'off_session' as const } : {}),
      metadata,
    },
    ...(saveCard
      ? {
          // A payment-mode session makes a Customer only when asked; the saved card belongs to it.
          customer_creation: 'always' as const,
          custom_text: { submit: { message: saveCard.consent.slice(0, 1200) } },
        }
      : {}),
    metadata,
    expires_at: expiresAt,
    ...(spanish ? { locale: 'es' as const } : {}),
    success_url: `${page('/payment-success')}?booking=${booking.number}&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: page(paymentLeftPath(booking.number)),
  };
  // One key per booking, kind, amount and half-hour (or, for a page with its own closing time, that
  // time, which the key must name: Stripe refuses a key sent again with other parameters): a retry
  // reuses the session, a later attempt (after the previous session expired) gets a fresh one.
  const session = await stripe().checkout.sessions.create(params, {
    idempotencyKey: `${kind}-${booking.id}-${amountCents}-${options.expiresAt ? `until-${expiresAt}` : slot}${saveCard ? '-save' : ''}`,
  });
  if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
  return { sessionId: session.id, url: session.url };
}
