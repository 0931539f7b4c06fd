import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { SITE, TEST_AUTH_SECRET } from '../support/staff';
import { startStripeDouble, type StripeDouble } from '../support/stripe-double';

/**
 * The money back of a customer's own change goes through payments' refundFromBooking at once, against
 * the local Stripe double: a cancellation in the refund tier refunds the card deposit, a move to a
 * lower total refunds what was paid above it; each is a refund line with its Stripe id, and nothing
 * is left as a refund due. When Stripe refuses, nothing is cancelled.
 */

const WEBHOOK_SECRET = 'whsec_customer_changes';
let db: TestDatabase;
let stripe: StripeDouble;
let handlers: { bookings: Handler; webhook: Handler; manage: Handler };

beforeAll(async () => {
  db = await createSeededDatabase();
  stripe = await startStripeDouble();
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    SITE_URL: SITE,
    AUTH_SECRET: TEST_AUTH_SECRET,
    STRIPE_SECRET_KEY: 'sk_test_customer_changes',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'customer-changes-stripe-')),
  });
  handlers = {
    bookings: (await import('../../netlify/functions/bookings')).default,
    webhook: (await import('../../netlify/functions/stripe-webhook')).default,
    manage: (await import('../../netlify/functions/manage-booking')).default,
  };
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await stripe.close();
  await db.drop();
});

async function deliver(event: Stripe.Event) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  expect(
    (await call(handlers.webhook, 'POST', '/api/stripe-webhook', payload, { 'stripe-signature': signature })).status,
  ).toBe(200);
}

let day = 70;
/** A website booking whose deposit was paid by card on the Stripe double, opened with its management key. */
async function paidByCard(start = '11:00', end = '17:00') {
  const n = day++;
  const created = await call(
    handlers.bookings,
    'POST',
    '/api/bookings',
    {
      items: [{ product: 'giant-connect-four', quantity: 1 }],
      event: { date: futureDate(n), start, end },
      customer: { name: `Card Customer ${n}`, email: `card-${n}@example.com`, phone: '(512) 555-0163' },
      address: { line1: '5 Card Ave', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      acceptTerms: true,
    },
    { 'x-test-ip': `198.51.102.${n}` },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await deliver(stripe.complete(created.body.payment.url.split('/pay/')[1] as string));
  const [row] = await db.sql<
    {
      id: string;
      number: string;
      manage_token: string;
      amount_paid_cents: number;
      total_cents: number;
      status: string;
    }[]
  >`
    select id, number, manage_token, amount_paid_cents, total_cents, status from bookings where number = ${created.body.bookingNumber}`;
  expect(row!.status).toBe('confirmed');
  return { ...row!, n };
}

/** The rest of the balance paid by card too (a Checkout Session made as the site makes them). */
async function payBalance(b: { id: string; total_cents: number; amount_paid_cents: number }) {
  const form = new URLSearchParams({
    'line_items[0][price_data][unit_amount]': String(b.total_cents - b.amount_paid_cents),
    'metadata[bookingId]': b.id,
    'metadata[kind]': 'balance',
    success_url: `${SITE}/paid`,
    cancel_url: `${SITE}/`,
    expires_at: String(Math.floor(Date.now() / 1000) + 3600),
  });
  const made = await fetch(`${stripe.url}/v1/checkout/sessions`, {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  await deliver(stripe.complete(((await made.json()) as { id: string }).id));
}

const post = (route: string, body: unknown) =>
  call(handlers.manage, 'POST', `/api/manage-booking${route}`, body, { 'x-test-ip': '198.51.103.1' });

const refundLines = (bookingId: string) =>
  db.sql<{ amount_cents: number; stripe_refund_id: string | null; method: string }[]>`
    select amount_cents, stripe_refund_id, method from payments where booking_id = ${bookingId} and kind = 'refund'`;

describe('money back through Stripe', () => {
  it('refunds the card deposit of a cancellation in the refund tier at once, leaving no refund due', async () => {
    const b = await paidByCard();
    const done = await post('/cancel', { bookingNumber: b.number, key: b.manage_token, expected: 'refund' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.outcome.refundCents).toBe(b.amount_paid_cents);
    expect(done.body.refundedCents).toBe(b.amount_paid_cents);
    const lines = await refundLines(b.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ amount_cents: b.amount_paid_cents, method: 'stripe' });
    expect(lines[0]!.stripe_refund_id).toMatch(/^re_/);
    expect(
      [...stripe.refunds.values()].some((r) => r.id === lines[0]!.stripe_refund_id && r.amount === b.amount_paid_cents),
    ).toBe(true);
    const [after] = await db.sql<
      { status: string; amount_paid_cents: number }[]
    >`select status, amount_paid_cents from bookings where id = ${b.id}`;
    expect(after).toEqual({ status: 'cancelled', amount_paid_cents: 0 });
    expect(done.body.booking.refundDueCents).toBe(0);
  });

  it('refunds what was paid above a lower total after a move', async () => {
    const b = await paidByCard('10:00', '20:00');
    await payBalance(b);
    const moved = await post('/move', {
      bookingNumber: b.number,
      key: b.manage_token,
      event: { date: futureDate(b.n + 1), start: '12:00', end: '16:00' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [after] = await db.sql<
      { total_cents: number; amount_paid_cents: number }[]
    >`select total_cents, amount_paid_cents from bookings where id = ${b.id}`;
    // Paid in full at the old total: everything above the new one goes back to the card.
    expect(after!.total_cents).toBeLessThan(b.total_cents);
    expect(moved.body.refundCents).toBe(b.total_cents - after!.total_cents);
    expect(moved.body.refundedCents).toBe(moved.body.refundCents);
    expect(after!.amount_paid_cents).toBe(after!.total_cents);
    const lines = await refundLines(b.id);
    expect(lines.reduce((sum, l) => sum + l.amount_cents, 0)).toBe(moved.body.refundCents);
    expect(lines.every((l) => l.stripe_refund_id?.startsWith('re_'))).toBe(true);
    expect(moved.body.booking.refundDueCents).toBe(0);
  });

  it('cancels nothing when Stripe refuses the refund', async () => {
    const b = await paidByCard();
    stripe.failNext('error', 5, 'refunds');
    const refused = await post('/cancel', { bookingNumber: b.number, key: b.manage_token, expected: 'refund' });
    expect(refused.status).toBe(503);
    const [after] = await db.sql<
      { status: string; amount_paid_cents: number }[]
    >`select status, amount_paid_cents from bookings where id = ${b.id}`;
    expect(after).toEqual({ status: 'confirmed', amount_paid_cents: b.amount_paid_cents });
    expect(await refundLines(b.id)).toHaveLength(0);
  });
});
