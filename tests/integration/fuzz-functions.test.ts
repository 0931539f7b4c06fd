import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIVER_RULES, WAIVER_VERSION } from '../../src/lib/waivers/waiver-text';
import { futureDate } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { anything, createFuzzer, nasty, scalar, type Endpoint, type FuzzRequest } from '../support/fuzz';
import { startStripeDouble, type StripeDouble } from '../support/stripe-double';
import { twilioSignature } from '../../src/lib/texts/index.server';
import { sitePhotosKey } from '../../src/lib/booking/booking-links.server';
import { signaturePng } from '../../src/cli/sample-png';

/**
 * Property-based fuzzing of every public function: thousands of malformed, oversized, wrong-typed and
 * injection-laden requests (methods, paths, queries, headers, bodies) go to the real handlers on a real
 * database. Whatever arrives, the answer is never a 5xx, and a refused request (4xx) writes no row.
 *
 * To fuzz a new function, add it to `endpoints` (with a valid example body if it takes one, so the
 * mutations reach past the first check). The admin functions are fuzzed signed in, in
 * fuzz-admin-functions.test.ts; the machinery is tests/support/fuzz.ts.
 */

const WEBHOOK_SECRET = 'whsec_fuzz_secret';
/** Texts are on for the fuzzing (no message is sent: nothing here queues one), so the inbound webhook reaches its checks. */
const TWILIO = { TWILIO_ACCOUNT_SID: `AC${'f'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'fuzz-twilio-auth-token-0123456789', TWILIO_FROM: '+15005550006' };
let db: TestDatabase;
let stripe: StripeDouble;
let booking: { number: string; email: string; key: string };
/** A booking opened with its management key (the "Change or cancel" link), so the mutations reach past the key. */
let managed: { number: string; key: string };

const endpoints: Endpoint[] = [
  { name: 'health', load: () => import('../../netlify/functions/health'), path: '/api/health', methods: ['GET'], runs: 60 },
  { name: 'hi', load: () => import('../../netlify/functions/hi'), path: '/api/hi', methods: ['GET'], query: ['id'] },
  { name: 'human-check', load: () => import('../../netlify/functions/human-check'), path: '/api/human-check', methods: ['GET'], runs: 60 },
  {
    name: 'availability',
    load: () => import('../../netlify/functions/availability'),
    path: '/api/availability',
    methods: ['GET'],
    query: ['product', 'date', 'endDate', 'start', 'end', 'month', 'quantity'],
    runs: 250,
  },
  {
    name: 'quote-price',
    load: () => import('../../netlify/functions/quote-price'),
    path: '/api/quote-price',
    methods: ['POST'],
    valid: () => ({ items: [{ product: 'sticky-wall', quantity: 1 }], event: { date: futureDate(40), start: '11:00', end: '17:00' }, zip: '78613', coupon: 'WELCOME10', damageWaiver: true }),
  },
  {
    name: 'bookings',
    load: () => import('../../netlify/functions/bookings'),
    path: '/api/bookings',
    methods: ['POST'],
    valid: () => ({
      items: [{ product: 'table-and-chair-set', quantity: 1 }],
      event: { date: futureDate(90), start: '11:00', end: '17:00' },
      customer: { name: 'Fuzz Tester', email: 'fuzz@example.com', phone: '(512) 555-0101' },
      address: { line1: '1 Test St', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      acceptTerms: true,
    }),
    runs: 250,
  },
  {
    name: 'track-order',
    load: () => import('../../netlify/functions/track-order'),
    path: '/api/track-order',
    methods: ['POST'],
    valid: () => ({ bookingNumber: booking.number, email: booking.email }),
  },
  {
    name: 'credit-code',
    load: () => import('../../netlify/functions/credit-code'),
    path: '/api/credit-code',
    methods: ['POST'],
    valid: () => ({ email: booking.email }),
  },
  {
    name: 'credit-code verify',
    load: () => import('../../netlify/functions/credit-code'),
    path: '/api/credit-code/verify',
    methods: ['POST'],
    valid: () => ({ email: booking.email, code: '123456' }),
  },
  {
    name: 'rain-check',
    load: () => import('../../netlify/functions/rain-check'),
    path: '/api/rain-check',
    methods: ['POST'],
    valid: () => ({ bookingNumber: booking.number, key: booking.key }),
  },
  {
    name: 'rain-check answer',
    load: () => import('../../netlify/functions/rain-check'),
    path: '/api/rain-check/answer',
    methods: ['POST'],
    valid: () => ({ bookingNumber: booking.number, key: booking.key, answer: 'credit' }),
  },
  // The messages a customer gets (issue #26): checkout's cart capture and its link back, the review
  // request's answer and private feedback, and one-click unsubscribe.
  {
    name: 'checkout-cart',
    load: () => import('../../netlify/functions/checkout-cart'),
    path: '/api/checkout-cart',
    methods: ['POST'],
    valid: () => ({ email: 'fuzz-cart@example.com', cart: { items: [{ product: 'sticky-wall', quantity: 1 }], event: { date: futureDate(40), start: '11:00', end: '17:00' }, zip: '78613', damageWaiver: true } }),
  },
  { name: 'embed config', load: () => import('../../netlify/functions/embed-config'), path: '/api/embed/config', methods: ['GET'], runs: 60 },
  { name: 'embed products', load: () => import('../../netlify/functions/embed-products'), path: '/api/embed/products', methods: ['GET'], query: ['product', 'category'] },
  {
    name: 'embed cart-token',
    load: () => import('../../netlify/functions/embed-cart-token'),
    path: '/api/embed/cart-token',
    methods: ['POST'],
    valid: () => ({ items: [{ product: 'sticky-wall', quantity: 1 }], event: { date: futureDate(40), start: '11:00', end: '17:00' }, zip: '78613' }),
  },
  { name: 'embed cart', load: () => import('../../netlify/functions/embed-cart'), path: '/api/embed/cart', methods: ['POST'], valid: () => ({ token: 'e30.c2ln' }) },
  {
    name: 'checkout-cart restore',
    load: () => import('../../netlify/functions/checkout-cart'),
    path: '/api/checkout-cart/restore',
    methods: ['POST'],
    valid: () => ({ key: 'k'.repeat(43) }),
  },
  {
    name: 'review',
    load: () => import('../../netlify/functions/review'),
    path: '/api/review',
    methods: ['GET', 'POST'],
    query: ['booking', 'key', 'answer'],
    queryValues: ['happy', 'unhappy', 'k'.repeat(43)],
    valid: () => ({ submissionId: randomUUID(), booking: booking.number, key: booking.key, message: 'The slide arrived late.' }),
  },
  {
    name: 'review context',
    load: () => import('../../netlify/functions/review'),
    path: '/api/review/context',
    methods: ['GET', 'POST'],
    validates: ['POST'],
    valid: () => ({ booking: booking.number, key: booking.key }),
  },
  {
    name: 'unsubscribe',
    load: () => import('../../netlify/functions/unsubscribe'),
    path: '/api/unsubscribe',
    methods: ['POST'],
    query: ['address', 'key'],
    queryValues: ['fuzz@example.com', 'k'.repeat(43)],
    validates: [],
  },
  // "Confirm your booking request" from a pay-later booking's e-mail (issue #36): a wrong key is a 404.
  {
    name: 'confirm-booking',
    load: () => import('../../netlify/functions/confirm-booking'),
    path: '/api/confirm-booking',
    methods: ['POST'],
    valid: () => ({ bookingNumber: managed.number, key: 'k'.repeat(43) }),
  },
  {
    name: 'booking-payment',
    load: () => import('../../netlify/functions/booking-payment'),
    path: '/api/booking-payment',
    methods: ['POST'],
    valid: () => ({ bookingNumber: booking.number, email: booking.email }),
  },
  ...(
    [
      ['', () => ({})],
      ['/quote', () => ({ event: { date: futureDate(120), start: '11:00', end: '17:00' } })],
      ['/move', () => ({ event: { date: futureDate(120), start: '11:00', end: '17:00' } })],
      ['/cancel', () => ({ expected: 'none' })],
      ['/pay', () => ({ amountCents: 5000 })],
    ] as const
  ).map(
    ([route, extra]): Endpoint => ({
      name: `manage-booking${route}`,
      load: () => import('../../netlify/functions/manage-booking'),
      path: `/api/manage-booking${route}`,
      methods: ['POST'],
      valid: () => ({ bookingNumber: managed.number, key: managed.key, ...extra() }),
    }),
  ),
  {
    // Photos of the setup spot (issue #38): the managed booking's photo key and a real PNG, so mutations reach the byte check and the limit.
    name: 'site-photos',
    load: () => import('../../netlify/functions/site-photos'),
    path: '/api/site-photos',
    methods: ['POST'],
    valid: () => ({ bookingNumber: managed.number, key: sitePhotosKey(managed.number, managed.key), photos: [signaturePng(24, 8)] }),
    runs: 80,
  },
  {
    name: 'manage-link',
    load: () => import('../../netlify/functions/manage-link'),
    path: '/api/manage-link',
    methods: ['POST'],
    valid: () => ({ bookingNumber: booking.number, email: booking.email }),
  },
  {
    name: 'payment-status',
    load: () => import('../../netlify/functions/payment-status'),
    path: '/api/payment-status',
    methods: ['GET'],
    query: ['booking', 'session_id'],
  },
  {
    name: 'quotes',
    load: () => import('../../netlify/functions/quotes'),
    path: '/api/quotes',
    methods: ['POST'],
    valid: () => ({
      submissionId: randomUUID(), website: '', eventType: 'school', eventDate: futureDate(40), guestCount: 120, zip: '78664',
      items: [{ product: 'table-and-chair-set', quantity: 2 }], details: 'Field day', budget: 900, name: 'Fuzz Tester', email: 'fuzz@example.com', phone: '(512) 555-0101',
    }),
  },
  {
    name: 'contact',
    load: () => import('../../netlify/functions/contact'),
    path: '/api/contact',
    methods: ['POST'],
    valid: () => ({ submissionId: randomUUID(), website: '', kind: 'contact', name: 'Fuzz Tester', email: 'fuzz@example.com', phone: '', subject: 'Hi', message: 'Do you deliver on Sundays?', bookingNumber: '' }),
  },
  {
    name: 'product-suggestions',
    load: () => import('../../netlify/functions/product-suggestions'),
    path: '/api/product-suggestions',
    methods: ['POST'],
    valid: () => ({ submissionId: randomUUID(), website: '', what: 'Foam machine', why: 'Fun', link: 'https://example.com/foam', name: '', email: '' }),
  },
  {
    name: 'cake-orders',
    load: () => import('../../netlify/functions/cake-orders'),
    path: '/api/cake-orders',
    methods: ['POST'],
    valid: () => ({
      submissionId: randomUUID(), website: '', product: 'classic-round-birthday-cake', servings: 24, tiers: 1, flavour: 'funfetti', filling: 'chocolate-ganache',
      frosting: 'vanilla-buttercream', messageOnCake: 'Happy birthday', allergies: '', fulfilment: 'pickup', neededOn: futureDate(10), bookingNumber: '', bookingEmail: '',
      name: 'Fuzz Tester', email: 'fuzz@example.com', phone: '(512) 555-0101',
    }),
  },
  {
    name: 'waiver-context',
    load: () => import('../../netlify/functions/waiver-context'),
    path: '/api/waivers/context',
    methods: ['GET'],
    query: ['booking', 'email', 'key'],
  },
  { name: 'waiver-qr', load: () => import('../../netlify/functions/waiver-qr'), path: '/api/waivers/qr', methods: ['GET'], query: ['booking', 'email', 'key'] },
  {
    name: 'waiver-pdf',
    load: () => import('../../netlify/functions/waiver-pdf'),
    path: fc.oneof(fc.uuid(), fc.string(), fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%00', 'null', "1' or '1'='1")).map((id) => `/api/waivers/${encodeURIComponent(id)}/pdf`),
    methods: ['GET'],
    query: ['token'],
  },
  {
    name: 'booking-invoice',
    load: () => import('../../netlify/functions/booking-invoice'),
    path: fc.oneof(fc.constant('').map(() => booking.number), fc.string(), fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%00', "PF-1' or '1'='1")).map((n) => `/api/bookings/${encodeURIComponent(n)}/invoice`),
    methods: ['GET'],
    query: ['token', 'key', 'email'],
    runs: 60,
  },
  {
    name: 'waivers',
    load: () => import('../../netlify/functions/waivers'),
    path: '/api/waivers',
    methods: ['POST'],
    valid: () => ({
      submissionId: randomUUID(), website: '', access: { bookingNumber: booking.number, email: booking.email }, waiverVersion: WAIVER_VERSION,
      signerName: 'Fuzz Tester', signerEmail: 'fuzz@example.com', adults: [{ name: 'Fuzz Tester' }], guests: [{ name: 'Kid', age: 7 }],
      acknowledged: Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true])), consent: true, signatureKind: 'typed', typedSignature: 'Fuzz Tester',
    }),
  },
  // Staff sign-in and its second factor (better-auth behind an allowlist): a real account's e-mail, so
  // wrong passwords reach the lockout; refused sign-ins are counted and audited by design.
  {
    name: 'auth sign-in',
    load: () => import('../../netlify/functions/auth'),
    path: fc.constantFrom('/api/auth/sign-in/email', '/api/auth/sign-out', '/api/auth/get-session', '/api/auth/sign-up/email', '/api/auth/admin/list-users'),
    methods: ['GET', 'POST'],
    valid: () => ({ email: 'owner@fuzz.test', password: 'not the owner password' }),
    validates: [],
    records: ['staff_sign_in_lockouts', 'audit_log'],
  },
  {
    name: 'auth two-factor',
    load: () => import('../../netlify/functions/auth'),
    path: fc.constantFrom('/api/auth/two-factor/enable', '/api/auth/two-factor/disable', '/api/auth/two-factor/verify-totp', '/api/auth/two-factor/verify-backup-code', '/api/auth/two-factor/get-totp-uri'),
    methods: ['GET', 'POST'],
    valid: () => ({ code: '123456', password: 'not the owner password' }),
    validates: [],
    records: ['staff_sign_in_lockouts', 'audit_log'],
  },
  // Unsigned: refused by the signature check before any body is read (the signed bodies are fuzzed below).
  { name: 'stripe-webhook', load: () => import('../../netlify/functions/stripe-webhook'), path: '/api/stripe-webhook', methods: ['POST'], validates: [], runs: 150 },
  // Without the schedule's signed token: refused before any database or storage work (issue #41).
  { name: 'backup-run-background', load: () => import('../../netlify/functions/backup-run-background'), path: '/api/backups/run', methods: ['POST'], validates: [], runs: 60 },
  // Unsigned (and mostly not form-encoded): refused before anything is stored (the signed forms are fuzzed below).
  { name: 'texts-inbound', load: () => import('../../netlify/functions/texts-inbound'), path: '/api/texts/inbound', methods: ['POST'], validates: [], runs: 150 },
];

/** Twilio's inbound texts, correctly signed, with fields Twilio would never send. */
const signedInboundText: fc.Arbitrary<FuzzRequest> = fc
  .record({
    From: fc.oneof(fc.constantFrom('+15125550123', '+447700900123'), fc.string(), nasty, fc.constant(undefined)),
    Body: fc.oneof(fc.constantFrom('STOP', 'start', 'HELP', 'Info', 'quit.', 'hello'), fc.string(), nasty, fc.constant(undefined), fc.constant('x'.repeat(2000))),
    MessageSid: fc.oneof(fc.constant(`SM${'a'.repeat(32)}`), fc.string(), nasty, fc.constant(undefined)),
    extra: fc.dictionary(fc.oneof(nasty, fc.string({ maxLength: 10 })), fc.oneof(fc.string(), nasty), { maxKeys: 4 }),
  })
  .map(({ From, Body, MessageSid, extra }) => {
    const params = new URLSearchParams(extra);
    for (const [key, value] of Object.entries({ From, Body, MessageSid })) if (value !== undefined) params.set(key, value);
    return {
      method: 'POST',
      url: '/api/texts/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TWILIO.TWILIO_AUTH_TOKEN, 'http://localhost/api/texts/inbound', params.entries()) },
      body: params.toString(),
      mustRefuse: false,
    };
  });

/** Stripe events signed with the real secret but with a body Stripe would never send. */
const signedWebhook: fc.Arbitrary<FuzzRequest> = fc
  .record({
    id: fc.oneof(fc.constant(undefined), fc.string(), nasty.map((s) => `evt_${s}`)),
    type: fc.oneof(
      fc.constantFrom(
        'checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.expired', 'charge.refunded',
        'refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated', 'payment_intent.succeeded', 'payment_intent.payment_failed',
      ),
      fc.string(),
    ),
    object: fc.oneof(
      anything,
      fc.record({
        id: fc.oneof(fc.string(), nasty),
        payment_status: fc.oneof(fc.constant('paid'), scalar),
        amount_total: fc.oneof(fc.integer(), scalar),
        amount: fc.oneof(fc.integer(), scalar),
        status: fc.oneof(fc.constantFrom('pending', 'succeeded', 'failed', 'canceled'), scalar),
        payment_intent: fc.oneof(fc.string(), scalar, anything),
        customer: fc.oneof(fc.string(), scalar, anything),
        metadata: fc.oneof(anything, fc.record({ bookingId: fc.oneof(fc.uuid(), scalar, nasty), kind: fc.oneof(fc.constantFrom('deposit', 'balance'), scalar), saveCard: fc.oneof(fc.constant('yes'), scalar), balanceChargeId: fc.oneof(fc.uuid(), scalar, nasty) }, { requiredKeys: [] })),
        last_payment_error: fc.oneof(anything, fc.record({ code: fc.oneof(fc.string(), scalar), message: fc.oneof(fc.string(), scalar) }, { requiredKeys: [] })),
      }, { requiredKeys: [] }),
    ),
  })
  .map(({ id, type, object }) => {
    const payload = JSON.stringify({ id, object: 'event', type, livemode: false, created: 1, data: { object } });
    return {
      method: 'POST',
      url: '/api/stripe-webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      body: payload,
      mustRefuse: false,
    };
  });

let fuzzer: Awaited<ReturnType<typeof createFuzzer>>;

beforeAll(async () => {
  db = await createSeededDatabase();
  stripe = await startStripeDouble();
  for (const key of ['SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'BUSINESS_NOTIFY_EMAIL']) delete process.env[key];
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'fuzz-')),
    SITE_URL: 'http://localhost:4321',
    STRIPE_SECRET_KEY: 'sk_test_fuzz',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    ...TWILIO,
  });
  Object.assign(process.env, { AUTH_SECRET: 'fuzz-auth-secret-0123456789abcdefghij' });
  const { createStaffUser } = await import('../../src/lib/auth/staff-accounts.server');
  await createStaffUser(db.sql, { name: 'Fuzz owner', email: 'owner@fuzz.test', role: 'owner', password: 'the real owner password' });
  fuzzer = await createFuzzer(db);
  const [row] = await db.sql<{ number: string; email: string; waiver_key: string }[]>`
    select b.number, c.email, b.waiver_key from bookings b join customers c on c.id = b.customer_id
    where b.status = 'confirmed' and b.event_start > now() order by b.event_start limit 1`;
  booking = { number: row!.number, email: row!.email, key: row!.waiver_key };
  const [other] = await db.sql<{ number: string; manage_token: string }[]>`
    select number, manage_token from bookings where status = 'confirmed' and event_start > now() + interval '10 days' and number <> ${row!.number}
    order by event_start desc limit 1`;
  managed = { number: other!.number, key: other!.manage_token };
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  const { closeAuth } = await import('../../src/lib/auth/auth.server');
  await Promise.all([closeDb(), closeAuth()]);
  await stripe.close();
  await fuzzer.close();
  await db.drop();
});

describe('fuzzing every public function', () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.name}: no input makes it fail or write a refused request`, { timeout: 120_000 }, async () => {
      await fuzzer.fuzzEndpoint(endpoint);
    });
  }

  it('stripe-webhook: correctly signed events with bodies Stripe never sends', { timeout: 120_000 }, async () => {
    const { default: handler } = await import('../../netlify/functions/stripe-webhook');
    await fuzzer.fuzz(handler, signedWebhook, 250);
  });

  it('texts-inbound: correctly signed messages with fields Twilio never sends', { timeout: 120_000 }, async () => {
    const { default: handler } = await import('../../netlify/functions/texts-inbound');
    const tally = await fuzzer.fuzz(handler, signedInboundText, 200);
    // The signature holds, so many reach past it (a valid From and Body are accepted).
    expect(tally.refused).toBeLessThan(tally.sent);
  });
});
