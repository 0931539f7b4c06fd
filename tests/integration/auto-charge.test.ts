import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BusinessSettings } from '../../src/lib/business/schema';
import { getSettings, saveSettings } from '../../src/lib/business/settings.server';
import { chargeDueBalances } from '../../src/lib/payments/auto-charge.server';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { mailText } from '../support/mail-text';
import { adminCall, closeAdminConnections, SITE, staffSession, TEST_AUTH_SECRET } from '../support/staff';
import { startStripeDouble, type StripeDouble, type TestCard } from '../support/stripe-double';

/**
 * Balances that collect themselves (issue #25): with the owner's setting on, the deposit checkout saves
 * the card (with the consent wording on Stripe's page and ours), housekeeping charges the balance to it
 * off-session once its charge date has come (once, even when two runs overlap), a decline sends the
 * customer a payment link and tells staff without recording a payment or trying again, an edit that
 * raises the total charges the difference, and Stripe's payment_intent events never record a charge
 * twice. The real handlers and the real Stripe SDK against the Stripe double.
 */

const WEBHOOK_SECRET = 'whsec_auto_charge';
let db: TestDatabase;
let stripe: StripeDouble;
let dataDir: string;
let defaults: BusinessSettings;
let handlers: Record<'bookings' | 'webhook' | 'adminBookings' | 'quotePrice' | 'dashboard' | 'housekeeping', Handler>;
let ownerCookie = '';

beforeAll(async () => {
  db = await createSeededDatabase();
  stripe = await startStripeDouble();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'auto-charge-'));
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    SITE_URL: SITE,
    AUTH_SECRET: TEST_AUTH_SECRET,
    STRIPE_SECRET_KEY: 'sk_test_auto_charge',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    DATA_DIR: dataDir,
  });
  handlers = {
    bookings: (await import('../../netlify/functions/bookings')).default,
    webhook: (await import('../../netlify/functions/stripe-webhook')).default,
    adminBookings: (await import('../../netlify/functions/admin-bookings')).default,
    quotePrice: (await import('../../netlify/functions/quote-price')).default,
    dashboard: (await import('../../netlify/functions/admin-dashboard')).default,
    housekeeping: (await import('../../netlify/functions/housekeeping')).default as unknown as Handler,
  };
  ownerCookie = (await staffSession(db.sql, 'owner')).cookie;
  defaults = await getSettings(db.sql);
});
afterAll(async () => {
  await closeAdminConnections();
  await stripe.close();
  await db.drop();
});

/** The owner's choice for each test: on, N days ahead (30 makes every booking in 3 weeks due now). */
const useSettings = (change: Partial<BusinessSettings>) => saveSettings(db.sql, { ...defaults, autoChargeBalance: true, autoChargeDaysBefore: 30, ...change });
beforeEach(() => useSettings({}));

async function deliver(event: Stripe.Event) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const answer = await call(handlers.webhook, 'POST', '/api/stripe-webhook', payload, { 'stripe-signature': signature });
  expect(answer.status).toBe(200);
  return answer.body as { outcome: 'processed' | 'duplicate' | 'ignored' };
}

/** The readable text of the .eml files sent to this address, oldest first. */
async function mailTo(address: string): Promise<string[]> {
  const files = (await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[])).filter((f) => f.includes(address)).sort();
  return Promise.all(files.map(async (f) => mailText(await readFile(path.join(dataDir, 'outbox', f), 'utf8'))));
}

