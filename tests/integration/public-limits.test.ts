import type { Context } from '@netlify/functions';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listNetlifyFunctions, type ListedNetlifyFunction } from '../../src/lib/deploy/netlify-bundler.server';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { startStripeDouble, type StripeDouble } from '../support/stripe-double';

/**
 * Every public function (netlify/functions, not admin-*, found by file name at the paths Netlify's
 * bundler reads) has a per-address limit: from one address it answers 429 after its limit, while
 * another address still gets through. A new public function fails here until it has a limit and is
 * listed below, or is listed as not limited with the reason.
 *
 * Then the two leaks of issue #22: a coupon code's answer says no more than a wrong guess costs, and
 * the payment status does not tell which booking numbers exist nor call Stripe for made-up input.
 */

/** Requests per address per window (the defaults; BOOKING_RATE_LIMIT, BROWSE_RATE_LIMIT and LOOKUP_RATE_LIMIT unset). */
const LIMITS: Record<string, number> = {
  availability: 1200,
  prices: 1200,
  'quote-price': 300,
  'payment-status': 30,
  'product-photos': 600,
  logo: 120,
  health: 120,
  events: 60,
  hi: 30,
  'calendar-feed': 120,
  'waiver-context': 60,
  'waiver-qr': 60,
  'waiver-pdf': 60,
  waivers: 40,
  'booking-invoice': 30,
  'track-order': 10,
  // Asking for a code to use credit at checkout (POST /api/credit-code; checking codes has its own 20).
  'credit-code': 5,
  // Reading the offer (its first route); the answer keeps its own 30 (tests/integration/rain-outs.test.ts).
  'rain-check': 120,
  'booking-payment': 10,
  'manage-booking': 120,
  // Photos of the setup spot (issue #38).
  'site-photos': 20,
  'manage-link': 5,
  // "Confirm your booking request" from a pay-later booking's e-mail (issue #36).
  'confirm-booking': 30,
  // The messages a customer gets (issue #26).
  'checkout-cart': 20,
  review: 30,
  unsubscribe: 20,
  bookings: 20,
  quotes: 10,
  contact: 10,
  'product-suggestions': 10,
  'cake-orders': 10,
  'human-check': 120,
  // Twilio's inbound texts: counted before anything else (here texts are off, so each answers 404).
  'texts-inbound': 300,
  // The booking widget on the owner's other website (issue #39): its reads are browsing, its cart's way to checkout a customer's step.
  'embed-config': 1200,
  'embed-products': 1200,
  'embed-cart-token': 30,
  'embed-cart': 30,
};

/** Public functions without a per-address limit here, and why. */
const NOT_LIMITED: Record<string, string> = {
  'stripe-webhook': 'only Stripe can sign its events; an unsigned request is refused before any database work',
  'content-editor': 'the staff content editor page (GET /admin/content): only a signed-in manager or owner gets it, like every admin function, which are not limited per address either',
  'backup-run-background': 'only the site’s own daily schedule can sign its token; an unsigned request is refused before any database work',
  auth: 'staff sign-in: better-auth limits it per address itself (tests/integration/admin-auth.test.ts)',
};

let db: TestDatabase;
let stripe: StripeDouble;
let publicFunctions: ListedNetlifyFunction[] = [];

beforeAll(async () => {
  db = await createSeededDatabase();
  stripe = await startStripeDouble();
  for (const key of ['BOOKING_RATE_LIMIT', 'BROWSE_RATE_LIMIT', 'LOOKUP_RATE_LIMIT', 'SMTP_URL']) delete process.env[key];
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'public-limits-')),
    STRIPE_SECRET_KEY: 'sk_test_double',
    STRIPE_WEBHOOK_SECRET: 'whsec_public_limits',
    STRIPE_API_BASE: stripe.url,
    SITE_URL: 'http://localhost:4321',
  });
  publicFunctions = (await listNetlifyFunctions('netlify/functions')).filter((fn) => !fn.name.startsWith('admin-') && fn.routes?.length);
});
afterEach(() => void vi.useRealTimers());
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await stripe.close();
  await db.drop();
});

const load = async (file: string) => (await import(file)).default as Handler;
const send = (handler: Handler, method: string, url: string, ip: string) =>
  handler(new Request(`http://localhost${url}`, { method, headers: { 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) }), { ip, deploy: { id: '' } } as unknown as Context);

