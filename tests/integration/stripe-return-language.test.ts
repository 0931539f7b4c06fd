import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { SITE, TEST_AUTH_SECRET } from '../support/staff';
import { startStripeDouble, type StripeDouble } from '../support/stripe-double';

/**
 * Stripe's page and the page it sends the customer back to speak the booking's language (issue #40): a
 * Spanish booking's Checkout Session opens in Spanish and returns to /es/payment-success (or, left
 * unpaid, /es/track-order); an English one, or any booking of a business that offers no Spanish, to
 * the addresses the site always had. The balance's link (the tracking page's pay button) too.
 */
let db: TestDatabase;
let stripe: StripeDouble;
let handlers: { bookings: Handler; bookingPayment: Handler };

beforeAll(async () => {
  db = await createSeededDatabase();
  stripe = await startStripeDouble();
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    SITE_URL: SITE,
    AUTH_SECRET: TEST_AUTH_SECRET,
    STRIPE_SECRET_KEY: 'sk_test_return_language',
    STRIPE_WEBHOOK_SECRET: 'whsec_return_language',
    STRIPE_API_BASE: stripe.url,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'stripe-return-language-')),
  });
  handlers = {
    bookings: (await import('../../netlify/functions/bookings')).default,
    bookingPayment: (await import('../../netlify/functions/booking-payment')).default,
  };
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await stripe.close();
  await db.drop();
});

let day = 80;
async function book(language: 'en' | 'es') {
  const n = day++;
  const email = `return-${n}@example.com`;
  const created = await call(
    handlers.bookings,
    'POST',
    '/api/bookings',
    {
      items: [{ product: 'giant-connect-four', quantity: 1 }],
      event: { date: futureDate(n), start: '11:00', end: '17:00' },
      customer: { name: `Return Customer ${n}`, email, phone: `(512) 555-01${n}` },
      address: { line1: '5 Card Ave', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      acceptTerms: true,
      language,
    },
    { 'x-test-ip': `198.51.103.${n}` },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const session = stripe.sessions.get(created.body.payment.url.split('/pay/')[1] as string)!;
  return { number: created.body.bookingNumber as string, email, session };
}

describe('Stripe’s return address', () => {
  it('brings a Spanish booking back to the Spanish pages, on a Stripe page in Spanish', async () => {
    const { number, session } = await book('es');
    expect(session.success_url).toBe(`${SITE}/es/payment-success?booking=${number}&session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${SITE}/es/track-order?booking=${number}&payment=cancelled`);
    expect(session['locale']).toBe('es');
  });

  it('says on Stripe’s page, in Spanish, what a Spanish booking pays and the consent to keep the card', async () => {
    // The owner charges balances automatically: Stripe's page asks to keep the card, above its Pay button.
    await db.sql`update business_settings set auto_charge_balance = true`;
    try {
      const spanish = await book('es');
      expect(stripe.lineItems.get(spanish.session.id)?.name).toBe(`Depósito de la reservación ${spanish.number}`);
      expect(stripe.savedCards.consentOf(spanish.session.id)).toMatch(/^Guardaremos esta tarjeta y le cobraremos el saldo de \$[\d,.]+ /);
      const english = await book('en');
      expect(stripe.lineItems.get(english.session.id)?.name).toBe(`Deposit for booking ${english.number}`);
      expect(stripe.savedCards.consentOf(english.session.id)).toMatch(/^We’ll save this card and charge the balance of \$[\d,.]+ /);
    } finally {
      await db.sql`update business_settings set auto_charge_balance = false`;
    }
  });

  it('brings an English booking back to the addresses it always had', async () => {
    const { number, session } = await book('en');
    expect(session.success_url).toBe(`${SITE}/payment-success?booking=${number}&session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${SITE}/track-order?booking=${number}&payment=cancelled`);
    expect(session['locale']).toBeNull();
  });

  it('gives the tracking page’s payment link of a Spanish booking the Spanish return address too', async () => {
    const { number, email } = await book('es');
    const paid = await call(handlers.bookingPayment, 'POST', '/api/booking-payment', { bookingNumber: number, email }, { 'x-test-ip': '198.51.103.200' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const session = stripe.sessions.get((paid.body.url as string).split('/pay/')[1]!)!;
    expect(session.success_url).toMatch(new RegExp(`^${SITE}/es/payment-success\\?booking=${number}&`));
  });

  it('keeps a Spanish booking on the English pages when the business offers no Spanish', async () => {
    await db.sql`update business_settings set offer_spanish = false`;
    try {
      const { number, session } = await book('es');
      expect(session.success_url).toBe(`${SITE}/payment-success?booking=${number}&session_id={CHECKOUT_SESSION_ID}`);
      expect(session['locale']).toBeNull();
    } finally {
      await db.sql`update business_settings set offer_spanish = true`;
    }
  });
});
