import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';
import { startStripeDouble, type StripeDouble } from '../support/stripe-double';

/**
 * Issue #22, "Unpaid bookings end by themselves": an unpaid website booking holds its units for a
 * limited time, then is released with an e-mail to the customer and a line on the dashboard; staff
 * can keep one; a Stripe hold is never extended by a new payment page; and the owner's caps on what
 * one visitor may hold refuse a script while a real customer still books. Through the real handlers.
 */

const WEBHOOK_SECRET = 'whsec_unpaid_holds';
let db: TestDatabase;
let stripe: StripeDouble;
let dataDir: string;
let h: Record<'bookings' | 'track' | 'payment' | 'quote' | 'webhook' | 'manager' | 'dashboard', Handler>;
let manager: string;
let crew: string;

let ipCounter = 0;
/** A client address of its own, so only the caps a test is about can bite. */
const freshIp = () => `198.51.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let customerCounter = 0;
/** A customer nobody else books as: own e-mail and phone. */
const customer = () => {
  const n = ++customerCounter;
  return { name: 'Pat Doe', email: `pat${n}@example.com`, phone: `512-555-${String(1000 + n).padStart(4, '0')}` };
};

const booking = (date: string, who = customer(), items: { product: string; quantity: number }[] = [{ product: 'big-top-carnival-bounce-house', quantity: 1 }]) => ({
  items,
  event: { date, start: '10:00', end: '16:00' },
  customer: who,
  address: { line1: '5 Pine St', city: 'Round Rock', state: 'TX', zip: '78664' },
  acceptTerms: true,
});

const book = (body: unknown, ip = freshIp()) => call(h.bookings, 'POST', '/api/bookings', body, { 'x-test-ip': ip });
const track = (number: string, email: string) => call(h.track, 'POST', '/api/track-order', { bookingNumber: number, email }, { 'x-test-ip': freshIp() });
const row = async (number: string) =>
  (await db.sql<{ id: string; status: string; hold_expires_at: Date | null; created_at: Date; client_address: string | null }[]>`
    select id, status, hold_expires_at, created_at, client_address from bookings where number = ${number}`)[0]!;
const setPaymentMode = (mode: 'pay_later' | 'deposit_online') => db.sql`update business_settings set payment_mode = ${mode}`;

/** What the scheduled run (netlify/functions/housekeeping.ts) does about unpaid bookings and mail, at `now`. */
async function housekeeping(now: Date) {
  const { releaseExpiredHolds } = await import('../../src/lib/booking/holds.server');
  const { sendQueuedMail } = await import('../../src/lib/email/send.server');
  const released = await releaseExpiredHolds(db.sql, now);
  await sendQueuedMail(db.sql, now);
  return released;
}

async function webhook(event: Stripe.Event) {
  const payload = JSON.stringify(event);
  return call(h.webhook, 'POST', '/api/stripe-webhook', payload, { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) });
}

beforeAll(async () => {
  db = await createSeededDatabase();
  stripe = await startStripeDouble();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'unpaid-holds-'));
  delete process.env.SMTP_URL;
  useAdminEnv(db.url, { STRIPE_SECRET_KEY: 'sk_test_double', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url, DATA_DIR: dataDir });
  h = {
    bookings: (await import('../../netlify/functions/bookings')).default,
    track: (await import('../../netlify/functions/track-order')).default,
    payment: (await import('../../netlify/functions/booking-payment')).default,
    quote: (await import('../../netlify/functions/quote-price')).default,
    webhook: (await import('../../netlify/functions/stripe-webhook')).default,
    manager: (await import('../../netlify/functions/admin-bookings')).default as Handler,
    dashboard: (await import('../../netlify/functions/admin-dashboard')).default as Handler,
  };
  manager = (await staffSession(db.sql, 'manager')).cookie;
  crew = (await staffSession(db.sql, 'crew')).cookie;
  await setPaymentMode('pay_later');
});
afterAll(async () => {
  await closeAdminConnections();
  await stripe.close();
  await db.drop();
});

describe('a pay-later website booking', () => {
  it('holds its units until its deadline, then the scheduled run releases it, tells the customer and the dashboard', async () => {
    const date = futureDate(40);
    const pat = customer();
    const ip = freshIp();
    const created = await book(booking(date, pat), ip);
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('deposit_due');
    const placed = await row(created.body.bookingNumber);
    // An hour until the customer confirms it from the e-mail (issue #36, tests/integration/confirmed-holds.test.ts),
    // then the owner's 48 hours from when it was placed.
    expect(placed.hold_expires_at).toEqual(new Date(placed.created_at.getTime() + 60 * 60_000));
    await db.sql`update bookings set email_confirmed_at = created_at, hold_expires_at = created_at + interval '48 hours' where id = ${placed.id}`;
    const deadline = new Date(placed.created_at.getTime() + 48 * 3_600_000);
    expect(placed.client_address).toBe(ip);

    // The tracking page shows the deadline, and the booking e-mail said it.
    const tracked = await track(created.body.bookingNumber, pat.email);
    expect(tracked.status).toBe(200);
    expect(tracked.body).toMatchObject({ status: 'deposit_due', holdExpiresAt: deadline.toISOString() });
    const [confirmation] = await db.sql<{ payload: { text: string } }[]>`
      select payload from outbound_emails where to_address = ${pat.email} and template = 'booking-customer'`;
    expect(confirmation!.payload.text).toMatch(/We keep your rentals until .+; if the deposit is not paid by then, the booking is released\./);

    // Meanwhile the one unit is taken: another customer cannot have it.
    expect((await book(booking(date))).status).toBe(409);
    // Not a minute early.
    expect(await housekeeping(new Date(deadline.getTime() - 60_000))).toEqual([]);
    expect((await row(created.body.bookingNumber)).status).toBe('deposit_due');

    const released = await housekeeping(new Date(deadline.getTime() + 1_000));
    expect(released.map((r) => r.number)).toEqual([created.body.bookingNumber]);
    const after = await row(created.body.bookingNumber);
    expect(after).toMatchObject({ status: 'expired', hold_expires_at: null });
    const [held] = await db.sql<{ n: number }[]>`select count(*)::int as n from unit_allocations where booking_id = ${after.id} and released_at is null`;
    expect(held!.n).toBe(0);

    // The customer's e-mail was stored with the release and sent by the run.
    const [mail] = await db.sql<{ status: string; subject: string; payload: { text: string } }[]>`
      select status, subject, payload from outbound_emails where to_address = ${pat.email} and template = 'booking-released'`;
    expect(mail).toMatchObject({ status: 'sent', subject: `Your booking ${created.body.bookingNumber} was released` });
    expect(mail!.payload.text).not.toContain(pat.name);
    const files = await readdir(path.join(dataDir, 'outbox'));
    const eml = await Promise.all(files.filter((f) => f.includes(pat.email)).map((f) => readFile(path.join(dataDir, 'outbox', f), 'utf8')));
    expect(eml.some((m) => m.includes(`Subject: Your booking ${created.body.bookingNumber} was released`))).toBe(true);

    // The unit is free again, and the dashboard says what happened.
    expect((await book(booking(date))).status).toBe(201);
    const dashboard = await adminCall(h.dashboard, 'GET', '/api/admin/dashboard', { cookie: crew });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.releasedUnpaid).toEqual(expect.arrayContaining([expect.objectContaining({ number: created.body.bookingNumber, paidCents: 0 })]));
    expect(dashboard.body.releasedUnpaidCount).toBeGreaterThanOrEqual(1);
    expect((await track(created.body.bookingNumber, pat.email)).body).toMatchObject({ status: 'expired', holdExpiresAt: null });
  });

  it('is kept past its deadline when a manager keeps it (audited); crew may not', async () => {
    const created = await book(booking(futureDate(41)));
    const { id, hold_expires_at: deadline } = await row(created.body.bookingNumber);
    expect((await adminCall(h.manager, 'POST', `/api/admin/bookings/${id}/keep`, { cookie: crew, body: {} })).status).toBe(403);

    const kept = await adminCall(h.manager, 'POST', `/api/admin/bookings/${id}/keep`, { cookie: manager, body: {} });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ status: 'deposit_due', emailedTo: null });
    const [audit] = await db.sql<{ action: string; before: { releasesAt: string } }[]>`select action, before from audit_log where entity = 'booking' and entity_id = ${id}`;
    expect(audit).toMatchObject({ action: 'booking.keep', before: { releasesAt: deadline!.toISOString() } });

    await housekeeping(new Date(deadline!.getTime() + 3_600_000));
    expect(await row(created.body.bookingNumber)).toMatchObject({ status: 'deposit_due', hold_expires_at: null });
    // Nothing left to keep.
    expect((await adminCall(h.manager, 'POST', `/api/admin/bookings/${id}/keep`, { cookie: manager, body: {} })).status).toBe(409);
  });
});

describe('a Stripe hold', () => {
  it('keeps the deadline it was booked with: a new payment page does not extend it, and after it the page is refused', async () => {
    await setPaymentMode('deposit_online');
    try {
      const pat = customer();
      const created = await book(booking(futureDate(42), pat));
      expect(created.body.status).toBe('hold');
      const { hold_expires_at: deadline, created_at: placedAt } = await row(created.body.bookingNumber);
      expect(deadline!.getTime() - placedAt.getTime()).toBe(30 * 60_000);

      const again = await call(h.payment, 'POST', '/api/booking-payment', { bookingNumber: created.body.bookingNumber, email: pat.email }, { 'x-test-ip': freshIp() });
      expect(again.status).toBe(200);
      expect((await row(created.body.bookingNumber)).hold_expires_at).toEqual(deadline);
      // Stripe's page closes no later than Stripe's shortest session allows past the deadline.
      const session = stripe.sessions.get(again.body.url.split('/pay/')[1])!;
      expect((session.expires_at as number) * 1000).toBeLessThanOrEqual(Math.max(deadline!.getTime(), Date.now() + 31 * 60_000));

      // The deadline passes: released with an e-mail, and no new payment page brings it back.
      const released = await housekeeping(new Date(deadline!.getTime() + 1_000));
      expect(released).toEqual([expect.objectContaining({ number: created.body.bookingNumber, was: 'hold' })]);
      const [mail] = await db.sql<{ subject: string }[]>`select subject from outbound_emails where to_address = ${pat.email} and template = 'booking-released'`;
      expect(mail!.subject).toBe(`Your reservation ${created.body.bookingNumber} was not completed`);
      const late = await call(h.payment, 'POST', '/api/booking-payment', { bookingNumber: created.body.bookingNumber, email: pat.email }, { 'x-test-ip': freshIp() });
      expect(late.status).toBe(409);
    } finally {
      await setPaymentMode('pay_later');
    }
  });

  it('paid on its page after it was released: confirmed again while the unit is free, otherwise flagged for a refund', async () => {
    await setPaymentMode('deposit_online');
    try {
      const date = futureDate(43);
      const first = await book(booking(date));
      const second = await book(booking(futureDate(44)));
      for (const b of [first, second]) await db.sql`update bookings set hold_expires_at = now() - interval '1 minute' where number = ${b.body.bookingNumber}`;
      await housekeeping(new Date());

      // The first one's unit is still free: the late deposit confirms it.
      await webhook(stripe.complete(first.body.payment.url.split('/pay/')[1]));
      expect((await row(first.body.bookingNumber)).status).toBe('confirmed');

      // The second one's unit went to someone else meanwhile: it stays released, the money is recorded and staff are told.
      await setPaymentMode('pay_later');
      expect((await book(booking(futureDate(44)))).status).toBe(201);
      await webhook(stripe.complete(second.body.payment.url.split('/pay/')[1]));
      expect((await row(second.body.bookingNumber)).status).toBe('expired');
      const dashboard = await adminCall(h.dashboard, 'GET', '/api/admin/dashboard', { cookie: crew });
      const flagged = dashboard.body.releasedUnpaid.find((b: { number: string }) => b.number === second.body.bookingNumber);
      expect(flagged.paidCents).toBeGreaterThan(0);
    } finally {
      await setPaymentMode('pay_later');
    }
  });
});

describe('the owner’s caps on one visitor', () => {
  it('refuses too many units of one product, naming the quantity, and says so in the price quote first', async () => {
    const big = booking(futureDate(45), customer(), [{ product: 'table-and-chair-set', quantity: 5 }]);
    const refused = await book(big);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields['items.0.quantity']).toMatch(/at most 4 of one product/);
    const quote = await call(h.quote, 'POST', '/api/quote-price', { items: big.items, event: big.event, zip: '78664' }, { 'x-test-ip': freshIp() });
    expect(quote.body).toMatchObject({ bookable: false, problem: expect.stringMatching(/at most 4 of one product/) });
    expect((await book(booking(futureDate(45), customer(), [{ product: 'table-and-chair-set', quantity: 4 }]))).status).toBe(201);
  });

  it('refuses too many products in one booking, naming the items', async () => {
    await db.sql`update business_settings set max_items_per_booking = 2`;
    try {
      const three = [
        { product: 'table-and-chair-set', quantity: 1 },
        { product: 'popcorn-machine', quantity: 1 },
        { product: 'giant-connect-four', quantity: 1 },
      ];
      const refused = await book(booking(futureDate(46), customer(), three));
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields.items).toMatch(/at most 2 different products/);
      expect((await book(booking(futureDate(46), customer(), three.slice(0, 2)))).status).toBe(201);
    } finally {
      await db.sql`update business_settings set max_items_per_booking = 10`;
    }
  });

  const table = [{ product: 'table-and-chair-set', quantity: 1 }];

  it('refuses a third open unpaid booking for one e-mail, whatever its case, while another customer books', async () => {
    const pat = customer();
    for (const days of [50, 51]) expect((await book(booking(futureDate(days), { ...pat, phone: customer().phone }, table))).status).toBe(201);
    const third = await book(booking(futureDate(52), { ...pat, email: pat.email.toUpperCase(), phone: customer().phone }, table));
    expect(third.status).toBe(409);
    expect(third.body.error.fields['customer.email']).toMatch(/^You already have 2 bookings waiting for payment with this e-mail address\. Please pay the deposit of one of them .* or cancel one first, or call us at /);
    expect((await book(booking(futureDate(52), customer(), table))).status).toBe(201);
  });

  it('refuses a third open unpaid booking for one phone number however it is written', async () => {
    const phone = customer().phone;
    expect((await book(booking(futureDate(53), { ...customer(), phone }, table))).status).toBe(201);
    expect((await book(booking(futureDate(54), { ...customer(), phone: `+1 (${phone.slice(0, 3)}) ${phone.slice(4)}` }, table))).status).toBe(201);
    const third = await book(booking(futureDate(55), { ...customer(), phone: phone.replace(/-/g, '.') }, table));
    expect(third.status).toBe(409);
    expect(third.body.error.fields['customer.phone']).toMatch(/with this phone number/);
    expect((await book(booking(futureDate(55), customer(), table))).status).toBe(201);
  });

  it('refuses a fourth open unpaid booking from one client address, telling the customer what to do', async () => {
    const ip = freshIp();
    for (const days of [56, 57, 58]) expect((await book(booking(futureDate(days), customer(), table), ip)).status).toBe(201);
    const fourth = await book(booking(futureDate(59), customer(), table), ip);
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.message).toMatch(/^3 bookings from your internet connection are already waiting for payment\. Please pay .* or call us at /);
    expect((await book(booking(futureDate(59), customer(), table))).status).toBe(201);
    // Paying one (here: staff confirm it) makes room.
    const [one] = await db.sql<{ id: string }[]>`select id from bookings where client_address = ${ip} limit 1`;
    await db.sql`update bookings set status = 'confirmed', hold_expires_at = null where id = ${one!.id}`;
    expect((await book(booking(futureDate(60), customer(), table), ip)).status).toBe(201);
  });

  it('counts two bookings sent at once with one e-mail: only one passes the last place', async () => {
    const pat = customer();
    expect((await book(booking(futureDate(61), { ...pat, phone: customer().phone }, table))).status).toBe(201);
    const racing = await Promise.all([62, 63, 64, 65].map((days) => book(booking(futureDate(days), { ...pat, phone: customer().phone }, table))));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const [open] = await db.sql<{ n: number }[]>`select count(*)::int as n from bookings where contact_email = ${pat.email} and status = 'deposit_due'`;
    expect(open!.n).toBe(2);
  });

  it('never caps or releases what staff book on the phone', async () => {
    const pat = customer();
    for (const days of [66, 67]) expect((await book(booking(futureDate(days), pat, table))).status).toBe(201);
    const { placeBooking } = await import('../../src/lib/booking/place-booking.server');
    const phoned = await placeBooking(
      db.sql,
      { ...booking(futureDate(68), pat, table), damageWaiver: true },
      { now: new Date(), status: 'deposit_due', source: 'phone', staff: true },
    );
    expect(phoned.holdExpiresAt).toBeNull();
    expect((await book(booking(futureDate(69), pat, table))).status).toBe(409);
  });
});