describe('every public function has a per-address limit', () => {
  it('lists each public function as limited or not, with its reason', () => {
    const names = publicFunctions.map((fn) => fn.name);
    expect(names).toContain('availability');
    const unlisted = names.filter((name) => !(name in LIMITS) && !(name in NOT_LIMITED));
    expect(unlisted, 'public functions with no limit: give each a rateLimit and list it in LIMITS').toEqual([]);
  });

  it('answers 429 from one address after its limit, and still answers another address', async () => {
    // The counts are per fixed window (a minute, ten minutes, an hour): the clock stands just after
    // an hour begins, so a sweep that runs past a window's end is not a false failure.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1000);
    let n = 0;
    for (const fn of publicFunctions.filter((f) => f.name in LIMITS)) {
      n++;
      const handler = await load(fn.mainFile);
      const url = fn.routes![0]!.pattern.replace(/:[^/]+/g, 'x').replace(/\*$/, 'x');
      // The method it answers: a wrong method is refused before anything is counted.
      const method = (await send(handler, 'GET', url, '203.0.113.250')).status === 405 ? 'POST' : 'GET';
      const limit = LIMITS[fn.name]!;
      const address = `10.${n}.0.1`;
      const statuses: number[] = [];
      // In parallel batches: the count is one atomic upsert, so concurrency cannot slip past it.
      for (let sent = 0; sent < limit; sent += 100) {
        const batch = Math.min(100, limit - sent);
        statuses.push(...(await Promise.all(Array.from({ length: batch }, () => send(handler, method, url, address)))).map((r) => r.status));
      }
      expect(statuses.filter((s) => s === 429), `${fn.name}: refused before its limit of ${limit}`).toEqual([]);
      expect(statuses.filter((s) => s >= 500), `${fn.name}: server errors`).toEqual([]);
      const over = await send(handler, method, url, address);
      expect(over.status, `${fn.name}: request ${limit + 1} from one address`).toBe(429);
      expect((await over.json()).error.code).toBe('rate_limited');
      expect((await send(handler, method, url, `10.${n}.0.2`)).status, `${fn.name}: another address`).not.toBe(429);
    }
    expect(n).toBe(Object.keys(LIMITS).length);
  }, 180_000);
});

