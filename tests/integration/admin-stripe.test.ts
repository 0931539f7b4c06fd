import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, staffSession, useAdminEnv, closeAdminConnections } from '../support/staff';

const SECRET_KEY = 'sk_test_do_not_show_me_0123456789';
const WEBHOOK_SECRET = 'whsec_do_not_show_me_either';
let db: TestDatabase;
let stripePage: Handler;
let webhook: Handler;
let cookie: string;

beforeAll(async () => {
  db = await createSeededDatabase();
  // No Stripe double: this page never calls Stripe, and the webhook only verifies signatures offline.
  useAdminEnv(db.url, { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  stripePage = (await import('../../netlify/functions/admin-stripe')).default;
  webhook = (await import('../../netlify/functions/stripe-webhook')).default;
  cookie = (await staffSession(db.sql, 'owner')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

function deliver(event: Record<string, unknown>) {
  const payload = JSON.stringify({ object: 'event', api_version: '2025-01-01', created: 1, livemode: false, pending_webhooks: 1, request: null, ...event });
  return call(webhook, 'POST', '/api/stripe-webhook', payload, { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) });
}

describe('GET /api/admin/stripe', () => {
  it('says Stripe is configured in test mode and never sends a key or secret', async () => {
    const res = await adminCall(stripePage, 'GET', '/api/admin/stripe', { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ configured: true, mode: 'test', webhookSecretSet: true, paymentMode: 'deposit_online', onlineDeposits: true });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(SECRET_KEY);
    expect(text).not.toContain('sk_test');
    expect(text).not.toContain(WEBHOOK_SECRET);
  });

  it('lists payments and refunds newest first, with their booking, filtered by kind', async () => {
    const [booking] = await db.sql<{ id: string; number: string }[]>`select id, number from bookings order by created_at limit 1`;
    await db.sql`
      insert into payments (booking_id, kind, method, amount_cents, stripe_payment_intent_id, created_at)
      values (${booking!.id}, 'deposit', 'stripe', 9000, 'pi_admin_test', now() - interval '2 days')`;
    await db.sql`
      insert into payments (booking_id, kind, method, amount_cents, stripe_refund_id, note, created_at)
      values (${booking!.id}, 'refund', 'stripe', 2500, 're_admin_test', 'Rain', now() - interval '1 day')`;
    const all = await adminCall(stripePage, 'GET', '/api/admin/stripe', { cookie });
    expect(all.body.payments.items.map((p: { kind: string }) => p.kind)).toEqual(['refund', 'deposit']);
    expect(all.body.payments.items[0]).toMatchObject({ bookingId: booking!.id, bookingNumber: booking!.number, amountCents: 2500, stripeReference: 're_admin_test', note: 'Rain' });
    expect(all.body.last30Days).toEqual({ collectedCents: 9000, refundedCents: 2500 });
    const refunds = await adminCall(stripePage, 'GET', '/api/admin/stripe?kind=refunds', { cookie });
    expect(refunds.body.payments.total).toBe(1);
    const bad = await adminCall(stripePage, 'GET', '/api/admin/stripe?kind=everything&sort=password', { cookie });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['kind', 'sort']);
  });

  it('shows webhook health: a failing event is recorded with its error, and a later delivery that succeeds clears it', async () => {
    // An event whose effects could not be written (the webhook answered 5xx): its error is kept.
    const { recordStripeEventFailure } = await import('../../src/lib/payments/webhook.server');
    await recordStripeEventFailure(db.sql, { id: 'evt_admin_broken', type: 'checkout.session.completed', livemode: false }, new Date(), new Error('connection reset while writing the payment'));
    const afterFailure = await adminCall(stripePage, 'GET', '/api/admin/stripe', { cookie });
    expect(afterFailure.body.webhook.failedLast7Days).toBe(1);
    expect(afterFailure.body.webhook.recent[0]).toMatchObject({ id: 'evt_admin_broken', status: 'failed', error: 'connection reset while writing the payment' });

    // Stripe retries the same event id; this time it applies (here: a type the site ignores).
    const retried = await deliver({ id: 'evt_admin_broken', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
    expect(retried.status).toBe(200);
    expect(retried.body.outcome).toBe('ignored');
    const healthy = await adminCall(stripePage, 'GET', '/api/admin/stripe', { cookie });
    expect(healthy.body.webhook).toMatchObject({ failedLast7Days: 0, receivedLast7Days: 1, lastReceivedAt: expect.any(String) });
    expect(healthy.body.webhook.recent[0]).toMatchObject({ id: 'evt_admin_broken', status: 'processed', error: null });

    // A processed event is never applied twice.
    expect((await deliver({ id: 'evt_admin_broken', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } })).body.outcome).toBe('duplicate');
  });
});
