import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { addDays } from '../../src/lib/time/event-window';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { raiseBookingLimits } from '../support/booking-limits';
import Stripe from 'stripe';
import { startStripeDouble, type StripeDouble } from '../support/stripe-double';

const WEBHOOK_SECRET = 'whsec_test_secret';
let db: TestDatabase;
let stripe: StripeDouble;
let outbox: string;
let handlers: Record<string, Handler>;

const booking = (date: string, email: string, extra: Record<string, unknown> = {}) => ({
  items: [{ product: 'sticky-wall', quantity: 1 }, { product: 'table-and-chair-set', quantity: 2 }],
  event: { date, start: '11:00', end: '17:00' },
  customer: { name: 'Dana Scully', email, phone: '(512) 555-0199' },
  address: { line1: '12 Elm St', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
  acceptTerms: true,
  ...extra,
});

/** Delivers an event to the webhook handler signed as Stripe would sign it (with `secret`). */
async function webhook(event: Stripe.Event, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return call(handlers.webhook!, 'POST', '/api/stripe-webhook', payload, { 'stripe-signature': header });
}

beforeAll(async () => {
  db = await createSeededDatabase();
  // This file books many times as one customer from one address to test other things: the owner's
  // limits on one visitor (tested in unpaid-holds.test.ts) are raised, as an owner could.
  await raiseBookingLimits(db.sql);
  stripe = await startStripeDouble();
  outbox = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    STRIPE_SECRET_KEY: 'sk_test_double',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    DATA_DIR: outbox,
    SITE_URL: 'http://localhost:4321',
  });
  handlers = {
    quote: (await import('../../netlify/functions/quote-price')).default,
    bookings: (await import('../../netlify/functions/bookings')).default,
    webhook: (await import('../../netlify/functions/stripe-webhook')).default,
    track: (await import('../../netlify/functions/track-order')).default,
    availability: (await import('../../netlify/functions/availability')).default,
    paymentStatus: (await import('../../netlify/functions/payment-status')).default,
    payment: (await import('../../netlify/functions/booking-payment')).default,
  };
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await stripe.close();
  await db.drop();
});

describe('POST /api/quote-price', () => {
  it('itemises the price and ignores anything the browser claims it costs', async () => {
    const { status, body } = await call(handlers.quote!, 'POST', '/api/quote-price', {
      items: [{ product: 'sticky-wall', quantity: 1, unitPriceCents: 1 }],
      event: { date: futureDate(40), start: '11:00', end: '17:00' },
      zip: '78613',
      coupon: 'welcome10',
      totalCents: 100,
    });
    expect(status).toBe(200);
    expect(body.lines).toHaveLength(1);
    expect(body.lines[0].unitPriceCents).toBeGreaterThan(100);
    expect(body.coupon).toEqual({ code: 'WELCOME10', error: null });
    expect(body.deliveryFeeCents).toBeGreaterThan(0);
    expect(body.totalCents).toBe(body.subtotalCents + body.deliveryFeeCents + body.damageWaiverCents - body.discountCents + body.taxCents);
    expect(body.bookable).toBe(true);
  });

  it('answers 400 with the field and reason for bad input', async () => {
    const { status, body } = await call(handlers.quote!, 'POST', '/api/quote-price', {
      items: [{ product: 'sticky-wall', quantity: 0 }],
      event: { date: futureDate(40), start: '17:00', end: '11:00' },
      zip: '7866',
    });
    expect(status).toBe(400);
    expect(Object.keys(body.error.fields)).toEqual(expect.arrayContaining(['items.0.quantity', 'zip']));
  });

  it('answers a ZIP no area covers (200, not a refusal: it is asked while typed) with the refusal’s words for the ZIP field, in the page’s language', async () => {
    const cart = { items: [{ product: 'sticky-wall', quantity: 1 }], event: { date: futureDate(40), start: '11:00', end: '17:00' }, zip: '99999' };
    const english = await call(handlers.quote!, 'POST', '/api/quote-price', cart);
    expect(english.status).toBe(200);
    expect(english.body).toEqual({ served: false, message: expect.stringMatching(/^We don’t deliver to 99999 yet\. We serve .*Round Rock/), fields: { zip: english.body.message } });
    const spanish = await call(handlers.quote!, 'POST', '/api/quote-price', cart, { 'x-page-language': 'es' });
    expect(spanish.status).toBe(200);
    expect(spanish.body).toEqual({ served: false, message: expect.stringMatching(/^Todavía no entregamos en 99999\. Atendemos .*Round Rock/), fields: { zip: spanish.body.message } });
  });

  it('says at its line, in the page’s language, that a rental in a cart saved earlier is no longer in the catalog', async () => {
    const stale = { items: [{ product: 'sticky-wall', quantity: 1 }, { product: 'retired-dunk-tank', quantity: 1 }], event: { date: futureDate(40), start: '11:00', end: '17:00' }, zip: '78613' };
    const fromSpanish = await call(handlers.quote!, 'POST', '/api/quote-price', stale, { 'x-page-language': 'es' });
    expect(fromSpanish.status).toBe(400);
    expect(fromSpanish.body.error.fields).toEqual({ 'items.1.product': 'No encontramos el producto “retired-dunk-tank”.' });
    expect((await call(handlers.quote!, 'POST', '/api/quote-price', stale)).body.error.fields).toEqual({ 'items.1.product': 'We couldn’t find the product “retired-dunk-tank”.' });
  });

  it('refuses malformed and oversized bodies with 400', async () => {
    expect((await call(handlers.quote!, 'POST', '/api/quote-price', '{not json')).status).toBe(400);
    expect((await call(handlers.quote!, 'POST', '/api/quote-price', JSON.stringify({ pad: 'x'.repeat(70_000) }))).status).toBe(400);
  });
});