describe('POST /api/quote-price and coupon codes', () => {
  const cart = (coupon: string, quantity = 1) => ({
    items: [{ product: 'sticky-wall', quantity }],
    event: { date: futureDate(41), start: '11:00', end: '17:00' },
    zip: '78664',
    coupon,
  });
  const quote = async (coupon: string, ip: string, quantity = 1) =>
    call(await load('../../netlify/functions/quote-price.ts'), 'POST', '/api/quote-price', cart(coupon, quantity), { 'x-test-ip': ip });

  beforeAll(async () => {
    await db.sql`
      insert into coupons (code, kind, percent_off, starts_on, ends_on, usage_limit, times_used, minimum_order_cents, active) values
        ('LIMITS-OFF', 'percent', 10, null, null, null, 0, 0, false),
        ('LIMITS-OLD', 'percent', 10, '2020-01-01', '2020-12-31', null, 0, 0, true),
        ('LIMITS-SOON', 'percent', 10, '2099-01-01', null, null, 0, 0, true),
        ('LIMITS-GONE', 'percent', 10, null, null, 5, 5, 0, true),
        ('LIMITS-BIG', 'percent', 10, null, null, null, 0, 10000000, true),
        ('LIMITS-REAL', 'percent', 10, null, null, null, 0, 0, true)`;
  });

  it('says the same about a code that does not exist and one that is switched off, expired, not started or used up', async () => {
    const answers = await Promise.all(['NO-SUCH-CODE', 'LIMITS-OFF', 'LIMITS-OLD', 'LIMITS-SOON', 'LIMITS-GONE'].map((code) => quote(code, '198.18.0.1')));
    for (const { status, body } of answers) {
      expect(status).toBe(200);
      expect(body.coupon).toEqual({ code: null, error: 'That coupon code can’t be used.' });
      expect(body.discountCents).toBe(0);
    }
    // A real, current code on too small an order tells the customer what to do about it.
    const big = await quote('LIMITS-BIG', '198.18.0.1');
    expect(big.body.coupon.error).toMatch(/needs an order of at least/);
    const real = await quote('LIMITS-REAL', '198.18.0.1');
    expect(real.body.coupon).toEqual({ code: 'LIMITS-REAL', error: null });
    expect(real.body.discountCents).toBeGreaterThan(0);
  });

  it('looks at no more than 10 different codes an hour from one address, while a cart keeps its code', async () => {
    const ip = '198.18.0.2';
    expect((await quote('LIMITS-REAL', ip)).body.discountCents).toBeGreaterThan(0);
    for (let i = 0; i < 9; i++) expect((await quote(`GUESS-${i}`, ip)).body.coupon.error).toBe('That coupon code can’t be used.');
    // The 11th different code is not looked at: a real one gets no discount and the answer names no reason.
    const refused = await quote('LIMITS-BIG', ip);
    expect(refused.status).toBe(200);
    expect(refused.body.coupon).toEqual({ code: null, error: 'You’ve tried several coupon codes. Please wait an hour before trying another.' });
    expect((await quote('NO-SUCH-CODE', ip)).body.coupon).toEqual(refused.body.coupon);
    // A code already tried is still priced (re-pricing a cart is not a new guess), and the price itself still answers.
    const again = await quote('LIMITS-REAL', ip, 2);
    expect(again.body.coupon).toEqual({ code: 'LIMITS-REAL', error: null });
    expect(again.body.discountCents).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await quote('LIMITS-BIG', '198.18.0.3')).body.coupon.error).toMatch(/needs an order of at least/);
  });

  it('counts no try for a code sent with a cart that is refused for itself, and writes nothing for it', async () => {
    const ip = '198.18.0.5';
    const tries = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from coupon_tries where key = ${`coupon:${ip}`}`)[0]!.n;
    const unknownProduct = { ...cart('GUESS-A'), items: [{ product: 'no-such-product', quantity: 1 }] };
    const unservedZip = { ...cart('GUESS-B'), zip: '10001' };
    const price = async (body: object) => call(await load('../../netlify/functions/quote-price.ts'), 'POST', '/api/quote-price', body, { 'x-test-ip': ip });
    expect((await price(unknownProduct)).status).toBe(400);
    // A ZIP no area covers is answered, not refused (typing one logs no error), and still priced no coupon.
    expect(await price(unservedZip)).toMatchObject({ status: 200, body: { served: false } });
    expect(await tries()).toBe(0);
    // The same code with a sound cart is a try.
    expect((await quote('GUESS-A', ip)).body.coupon.error).toBe('That coupon code can’t be used.');
    expect(await tries()).toBe(1);
  });

  it('still tells a customer booking with a wrong code the one message', async () => {
    const bookings = await load('../../netlify/functions/bookings.ts');
    const { status, body } = await call(bookings, 'POST', '/api/bookings', {
      ...cart('LIMITS-OLD'),
      customer: { name: 'Coupon Tester', email: 'coupon-tester@example.com', phone: '(512) 555-0142' },
      address: { line1: '12 Elm St', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      acceptTerms: true,
    }, { 'x-test-ip': '198.18.0.4' });
    expect(status).toBe(400);
    expect(body.error.fields.coupon).toBe('That coupon code can’t be used.');
  });
});

describe('GET /api/payment-status', () => {
  it('answers the same for an unknown booking and a session that is not the booking’s, without asking Stripe', async () => {
    const bookings = await load('../../netlify/functions/bookings.ts');
    const status = await load('../../netlify/functions/payment-status.ts');
    const place = (email: string, days: number) =>
      call(bookings, 'POST', '/api/bookings', {
        items: [{ product: 'table-and-chair-set', quantity: 1 }],
        event: { date: futureDate(days), start: '11:00', end: '17:00' },
        customer: { name: 'Pay Status', email, phone: '(512) 555-0143' },
        address: { line1: '12 Elm St', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
        acceptTerms: true,
      }, { 'x-test-ip': '198.18.1.1' });
    const mine = await place('pay-status-1@example.com', 43);
    const theirs = await place('pay-status-2@example.com', 44);
    expect(mine.status).toBe(201);
    const mySession = mine.body.payment.url.split('/pay/')[1] as string;
    const theirSession = theirs.body.payment.url.split('/pay/')[1] as string;
    const ask = (booking: string, session: string) => call(status, 'GET', `/api/payment-status?booking=${booking}&session_id=${session}`, undefined, { 'x-test-ip': '198.18.1.2' });

    stripe.requests.length = 0;
    const unknown = await ask('PF-ZZZZZZ', mySession);
    const wrongPair = await ask(mine.body.bookingNumber, theirSession);
    const madeUp = await ask(mine.body.bookingNumber, 'cs_test_madeup123456');
    for (const answer of [unknown, wrongPair, madeUp]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: { code: 'not_found', message: 'We could not find that payment.' } });
    }
    expect(stripe.requests).toEqual([]);

    // The pair the database holds is checked with Stripe, once.
    const open = await ask(mine.body.bookingNumber, mySession);
    expect(open.body).toMatchObject({ paid: false, bookingNumber: mine.body.bookingNumber });
    expect(stripe.requests).toEqual([`GET /v1/checkout/sessions/${mySession}`]);
  });
});