let day = 12;
const order = (n: number) => ({
  items: [{ product: 'table-and-chair-set', quantity: 2 }],
  event: { date: futureDate(n), start: '11:00', end: '17:00' },
  address: { line1: '4 Charge Ave', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
});

/** A website booking whose deposit was paid through Stripe Checkout with a test card. */
async function paidBooking(card: TestCard = 'visa') {
  const n = day++;
  const email = `auto-charge-${n}-${card}@example.com`;
  const created = await call(handlers.bookings, 'POST', '/api/bookings', {
    ...order(n),
    customer: { name: `Card Holder ${n}`, email, phone: '(512) 555-0162' },
    acceptTerms: true,
  }, { 'x-test-ip': `198.51.100.${n}` });
  expect(created.status).toBe(201);
  const sessionId = created.body.payment.url.split('/pay/')[1] as string;
  expect((await deliver(stripe.complete(sessionId, card))).outcome).toBe('processed');
  const [row] = await db.sql<{ id: string; total_cents: number; amount_paid_cents: number; saved_payment_method_id: string | null; saved_card_brand: string | null; saved_card_last4: string | null; stripe_customer_id: string | null }[]>`
    select id, total_cents, amount_paid_cents, saved_payment_method_id, saved_card_brand, saved_card_last4, stripe_customer_id from bookings where number = ${created.body.bookingNumber}`;
  return { ...row!, number: created.body.bookingNumber as string, email, sessionId };
}

async function screen(id: string) {
  const answer = await adminCall(handlers.adminBookings, 'GET', `/api/admin/bookings/${id}`, { cookie: ownerCookie });
  expect(answer.status).toBe(200);
  return answer.body;
}

const intentsFor = (bookingId: string) => stripe.savedCards.offSessionIntents().filter((i) => i.metadata.bookingId === bookingId);
const balanceLines = (bookingId: string) => db.sql<{ amount_cents: number; stripe_payment_intent_id: string; note: string }[]>`
  select amount_cents, stripe_payment_intent_id, note from payments where booking_id = ${bookingId} and kind = 'balance' order by created_at`;
const paid = async (bookingId: string) => (await db.sql<{ amount_paid_cents: number }[]>`select amount_paid_cents from bookings where id = ${bookingId}`)[0]!.amount_paid_cents;

describe('the deposit checkout', () => {
  it('shows the consent wording on the checkout page’s price and on Stripe’s page, and saves the card on the booking', async () => {
    const n = day;
    const quote = await call(handlers.quotePrice, 'POST', '/api/quote-price', { ...order(n), zip: '78664' });
    expect(quote.status).toBe(200);
    expect(quote.body.autoCharge).toMatchObject({ balanceCents: quote.body.totalCents - quote.body.depositCents });
    // 30 days before a party 12 days away has passed: the balance goes on the card today, and the words say so.
    expect(quote.body.autoCharge.chargeOn).toBe(futureDate(0));
    expect(quote.body.autoCharge.consent).toMatch(/^We’ll save this card and charge the balance of \$[\d,.]+ to it on \w+day, \w+ \d{1,2}, \d{4}\. You can pay it another way before then\.$/);
    const later = await call(handlers.quotePrice, 'POST', '/api/quote-price', { ...order(40), zip: '78664' });
    expect(later.body.autoCharge.chargeOn).toBe(futureDate(10));
    expect(later.body.autoCharge.consent).toContain('(30 days before your party). You can pay it another way before then.');

    const booking = await paidBooking();
    const session = stripe.sessions.get(booking.sessionId)!;
    expect(session).toMatchObject({ customer_creation: 'always', custom_text: { submit: { message: quote.body.autoCharge.consent } } });
    expect(booking.saved_payment_method_id).toMatch(/^pm_/);
    expect(booking.stripe_customer_id).toBe(session.customer);
    expect(booking).toMatchObject({ saved_card_brand: 'visa', saved_card_last4: '4242' });
    // The payment intent Stripe made for the deposit saved the card for off-session use.
    expect(stripe.savedCards.paymentIntents.get(session.payment_intent as string)).toMatchObject({ setup_future_usage: 'off_session', payment_method: booking.saved_payment_method_id });

    const admin = await screen(booking.id);
    expect(admin.autoCharge).toMatchObject({ card: 'Visa •••• 4242', attempts: [] });
    expect(admin.autoCharge.chargeOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('saves no card and says nothing when the setting is off', async () => {
    await useSettings({ autoChargeBalance: false });
    const quote = await call(handlers.quotePrice, 'POST', '/api/quote-price', { ...order(day), zip: '78664' });
    expect(quote.body.autoCharge).toBeNull();
    const booking = await paidBooking();
    const session = stripe.sessions.get(booking.sessionId)!;
    expect(session).toMatchObject({ customer_creation: 'if_required', custom_text: { submit: null } });
    expect(booking.saved_payment_method_id).toBeNull();
    expect((await screen(booking.id)).autoCharge).toBeNull();
  });
});

describe('housekeeping charges the balance', () => {
  it('once, even when two runs overlap: a balance payment with its payment intent, the receipt, and the webhook does not record it again', async () => {
    const booking = await paidBooking();
    const balance = booking.total_cents - booking.amount_paid_cents;
    expect(balance).toBeGreaterThan(0);
    const now = new Date();
    await Promise.all([chargeDueBalances(db.sql, now), chargeDueBalances(db.sql, now)]);
    await chargeDueBalances(db.sql, now);

    const intents = intentsFor(booking.id);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ amount: balance, status: 'succeeded', customer: booking.stripe_customer_id, payment_method: booking.saved_payment_method_id });
    const lines = await balanceLines(booking.id);
    expect(lines).toEqual([{ amount_cents: balance, stripe_payment_intent_id: intents[0]!.id, note: 'Charged automatically to the saved card' }]);
    expect(await paid(booking.id)).toBe(booking.total_cents);
    expect((await mailTo(booking.email)).filter((m) => /Subject: Receipt: /.test(m))).toHaveLength(2); // the deposit's and the balance's

    const succeeded = stripe.events.filter((e) => e.type === 'payment_intent.succeeded' && (e.data.object as { id: string }).id === intents[0]!.id);
    expect(succeeded).toHaveLength(1);
    expect((await deliver(succeeded[0]!)).outcome).toBe('processed');
    expect((await deliver(succeeded[0]!)).outcome).toBe('duplicate');
    expect(await balanceLines(booking.id)).toHaveLength(1);
    expect(await paid(booking.id)).toBe(booking.total_cents);

    const admin = await screen(booking.id);
    expect(admin.totals.amountDueCents).toBe(0);
    expect(admin.autoCharge.attempts).toEqual([expect.objectContaining({ amountCents: balance, status: 'succeeded', statusLabel: 'Charged', message: null, reason: 'scheduled' })]);
    expect(admin.history.map((h: { action: string }) => h.action)).toContain('booking.balance_charged');
  });

  it('through the scheduled function itself, not before the charge date, and not at all with the setting off', async () => {
    await useSettings({ autoChargeDaysBefore: 2 });
    const early = await paidBooking();
    await handlers.housekeeping(new Request('http://localhost/.netlify/functions/housekeeping'), {} as never);
    expect(intentsFor(early.id)).toHaveLength(0);

    await useSettings({ autoChargeBalance: false });
    const off = await paidBooking();
    await useSettings({ autoChargeBalance: false, autoChargeDaysBefore: 30 });
    await handlers.housekeeping(new Request('http://localhost/.netlify/functions/housekeeping'), {} as never);
    expect(intentsFor(early.id)).toHaveLength(0);
    expect(intentsFor(off.id)).toHaveLength(0);
    expect(await balanceLines(early.id)).toHaveLength(0);

    // The date comes (the owner moves it): the scheduled run charges it.
    await useSettings({ autoChargeDaysBefore: 30 });
    await handlers.housekeeping(new Request('http://localhost/.netlify/functions/housekeeping'), {} as never);
    expect(intentsFor(early.id)).toHaveLength(1);
    expect(await paid(early.id)).toBe(early.total_cents);
    // Without a saved card (paid while the setting was off) nothing is charged: the reminder stays the way.
    expect(intentsFor(off.id)).toHaveLength(0);
  });
});

describe('a declined card', () => {
  it('records no payment, e-mails the customer a payment link, tells staff, and is not tried again until the amount changes', async () => {
    const booking = await paidBooking('declined');
    expect(booking.saved_card_last4).toBe('0341');
    const balance = booking.total_cents - booking.amount_paid_cents;
    const outcomes = await chargeDueBalances(db.sql, new Date());
    expect(outcomes.filter((o) => o.bookingId === booking.id)).toEqual([{ bookingId: booking.id, status: 'failed', amountCents: balance, message: 'Your card was declined.' }]);
    expect(await balanceLines(booking.id)).toHaveLength(0);
    expect(await paid(booking.id)).toBe(booking.amount_paid_cents);

    const failedMail = (await mailTo(booking.email)).filter((m) => m.includes('tried to charge the balance'));
    expect(failedMail).toHaveLength(1);
    expect(failedMail[0]).toContain(`${SITE}/track-order?booking=${booking.number}`);
    expect(failedMail[0]).toContain('the card was declined. Nothing was charged.');

    const dashboard = await adminCall(handlers.dashboard, 'GET', '/api/admin/dashboard', { cookie: ownerCookie });
    expect(dashboard.body.balanceChargesFailed).toContainEqual(expect.objectContaining({ id: booking.id, chargeCents: balance, chargeMessage: 'Your card was declined.' }));
    const admin = await screen(booking.id);
    expect(admin.autoCharge.attempts).toEqual([expect.objectContaining({ status: 'failed', statusLabel: 'Failed', message: 'Your card was declined.' })]);

    // Stripe's payment_failed event for it changes nothing and sends nothing more; the next runs leave it alone.
    const failedEvent = stripe.events.find((e) => e.type === 'payment_intent.payment_failed' && (e.data.object as { metadata: Record<string, string> }).metadata.bookingId === booking.id)!;
    expect((await deliver(failedEvent)).outcome).toBe('processed');
    await chargeDueBalances(db.sql, new Date());
    await chargeDueBalances(db.sql, new Date());
    expect(intentsFor(booking.id)).toHaveLength(1);
    expect((await mailTo(booking.email)).filter((m) => m.includes('tried to charge the balance'))).toHaveLength(1);

    // The customer's bank sorts the card out and staff raise the total: the new balance is charged at once.
    stripe.savedCards.behaveAs(booking.saved_payment_method_id!, 'visa');
    const edited = await raiseTotal(booking.id, 2500);
    expect(edited.balanceCharge).toMatchObject({ status: 'succeeded', amountCents: edited.booking.totals.totalCents - booking.amount_paid_cents });
    expect(await paid(booking.id)).toBe(edited.booking.totals.totalCents);
    const after = await adminCall(handlers.dashboard, 'GET', '/api/admin/dashboard', { cookie: ownerCookie });
    expect(after.body.balanceChargesFailed.map((b: { id: string }) => b.id)).not.toContain(booking.id);
  });

  it('a card that needs its holder (authentication_required) fails the same way, saying why', async () => {
    const booking = await paidBooking('authentication');
    await chargeDueBalances(db.sql, new Date());
    const [charge] = await db.sql<{ status: string; failure_code: string; failure_message: string }[]>`select status, failure_code, failure_message from balance_charges where booking_id = ${booking.id}`;
    expect(charge).toEqual({ status: 'failed', failure_code: 'authentication_required', failure_message: 'Your card was declined. This transaction requires authentication.' });
    expect(await balanceLines(booking.id)).toHaveLength(0);
    const mail = (await mailTo(booking.email)).find((m) => m.includes('tried to charge the balance'))!;
    expect(mail).toContain('your bank wants you to confirm this payment yourself');
  });
});

describe('a card Stripe no longer has for the customer', () => {
  it('a refused request (the card was detached) is a failed attempt with Stripe’s message, not sent again', async () => {
    const booking = await paidBooking();
    stripe.savedCards.paymentMethods.get(booking.saved_payment_method_id!)!.customer = null;
    await chargeDueBalances(db.sql, new Date());
    await chargeDueBalances(db.sql, new Date(Date.now() + 10 * 60_000));
    const charges = await db.sql<{ status: string; failure_code: string }[]>`select status, failure_code from balance_charges where booking_id = ${booking.id}`;
    expect(charges).toEqual([{ status: 'failed', failure_code: 'payment_method_not_attached' }]);
    expect(await balanceLines(booking.id)).toHaveLength(0);
    expect(stripe.requests.filter((r) => r === 'POST /v1/payment_intents').length).toBeGreaterThan(0);
    expect((await mailTo(booking.email)).filter((m) => m.includes('tried to charge the balance'))).toHaveLength(1);
  });
});

/** Staff add a surcharge to the booking as it is (PUT /api/admin/bookings/{id}). */
async function raiseTotal(id: string, cents: number) {
  const b = await screen(id);
  const res = await adminCall(handlers.adminBookings, 'PUT', `/api/admin/bookings/${id}`, {
    cookie: ownerCookie,
    body: {
      items: b.items.map((i: { product: string; quantity: number }) => ({ product: i.product, quantity: i.quantity })),
      event: { date: b.event.date, start: b.event.start, end: b.event.end },
      address: { line1: b.address.line1, city: b.address.city, state: b.address.state, zip: b.address.zip, surface: b.address.surface },
      coupon: '',
      damageWaiver: b.damageWaiverAccepted,
      adjustments: [{ label: 'Stairs', reason: `Carried up the stairs (${cents})`, direction: 'surcharge', kind: 'amount', value: cents }],
      notifyCustomer: false,
    },
  });
  expect(res.status).toBe(200);
  return res.body;
}

describe('an edit that raises the total after the charge date', () => {
  it('charges the difference right after the edit, and again for a second raise of the same size', async () => {
    const booking = await paidBooking();
    await chargeDueBalances(db.sql, new Date());
    expect(await paid(booking.id)).toBe(booking.total_cents);

    const first = await raiseTotal(booking.id, 2500);
    const difference = first.booking.totals.totalCents - booking.total_cents;
    expect(difference).toBeGreaterThanOrEqual(2500);
    expect(first.balanceCharge).toEqual({ bookingId: booking.id, status: 'succeeded', amountCents: difference, message: null });
    expect(first.booking.totals.totalCents).toBe(await paid(booking.id));

    // Another raise by the same amount is a new balance (more was paid since): charged too.
    const before = (await db.sql<{ total_cents: number }[]>`select total_cents from bookings where id = ${booking.id}`)[0]!.total_cents;
    const second = await raiseTotal(booking.id, 5000);
    expect(second.balanceCharge).toMatchObject({ status: 'succeeded', amountCents: second.booking.totals.totalCents - before });
    expect((await balanceLines(booking.id)).map((l) => l.amount_cents)).toEqual([booking.total_cents - booking.amount_paid_cents, difference, second.booking.totals.totalCents - before]);
    expect((await screen(booking.id)).autoCharge.attempts.map((a: { reason: string }) => a.reason)).toEqual(['scheduled', 'edit', 'edit']);
  });

  it('before the charge date an edit charges nothing (the whole balance goes on the date)', async () => {
    await useSettings({ autoChargeDaysBefore: 2 });
    const booking = await paidBooking();
    const edited = await raiseTotal(booking.id, 2500);
    expect(edited.balanceCharge).toBeNull();
    expect(intentsFor(booking.id)).toHaveLength(0);
  });
});

describe('a run that stopped half-way', () => {
  it('a pending attempt is sent again with its idempotency key, and Stripe’s event records it once', async () => {
    const booking = await paidBooking();
    const balance = booking.total_cents - booking.amount_paid_cents;
    // A run claimed the attempt and stopped before asking Stripe.
    const [claim] = await db.sql<{ id: string }[]>`
      insert into balance_charges (booking_id, payment_method_id, amount_cents, paid_before_cents, attempt, idempotency_key, reason, created_at)
      values (${booking.id}, ${booking.saved_payment_method_id}, ${balance}, ${booking.amount_paid_cents}, 1, ${`balance-${booking.id}-${balance}-1`}, 'scheduled', ${new Date(Date.now() - 10 * 60_000)})
      returning id`;
    await chargeDueBalances(db.sql, new Date());
    const intents = intentsFor(booking.id);
    expect(intents).toHaveLength(1);
    expect(intents[0]!.metadata.balanceChargeId).toBe(claim!.id);
    expect(await balanceLines(booking.id)).toHaveLength(1);
    const event = stripe.events.find((e) => e.type === 'payment_intent.succeeded' && (e.data.object as { id: string }).id === intents[0]!.id)!;
    expect((await deliver(event)).outcome).toBe('processed');
    expect(await balanceLines(booking.id)).toHaveLength(1);
    expect(await paid(booking.id)).toBe(booking.total_cents);
  });

  it('Stripe charged but the run never recorded it: the payment_intent.succeeded webhook records it, once', async () => {
    const booking = await paidBooking();
    const balance = booking.total_cents - booking.amount_paid_cents;
    const [claim] = await db.sql<{ id: string }[]>`
      insert into balance_charges (booking_id, payment_method_id, amount_cents, paid_before_cents, attempt, idempotency_key, reason, created_at)
      values (${booking.id}, ${booking.saved_payment_method_id}, ${balance}, ${booking.amount_paid_cents}, 1, ${`balance-${booking.id}-${balance}-1`}, 'scheduled', ${new Date()})
      returning id`;
    // What the run had asked Stripe before it stopped.
    const client = new Stripe('sk_test_auto_charge', { host: '127.0.0.1', port: stripe.port, protocol: 'http' });
    const intent = await client.paymentIntents.create(
      { amount: balance, currency: 'usd', customer: booking.stripe_customer_id!, payment_method: booking.saved_payment_method_id!, off_session: true, confirm: true, metadata: { bookingId: booking.id, kind: 'balance', balanceChargeId: claim!.id } },
      { idempotencyKey: `balance-${booking.id}-${balance}-1` },
    );
    expect(intent.status).toBe('succeeded');
    const event = stripe.events.find((e) => e.type === 'payment_intent.succeeded' && (e.data.object as { id: string }).id === intent.id)!;
    expect((await deliver(event)).outcome).toBe('processed');
    expect((await deliver(event)).outcome).toBe('duplicate');
    expect(await balanceLines(booking.id)).toEqual([expect.objectContaining({ amount_cents: balance, stripe_payment_intent_id: intent.id })]);
    expect(await paid(booking.id)).toBe(booking.total_cents);
    // The next run finds it charged and asks Stripe nothing.
    await chargeDueBalances(db.sql, new Date());
    expect(intentsFor(booking.id)).toHaveLength(1);
  });
});