describe('booking with a Stripe deposit', () => {
  it('holds the units, pays through Stripe Checkout, and confirms only from the verified webhook', async () => {
    const date = futureDate(45);
    const created = await call(handlers.bookings!, 'POST', '/api/bookings', booking(date, 'dana@example.com'));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'hold', payment: { url: expect.stringContaining('/pay/cs_test_') } });
    const sessionId = created.body.payment.url.split('/pay/')[1];
    expect(stripe.sessions.get(sessionId)!.amount_total).toBe(created.body.totals.depositCents);

    // The sticky wall has one unit: a second customer cannot take it while it is held.
    const rival = await call(handlers.bookings!, 'POST', '/api/bookings', booking(date, 'rival@example.com'));
    expect(rival.status).toBe(409);
    expect(rival.body.error.message).toMatch(/already booked|no longer available/);

    const paid = stripe.complete(sessionId);
    const first = await webhook(paid);
    expect(first.body).toEqual({ received: true, outcome: 'processed' });
    const replay = await webhook(paid);
    expect(replay.body.outcome).toBe('duplicate');
    // An expiry delivered late (out of order) must not undo the payment.
    const late = await webhook(stripe.expire(sessionId));
    expect(late.status).toBe(200);

    const [row] = await db.sql`select status, amount_paid_cents, deposit_cents from bookings where number = ${created.body.bookingNumber}`;
    expect(row).toMatchObject({ status: 'confirmed', amount_paid_cents: row!.deposit_cents });
    const payments = await db.sql`select 1 from payments p join bookings b on b.id = p.booking_id where b.number = ${created.body.bookingNumber}`;
    expect(payments).toHaveLength(1);

    const status = await call(handlers.paymentStatus!, 'GET', `/api/payment-status?booking=${created.body.bookingNumber}&session_id=${sessionId}`);
    expect(status.body).toMatchObject({ paid: true, status: 'confirmed' });

    // The confirmation e-mail carries the same totals and a calendar invite.
    const files = await readdir(path.join(outbox, 'outbox'));
    const mail = (await Promise.all(files.map((f) => readFile(path.join(outbox, 'outbox', f), 'utf8')))).find(
      (m) => /^To: dana@example\.com$/m.test(m) && m.includes(created.body.bookingNumber),
    );
    expect(mail).toBeDefined();
    expect(mail).toContain('BEGIN:VCALENDAR');
    expect(mail).toContain(`$${(created.body.totals.totalCents / 100).toFixed(2)}`.replace('.00', ''));
  });

  it('tells the payment page that a payment is not done yet in the page’s language', async () => {
    const created = await call(handlers.bookings!, 'POST', '/api/bookings', booking(futureDate(47), 'not.yet@example.com'));
    const sessionId = created.body.payment.url.split('/pay/')[1];
    const status = (headers: Record<string, string>) =>
      call(handlers.paymentStatus!, 'GET', `/api/payment-status?booking=${created.body.bookingNumber}&session_id=${sessionId}`, undefined, headers);
    // /es/payment-success shows it after its own words ("Todavía no está pagado."): not in English there.
    expect((await status({ 'x-page-language': 'es' })).body).toMatchObject({ paid: false, reason: 'El pago todavía no se ha completado.' });
    expect((await status({})).body).toMatchObject({ paid: false, reason: 'The payment has not been completed.' });
  });

  it('releases the hold when Stripe says the checkout expired, so the unit is free again', async () => {
    const date = futureDate(50);
    const created = await call(handlers.bookings!, 'POST', '/api/bookings', booking(date, 'abandon@example.com'));
    const sessionId = created.body.payment.url.split('/pay/')[1];
    await webhook(stripe.expire(sessionId));
    const [row] = await db.sql`select status from bookings where number = ${created.body.bookingNumber}`;
    expect(row!.status).toBe('expired');
    const next = await call(handlers.bookings!, 'POST', '/api/bookings', booking(date, 'next@example.com'));
    expect(next.status).toBe(201);
    // Paying it afterwards from /es/track-order is refused in the page's language, its state named in it too.
    const late = { bookingNumber: created.body.bookingNumber, email: 'abandon@example.com' };
    const fromSpanish = await call(handlers.payment!, 'POST', '/api/booking-payment', late, { 'x-page-language': 'es' });
    expect(fromSpanish.status).toBe(409);
    expect(fromSpanish.body.error.message).toBe('Una reservación vencida (el depósito no se pagó a tiempo) no se puede pagar en línea.');
    expect((await call(handlers.payment!, 'POST', '/api/booking-payment', late)).body.error.message).toBe('A booking that is expired (deposit not paid in time) cannot be paid online.');
  });

  it('lets a customer who left the Stripe page pay the held booking from the tracking page', async () => {
    const created = await call(handlers.bookings!, 'POST', '/api/bookings', booking(futureDate(52), 'returning@example.com'));
    const firstSession = created.body.payment.url.split('/pay/')[1];
    const [before] = await db.sql`select hold_expires_at from bookings where number = ${created.body.bookingNumber}`;
    const again = await call(handlers.payment!, 'POST', '/api/booking-payment', { bookingNumber: created.body.bookingNumber, email: 'returning@example.com' }, { 'x-test-ip': '10.1.1.1' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ kind: 'deposit', amountCents: created.body.totals.depositCents });
    // Within the same half hour Stripe hands back the still-open session rather than a second one.
    expect(again.body.url).toBe(created.body.payment.url);
    // The hold keeps the deadline it was booked with (issue #22: a payment page never extends it).
    const [after] = await db.sql`select hold_expires_at from bookings where number = ${created.body.bookingNumber}`;
    expect(after!.hold_expires_at).toEqual(before!.hold_expires_at);

    await webhook(stripe.complete(firstSession));
    const [paid] = await db.sql`select status from bookings where number = ${created.body.bookingNumber}`;
    expect(paid!.status).toBe('confirmed');
  });

  it('ignores the expiry of a checkout session that is no longer the booking’s current one', async () => {
    const created = await call(handlers.bookings!, 'POST', '/api/bookings', booking(futureDate(53), 'twosessions@example.com'));
    const oldSession = created.body.payment.url.split('/pay/')[1];
    await db.sql`update bookings set stripe_checkout_session_id = 'cs_test_newer' where number = ${created.body.bookingNumber}`;
    await webhook(stripe.expire(oldSession));
    const [row] = await db.sql`select status from bookings where number = ${created.body.bookingNumber}`;
    expect(row!.status).toBe('hold');
  });

  it('rejects a webhook with a bad signature and records nothing', async () => {
    const created = await call(handlers.bookings!, 'POST', '/api/bookings', booking(futureDate(55), 'forged@example.com'));
    const sessionId = created.body.payment.url.split('/pay/')[1];
    const forged = stripe.complete(sessionId);
    const response = await webhook(forged, 'whsec_wrong');
    expect(response.status).toBe(400);
    const events = await db.sql`select 1 from stripe_events where id = ${forged.id}`;
    expect(events).toHaveLength(0);
    const [row] = await db.sql`select status from bookings where number = ${created.body.bookingNumber}`;
    expect(row!.status).toBe('hold');
  });

  it('when Stripe fails, says so clearly and releases the hold', async () => {
    const date = futureDate(60);
    stripe.failNext('error', 3);
    const failed = await call(handlers.bookings!, 'POST', '/api/bookings', booking(date, 'unlucky@example.com'));
    expect(failed.status).toBe(503);
    expect(failed.body.error.message).toMatch(/nothing was booked/);
    const retry = await call(handlers.bookings!, 'POST', '/api/bookings', booking(date, 'unlucky@example.com'));
    expect(retry.status).toBe(201);
  });
});

