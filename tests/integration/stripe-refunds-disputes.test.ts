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
 * Stripe's own changes reach the booking: a refund made in Stripe's dashboard (its events replayed, out
 * of order, or failing later) and a dispute opened,
 * won or lost change the booking's payments and balance and show on the admin booking screen. Each
 * event is signed like Stripe's and goes through the real webhook handler; the Stripe double makes
 * them as Stripe would (a refund made from the admin also makes the charge.refunded Stripe sends
 * afterwards, which must not count it twice).
 */

const WEBHOOK_SECRET = 'whsec_refunds_disputes';
let db: TestDatabase;
let stripe: StripeDouble;
let handlers: Record<'bookings' | 'webhook' | 'adminBookings' | 'manager', Handler>;
let ownerCookie = '';

beforeAll(async () => {
  db = await createSeededDatabase();
  stripe = await startStripeDouble();
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    SITE_URL: SITE,
    AUTH_SECRET: TEST_AUTH_SECRET,
    STRIPE_SECRET_KEY: 'sk_test_refunds',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'refunds-disputes-')),
  });
  handlers = {
    bookings: (await import('../../netlify/functions/bookings')).default,
    webhook: (await import('../../netlify/functions/stripe-webhook')).default,
    adminBookings: (await import('../../netlify/functions/admin-bookings')).default,
    manager: (await import('../../netlify/functions/admin-bookings')).default,
  };
  ownerCookie = (await staffSession(db.sql, 'owner')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await stripe.close();
  await db.drop();
});

/** Delivers an event to the webhook handler signed as Stripe signs it. */
async function deliver(event: Stripe.Event) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const answer = await call(handlers.webhook, 'POST', '/api/stripe-webhook', payload, { 'stripe-signature': signature });
  expect(answer.status).toBe(200);
  return answer.body as { received: true; outcome: 'processed' | 'duplicate' | 'ignored' };
}

