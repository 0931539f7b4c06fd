import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, SITE, staffSession, TEST_AUTH_SECRET } from '../support/staff';
import { startStripeDouble, type StripeDouble } from '../support/stripe-double';

/**
 * A refund of the booking as a whole (issue #25): the amount is split across the booking's payments,
 * card payments through Stripe first (newest first), then the money paid in person; each part a
 * refund line with its Stripe id; a double click or a retry refunds once; Stripe down records nothing;
 * more than was paid is a 400 at the field. Against the Stripe double, through the real functions.
 */

const WEBHOOK_SECRET = 'whsec_booking_refunds';
let db: TestDatabase;
let stripe: StripeDouble;
let handlers: Record<'bookings' | 'webhook' | 'admin', Handler>;
let ownerCookie = '';
let crewCookie = '';
let managerCookie = '';

beforeAll(async () => {
  db = await createSeededDatabase();
  stripe = await startStripeDouble();
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    SITE_URL: SITE,
    AUTH_SECRET: TEST_AUTH_SECRET,
    STRIPE_SECRET_KEY: 'sk_test_booking_refunds',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'booking-refunds-')),
  });
  handlers = {
    bookings: (await import('../../netlify/functions/bookings')).default,
    webhook: (await import('../../netlify/functions/stripe-webhook')).default,
    admin: (await import('../../netlify/functions/admin-bookings')).default,
  };
  ownerCookie = (await staffSession(db.sql, 'owner')).cookie;
  managerCookie = (await staffSession(db.sql, 'manager')).cookie;
  crewCookie = (await staffSession(db.sql, 'crew')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await stripe.close();
  await db.drop();
});

async function deliver(event: Stripe.Event) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const answer = await call(handlers.webhook, 'POST', '/api/stripe-webhook', payload, { 'stripe-signature': signature });
  expect(answer.status).toBe(200);
  return answer.body as { outcome: string };
}