describe('POST /api/track-order', () => {
  it('shows the booking for the right e-mail or phone, and the same answer for a wrong one or an unknown number', async () => {
    const created = await call(handlers.bookings!, 'POST', '/api/bookings', booking(futureDate(65), 'mulder@example.com'));
    const number = created.body.bookingNumber;
    const byEmail = await call(handlers.track!, 'POST', '/api/track-order', { bookingNumber: number, email: 'MULDER@example.com' }, { 'x-test-ip': '10.0.0.1' });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({ number, totals: { totalCents: created.body.totals.totalCents } });
    expect(byEmail.body.id).toBeUndefined();
    const byPhone = await call(handlers.track!, 'POST', '/api/track-order', { bookingNumber: number, phone: '512-555-0199' }, { 'x-test-ip': '10.0.0.1' });
    expect(byPhone.status).toBe(200);

    const wrong = await call(handlers.track!, 'POST', '/api/track-order', { bookingNumber: number, email: 'x@example.com' }, { 'x-test-ip': '10.0.0.1' });
    const unknown = await call(handlers.track!, 'POST', '/api/track-order', { bookingNumber: 'PF-ZZZZZZ', email: 'mulder@example.com' }, { 'x-test-ip': '10.0.0.1' });
    expect(wrong.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('offers no online deposit when the business takes deposits later, even with Stripe configured', async () => {
    await db.sql`update business_settings set payment_mode = 'pay_later' where id`;
    try {
      const created = await call(handlers.bookings!, 'POST', '/api/bookings', booking(futureDate(66), 'skinner@example.com'));
      expect(created.body.status).toBe('deposit_due');
      const tracked = await call(handlers.track!, 'POST', '/api/track-order', { bookingNumber: created.body.bookingNumber, email: 'skinner@example.com' }, { 'x-test-ip': '10.0.0.2' });
      expect(tracked.status).toBe(200);
      expect(tracked.body.totals.depositOutstandingCents).toBeGreaterThan(0);
      expect(tracked.body.paymentOffer).toBeNull();
    } finally {
      await db.sql`update business_settings set payment_mode = 'deposit_online' where id`;
    }
  });

  it('rate-limits lookups per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await call(handlers.track!, 'POST', '/api/track-order', { bookingNumber: 'PF-AAAAAA', email: 'a@example.com' }, { 'x-test-ip': '10.9.9.9' })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('GET /api/availability', () => {
  it('answers the three shapes', async () => {
    const date = futureDate(70);
    const one = await call(handlers.availability!, 'GET', `/api/availability?product=pink-castle-bounce-house&date=${date}&start=10:00&end=16:00`);
    expect(one.body).toMatchObject({ product: 'pink-castle-bounce-house', available: true });
    expect(one.body.freeCount).toBeGreaterThan(0);
    const month = await call(handlers.availability!, 'GET', `/api/availability?product=pink-castle-bounce-house&month=${date.slice(0, 7)}`);
    expect(month.body.days.length).toBeGreaterThanOrEqual(28);
    const all = await call(handlers.availability!, 'GET', `/api/availability?date=${date}&start=10:00&end=16:00`);
    expect(all.body.products.length).toBeGreaterThanOrEqual(30);
    const bad = await call(handlers.availability!, 'GET', `/api/availability?date=${date}&start=16:00&end=10:00`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.end).toMatch(/after the start/);
  });

  it('counts held units with their setup and teardown buffers, packages that need them, and blackouts', async () => {
    const date = futureDate(75);
    const availability = async (query: string) => (await call(handlers.availability!, 'GET', `/api/availability?${query}`)).body;
    const castle = (d: string, start = '11:00', end = '17:00') =>
      availability(`product=pink-castle-bounce-house&date=${d}&start=${start}&end=${end}`);
    const units = (await castle(date)).freeCount as number;
    expect(units).toBeGreaterThan(0);

    // Every castle held for 11:00-17:00 on `date`.
    const held = await call(handlers.bookings!, 'POST', '/api/bookings', {
      ...booking(date, 'castles@example.com'),
      items: [{ product: 'pink-castle-bounce-house', quantity: units }],
    });
    expect(held.status).toBe(201);

    expect(await castle(date)).toMatchObject({ available: false, freeCount: 0, reason: { code: 'sold_out' } });
    // 17:30 is inside the 45-minute teardown plus the next party's 60-minute setup.
    expect(await castle(date, '17:30', '19:00')).toMatchObject({ available: false, freeCount: 0 });
    expect(await castle(date, '19:00', '20:00')).toMatchObject({ available: true, freeCount: units });
    expect(await castle(addDays(date, 1))).toMatchObject({ available: true, freeCount: units });
    const pkg = await availability(`product=backyard-birthday-package&date=${date}&start=11:00&end=17:00`);
    expect(pkg).toMatchObject({ available: false, freeCount: 0 });
    const all = (await availability(`date=${date}&start=11:00&end=17:00`)).products as { product: string; freeCount: number | null }[];
    expect(all.find((p) => p.product === 'pink-castle-bounce-house')?.freeCount).toBe(0);
    expect(all.find((p) => p.product === 'backyard-birthday-package')?.freeCount).toBe(0);

    // A blackout for the castle alone, two days later.
    const blackoutDay = addDays(date, 2);
    await db.sql`insert into blackouts (scope, product_id, starts_on, ends_on, reason)
      select 'product', id, ${blackoutDay}::date, ${blackoutDay}::date, 'Seam repair' from products where slug = 'pink-castle-bounce-house'`;
    expect(await castle(blackoutDay)).toMatchObject({ available: false, reason: { code: 'blackout' } });
    expect((await availability(`product=sticky-wall&date=${blackoutDay}&start=11:00&end=17:00`)).available).toBe(true);

    const month = (await availability(`product=pink-castle-bounce-house&month=${date.slice(0, 7)}&start=11:00&end=17:00`)).days as {
      date: string;
      available: boolean;
      freeCount: number | null;
      reason: string | null;
    }[];
    expect(month.find((d) => d.date === date)).toMatchObject({ available: false, freeCount: 0 });
    if (blackoutDay.startsWith(date.slice(0, 7))) expect(month.find((d) => d.date === blackoutDay)?.reason).toMatch(/Seam repair/);
    if (addDays(date, 1).startsWith(date.slice(0, 7))) expect(month.find((d) => d.date === addDays(date, 1))).toMatchObject({ available: true, freeCount: units });
  });
});