/** Until `count` sessions on this file's database wait for a lock: Stripe's events queued behind a transaction the test holds open. */
async function untilWaitingForLocks(count: number) {
  const waiting = async () => {
    const [row] = await db.sql<{ sessions: number }[]>`
      select count(*)::int as sessions from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
    return row!.sessions;
  };
  await expect.poll(waiting, { timeout: 15_000 }).toBe(count);
}

let day = 60;
/** A booking placed on the website and paid (its deposit) through Stripe Checkout. */
async function paidBooking() {
  const n = day++;
  const created = await call(handlers.bookings, 'POST', '/api/bookings', {
    items: [{ product: 'table-and-chair-set', quantity: 2 }],
    event: { date: futureDate(n), start: '11:00', end: '17:00' },
    customer: { name: `Refund Tester ${n}`, email: `refund-tester-${n}@example.com`, phone: '(512) 555-0161' },
    address: { line1: '4 Charge Ave', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
    acceptTerms: true,
  }, { 'x-test-ip': `198.51.100.${n}` });
  expect(created.status).toBe(201);
  const sessionId = created.body.payment.url.split('/pay/')[1] as string;
  expect((await deliver(stripe.complete(sessionId))).outcome).toBe('processed');
  const [row] = await db.sql<{ id: string; total_cents: number; amount_paid_cents: number }[]>`
    select id, total_cents, amount_paid_cents from bookings where number = ${created.body.bookingNumber}`;
  const paymentIntent = stripe.sessions.get(sessionId)!.payment_intent as string;
  return { id: row!.id, number: created.body.bookingNumber as string, totalCents: row!.total_cents, depositCents: row!.amount_paid_cents, paymentIntent };
}

/** The admin booking screen, as the owner sees it. */
async function screen(id: string) {
  const answer = await adminCall(handlers.adminBookings, 'GET', `/api/admin/bookings/${id}`, { cookie: ownerCookie });
  expect(answer.status).toBe(200);
  return answer.body as {
    totals: { amountPaidCents: number; amountDueCents: number };
    payments: { id: string; kind: string; method: string; amountCents: number; note: string; refundedCents: number; refundable: boolean; refundOf: string | null; dispute: { status: string; statusLabel: string; amountCents: number } | null }[];
  };
}

/** The booking's amount paid, checked against its payments (refunds subtracted), as every invoice checks it. */
async function paidCents(id: string): Promise<number> {
  const [row] = await db.sql<{ amount_paid_cents: number; payments: number }[]>`
    select b.amount_paid_cents,
      coalesce((select sum(case when p.kind = 'refund' then -p.amount_cents else p.amount_cents end) from payments p where p.booking_id = b.id and p.status = 'succeeded'), 0)::int as payments
    from bookings b where b.id = ${id}`;
  expect(row!.payments, 'the payments add up to the amount paid').toBe(row!.amount_paid_cents);
  return row!.amount_paid_cents;
}

/** The charge.refunded Stripe sent last (refund.created follows it). */
const lastChargeRefunded = () => stripe.events.findLast((e) => e.type === 'charge.refunded')!;

describe('refunds made in Stripe', () => {
  it('records a dashboard refund on the booking once: payments, amount paid, balance and the booking screen', async () => {
    const booking = await paidBooking();
    const before = await screen(booking.id);
    const refunded = stripe.refundInDashboard(booking.paymentIntent, 1500);
    expect(await deliver(refunded)).toMatchObject({ outcome: 'processed' });
    expect(await deliver(refunded)).toMatchObject({ outcome: 'duplicate' });

    expect(await paidCents(booking.id)).toBe(booking.depositCents - 1500);
    const after = await screen(booking.id);
    expect(after.totals.amountDueCents).toBe(before.totals.amountDueCents + 1500);
    const deposit = after.payments.find((p) => p.kind === 'deposit')!;
    expect(deposit).toMatchObject({ refundedCents: 1500 });
    expect(after.payments.filter((p) => p.kind === 'refund')).toEqual([
      expect.objectContaining({ kind: 'refund', method: 'stripe', amountCents: 1500, note: 'Refunded in Stripe', refundOf: deposit.id }),
    ]);

    // The rest refunded in the dashboard too: only the difference is recorded.
    expect((await deliver(stripe.refundInDashboard(booking.paymentIntent))).outcome).toBe('processed');
    expect(await paidCents(booking.id)).toBe(0);
    const done = await screen(booking.id);
    expect(done.payments.filter((p) => p.kind === 'refund').map((p) => p.amountCents)).toEqual([1500, booking.depositCents - 1500]);
    expect(done.payments.find((p) => p.kind === 'deposit')).toMatchObject({ refundedCents: booking.depositCents, refundable: false });
  });

  it('does not count a refund made from the admin again when Stripe’s charge.refunded arrives, nor a late older event', async () => {
    const booking = await paidBooking();
    const deposit = (await screen(booking.id)).payments.find((p) => p.kind === 'deposit')!;
    const refund = (amountCents: number) =>
      adminCall(handlers.manager, 'POST', `/api/admin/bookings/${booking.id}/refunds`, { cookie: ownerCookie, body: { paymentId: deposit.id, amountCents, reason: 'Goodwill for a late delivery' } });

    const first = await refund(1000);
    expect(first.status).toBe(200);
    const firstEvent = lastChargeRefunded();
    expect(firstEvent.type).toBe('charge.refunded');
    // A dashboard refund happens before Stripe's event about the admin's arrives.
    const dashboardEvent = stripe.refundInDashboard(booking.paymentIntent, 500);
    expect((await deliver(dashboardEvent)).outcome).toBe('processed');
    expect((await deliver(firstEvent)).outcome).toBe('processed');

    expect(await paidCents(booking.id)).toBe(booking.depositCents - 1500);
    const view = await screen(booking.id);
    expect(view.payments.filter((p) => p.kind === 'refund').map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([500, 1000]);
    expect(view.payments.find((p) => p.kind === 'deposit')).toMatchObject({ refundedCents: 1500 });
    // Stripe holds the same: one refund from the admin, one from the dashboard.
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === booking.paymentIntent).map((r) => r.amount)).toEqual([1000, 500]);

    // The admin refunds the rest, with what the dashboard did counted: Stripe accepts exactly that.
    const rest = await refund(booking.depositCents - 1500);
    expect(rest.status).toBe(200);
    expect((await deliver(lastChargeRefunded())).outcome).toBe('processed');
    expect(await paidCents(booking.id)).toBe(0);
    expect((await screen(booking.id)).payments.filter((p) => p.kind === 'refund')).toHaveLength(3);
  });
});

describe('refund webhooks replayed, out of order and failing', () => {
  const refundLines = (bookingId: string) =>
    db.sql<{ amount_cents: number; status: string; stripe_refund_id: string | null; note: string }[]>`
      select amount_cents, status, stripe_refund_id, note from payments where booking_id = ${bookingId} and kind = 'refund' order by created_at, amount_cents`;

  it('records a dashboard refund once when Stripe tells of it twice (charge.refunded and refund.created), in either order, each replayed', async () => {
    const booking = await paidBooking();
    const charged = stripe.refundInDashboard(booking.paymentIntent, 1200);
    const refund = [...stripe.refunds.values()].at(-1)!;
    const created = stripe.refundCreated(refund.id);
    expect((await deliver(created)).outcome).toBe('processed');
    expect((await deliver(charged)).outcome).toBe('processed');
    expect((await deliver(created)).outcome).toBe('duplicate');
    expect((await deliver(charged)).outcome).toBe('duplicate');
    expect(await paidCents(booking.id)).toBe(booking.depositCents - 1200);
    expect(await refundLines(booking.id)).toEqual([{ amount_cents: 1200, status: 'succeeded', stripe_refund_id: refund.id, note: 'Refunded in Stripe' }]);

    // The other way round: the charge's event first, then the refund's.
    const again = stripe.refundInDashboard(booking.paymentIntent, 800);
    const second = [...stripe.refunds.values()].at(-1)!;
    expect((await deliver(again)).outcome).toBe('processed');
    expect((await deliver(stripe.refundCreated(second.id))).outcome).toBe('processed');
    expect(await paidCents(booking.id)).toBe(booking.depositCents - 2000);
    expect((await refundLines(booking.id)).map((l) => [l.amount_cents, l.stripe_refund_id])).toEqual([[1200, refund.id], [800, second.id]]);
  });

  it('counts each refund once when the charge with the higher amount refunded arrives before the lower one', async () => {
    const booking = await paidBooking();
    const lower = stripe.refundInDashboard(booking.paymentIntent, 700);
    const higher = stripe.refundInDashboard(booking.paymentIntent, 900);
    expect((higher.data.object as { amount_refunded: number }).amount_refunded).toBe(1600);
    expect((await deliver(higher)).outcome).toBe('processed');
    expect((await deliver(lower)).outcome).toBe('processed');
    for (const r of [...stripe.refunds.values()].filter((x) => x.payment_intent === booking.paymentIntent)) await deliver(stripe.refundCreated(r.id));
    expect(await paidCents(booking.id)).toBe(booking.depositCents - 1600);
    expect((await refundLines(booking.id)).map((l) => l.amount_cents)).toEqual([700, 900]);
  });

  it('a refund from the admin whose webhooks arrive while its transaction is still open is recorded once, and once when that transaction rolls back', async () => {
    const booking = await paidBooking();
    const { refundFromBooking } = await import('../../src/lib/payments/index.server');
    let delivered: Promise<unknown> = Promise.resolve();
    await db.sql.begin(async (tx) => {
      await tx`select 1 from bookings where id = ${booking.id} for update`;
      await refundFromBooking(tx, { id: booking.id, number: booking.number }, 1000, { reason: 'Refund due', recordedBy: 'test', now: new Date() });
      const refund = [...stripe.refunds.values()].at(-1)!;
      // Stripe's events reach the site before this transaction commits: they wait for the booking's lock.
      delivered = Promise.all([deliver(lastChargeRefunded()), deliver(stripe.refundCreated(refund.id))]);
      await untilWaitingForLocks(2);
    });
    await delivered;
    expect(await paidCents(booking.id)).toBe(booking.depositCents - 1000);
    expect((await refundLines(booking.id)).map((l) => [l.amount_cents, l.note])).toEqual([[1000, 'Refund due']]);

    // This time the admin's transaction fails after Stripe refunded: the webhooks record the refund, once.
    let late: Promise<unknown> = Promise.resolve();
    await expect(
      db.sql.begin(async (tx) => {
        await tx`select 1 from bookings where id = ${booking.id} for update`;
        await refundFromBooking(tx, { id: booking.id, number: booking.number }, 500, { reason: 'Refund due', recordedBy: 'test', now: new Date() });
        const refund = [...stripe.refunds.values()].at(-1)!;
        late = Promise.all([deliver(lastChargeRefunded()), deliver(stripe.refundCreated(refund.id))]);
        await untilWaitingForLocks(2);
        throw new Error('lost before commit');
      }),
    ).rejects.toThrow('lost before commit');
    await late;
    expect(await paidCents(booking.id)).toBe(booking.depositCents - 1500);
    expect((await refundLines(booking.id)).map((l) => [l.amount_cents, l.note])).toEqual([[1000, 'Refund due'], [500, 'Refunded in Stripe']]);

    // Staff retry what they think failed: Stripe answers with that same refund, so nothing more goes back.
    const refunds = stripe.refunds.size;
    const deposit = (await screen(booking.id)).payments.find((p) => p.kind === 'deposit')!;
    const retry = await adminCall(handlers.manager, 'POST', `/api/admin/bookings/${booking.id}/refunds`, { cookie: ownerCookie, body: { paymentId: deposit.id, amountCents: 500, reason: 'Refund due' } });
    expect(retry.status).toBe(409);
    expect(retry.body.error.message).toBe('Stripe had already made this refund, and it is recorded on the booking: nothing more was refunded.');
    expect(stripe.refunds.size).toBe(refunds);
    expect(await paidCents(booking.id)).toBe(booking.depositCents - 1500);
  });

  it('a pending refund that fails goes back on the amount paid once, tells staff, and no late event brings it back', async () => {
    const booking = await paidBooking();
    stripe.refundsPending = true;
    const deposit = (await screen(booking.id)).payments.find((p) => p.kind === 'deposit')!;
    const made = await adminCall(handlers.manager, 'POST', `/api/admin/bookings/${booking.id}/refunds`, { cookie: ownerCookie, body: { paymentId: deposit.id, amountCents: 2500, reason: 'Rained out' } });
    stripe.refundsPending = false;
    expect(made.status).toBe(200);
    const refund = stripe.refunds.get(made.body.stripeRefundId as string)!;
    expect(refund.status).toBe('pending');
    const charged = lastChargeRefunded();
    const created = stripe.refundCreated(refund.id);
    expect(await paidCents(booking.id)).toBe(booking.depositCents - 2500);

    const [updated, failed] = stripe.failRefund(refund.id);
    expect((await deliver(failed!)).outcome).toBe('processed');
    expect((await deliver(updated!)).outcome).toBe('processed');
    // Older events arriving late still say pending: nothing changes.
    expect((await deliver(created)).outcome).toBe('processed');
    expect((await deliver(charged)).outcome).toBe('processed');
    expect(await paidCents(booking.id)).toBe(booking.depositCents);
    expect(await refundLines(booking.id)).toEqual([{ amount_cents: 2500, status: 'failed', stripe_refund_id: refund.id, note: 'Refund failed in Stripe (expired or canceled card)' }]);
    const [row] = await db.sql<{ staff_notes: string }[]>`select staff_notes from bookings where id = ${booking.id}`;
    expect(row!.staff_notes).toMatch(/Stripe: a refund of \$25\.00 failed \(expired or canceled card\) and is back on the amount paid\. Refund it another way\.$/);
    const notices = await db.sql<{ subject: string; to_address: string }[]>`select subject, to_address from outbound_emails where template = 'refund-failed-business' and subject like ${`%${booking.number}`}`;
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe(`Refund failed: $25.00 for booking ${booking.number}`);
    // The deposit can be refunded again, with a new idempotency key (the failed attempt is not the same refund).
    const retry = await adminCall(handlers.manager, 'POST', `/api/admin/bookings/${booking.id}/refunds`, { cookie: ownerCookie, body: { paymentId: deposit.id, amountCents: 2500, reason: 'Rained out' } });
    expect(retry.status).toBe(200);
    expect(retry.body.stripeRefundId).not.toBe(refund.id);
    expect(await paidCents(booking.id)).toBe(booking.depositCents - 2500);

    // A pending refund that settles changes nothing more.
    stripe.refundsPending = true;
    const settles = await adminCall(handlers.manager, 'POST', `/api/admin/bookings/${booking.id}/refunds`, { cookie: ownerCookie, body: { paymentId: deposit.id, amountCents: 100, reason: 'Goodwill' } });
    stripe.refundsPending = false;
    expect((await deliver(stripe.settleRefund(settles.body.stripeRefundId as string))).outcome).toBe('processed');
    expect(await paidCents(booking.id)).toBe(booking.depositCents - 2600);
  });

  it('a refund line an older charge.refunded recorded without Stripe’s id is taken over by the refund’s own event, not counted again', async () => {
    const booking = await paidBooking();
    stripe.refundInDashboard(booking.paymentIntent, 1100);
    const refund = [...stripe.refunds.values()].at(-1)!;
    // As recorded from an event whose charge did not list its refunds (no secret key to ask Stripe with).
    const [deposit] = await db.sql<{ id: string }[]>`select id from payments where stripe_payment_intent_id = ${booking.paymentIntent}`;
    await db.sql`insert into payments (booking_id, kind, method, status, amount_cents, recorded_by, note, refund_of) values (${booking.id}, 'refund', 'stripe', 'succeeded', 1100, 'Stripe', 'Refunded in Stripe', ${deposit!.id})`;
    await db.sql`update bookings set amount_paid_cents = amount_paid_cents - 1100 where id = ${booking.id}`;
    expect((await deliver(stripe.refundCreated(refund.id))).outcome).toBe('processed');
    expect(await paidCents(booking.id)).toBe(booking.depositCents - 1100);
    expect((await refundLines(booking.id)).map((l) => [l.amount_cents, l.stripe_refund_id])).toEqual([[1100, refund.id]]);
  });

  it('a dashboard refund that failed before the site heard of it is never recorded as paid back', async () => {
    const booking = await paidBooking();
    const charged = stripe.refundInDashboard(booking.paymentIntent, 1500);
    const refund = [...stripe.refunds.values()].at(-1)!;
    const created = stripe.refundCreated(refund.id);
    const [, failed] = stripe.failRefund(refund.id);
    expect((await deliver(failed!)).outcome).toBe('processed');
    expect((await deliver(created)).outcome).toBe('processed');
    expect((await deliver(charged)).outcome).toBe('processed');
    expect(await paidCents(booking.id)).toBe(booking.depositCents);
    expect((await refundLines(booking.id)).map((l) => l.status)).toEqual(['failed']);
  });
});

describe('disputes', () => {
  it('takes a disputed payment off the amount paid, shows it, refuses a refund, and gives it back when the dispute is won', async () => {
    const booking = await paidBooking();
    const opened = stripe.dispute(booking.paymentIntent, { reason: 'fraudulent' });
    expect((await deliver(opened)).outcome).toBe('processed');
    expect((await deliver(opened)).outcome).toBe('duplicate');
    expect(await paidCents(booking.id)).toBe(0);
    const disputed = await screen(booking.id);
    const deposit = disputed.payments.find((p) => p.kind === 'deposit')!;
    expect(deposit).toMatchObject({ refundable: false, dispute: { status: 'open', statusLabel: 'Disputed', amountCents: booking.depositCents } });
    expect(disputed.totals.amountPaidCents).toBe(0);
    expect(disputed.payments.filter((p) => p.id !== deposit.id)).toEqual([
      expect.objectContaining({ kind: 'refund', method: 'stripe', amountCents: booking.depositCents, note: 'Chargeback: the customer’s bank disputed the payment (fraudulent)', refundable: false }),
    ]);

    // Stripe will not refund a charged-back payment; the admin says so and records nothing.
    const refused = await adminCall(handlers.manager, 'POST', `/api/admin/bookings/${booking.id}/refunds`, { cookie: ownerCookie, body: { paymentId: deposit.id, amountCents: 100, reason: 'Trying anyway' } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await paidCents(booking.id)).toBe(0);

    const won = stripe.closeDispute((opened.data.object as { id: string }).id, 'won');
    expect((await deliver(won)).outcome).toBe('processed');
    expect((await deliver(won)).outcome).toBe('duplicate');
    expect(await paidCents(booking.id)).toBe(booking.depositCents);
    const settled = await screen(booking.id);
    expect(settled.payments.find((p) => p.kind === 'deposit')).toMatchObject({ refundable: true, dispute: { status: 'won', statusLabel: 'Dispute won' } });
    expect(settled.payments.find((p) => p.kind === 'other')).toMatchObject({ amountCents: booking.depositCents, note: 'Dispute won: the bank returned the chargeback', refundable: false });
  });

  it('keeps a lost dispute off the amount paid, counted once even when the close arrives before the opening', async () => {
    const booking = await paidBooking();
    const opened = stripe.dispute(booking.paymentIntent, { amount: 2000, reason: 'product_not_received' });
    const lost = stripe.closeDispute((opened.data.object as { id: string }).id, 'lost');
    expect((await deliver(lost)).outcome).toBe('processed');
    expect((await deliver(opened)).outcome).toBe('processed');
    expect(await paidCents(booking.id)).toBe(booking.depositCents - 2000);
    expect((await screen(booking.id)).payments.find((p) => p.kind === 'deposit')!.dispute).toMatchObject({ status: 'lost', statusLabel: 'Dispute lost', amountCents: 2000 });
  });

  it('moves no money for a bank’s inquiry', async () => {
    const booking = await paidBooking();
    const inquiry = stripe.dispute(booking.paymentIntent, { inquiry: true });
    expect((await deliver(inquiry)).outcome).toBe('processed');
    expect(await paidCents(booking.id)).toBe(booking.depositCents);
    expect((await screen(booking.id)).payments.find((p) => p.kind === 'deposit')).toMatchObject({ refundable: true, dispute: { status: 'inquiry', statusLabel: 'Bank inquiry' } });
    expect((await deliver(stripe.closeDispute((inquiry.data.object as { id: string }).id, 'won'))).outcome).toBe('processed');
    expect(await paidCents(booking.id)).toBe(booking.depositCents);
  });

  it('ignores refunds and disputes of payments this site did not take', async () => {
    const booking = await paidBooking();
    const foreign = stripe.dispute(booking.paymentIntent);
    const object = { ...(foreign.data.object as object), id: 'dp_test_foreign', payment_intent: 'pi_test_someone_else' };
    expect((await deliver({ ...foreign, id: 'evt_test_foreign_dispute', data: { object } } as unknown as Stripe.Event)).outcome).toBe('ignored');
    const charge = { id: 'ch_test_foreign', object: 'charge', amount: 5000, amount_refunded: 5000, refunded: true, payment_intent: 'pi_test_someone_else' };
    expect((await deliver({ ...foreign, id: 'evt_test_foreign_refund', type: 'charge.refunded', data: { object: charge } } as unknown as Stripe.Event)).outcome).toBe('ignored');
    // The real dispute of this booking still counts.
    expect((await deliver(foreign)).outcome).toBe('processed');
    expect(await paidCents(booking.id)).toBe(0);
  });
});