/** A Checkout Session made on the Stripe double as the site makes them, for a booking's balance. */
async function balanceSession(bookingId: string, amountCents: number): Promise<string> {
  const form = new URLSearchParams({
    'line_items[0][price_data][unit_amount]': String(amountCents),
    'metadata[bookingId]': bookingId,
    'metadata[kind]': 'balance',
    success_url: `${SITE}/paid`,
    cancel_url: `${SITE}/`,
    expires_at: String(Math.floor(Date.now() / 1000) + 3600),
  });
  const made = await fetch(`${stripe.url}/v1/checkout/sessions`, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  return ((await made.json()) as { id: string }).id;
}

let day = 80;
/**
 * A booking paid three ways: its deposit by card on the website, part of the balance by card
 * through a payment link, and the rest in cash at the desk.
 */
async function paidThreeWays() {
  const n = day++;
  const created = await call(handlers.bookings, 'POST', '/api/bookings', {
    items: [{ product: 'mega-20x20-bounce-house', quantity: 1 }],
    event: { date: futureDate(n), start: '11:00', end: '17:00' },
    customer: { name: `Three Ways ${n}`, email: `three-ways-${n}@example.com`, phone: '(512) 555-0162' },
    address: { line1: '5 Split Ave', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
    acceptTerms: true,
  }, { 'x-test-ip': `198.51.101.${n}` });
  expect(created.status).toBe(201);
  const depositSession = created.body.payment.url.split('/pay/')[1] as string;
  expect((await deliver(stripe.complete(depositSession))).outcome).toBe('processed');
  const [row] = await db.sql<{ id: string; total_cents: number; amount_paid_cents: number }[]>`
    select id, total_cents, amount_paid_cents from bookings where number = ${created.body.bookingNumber}`;
  const deposit = row!.amount_paid_cents;
  const balance = row!.total_cents - deposit;
  const card2 = Math.floor(balance / 2);
  const cash = balance - card2;
  expect(card2).toBeGreaterThan(0);
  const second = await balanceSession(row!.id, card2);
  expect((await deliver(stripe.complete(second))).outcome).toBe('processed');
  const paid = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${row!.id}/payments`, { cookie: ownerCookie, body: { amountCents: cash, method: 'cash', note: 'Rest in cash' } });
  expect(paid.status).toBe(200);
  return {
    id: row!.id,
    number: created.body.bookingNumber as string,
    totalCents: row!.total_cents,
    deposit: { cents: deposit, intent: stripe.sessions.get(depositSession)!.payment_intent as string },
    card2: { cents: card2, intent: stripe.sessions.get(second)!.payment_intent as string },
    cash: { cents: cash, id: paid.body.id as string },
  };
}

/** The booking's amount paid, checked against its payments (refunds subtracted). */
async function paidCents(id: string): Promise<number> {
  const [row] = await db.sql<{ amount_paid_cents: number; payments: number }[]>`
    select b.amount_paid_cents,
      coalesce((select sum(case when p.kind = 'refund' then -p.amount_cents else p.amount_cents end) from payments p where p.booking_id = b.id and p.status = 'succeeded'), 0)::int as payments
    from bookings b where b.id = ${id}`;
  expect(row!.payments, 'the payments add up to the amount paid').toBe(row!.amount_paid_cents);
  return row!.amount_paid_cents;
}

const refundsOf = (intent: string) => [...stripe.refunds.values()].filter((r) => r.payment_intent === intent);

const refund = (id: string, body: Record<string, unknown>, cookie = managerCookie) =>
  adminCall(handlers.admin, 'POST', `/api/admin/bookings/${id}/booking-refunds`, { cookie, body });

async function refundLines(id: string) {
  return db.sql<{ id: string; method: string; amount_cents: number; stripe_refund_id: string | null; refund_of: string; recorded_by: string; note: string }[]>`
    select id, method, amount_cents, stripe_refund_id, refund_of, recorded_by, note from payments
    where booking_id = ${id} and kind = 'refund' order by created_at, amount_cents desc`;
}

describe('a refund of the booking as a whole', () => {
  it('splits the amount: the newest card payment, then the older one through Stripe, then the cash, each a refund line; audited and receipted', async () => {
    const b = await paidThreeWays();
    const [card2Payment] = await db.sql<{ id: string }[]>`select id from payments where stripe_payment_intent_id = ${b.card2.intent}`;
    const [depositPayment] = await db.sql<{ id: string }[]>`select id from payments where stripe_payment_intent_id = ${b.deposit.intent}`;
    const amount = b.card2.cents + b.deposit.cents + 500;
    const answer = await refund(b.id, { amountCents: amount, paidCents: b.totalCents, reason: 'Party moved indoors: smaller unit' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ refundedCents: amount, leftCents: 0, amountPaidCents: b.totalCents - amount });
    expect(answer.body.refunds.map((r: { paymentId: string; method: string; amountCents: number }) => [r.paymentId, r.method, r.amountCents])).toEqual([
      [card2Payment!.id, 'stripe', b.card2.cents],
      [depositPayment!.id, 'stripe', b.deposit.cents],
      [b.cash.id, 'cash', 500],
    ]);
    expect(refundsOf(b.card2.intent).map((r) => r.amount)).toEqual([b.card2.cents]);
    expect(refundsOf(b.deposit.intent).map((r) => r.amount)).toEqual([b.deposit.cents]);
    expect(refundsOf(b.deposit.intent)[0]!.metadata).toMatchObject({ bookingId: b.id, paymentId: depositPayment!.id });

    const lines = await refundLines(b.id);
    expect(lines.map((l) => [l.refund_of, l.method, l.amount_cents, l.stripe_refund_id])).toEqual([
      [card2Payment!.id, 'stripe', b.card2.cents, refundsOf(b.card2.intent)[0]!.id],
      [depositPayment!.id, 'stripe', b.deposit.cents, refundsOf(b.deposit.intent)[0]!.id],
      [b.cash.id, 'cash', 500, null],
    ]);
    expect(await paidCents(b.id)).toBe(b.totalCents - amount);

    // One receipt per refund line, to the customer.
    const receiptIds = answer.body.refunds.map((r: { receiptEmailId: string }) => r.receiptEmailId);
    const receipts = await db.sql<{ template: string; to_address: string }[]>`select template, to_address from outbound_emails where id = any(${receiptIds}::uuid[])`;
    expect(receipts.map((r) => r.template)).toEqual(['refund-receipt', 'refund-receipt', 'refund-receipt']);
    expect(receipts.every((r) => /^three-ways-\d+@example\.com$/.test(r.to_address))).toBe(true);
    const [audit] = await db.sql<{ actor_email: string; before: { amountPaidCents: number }; after: { amountPaidCents: number; refunds: unknown[] } }[]>`
      select actor_email, before, after from audit_log where entity_id = ${b.id} and action = 'booking.booking_refund'`;
    expect(audit!.before.amountPaidCents).toBe(b.totalCents);
    expect(audit!.after.amountPaidCents).toBe(b.totalCents - amount);
    expect(audit!.after.refunds).toHaveLength(3);

    // Stripe's charge.refunded for those refunds arrives afterwards: nothing is counted twice.
    for (const event of stripe.events.filter((e) => e.type === 'charge.refunded' && [b.deposit.intent, b.card2.intent].includes((e.data.object as { payment_intent: string }).payment_intent))) {
      await deliver(event);
    }
    expect(await paidCents(b.id)).toBe(b.totalCents - amount);
    expect(await refundLines(b.id)).toHaveLength(3);
  });

  it('refunds once on a double click: the second request finds the payments changed (409) and refunds nothing', async () => {
    const b = await paidThreeWays();
    const before = stripe.refunds.size;
    const body = { amountCents: b.card2.cents + 100, paidCents: b.totalCents, reason: 'Refund due after the edit' };
    const answers = await Promise.all([refund(b.id, body), refund(b.id, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.message).toMatch(/changed since you opened it/);
    expect(stripe.refunds.size).toBe(before + 2);
    expect(await paidCents(b.id)).toBe(b.totalCents - body.amountCents);
  });

  it('a retry after a transaction that failed to commit gets the same Stripe refunds back, recorded once', async () => {
    const b = await paidThreeWays();
    const { refundFromBooking } = await import('../../src/lib/payments/index.server');
    const amount = b.card2.cents + 300;
    const before = stripe.refunds.size;
    // The first attempt refunds in Stripe, then its transaction rolls back (the database went away before commit).
    await expect(
      db.sql.begin(async (tx) => {
        await tx`select 1 from bookings where id = ${b.id} for update`;
        await refundFromBooking(tx, { id: b.id, number: b.number }, amount, { reason: 'First try', recordedBy: 'test', now: new Date() });
        throw new Error('lost before commit');
      }),
    ).rejects.toThrow('lost before commit');
    expect(stripe.refunds.size).toBe(before + 2);
    expect(await refundLines(b.id)).toHaveLength(0);

    const retry = await refund(b.id, { amountCents: amount, paidCents: b.totalCents, reason: 'First try' });
    expect(retry.status).toBe(200);
    expect(stripe.refunds.size, 'the same two refunds, not two more').toBe(before + 2);
    expect(refundsOf(b.card2.intent).map((r) => r.amount)).toEqual([b.card2.cents]);
    expect(refundsOf(b.deposit.intent).map((r) => r.amount)).toEqual([300]);
    expect((await refundLines(b.id)).map((l) => l.stripe_refund_id)).toEqual([refundsOf(b.card2.intent)[0]!.id, refundsOf(b.deposit.intent)[0]!.id]);
    expect(await paidCents(b.id)).toBe(b.totalCents - amount);
  });

  it('leaves the cash part as a refund due when the caller does not hand it back (a customer’s own cancellation)', async () => {
    const b = await paidThreeWays();
    const { refundFromBooking } = await import('../../src/lib/payments/index.server');
    const made = await db.sql.begin(async (tx) => {
      await tx`select 1 from bookings where id = ${b.id} for update`;
      return refundFromBooking(tx, { id: b.id, number: b.number }, b.totalCents, { reason: 'Cancelled by the customer', recordedBy: 'Customer', now: new Date() });
    });
    expect(made.refundedCents).toBe(b.deposit.cents + b.card2.cents);
    expect(made.left).toEqual([{ paymentId: b.cash.id, method: 'cash', amountCents: b.cash.cents, why: 'by_hand' }]);
    expect(made.amountPaidCents).toBe(b.cash.cents);
    expect(await paidCents(b.id)).toBe(b.cash.cents);
  });

  it('Stripe down: 503 with a clear message, nothing recorded; more than was paid: 400 at the amount; crew: 403', async () => {
    const b = await paidThreeWays();
    const before = stripe.refunds.size;
    stripe.failNext('error', 5, 'refunds');
    const down = await refund(b.id, { amountCents: 1000, paidCents: b.totalCents, reason: 'Refund due' });
    stripe.failNext('error', 0, 'refunds');
    expect(down.status).toBe(503);
    expect(down.body.error.message).toBe('We couldn’t reach Stripe, so nothing was refunded. Please try again in a minute.');
    expect(stripe.refunds.size).toBe(before);
    expect(await refundLines(b.id)).toHaveLength(0);
    expect(await paidCents(b.id)).toBe(b.totalCents);
    const [audits] = await db.sql<{ n: number }[]>`select count(*)::int as n from audit_log where entity_id = ${b.id} and action = 'booking.booking_refund'`;
    expect(audits!.n).toBe(0);

    const tooMuch = await refund(b.id, { amountCents: b.totalCents + 1, paidCents: b.totalCents, reason: 'Refund due' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields.amountCents).toMatch(/^At most .* was paid/);
    const bad = await refund(b.id, { amountCents: 0, paidCents: -1, reason: '', paidBy: 'bitcoin' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['amountCents', 'paidBy', 'paidCents', 'reason']);
    expect((await refund(b.id, { amountCents: 100, paidCents: b.totalCents, reason: 'Refund due' }, crewCookie)).status).toBe(403);
    expect(stripe.refunds.size).toBe(before);
  });

  it('records a refund paid another way without calling Stripe (the path when Stripe is not configured)', async () => {
    const b = await paidThreeWays();
    const before = stripe.refunds.size;
    const answer = await refund(b.id, { amountCents: b.card2.cents + 50, paidCents: b.totalCents, reason: 'Paid back by check', paidBy: 'check' }, ownerCookie);
    expect(answer.status).toBe(200);
    expect(stripe.refunds.size).toBe(before);
    const lines = await refundLines(b.id);
    expect(lines.map((l) => [l.method, l.amount_cents, l.stripe_refund_id])).toEqual([
      ['check', b.card2.cents, null],
      ['check', 50, null],
    ]);
    expect(await paidCents(b.id)).toBe(b.totalCents - b.card2.cents - 50);
  });
});
