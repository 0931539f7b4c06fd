import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { startQuickBooksDouble, type QuickBooksDouble } from '../support/quickbooks-double';
import { adminCall, closeAdminConnections, SITE, staffSession, TEST_AUTH_SECRET } from '../support/staff';
import { startStripeDouble, type StripeDouble } from '../support/stripe-double';
import { type Handlers, moneyTogether, syncTools, type SyncTools } from '../support/quickbooks-sync';
import { addDays, businessClock } from '../../src/lib/time';

/**
 * QuickBooks Online kept in step (issue #41), against the QuickBooks double and the Stripe double,
 * through the site's real functions: nothing of the demo business is sent; a month of bookings,
 * a change, deposits, balances, a credit, a card refund and a cancellation reach QuickBooks each
 * once, the invoices' totals are the site's, the deposit liability holds exactly the deposits of
 * parties still to come; QuickBooks failing at each step leaves the queue to recover with nothing
 * doubled or lost.
 */
const WEBHOOK_SECRET = 'whsec_quickbooks_sync';
const REDIRECT = `${SITE}/admin/settings`;
let db: TestDatabase;
let stripe: StripeDouble;
let qbo: QuickBooksDouble;
let handlers: Handlers;
/** The sync's tools on this file's database and doubles (tests/support/quickbooks-sync.ts). */
let deliver: SyncTools['deliver'];
let bookAndPayDeposit: SyncTools['bookAndPayDeposit'];
let placeHold: SyncTools['placeHold'];
let nextDay: SyncTools['nextDay'];
let send: SyncTools['send'];
let drain: SyncTools['drain'];
let ledger: SyncTools['ledger'];
let since: SyncTools['since'];
let ownerCookie = '';
let accountingFn: Handler;
const owner = (method: string, url: string, body?: unknown) => adminCall(accountingFn, method, url, { cookie: ownerCookie, ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  db = await createSeededDatabase();
  stripe = await startStripeDouble();
  qbo = await startQuickBooksDouble();
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    SITE_URL: SITE,
    AUTH_SECRET: TEST_AUTH_SECRET,
    STRIPE_SECRET_KEY: 'sk_test_quickbooks_sync',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'quickbooks-sync-')),
    QUICKBOOKS_CLIENT_ID: qbo.clientId,
    QUICKBOOKS_CLIENT_SECRET: qbo.clientSecret,
    QUICKBOOKS_TOKEN_KEY: randomBytes(32).toString('base64'),
    QUICKBOOKS_API_BASE: qbo.url,
    QUICKBOOKS_OAUTH_BASE: qbo.url,
  });
  handlers = {
    bookings: (await import('../../netlify/functions/bookings')).default,
    webhook: (await import('../../netlify/functions/stripe-webhook')).default,
    admin: (await import('../../netlify/functions/admin-bookings')).default,
    customers: (await import('../../netlify/functions/admin-customers')).default,
    creditCode: (await import('../../netlify/functions/credit-code')).default,
    manage: (await import('../../netlify/functions/manage-booking')).default,
  };
  ({ deliver, bookAndPayDeposit, placeHold, nextDay, send, drain, ledger, since } = syncTools({ db, stripe, qbo, handlers, webhookSecret: WEBHOOK_SECRET, ipBlock: 102 }));
  accountingFn = (await import('../../netlify/functions/admin-accounting')).default;
  ownerCookie = (await staffSession(db.sql, 'owner')).cookie;
  // Connected as the owner would, through Settings → Accounting: Intuit's consent screen, then its redirect with a code.
  const connect = await owner('POST', '/api/admin/accounting/connect');
  expect(connect.status, JSON.stringify(connect.body)).toBe(200);
  const state = new URL(connect.body.url as string).searchParams.get('state')!;
  expect(new URL(connect.body.url as string).searchParams.get('redirect_uri')).toBe(REDIRECT);
  const back = await owner('POST', '/api/admin/accounting/callback', { code: qbo.authorize(), state, realmId: qbo.realmId });
  expect(back.status, JSON.stringify(back.body)).toBe(200);
  const i = qbo.ids.incomeItems;
  const a = qbo.ids.accounts;
  const mapped = await owner('PUT', '/api/admin/accounting/mapping', {
    mapping: {
      categoryItems: {},
      rentalsItem: i.rentals,
      damageWaiverItem: i.waiver,
      deliveryItem: i.delivery,
      adjustmentsItem: i.adjustments,
      salesTaxItem: i.tax,
      depositLiabilityAccount: a.liability,
      cardDepositAccount: a.undeposited,
      cashDepositAccount: a.bank,
      stripeFeeAccount: a.fees,
      receivableAccount: a.ar,
    },
    deferDeposits: true,
  });
  expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
  expect(mapped.body).toMatchObject({ status: 'connected', mappingComplete: true, realmId: qbo.realmId });
  // The tokens are stored encrypted, never as QuickBooks gave them.
  const [stored] = await db.sql<{ access_token_enc: string; refresh_token_enc: string }[]>`select access_token_enc, refresh_token_enc from accounting_connections`;
  expect(stored!.access_token_enc).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(stored!.access_token_enc.startsWith('eyJ')).toBe(false);
});
afterAll(async () => {
  await closeAdminConnections();
  await stripe.close();
  await qbo.close();
  await db.drop();
});

const queue = () => db.sql<{ kind: string; status: string; last_error: string | null; booking_id: string | null }[]>`select kind, status, last_error, booking_id from accounting_queue order by seq`;
const cents = (dollars: unknown) => Math.round(Number(dollars) * 100);
/** Everything due, repeatedly, as housekeeping would over the hours (backoff passed): until nothing is left. */
/** Staff change a booking at the desk (these items, an "Extra hour" surcharge), keeping its date and times; the answer. */
async function surchargeAtDesk(bookingId: string, items: { product: string; quantity: number }[]) {
  const view = await adminCall(handlers.admin, 'GET', `/api/admin/bookings/${bookingId}`, { cookie: ownerCookie });
  expect(view.status).toBe(200);
  return adminCall(handlers.admin, 'PUT', `/api/admin/bookings/${bookingId}`, {
    cookie: ownerCookie,
    body: {
      items,
      event: { date: view.body.event.date, start: view.body.event.start, end: view.body.event.end },
      coupon: '',
      address: { line1: '5 Ledger Ave', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      damageWaiver: true,
      adjustments: [{ label: 'Extra hour', reason: 'The party runs late', direction: 'surcharge', kind: 'amount', value: 2500 }],
      notifyCustomer: false,
    },
  });
}


/**
 * Runs `run` with deposits not held (the invoice is the sale, dated by the confirmation), after what is queued
 * has been sent; deposits are held again afterwards, whatever `run` does.
 */
async function withDepositsNotHeld(run: () => Promise<void>) {
  const [connection] = await db.sql<{ mapping: Record<string, unknown> }[]>`select mapping from accounting_connections`;
  const remap = (deferDeposits: boolean) => owner('PUT', '/api/admin/accounting/mapping', { mapping: connection!.mapping, deferDeposits });
  expect((await remap(false)).status).toBe(200);
  try {
    await drain();
    await run();
  } finally {
    expect((await remap(true)).status).toBe(200);
  }
}

/** A website booking whose deposit is paid by card, then its balance in cash at the desk, all of it sent to QuickBooks. */
async function bookAndPayInFull(name: string) {
  const booking = await bookAndPayDeposit(name);
  const balance = booking.total_cents - booking.amount_paid_cents;
  const paid = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${booking.id}/payments`, { cookie: ownerCookie, body: { amountCents: balance, method: 'cash', note: 'The balance early' } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await drain();
  return { ...booking, balance };
}


  /** A website booking whose deposit is part paid from the customer's credit (proved by the e-mailed code). */
  async function bookWithCredit(name: string, start: string, end: string, daysAhead: number) {
    const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${daysAhead}@example.com`;
    // A phone each: the website allows a phone only so many bookings waiting for payment.
    const phone = `(512) 555-01${start.slice(0, 2)}`;
    const [customer] = await db.sql<{ id: string }[]>`insert into customers (name, email, phone) values (${name}, ${email}, ${phone}) returning id`;
    const credit = await adminCall(handlers.customers, 'POST', `/api/admin/customers/${customer!.id}/credits`, {
      cookie: ownerCookie,
      body: { amountCents: 1000, reason: 'goodwill', note: 'Sorry about the wait', expiresOn: null },
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    const from = { 'x-test-ip': `198.51.104.${start.slice(0, 2)}` };
    expect((await call(handlers.creditCode, 'POST', '/api/credit-code', { email }, from)).status).toBe(202);
    const [mail] = await db.sql<{ subject: string }[]>`select subject from outbound_emails where template = 'credit-code' and to_address = ${email} order by created_at desc limit 1`;
    const proved = await call(handlers.creditCode, 'POST', '/api/credit-code/verify', { email, code: /(\d{6})$/.exec(mail!.subject)![1] }, from);
    expect(proved.status, JSON.stringify(proved.body)).toBe(200);
    const created = await call(handlers.bookings, 'POST', '/api/bookings', {
      items: [{ product: 'mega-20x20-bounce-house', quantity: 1 }],
      event: { date: futureDate(daysAhead), start, end },
      customer: { name, email, phone },
      address: { line1: '5 Ledger Ave', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      acceptTerms: true,
      creditGrant: proved.body.grant,
    }, from);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Less than the deposit: the booking stays a hold, the rest to pay by card.
    expect(created.body.creditAppliedCents).toBe(1000);
    const [row] = await db.sql<{ id: string; status: string; hold_expires_at: Date }[]>`select id, status, hold_expires_at from bookings where number = ${created.body.bookingNumber}`;
    expect(row!.status).toBe('hold');
    return { ...row!, number: created.body.bookingNumber as string, customerId: customer!.id, session: created.body.payment.url.split('/pay/')[1] as string };
  }

describe('QuickBooks Online kept in step', () => {
  it('sends nothing of the demo business', async () => {
    await bookAndPayDeposit('Demo Days');
    expect(await queue()).toEqual([]);
    await send();
    expect(qbo.writes).toEqual([]);
    // The owner makes it their own business (Remove the demo): from now on their bookings are kept in step.
    await db.sql`update business_settings set is_demo = false where id`;
  });

  it('a month of bookings, a change, deposits, balances, a credit, a card refund and a cancellation: each once, totals the site’s', async () => {
    const a = await bookAndPayDeposit('Ada Ledger');
    const b = await bookAndPayDeposit('Bo Changed');
    const c = await bookAndPayDeposit('Cy Credit');
    const d = await bookAndPayDeposit('Di Cancelled');

    // B: a change (a surcharge added at the desk), then its balance in cash.
    const [bItem] = await db.sql<{ slug: string; quantity: number }[]>`select p.slug, i.quantity from booking_items i join products p on p.id = i.product_id where i.booking_id = ${b.id}`;
    const changed = await surchargeAtDesk(b.id, [{ product: bItem!.slug, quantity: bItem!.quantity }]);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [bNow] = await db.sql<{ total_cents: number; amount_paid_cents: number }[]>`select total_cents, amount_paid_cents from bookings where id = ${b.id}`;
    const cash = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${b.id}/payments`, { cookie: ownerCookie, body: { amountCents: bNow!.total_cents - bNow!.amount_paid_cents, method: 'cash', note: 'Balance at the door' } });
    expect(cash.status, JSON.stringify(cash.body)).toBe(200);

    // C: a rain check credited to its customer, spent on C's balance.
    const credit = await adminCall(handlers.customers, 'POST', `/api/admin/customers/${c.customer_id}/credits`, {
      cookie: ownerCookie,
      body: { amountCents: 5000, reason: 'goodwill', note: 'Sorry about the late delivery last time', expiresOn: null },
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    const spent = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${c.id}/credit-payments`, { cookie: ownerCookie, body: { amountCents: 5000 } });
    expect(spent.status, JSON.stringify(spent.body)).toBe(200);

    // D: its card deposit refunded in full through Stripe, then cancelled.
    const [dDeposit] = await db.sql<{ id: string; amount_cents: number }[]>`select id, amount_cents from payments where booking_id = ${d.id} and kind = 'deposit'`;
    const refunded = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${d.id}/refunds`, { cookie: ownerCookie, body: { paymentId: dDeposit!.id, amountCents: dDeposit!.amount_cents, reason: 'Customer moved away' } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const cancelled = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${d.id}/status`, { cookie: ownerCookie, body: { to: 'cancelled', reason: 'Customer moved away' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    await drain();
    const items = await queue();
    // Only the moves of the deposits to income wait, for the parties' days (D's, cancelled with nothing kept, had nothing to move).
    expect(items.filter((i) => i.status !== 'sent').map((i) => i.booking_id).sort(), JSON.stringify(items)).toEqual([a.id, b.id, c.id].sort());
    expect(items.filter((i) => i.status !== 'sent').every((i) => i.kind === 'deposit_income')).toBe(true);

    // Each object once: one customer per e-mail, one invoice per booking, one transaction per payment.
    const customers = qbo.objects.Customer.map((x) => (x.PrimaryEmailAddr as { Address: string }).Address);
    expect(new Set(customers).size).toBe(customers.length);
    expect(customers).toHaveLength(4);
    const invoices = qbo.objects.Invoice.map((x) => x.DocNumber);
    expect(invoices.sort()).toEqual([a.number, b.number, c.number, d.number].sort());
    const [payments] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from payments p where p.booking_id = any(${[a.id, b.id, c.id, d.id]}::uuid[]) and p.status = 'succeeded' and not (p.kind = 'refund' and p.method = 'credit')`;
    expect(qbo.objects.Payment.length + qbo.objects.Deposit.length + qbo.objects.RefundReceipt.length + qbo.objects.JournalEntry.length).toBe(payments!.n);
    expect(qbo.objects.CreditMemo).toHaveLength(1);

    // The invoices' totals are the site's; D's is voided.
    for (const booking of [a, b, c]) {
      const [row] = await db.sql<{ total_cents: number }[]>`select total_cents from bookings where id = ${booking.id}`;
      const invoice = qbo.objects.Invoice.find((x) => x.DocNumber === booking.number)!;
      expect(cents(invoice.TotalAmt)).toBe(row!.total_cents);
    }
    expect(qbo.objects.Invoice.find((x) => x.DocNumber === d.number)!.Voided).toBe(true);

    // The deposit liability holds the deposits of the parties still to come (D's went back to its customer).
    const [held] = await db.sql<{ cents: number }[]>`
      select coalesce(sum(p.amount_cents), 0)::int as cents from payments p join bookings b on b.id = p.booking_id
      where b.id = any(${[a.id, b.id, c.id, d.id]}::uuid[]) and b.status <> 'cancelled' and p.kind <> 'refund' and p.method <> 'credit' and p.status = 'succeeded' and p.created_at < b.event_start`;
    expect(-qbo.balance(qbo.ids.accounts.liability)).toBe(held!.cents);

    // The parties' days pass: their deposits move out of the liability, once each.
    const later = new Date(Date.now() + 60 * 86_400_000);
    await drain(later);
    await drain(later);
    expect(qbo.balance(qbo.ids.accounts.liability)).toBe(0);
    expect((await queue()).every((i) => i.status === 'sent')).toBe(true);
    const entries = qbo.objects.JournalEntry.filter((x) => String(x.DocNumber ?? '').startsWith('D-'));
    expect(entries.map((x) => x.DocNumber).sort()).toEqual([`D-${a.number}`, `D-${b.number}`, `D-${c.number}`].sort());
  });

  it('a Stripe payout is one Deposit into the bank: its payments out of Undeposited Funds, Stripe’s fees to their account, sent once whatever fails', async () => {
    // The owner names the bank Stripe pays out to (a mapping saved before payouts were kept in step stays valid without it).
    const [connection] = await db.sql<{ mapping: Record<string, unknown> }[]>`select mapping from accounting_connections`;
    const mapping = connection!.mapping;
    expect(mapping.payoutAccount).toBeUndefined();
    const remapped = await owner('PUT', '/api/admin/accounting/mapping', { mapping: { ...mapping, payoutAccount: qbo.ids.accounts.bank }, deferDeposits: true });
    expect(remapped.status, JSON.stringify(remapped.body)).toBe(200);

    const h = await bookAndPayDeposit('Hal Payout');
    await drain();
    // Stripe's list of what the payout carried is down when the webhook arrives; then QuickBooks is.
    const bankBefore = qbo.balance(qbo.ids.accounts.bank);
    const undepositedBefore = qbo.balance(qbo.ids.accounts.undeposited);
    const feesBefore = qbo.balance(qbo.ids.accounts.fees);
    const carried = stripe.balanceTransactions.filter((t) => t.payout_id === null);
    const paid = stripe.payout();
    const payout = paid.data.object as unknown as { id: string; amount: number };
    expect(payout.amount).toBe(carried.reduce((sum, t) => sum + t.net, 0));
    stripe.failNext('error', 2, 'balance');
    await deliver(paid);
    const item = async () => (await db.sql<{ id: string; status: string; attempts: number; last_error: string | null; qbo_id: string | null }[]>`select id, status, attempts, last_error, qbo_id from accounting_queue where kind = 'payout'`)[0]!;
    expect(await item()).toMatchObject({ status: 'waiting', attempts: 1 });
    expect((await item()).last_error).toMatch(/outage/);
    // The same event again, and another event of the same payout: still one payout, one item.
    await deliver(paid);
    await deliver({ ...paid, id: `${paid.id}_again` } as typeof paid);
    expect(await db.sql`select 1 from stripe_payouts`).toHaveLength(1);
    expect(await db.sql`select 1 from accounting_queue where kind = 'payout'`).toHaveLength(1);
    qbo.failEntity('Deposit', { kind: '500' });
    await send(new Date(Date.now() + 3600_000));
    expect(await item()).toMatchObject({ status: 'waiting', attempts: 2 });
    const deposits = qbo.objects.Deposit.length;
    expect(qbo.balance(qbo.ids.accounts.bank)).toBe(bankBefore);
    await send(new Date(Date.now() + 7200_000));
    expect(await item()).toMatchObject({ status: 'sent', last_error: null });
    expect(qbo.objects.Deposit.length).toBe(deposits + 1);

    // The answer lost after QuickBooks made it: the retry carries the same request id and gets the same Deposit.
    const sent = await item();
    await db.sql`update accounting_queue set status = 'waiting', sent_at = null, next_attempt_at = now() where id = ${sent.id}`;
    await db.sql`delete from accounting_objects where local_key = ${`payout:${payout.id}`}`;
    await send(new Date(Date.now() + 7200_000));
    expect(await item()).toMatchObject({ status: 'sent', qbo_id: sent.qbo_id });
    expect(qbo.objects.Deposit.length).toBe(deposits + 1);

    // Its amount is the payout's; the bank gets exactly that, the fees are Stripe's, the payments leave Undeposited Funds.
    const deposit = qbo.objects.Deposit.find((x) => x.PrivateNote === `Stripe payout ${payout.id}`)!;
    expect(cents(deposit.TotalAmt)).toBe(payout.amount);
    expect(qbo.balance(qbo.ids.accounts.bank) - bankBefore).toBe(payout.amount);
    expect(qbo.balance(qbo.ids.accounts.fees) - feesBefore).toBe(carried.reduce((sum, t) => sum + t.fee, 0));
    expect(undepositedBefore - qbo.balance(qbo.ids.accounts.undeposited)).toBe(carried.reduce((sum, t) => sum + t.amount, 0));
    const lines = deposit.Line as { Amount: number; Description: string }[];
    expect(lines.some((l) => l.Description.startsWith(`Booking ${h.number}: deposit`))).toBe(true);
    // D's deposit went back through Stripe: a negative line of its booking.
    expect(lines.filter((l) => l.Amount < 0 && / refund \(/.test(l.Description))).toHaveLength(1);
    expect(stripe.requests.filter((r) => r === 'GET /v1/balance_transactions').length).toBeGreaterThanOrEqual(3);
  });

  it('a payout while the site is the demo business is recorded and never sent', async () => {
    await db.sql`update business_settings set is_demo = true where id`;
    try {
      await bookAndPayDeposit('Demo Payout');
      const paid = stripe.payout();
      await deliver(paid);
      expect(await db.sql`select 1 from stripe_payouts where stripe_payout_id = ${(paid.data.object as { id: string }).id}`).toHaveLength(1);
      expect(await db.sql`select 1 from accounting_queue where kind = 'payout' and status <> 'sent'`).toHaveLength(0);
      const writes = qbo.writes.length;
      await send(new Date(Date.now() + 7200_000));
      expect(qbo.writes.length).toBe(writes);
    } finally {
      await db.sql`update business_settings set is_demo = false where id`;
    }
  });

  it('a deposit refunded after staff cancelled the booking comes back out of income, not out of the liability a second time', async () => {
    await drain();
    const liability = () => qbo.balance(qbo.ids.accounts.liability);
    const heldBefore = liability();
    const e = await bookAndPayDeposit('Ezra Goodwill');
    const [deposit] = await db.sql<{ id: string; amount_cents: number }[]>`select id, amount_cents from payments where booking_id = ${e.id} and kind = 'deposit'`;
    // Staff cancel: the booking keeps what was paid, so the deposit moves from the liability to income at once.
    const cancelled = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${e.id}/status`, { cookie: ownerCookie, body: { to: 'cancelled', reason: 'The family moved the party' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await drain();
    expect(liability()).toBe(heldBefore);
    expect(qbo.objects.JournalEntry.filter((x) => x.DocNumber === `D-${e.number}`)).toHaveLength(1);

    // Then they give the deposit back after all: it leaves income (a refund receipt), and the liability, already empty of it, stays as it was.
    const refunded = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${e.id}/refunds`, { cookie: ownerCookie, body: { paymentId: deposit!.id, amountCents: deposit!.amount_cents, reason: 'Goodwill' } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    await drain();
    expect(liability()).toBe(heldBefore);
    const receipts = qbo.objects.RefundReceipt.filter((x) => String(x.PrivateNote).includes(e.number));
    expect(receipts.map((x) => cents(x.TotalAmt))).toEqual([deposit!.amount_cents]);
    expect((await queue()).filter((i) => i.booking_id === e.id).every((i) => i.status === 'sent')).toBe(true);
  });

  it('recovers from QuickBooks failing at each step, with nothing doubled or lost', async () => {
    const writesBefore = qbo.writes.length;
    // Down (500) when the webhook's change is sent right after it: the first item waits with QuickBooks' message; nothing is made.
    qbo.failNext({ kind: '500' });
    const e = await bookAndPayDeposit('Eve Faults');
    const [first] = await db.sql<{ kind: string; last_error: string | null; attempts: number }[]>`select kind, last_error, attempts from accounting_queue where booking_id = ${e.id} and status = 'waiting' order by rank, seq`;
    expect(first).toMatchObject({ kind: 'customer', attempts: 1 });
    expect(first!.last_error).toMatch(/unexpected error/);
    expect(qbo.writes.length).toBe(writesBefore);
    // Throttled (429) at housekeeping's next try: backoff again.
    qbo.failNext({ kind: '429' });
    expect((await send(new Date(Date.now() + 3600_000))).stopped).toBe('throttled');
    // A 401 mid-sync: the token is refreshed once and the run goes on.
    qbo.expireAccessTokens();
    const refreshes = qbo.refreshes;
    // A validation fault on the deposit: shown on that item; another booking's items still go.
    qbo.failEntity('Deposit', { kind: 'validation', message: 'The accounting period is closed' });
    await send(new Date(Date.now() + 7200_000));
    expect(qbo.refreshes).toBe(refreshes + 1);
    const eItems = await db.sql<{ kind: string; status: string; last_error: string | null; id: string }[]>`select id, kind, status, last_error from accounting_queue where booking_id = ${e.id} order by rank, seq`;
    const failedPayment = eItems.find((i) => i.kind === 'payment')!;
    expect(failedPayment.status).toBe('failed');
    expect(failedPayment.last_error).toMatch(/The accounting period is closed/);
    expect((await owner('GET', '/api/admin/accounting')).body.stuck).toBe(1);
    const f = await bookAndPayDeposit('Fay Continues');
    const fItems = await db.sql<{ kind: string; status: string }[]>`select kind, status from accounting_queue where booking_id = ${f.id} and kind <> 'deposit_income'`;
    expect(fItems.every((i) => i.status === 'sent'), JSON.stringify(fItems)).toBe(true);
    // Staff press Retry: it goes, once.
    const retried = await owner('POST', `/api/admin/accounting/items/${failedPayment.id}/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect((await db.sql<{ status: string }[]>`select status from accounting_queue where id = ${failedPayment.id}`)[0]!.status).toBe('sent');

    // An answer lost after QuickBooks made the object: the retry carries the same request id and gets it back, not a second one.
    const [lastPayment] = await db.sql<{ id: string; source_id: string }[]>`select id, source_id from accounting_queue where booking_id = ${f.id} and kind = 'payment'`;
    await db.sql`update accounting_queue set status = 'waiting', sent_at = null, next_attempt_at = now() where id = ${lastPayment!.id}`;
    await db.sql`delete from accounting_objects where local_key = ${`payment:${lastPayment!.source_id}`}`;
    const deposits = qbo.objects.Deposit.length;
    await send(new Date(Date.now() + 7200_000));
    expect(qbo.objects.Deposit.length).toBe(deposits);
    expect((await db.sql<{ status: string }[]>`select status from accounting_queue where id = ${lastPayment!.id}`)[0]!.status).toBe('sent');

    // Every write was one object: as many creations as items sent, none twice.
    const created = qbo.writes.slice(writesBefore).filter((w) => w.operation === 'create');
    expect(new Set(created.map((w) => w.requestId)).size).toBe(created.length);
    expect(qbo.objects.Invoice.filter((x) => x.DocNumber === e.number)).toHaveLength(1);

    // Revoked in QuickBooks: one refresh is refused, the connection is marked broken, and the queue keeps the items.
    qbo.revokeAll();
    const g = await bookAndPayDeposit('Gus Broken');
    expect((await send(new Date(Date.now() + 7200_000))).sent).toBe(0);
    const { body: status } = await owner('GET', '/api/admin/accounting?status=waiting');
    expect(status.status).toBe('broken');
    expect(status.stuck).toBe(0);
    expect(status.items.length).toBeGreaterThan(0);
    expect(status.brokenReason).toMatch(/invalid_grant/);
    const gItems = await db.sql<{ status: string }[]>`select status from accounting_queue where booking_id = ${g.id}`;
    expect(gItems.length).toBeGreaterThan(0);
    expect(gItems.every((i) => i.status === 'waiting')).toBe(true);

    // The owner connects again: what waited goes at once, not at the next housekeeping run.
    const connect = await owner('POST', '/api/admin/accounting/connect');
    const state = new URL(connect.body.url as string).searchParams.get('state')!;
    const back = await owner('POST', '/api/admin/accounting/callback', { code: qbo.authorize(), state, realmId: qbo.realmId });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const after = await db.sql<{ kind: string; status: string }[]>`select kind, status from accounting_queue where booking_id = ${g.id} and kind <> 'deposit_income'`;
    expect(after.every((i) => i.status === 'sent'), JSON.stringify(after)).toBe(true);
    expect(qbo.objects.Invoice.filter((x) => x.DocNumber === g.number)).toHaveLength(1);
  });

  it('an invoice sent a week late is dated the day its booking was confirmed, and stays so when the booking changes', () =>
    withDepositsNotHeld(async () => {
      // Deposits not held: the invoice is the sale, dated by the confirmation (held, it is dated the party's day).
      // QuickBooks is down when the deposit confirms the booking: nothing reaches it that day.
      qbo.failNext({ kind: '500' });
      const before = new Date();
      const late = await bookAndPayDeposit('Lou Late');
      const after = new Date();
      const [row] = await db.sql<{ confirmed_at: Date | null; timezone: string }[]>`
        select b.confirmed_at, s.timezone from bookings b, business_settings s where b.id = ${late.id} and s.id`;
      // The confirmation's moment is kept with the booking.
      expect(row!.confirmed_at).not.toBeNull();
      expect(row!.confirmed_at!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
      expect(row!.confirmed_at!.getTime()).toBeLessThanOrEqual(after.getTime() + 1000);
      expect(qbo.objects.Invoice.filter((x) => x.DocNumber === late.number)).toHaveLength(0);

      // Housekeeping reaches QuickBooks eight days later, in the business's next period or not: the sale keeps its own day.
      const clock = businessClock(row!.timezone, row!.confirmed_at!);
      const confirmedOn = clock.dateOf(row!.confirmed_at!);
      const weekLater = new Date(row!.confirmed_at!.getTime() + 8 * 86_400_000);
      await drain(weekLater);
      const invoice = () => qbo.objects.Invoice.find((x) => x.DocNumber === late.number)!;
      expect(invoice()).toBeDefined();
      expect(clock.dateOf(weekLater)).not.toBe(confirmedOn);
      expect(invoice().TxnDate).toBe(confirmedOn);
      // The deposit is dated the day it was paid, the same day here.
      const [deposit] = await db.sql<{ created_at: Date }[]>`select created_at from payments where booking_id = ${late.id} and kind = 'deposit'`;
      const payment = qbo.objects.Payment.find((x) => String(x.PrivateNote).startsWith(`Booking ${late.number}: deposit`))!;
      expect(payment.TxnDate).toBe(clock.dateOf(deposit!.created_at));

      // Staff change the booking; the change is sent later still: the invoice keeps the confirmation's day.
      const changed = await surchargeAtDesk(late.id, [{ product: 'mega-20x20-bounce-house', quantity: 1 }]);
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      await drain(new Date(weekLater.getTime() + 3 * 86_400_000));
      const [total] = await db.sql<{ total_cents: number }[]>`select total_cents from bookings where id = ${late.id}`;
      expect(cents(invoice().TotalAmt)).toBe(total!.total_cents);
      expect(invoice().TxnDate).toBe(confirmedOn);
    }));

  it('a booking cancelled before it was ever confirmed gets an invoice only for money taken: of what was kept, dated the day that money came in, not the day it is sent', () =>
    withDepositsNotHeld(async () => {
      const n = nextDay();
      const book = (name: string) =>
        call(handlers.bookings, 'POST', '/api/bookings', {
          items: [{ product: 'mega-20x20-bounce-house', quantity: 1 }],
          event: { date: futureDate(n), start: name === 'Nell Paid' ? '09:00' : '15:00', end: name === 'Nell Paid' ? '12:00' : '18:00' },
          customer: { name, email: `${name.toLowerCase().replace(/\W+/g, '-')}-${n}@example.com`, phone: '(512) 555-0163' },
          address: { line1: '5 Ledger Ave', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
          acceptTerms: true,
        }, { 'x-test-ip': `198.51.103.${n}` });
      const numbers: string[] = [];
      const ids: string[] = [];
      for (const name of ['Nell Paid', 'Ned Nothing']) {
        const created = await book(name);
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        numbers.push(created.body.bookingNumber);
        ids.push((await db.sql<{ id: string }[]>`select id from bookings where number = ${created.body.bookingNumber}`)[0]!.id);
      }
      const [paid, nothing] = ids as [string, string];
      // The customer hands over part of the deposit by phone (not enough to confirm), then calls it off;
      // the other hold is cancelled with nothing paid.
      const part = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${paid}/payments`, { cookie: ownerCookie, body: { amountCents: 1000, method: 'cash', note: 'Part of the deposit by phone' } });
      expect(part.status, JSON.stringify(part.body)).toBe(200);
      for (const id of ids) {
        const cancelled = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${id}/status`, { cookie: ownerCookie, body: { to: 'cancelled', reason: 'Plans changed' } });
        expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      }
      const [row] = await db.sql<{ confirmed_at: Date | null; paid_at: Date; timezone: string }[]>`
        select b.confirmed_at, p.created_at as paid_at, s.timezone from bookings b join payments p on p.booking_id = b.id, business_settings s where b.id = ${paid} and s.id`;
      expect(row!.confirmed_at).toBeNull();

      // QuickBooks is reached eight days later.
      const clock = businessClock(row!.timezone, row!.paid_at);
      const weekLater = new Date(row!.paid_at.getTime() + 8 * 86_400_000);
      await drain(weekLater);
      const invoice = qbo.objects.Invoice.find((x) => x.DocNumber === numbers[0]);
      expect(invoice).toBeDefined();
      expect(clock.dateOf(weekLater)).not.toBe(clock.dateOf(row!.paid_at));
      expect(invoice!.TxnDate).toBe(clock.dateOf(row!.paid_at));
      const payment = qbo.objects.Payment.find((x) => String(x.PrivateNote).startsWith(`Booking ${numbers[0]}: `))!;
      expect(payment.TxnDate).toBe(invoice!.TxnDate);
      // What it owes is what the cancellation kept (the part paid), as for a confirmed booking cancelled:
      // not the whole party, which was called off.
      const [kept] = await db.sql<{ cents: number }[]>`select cancellation_kept_cents as cents from bookings where id = ${paid}`;
      expect(kept!.cents).toBe(1000);
      expect(cents(invoice!.TotalAmt)).toBe(1000);
      expect(cents(payment.TotalAmt)).toBe(1000);
      // Nothing charged, nothing owed: no invoice, nothing queued for it.
      expect(qbo.objects.Invoice.filter((x) => x.DocNumber === numbers[1])).toHaveLength(0);
      expect(await db.sql`select 1 from accounting_queue where booking_id = ${nothing}`).toHaveLength(0);
    }));

  it('credit spent on a hold reaches QuickBooks only once the booking is confirmed: a hold that lapses, its credit given back, sends nothing', async () => {
    await drain();
    const n = nextDay();
    const lapsing = await bookWithCredit('Lena Lapsed', '09:00', '12:00', n);
    const paying = await bookWithCredit('Pia Pays', '14:00', '18:00', n);
    const calling = await bookWithCredit('Cal Calls Off', '10:00', '13:00', nextDay());
    const sentFor = (number: string) => ({
      invoices: qbo.objects.Invoice.filter((x) => x.DocNumber === number),
      payments: qbo.objects.Payment.filter((x) => String(x.PrivateNote).startsWith(`Booking ${number}:`)),
    });

    // Sent while they are holds: the credits' memos, nothing of the bookings (nothing is sold yet).
    await send();
    for (const hold of [lapsing, paying, calling]) expect(sentFor(hold.number)).toEqual({ invoices: [], payments: [] });
    expect(await db.sql`select kind from accounting_queue where booking_id = any(${[lapsing.id, paying.id, calling.id]}::uuid[])`).toEqual([]);
    // A payment the trigger queued before it waited for the confirmation (a database from before
    // migration 20261206153000) waits for the invoice too, rather than making one.
    await db.sql`
      insert into accounting_queue (booking_id, customer_id, kind, rank, source_id, dedupe_key)
      select p.booking_id, ${lapsing.customerId}, 'payment', 2, p.id, 'payment:' || p.id from payments p where p.booking_id = ${lapsing.id}`;
    await send();
    expect(sentFor(lapsing.number)).toEqual({ invoices: [], payments: [] });
    expect(await db.sql`select status, last_error from accounting_queue where booking_id = ${lapsing.id}`).toEqual([
      { status: 'waiting', last_error: 'Waiting for the booking’s invoice (it is sent when the booking is confirmed).' },
    ]);
    // Staff cancel the third, keeping the credit it spent (as for money taken at the desk): its invoice is what was kept.
    const cancelled = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${calling.id}/status`, { cookie: ownerCookie, body: { to: 'cancelled', reason: 'Plans changed' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    // The other pays the rest of its deposit by card: confirmed, its invoice and then its credit's payment.
    await deliver(stripe.complete(paying.session));
    // One hold lapses: the housekeeping run releases it and gives its credit back.
    const later = new Date(lapsing.hold_expires_at.getTime() + 60_000);
    const { releaseExpiredHolds } = await import('../../src/lib/booking/index.server');
    const { returnLapsedCredit } = await import('../../src/lib/credits/index.server');
    expect((await releaseExpiredHolds(db.sql as never, later)).map((r) => r.id)).toContain(lapsing.id);
    expect(await returnLapsedCredit(db.sql as never, later, lapsing.id)).toBe(1);
    const [back] = await db.sql<{ cents: number }[]>`select remaining_cents as cents from customer_credits where customer_id = ${lapsing.customerId}`;
    expect(back!.cents).toBe(1000);
    await drain(later);

    // The lapsed hold left the books as if it never happened: no invoice, no payment, its credit memo whole.
    expect(sentFor(lapsing.number)).toEqual({ invoices: [], payments: [] });
    // (the old payment's item, and the credit's return to credit after it: both nothing to send)
    expect(await db.sql`select kind, status, qbo_id from accounting_queue where booking_id = ${lapsing.id} order by seq`).toEqual([
      { kind: 'payment', status: 'sent', qbo_id: null },
      { kind: 'refund', status: 'sent', qbo_id: null },
    ]);
    const memo = (customerId: string) => db.sql<{ qbo_id: string }[]>`
      select o.qbo_id from accounting_objects o join customer_credits c on o.local_key = 'credit:' || c.id where c.customer_id = ${customerId}`;
    expect(await memo(lapsing.customerId)).toHaveLength(1);
    // The confirmed one: one invoice of its total, and the credit's payment applying its memo to it.
    const [total] = await db.sql<{ total_cents: number }[]>`select total_cents from bookings where id = ${paying.id}`;
    const confirmed = sentFor(paying.number);
    expect(confirmed.invoices).toHaveLength(1);
    expect(cents(confirmed.invoices[0]!.TotalAmt)).toBe(total!.total_cents);
    const creditPayment = confirmed.payments.find((x) => String(x.PrivateNote).endsWith('(credit)'))!;
    expect(creditPayment).toBeDefined();
    const [paidMemo] = await memo(paying.customerId);
    expect(JSON.stringify(creditPayment.Line)).toContain(`"TxnId":"${paidMemo!.qbo_id}"`);
    expect(JSON.stringify(creditPayment.Line)).toContain(`"TxnId":"${confirmed.invoices[0]!.Id}"`);
    // The one called off: an invoice of what was kept (the credit spent), settled by the credit's payment.
    const [kept] = await db.sql<{ cents: number }[]>`select cancellation_kept_cents as cents from bookings where id = ${calling.id}`;
    expect(kept!.cents).toBe(1000);
    const calledOff = sentFor(calling.number);
    expect(calledOff.invoices).toHaveLength(1);
    expect(cents(calledOff.invoices[0]!.TotalAmt)).toBe(1000);
    expect(calledOff.payments).toHaveLength(1);
    expect(JSON.stringify(calledOff.payments[0]!.Line)).toContain(`"TxnId":"${calledOff.invoices[0]!.Id}"`);
  });

  it('a hold that lapses keeping part of its deposit taken by staff sends no invoice: the money is held for the customer until it is refunded', () =>
    withDepositsNotHeld(async () => {
      // Deposits not held: before, such a payment waited for an invoice that never came, and failed.
      const liability = () => qbo.balance(qbo.ids.accounts.liability);
      const heldBefore = liability();
      const hold = await placeHold('Lars Lapsed', '(512) 555-0165');
      const number = hold.number;
      // Staff take part of the deposit by phone while the hold waits for the card payment: not enough to confirm it.
      const part = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${hold!.id}/payments`, { cookie: ownerCookie, body: { amountCents: 1000, method: 'cash', note: 'Part of the deposit by phone' } });
      expect(part.status, JSON.stringify(part.body)).toBe(200);
      expect(part.body.status).toBe('hold');
      const later = new Date(hold!.hold_expires_at.getTime() + 60_000);
      const { releaseExpiredHolds } = await import('../../src/lib/booking/index.server');
      expect((await releaseExpiredHolds(db.sql as never, later)).map((r) => r.id)).toContain(hold!.id);
      await drain(later);

      // Nothing sold: no invoice; the cash is in the bank and owed to the customer.
      expect(qbo.objects.Invoice.filter((x) => x.DocNumber === number)).toHaveLength(0);
      const deposits = qbo.objects.Deposit.filter((x) => String(x.PrivateNote).startsWith(`Booking ${number}:`));
      expect(deposits.map((x) => cents(x.TotalAmt))).toEqual([1000]);
      // Credited to the liability (the double's balances are debit positive).
      expect(liability()).toBe(heldBefore - 1000);
      expect((await queue()).filter((i) => i.booking_id === hold!.id).map((i) => i.status)).toEqual(['sent']);

      // Staff give it back: out of the liability again, nothing left of the booking in the books.
      const [cash] = await db.sql<{ id: string }[]>`select id from payments where booking_id = ${hold!.id} and method = 'cash'`;
      const refunded = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${hold!.id}/refunds`, { cookie: ownerCookie, body: { paymentId: cash!.id, amountCents: 1000, reason: 'The party did not happen' } });
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
      await drain(later);
      expect(liability()).toBe(heldBefore);
      expect(qbo.objects.Invoice.filter((x) => x.DocNumber === number)).toHaveLength(0);
      expect((await queue()).filter((i) => i.booking_id === hold!.id).every((i) => i.status === 'sent')).toBe(true);
    }));

  it('credit spent on a confirmed booking and given back to credit comes off its invoice: in part, then in full; moved into a new credit it stays spent', async () => {
    await drain();
    const r = await bookAndPayDeposit('Rhea Returned');
    const credit = await adminCall(handlers.customers, 'POST', `/api/admin/customers/${r.customer_id}/credits`, {
      cookie: ownerCookie,
      body: { amountCents: 5000, reason: 'goodwill', note: 'Sorry about the wet slide', expiresOn: null },
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    const spent = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${r.id}/credit-payments`, { cookie: ownerCookie, body: { amountCents: 3000 } });
    expect(spent.status, JSON.stringify(spent.body)).toBe(200);
    await drain();
    const [memoRow] = await db.sql<{ qbo_id: string }[]>`
      select o.qbo_id from accounting_objects o join customer_credits c on o.local_key = 'credit:' || c.id where c.customer_id = ${r.customer_id}`;
    const invoice = qbo.objects.Invoice.find((x) => x.DocNumber === r.number)!;
    /** What QuickBooks has applied of the memo to the invoice, in cents, over every payment linking them. */
    const applied = (txnId: string, type: 'Invoice' | 'CreditMemo') =>
      qbo.objects.Payment.filter((x) => String(x.PrivateNote).startsWith(`Booking ${r.number}:`) && String(x.PrivateNote).endsWith('(credit)'))
        .flatMap((x) => x.Line as { Amount: number; LinkedTxn: { TxnId: string; TxnType: string }[] }[])
        .filter((l) => l.LinkedTxn.some((t) => t.TxnId === txnId && t.TxnType === type))
        .reduce((sum, l) => sum + cents(l.Amount), 0);
    expect(applied(memoRow!.qbo_id, 'CreditMemo')).toBe(3000);
    expect(applied(invoice.Id, 'Invoice')).toBe(3000);
    const remaining = async () => (await db.sql<{ cents: number }[]>`select remaining_cents as cents from customer_credits where customer_id = ${r.customer_id}`)[0]!.cents;
    const [creditPayment] = await db.sql<{ id: string }[]>`select id from payments where booking_id = ${r.id} and method = 'credit' and kind <> 'refund'`;

    // Staff give 10.00 of it back to the customer's credit: the site has the credit at 30.00 again and the
    // booking owing 10.00 more, so QuickBooks applies only 20.00 of the memo to the invoice.
    const part = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${r.id}/refunds`, { cookie: ownerCookie, body: { paymentId: creditPayment!.id, amountCents: 1000, reason: 'Part of the credit back' } });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(await remaining()).toBe(3000);
    await drain();
    expect(applied(memoRow!.qbo_id, 'CreditMemo')).toBe(2000);
    expect(applied(invoice.Id, 'Invoice')).toBe(2000);
    // Then the rest (as a cancellation's refund would): the application is gone, the memo wholly open again.
    const rest = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${r.id}/refunds`, { cookie: ownerCookie, body: { paymentId: creditPayment!.id, amountCents: 2000, reason: 'The rest of the credit back' } });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(await remaining()).toBe(5000);
    await drain();
    expect(applied(memoRow!.qbo_id, 'CreditMemo')).toBe(0);
    expect(applied(invoice.Id, 'Invoice')).toBe(0);
    expect(qbo.writes.filter((w) => w.entity === 'Payment' && w.operation === 'delete')).toHaveLength(1);
    // Credit back to the credit it came from is no money moved and no new credit: no refund receipt, no second memo.
    expect(qbo.objects.RefundReceipt.filter((x) => String(x.PrivateNote).includes(r.number))).toHaveLength(0);
    expect(await db.sql`select 1 from accounting_objects o join customer_credits c on o.local_key = 'credit:' || c.id where c.customer_id = ${r.customer_id}`).toHaveLength(1);
    expect((await queue()).filter((i) => i.booking_id === r.id && i.kind !== 'deposit_income').every((i) => i.status === 'sent')).toBe(true);

    // Spent again, then moved into a new credit (a cancellation's credit tier, a rain check): that credit
    // is a memo of its own, as money moved into a credit is, so the first memo stays spent on the invoice.
    const again = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${r.id}/credit-payments`, { cookie: ownerCookie, body: { amountCents: 1500 } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await drain();
    expect(applied(memoRow!.qbo_id, 'CreditMemo')).toBe(1500);
    const { creditFromBooking } = await import('../../src/lib/credits/index.server');
    await db.sql.begin(async (tx) => {
      const [locked] = await tx<{ id: string; customer_id: string; amount_paid_cents: number }[]>`select id, customer_id, amount_paid_cents from bookings where id = ${r.id} for update`;
      // Only the credit payment (the newest money) is moved: the card deposit came first and is left.
      const [cardPaid] = await tx<{ cents: number }[]>`select coalesce(sum(amount_cents), 0)::int as cents from payments where booking_id = ${r.id} and method <> 'credit' and kind <> 'refund'`;
      await tx`update payments set created_at = created_at - interval '1 day' where booking_id = ${r.id} and method = 'credit' and kind <> 'refund' and amount_cents = 1500`;
      expect(locked!.amount_paid_cents - cardPaid!.cents).toBe(1500);
      await creditFromBooking(tx as never, locked!, 1500, { reason: 'rain_check', note: 'Rained out', expiresOn: null, issuedBy: null }, new Date());
    });
    await drain();
    expect(applied(memoRow!.qbo_id, 'CreditMemo')).toBe(1500);
    const memos = await db.sql<{ amount_cents: number }[]>`
      select o.amount_cents from accounting_objects o join customer_credits c on o.local_key = 'credit:' || c.id where c.customer_id = ${r.customer_id} order by c.created_at`;
    expect(memos.map((m) => m.amount_cents)).toEqual([5000, 1500]);
    expect((await queue()).filter((i) => i.booking_id === r.id && i.kind !== 'deposit_income').every((i) => i.status === 'sent')).toBe(true);
  });

  it('credit a hold spent and partly got back before the booking was sold is applied net: its return sent nothing of its own', async () => {
    await drain();
    const hold = await bookWithCredit('Nina Net', '08:00', '11:00', nextDay());
    const [creditPayment] = await db.sql<{ id: string }[]>`select id from payments where booking_id = ${hold.id} and method = 'credit'`;
    const back = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${hold.id}/refunds`, { cookie: ownerCookie, body: { paymentId: creditPayment!.id, amountCents: 400, reason: 'Part of the credit back' } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    // Still a hold: nothing of it is queued, the return to credit neither.
    expect(await db.sql`select kind from accounting_queue where booking_id = ${hold.id}`).toEqual([]);
    // Staff cancel it keeping what was paid (the 6.00 of credit still spent): sold for that much.
    const cancelled = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${hold.id}/status`, { cookie: ownerCookie, body: { to: 'cancelled', reason: 'Plans changed' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await drain();
    const invoice = qbo.objects.Invoice.find((x) => x.DocNumber === hold.number)!;
    expect(cents(invoice.TotalAmt)).toBe(600);
    const [payment] = qbo.objects.Payment.filter((x) => String(x.PrivateNote).startsWith(`Booking ${hold.number}:`));
    const lines = payment!.Line as { Amount: number; LinkedTxn: { TxnType: string }[] }[];
    expect(lines.map((l) => [l.LinkedTxn[0]!.TxnType, cents(l.Amount)])).toEqual([['Invoice', 600], ['CreditMemo', 600]]);
    expect((await queue()).filter((i) => i.booking_id === hold.id && i.kind !== 'deposit_income').every((i) => i.status === 'sent')).toBe(true);
  });

  it('what is left of a credit when it expires, or when staff void it, is written off in QuickBooks: an invoice of it with the memo applied, so no credit stays open there', async () => {
    await drain();
    const x = await bookAndPayDeposit('Ona Forfeit');
    const issue = async (body: Record<string, unknown>) => {
      const answer = await adminCall(handlers.customers, 'POST', `/api/admin/customers/${x.customer_id}/credits`, { cookie: ownerCookie, body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const [row] = await db.sql<{ id: string }[]>`select id from customer_credits where customer_id = ${x.customer_id} order by created_at desc, id limit 1`;
      return row!.id;
    };
    const memoOf = async (creditId: string) => {
      const [row] = await db.sql<{ qbo_id: string }[]>`select qbo_id from accounting_objects where local_key = ${`credit:${creditId}`}`;
      return qbo.objects.CreditMemo.find((m) => m.Id === row!.qbo_id)!;
    };
    /** The invoices that wrote off a credit of this customer (no booking's: no DocNumber). */
    const writeOffs = () => qbo.objects.Invoice.filter((i) => i.DocNumber === undefined && ref(i.CustomerRef) === ref(qbo.objects.Invoice.find((b) => b.DocNumber === x.number)!.CustomerRef));
    const ref = (value: unknown) => (value as { value: string }).value;

    // A credit of 50.00 with its last day three days ahead, 20.00 of it spent on the booking.
    const lastDay = futureDate(3);
    const expiring = await issue({ amountCents: 5000, reason: 'goodwill', note: 'Sorry about the late delivery', expiresOn: lastDay });
    const spent = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${x.id}/credit-payments`, { cookie: ownerCookie, body: { amountCents: 2000 } });
    expect(spent.status, JSON.stringify(spent.body)).toBe(200);
    await drain();
    expect(cents((await memoOf(expiring)).RemainingCredit)).toBe(3000);
    expect(writeOffs()).toEqual([]);

    // Its last day passes: the site can no longer spend the 30.00 left, so QuickBooks must not keep it open.
    const after = new Date(Date.now() + 6 * 86_400_000);
    await send(after);
    const forfeits = () => db.sql<{ id: string; status: string; last_error: string | null }[]>`select id, status, last_error from accounting_queue where kind = 'credit_forfeit' and source_id = ${expiring}`;
    // The owner has not said where forfeited credit goes yet: it waits, failed with the reason, and nothing is written.
    const [waiting] = await forfeits();
    expect(waiting).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/Choose the item for expired store credit/) });
    expect(writeOffs()).toEqual([]);
    const [connection] = await db.sql<{ mapping: Record<string, unknown> }[]>`select mapping from accounting_connections`;
    const mapped = await owner('PUT', '/api/admin/accounting/mapping', { mapping: { ...connection!.mapping, expiredCreditItem: qbo.ids.incomeItems.expiredCredit }, deferDeposits: true });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
    expect((await owner('POST', `/api/admin/accounting/items/${waiting!.id}/retry`)).status).toBe(200);
    await drain(after);
    expect((await forfeits()).map((f) => f.status)).toEqual(['sent']);

    // An invoice of the 30.00 on the expired credit item, dated its last day, with the memo applied to it by a zero payment.
    const [breakage] = writeOffs();
    expect(cents(breakage!.TotalAmt)).toBe(3000);
    expect(breakage!.TxnDate).toBe(lastDay);
    const line = (breakage!.Line as { SalesItemLineDetail: { ItemRef: { value: string } } }[])[0]!;
    expect(line.SalesItemLineDetail.ItemRef.value).toBe(qbo.ids.incomeItems.expiredCredit);
    expect(cents(breakage!.Balance)).toBe(0);
    expect(cents((await memoOf(expiring)).RemainingCredit)).toBe(0);
    const application = qbo.objects.Payment.find((p) => (p.Line as { LinkedTxn: { TxnId: string; TxnType: string }[] }[]).some((l) => l.LinkedTxn.some((t) => t.TxnType === 'Invoice' && t.TxnId === breakage!.Id)))!;
    expect(cents(application.TotalAmt)).toBe(0);
    expect((application.Line as { Amount: number; LinkedTxn: { TxnId: string; TxnType: string }[] }[]).map((l) => [l.LinkedTxn[0]!.TxnType, cents(l.Amount)])).toEqual([['Invoice', 3000], ['CreditMemo', 3000]]);
    // Once: later runs find it written off.
    const writes = qbo.writes.length;
    await drain(new Date(after.getTime() + 86_400_000));
    expect(qbo.writes.length).toBe(writes);

    // Staff void a credit of 25.00, none of it spent: written off on the adjustments item its memo used, dated the void's day.
    const voided = await issue({ amountCents: 2500, reason: 'goodwill', note: 'Given to the wrong customer', expiresOn: null });
    await drain();
    const voiding = await adminCall(handlers.customers, 'POST', `/api/admin/customers/${x.customer_id}/credits/${voided}/void`, { cookie: ownerCookie, body: { reason: 'Given to the wrong customer' } });
    expect(voiding.status, JSON.stringify(voiding.body)).toBe(200);
    await drain();
    const [settings] = await db.sql<{ timezone: string }[]>`select timezone from business_settings`;
    const [voidedAt] = await db.sql<{ voided_at: Date }[]>`select voided_at from customer_credits where id = ${voided}`;
    const undone = writeOffs().find((i) => i.Id !== breakage!.Id)!;
    expect(cents(undone.TotalAmt)).toBe(2500);
    expect(undone.TxnDate).toBe(businessClock(settings!.timezone).dateOf(voidedAt!.voided_at));
    expect((undone.Line as { SalesItemLineDetail: { ItemRef: { value: string } } }[])[0]!.SalesItemLineDetail.ItemRef.value).toBe(qbo.ids.incomeItems.adjustments);
    expect(cents((await memoOf(voided)).RemainingCredit)).toBe(0);
    expect(cents(undone.Balance)).toBe(0);
    expect((await queue()).filter((i) => i.kind === 'credit_forfeit').every((i) => i.status === 'sent')).toBe(true);
  });

  it('after two customers are merged, the removed one’s booking and credits keep its QuickBooks customer: paid, spent, refunded, voided; credit spent by the kept one moves there first', async () => {
    await drain();
    const removed = await bookAndPayDeposit('Mae Merged');
    const kept = await bookAndPayDeposit('Kit Kept');
    const issue = async (customerId: string, amountCents: number) => {
      const answer = await adminCall(handlers.customers, 'POST', `/api/admin/customers/${customerId}/credits`, { cookie: ownerCookie, body: { amountCents, reason: 'goodwill', note: 'Sorry about the late setup', expiresOn: null } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const [row] = await db.sql<{ id: string }[]>`select id from customer_credits where customer_id = ${customerId} order by created_at desc, id limit 1`;
      return row!.id;
    };
    const ref = (value: unknown) => (value as { value: string }).value;
    const stored = async (key: string) => (await db.sql<{ qbo_id: string }[]>`select qbo_id from accounting_objects where local_key = ${key}`)[0]?.qbo_id;
    const memoOf = async (creditId: string) => {
      const id = await stored(`credit:${creditId}`);
      return qbo.objects.CreditMemo.find((m) => m.Id === id)!;
    };
    type Linked = { Amount: number; LinkedTxn: { TxnId: string; TxnType: string }[] }[];
    const linking = (type: string, id: string) => qbo.objects.Payment.filter((p) => (p.Line as Linked).some((l) => l.LinkedTxn.some((t) => t.TxnType === type && t.TxnId === id)));
    // Two credits of the removed customer, their memos sent, and a third issued just before the merge, still waiting.
    const voiding = await issue(removed.customer_id, 2000);
    const moving = await issue(removed.customer_id, 3000);
    await drain();
    // QuickBooks down when it is issued: its memo waits in the queue, queued for the removed customer.
    qbo.failEntity('CreditMemo', { kind: '503' });
    const waiting = await issue(removed.customer_id, 1000);
    expect(await db.sql`select status from accounting_queue where source_id = ${waiting} and customer_id = ${removed.customer_id}`).toEqual([{ status: 'waiting' }]);
    const removedQbo = (await stored(`customer:${removed.customer_id}`))!;
    const keptQbo = (await stored(`customer:${kept.customer_id}`))!;
    expect(removedQbo).not.toBe(keptQbo);
    const oldMemo = (await memoOf(moving)).Id;

    const merged = await adminCall(handlers.customers, 'POST', `/api/admin/customers/${kept.customer_id}/merge`, { cookie: ownerCookie, body: { from: removed.customer_id } });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    await drain();
    // The credit that was waiting was not lost with the removed customer: its memo is the kept one's.
    expect(ref((await memoOf(waiting)).CustomerRef)).toBe(keptQbo);

    // On the moved booking, now the kept customer's on the site: credit spent, a payment at the desk with
    // deposits not held (applied to the invoice), part of the card deposit refunded (out of the liability).
    const spent = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${removed.id}/credit-payments`, { cookie: ownerCookie, body: { amountCents: 500 } });
    expect(spent.status, JSON.stringify(spent.body)).toBe(200);
    await db.sql`update accounting_connections set defer_deposits = false`;
    const paid = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${removed.id}/payments`, { cookie: ownerCookie, body: { amountCents: 1000, method: 'cash', note: '' } });
    await db.sql`update accounting_connections set defer_deposits = true`;
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [deposit] = await db.sql<{ id: string }[]>`select id from payments where booking_id = ${removed.id} and kind = 'deposit' and method = 'stripe'`;
    const refunded = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${removed.id}/refunds`, { cookie: ownerCookie, body: { paymentId: deposit!.id, amountCents: 700, reason: 'Goodwill' } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    // What is left of the first credit voided: written off against its memo.
    const voided = await adminCall(handlers.customers, 'POST', `/api/admin/customers/${kept.customer_id}/credits/${voiding}/void`, { cookie: ownerCookie, body: { reason: 'Given twice' } });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    // The kept customer's own booking spends the rest: the moved memo, and the one that waited.
    const across = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${kept.id}/credit-payments`, { cookie: ownerCookie, body: { amountCents: 4000 } });
    expect(across.status, JSON.stringify(across.body)).toBe(200);
    await drain();

    const items = await db.sql<{ kind: string; status: string; last_error: string | null }[]>`
      select kind, status, last_error from accounting_queue where booking_id in (${removed.id}, ${kept.id}) or customer_id = ${kept.customer_id} or source_id in (${voiding}, ${moving}, ${waiting})`;
    expect(items.filter((i) => i.status !== 'sent' && i.kind !== 'deposit_income')).toEqual([]);

    // Everything of the moved booking names the removed customer's record, as its invoice does.
    const invoice = qbo.objects.Invoice.find((x) => x.DocNumber === removed.number)!;
    expect(ref(invoice.CustomerRef)).toBe(removedQbo);
    const onInvoice = linking('Invoice', invoice.Id);
    expect(onInvoice).toHaveLength(2);
    expect(onInvoice.map((p) => ref(p.CustomerRef))).toEqual([removedQbo, removedQbo]);
    const entry = qbo.objects.JournalEntry.find((j) => String(j.PrivateNote).includes(removed.number))!;
    const entities = (entry.Line as { JournalEntryLineDetail: { Entity?: { EntityRef: { value: string } } } }[]).map((l) => l.JournalEntryLineDetail.Entity?.EntityRef.value);
    expect(entities).toEqual([removedQbo, removedQbo]);
    expect(cents(invoice.Balance)).toBe(cents(invoice.TotalAmt) - 1500);

    // The voided credit's 15.00 written off on its memo's customer; the memo closed.
    expect(ref((await memoOf(voiding)).CustomerRef)).toBe(removedQbo);
    expect(cents((await memoOf(voiding)).RemainingCredit)).toBe(0);
    const voidedMemo = (await memoOf(voiding)).Id;
    const writeOff = qbo.objects.Invoice.find((i) => String(i.PrivateNote).includes(`credit memo ${voidedMemo}`))!;
    expect([ref(writeOff.CustomerRef), cents(writeOff.TotalAmt), cents(writeOff.Balance)]).toEqual([removedQbo, 1500, 0]);

    // The credit spent by the kept customer's booking moved first: an invoice of it on the removed
    // customer's record with the old memo applied (closed), a memo of it on the kept one's (the same
    // adjustments item both ways: no income), then applied with the other credit to the kept invoice.
    const old = qbo.objects.CreditMemo.find((m) => m.Id === oldMemo)!;
    expect([ref(old.CustomerRef), cents(old.RemainingCredit)]).toEqual([removedQbo, 0]);
    const moved = await memoOf(moving);
    expect(moved.Id).not.toBe(oldMemo);
    expect([ref(moved.CustomerRef), cents(moved.TotalAmt), cents(moved.RemainingCredit)]).toEqual([keptQbo, 3000, 0]);
    const transfer = qbo.objects.Invoice.find((i) => linking('Invoice', i.Id).some((p) => (p.Line as Linked).some((l) => l.LinkedTxn[0]!.TxnId === oldMemo)))!;
    expect([ref(transfer.CustomerRef), cents(transfer.TotalAmt), cents(transfer.Balance)]).toEqual([removedQbo, 3000, 0]);
    const itemOf = (x: Record<string, unknown>) => (x.Line as { SalesItemLineDetail: { ItemRef: { value: string } } }[])[0]!.SalesItemLineDetail.ItemRef.value;
    expect([itemOf(transfer), itemOf(moved)]).toEqual([qbo.ids.incomeItems.adjustments, qbo.ids.incomeItems.adjustments]);
    const keptInvoice = qbo.objects.Invoice.find((x) => x.DocNumber === kept.number)!;
    const [application] = linking('Invoice', keptInvoice.Id);
    expect(ref(application!.CustomerRef)).toBe(keptQbo);
    // The party's day: the deposits held for the moved booking move to income for the customer they were held for.
    const [party] = await db.sql<{ event_start: Date }[]>`select event_start from bookings where id = ${removed.id}`;
    await drain(new Date(party!.event_start.getTime() + 86_400_000));
    const earned = qbo.objects.JournalEntry.find((j) => j.DocNumber === `D-${removed.number}`)!;
    expect((earned.Line as { JournalEntryLineDetail: { Entity?: { EntityRef: { value: string } } } }[]).map((l) => l.JournalEntryLineDetail.Entity?.EntityRef.value)).toEqual([removedQbo, removedQbo]);

    const [toInvoice, ...fromMemos] = (application!.Line as Linked).map((l) => [l.LinkedTxn[0]!.TxnId, cents(l.Amount)]);
    expect(toInvoice).toEqual([keptInvoice.Id, 4000]);
    expect(fromMemos).toEqual(expect.arrayContaining([[moved.Id, 3000], [(await memoOf(waiting)).Id, 1000]]));
    expect(fromMemos).toHaveLength(2);
  });
});

describe('a cancellation that keeps nothing while payments are applied to the invoice (QuickBooks will not void it)', () => {
  const invoiceOf = (number: string) => qbo.objects.Invoice.find((x) => x.DocNumber === number)!;
  const itemsOf = (bookingId: string) => db.sql<{ kind: string; status: string; last_error: string | null }[]>`
    select kind, status, last_error from accounting_queue where booking_id = ${bookingId} and kind <> 'deposit_income' order by seq`;
  /** The customer cancels on their booking's own page, expecting what the policy gives back now. */
  async function cancelOnline(bookingId: string, expected: 'refund' | 'credit') {
    const [row] = await db.sql<{ number: string; manage_token: string }[]>`select number, manage_token from bookings where id = ${bookingId}`;
    const done = await call(handlers.manage, 'POST', '/api/manage-booking/cancel', { bookingNumber: row!.number, key: row!.manage_token, expected }, { 'x-test-ip': '198.51.106.1' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return done.body as { outcome: { refundCents: number; creditCents: number; keptCents: number } };
  }
  /** A booking part paid from a credit of 10.00 and the rest of its deposit by card: confirmed, the credit's memo applied to its invoice (and the card's payment, deposits not held). */
  async function confirmedWithCredit(name: string, start: string, end: string, depositsHeld = true) {
    const hold = await bookWithCredit(name, start, end, nextDay());
    await deliver(stripe.complete(hold.session));
    const [row] = await db.sql<{ status: string; amount_paid_cents: number }[]>`select status, amount_paid_cents from bookings where id = ${hold.id}`;
    expect(row!.status).toBe('confirmed');
    await drain();
    expect(cents(invoiceOf(hold.number).Balance)).toBe(cents(invoiceOf(hold.number).TotalAmt) - (depositsHeld ? 1000 : row!.amount_paid_cents));
    return { ...hold, paid: row!.amount_paid_cents };
  }
  const memoOf = async (customerId: string, order: 'first' | 'last' = 'first') => {
    const rows = await db.sql<{ qbo_id: string }[]>`
      select o.qbo_id from accounting_objects o join customer_credits c on o.local_key = 'credit:' || c.id where c.customer_id = ${customerId} order by c.created_at, c.id`;
    const row = order === 'first' ? rows[0] : rows.at(-1);
    return qbo.objects.CreditMemo.find((m) => m.Id === row!.qbo_id)!;
  };

  it('deposits not held, the deposit paid by card, the customer cancels for a full refund: the invoice stays at what was paid, the refund takes it back out of income, nothing is stuck', () =>
    withDepositsNotHeld(async () => {
      const before = ledger();
      const n = await bookAndPayDeposit('Nia Nothing Kept');
      await drain();
      // The card deposit is a Payment applied to the invoice.
      expect(cents(invoiceOf(n.number).Balance)).toBe(n.total_cents - n.amount_paid_cents);

      const cancelled = await cancelOnline(n.id, 'refund');
      expect(cancelled.outcome).toMatchObject({ keptCents: 0, refundCents: n.amount_paid_cents });
      await send();
      // The cancellation and the refund queued after it both went (the refund used to wait behind a refused void).
      expect(await itemsOf(n.id), JSON.stringify(await itemsOf(n.id))).toEqual(
        expect.arrayContaining([expect.objectContaining({ kind: 'cancellation', status: 'sent' }), expect.objectContaining({ kind: 'refund', status: 'sent' })]),
      );
      expect((await itemsOf(n.id)).every((i) => i.status === 'sent')).toBe(true);
      // The invoice is one line of what was paid, settled by the payment; not voided.
      const invoice = invoiceOf(n.number);
      expect(invoice.Voided).toBeUndefined();
      expect(cents(invoice.TotalAmt)).toBe(n.amount_paid_cents);
      expect(cents(invoice.Balance)).toBe(0);
      const lines = invoice.Line as { Description: string; SalesItemLineDetail: { ItemRef: { value: string } } }[];
      expect(lines).toHaveLength(1);
      expect(lines[0]!.Description).toMatch(/cancelled booking.*paid.*refunded or moved to credit/i);
      expect(lines[0]!.SalesItemLineDetail.ItemRef.value).toBe(qbo.ids.incomeItems.adjustments);
      const receipts = qbo.objects.RefundReceipt.filter((x) => String(x.PrivateNote).includes(n.number));
      expect(receipts.map((x) => cents(x.TotalAmt))).toEqual([n.amount_paid_cents]);
      // Nothing sold, nothing owed, the money back out: income, A/R and the card payments' account as before.
      expect(since(before)).toEqual({ income: 0, breakage: 0, receivable: 0, undeposited: 0, bank: 0, liability: 0 });
    }));

  it('credit spent on a confirmed booking, then the booking cancelled into a new credit: the invoice stays at the credit applied, the customer holds the new credit', async () => {
    await drain();
    const [policy] = await db.sql<{ days: number }[]>`select cancellation_refund_days as days from business_settings`;
    // The party is weeks away: inside a year, so the policy's credit tier.
    await db.sql`update business_settings set cancellation_refund_days = 365 where id`;
    try {
      const before = ledger();
      const m = await confirmedWithCredit('Mo Moved', '12:00', '15:00');
      const cancelled = await cancelOnline(m.id, 'credit');
      expect(cancelled.outcome).toMatchObject({ keptCents: 0, refundCents: 0, creditCents: m.paid });
      await drain();
      expect((await itemsOf(m.id)).every((i) => i.status === 'sent'), JSON.stringify(await itemsOf(m.id))).toBe(true);
      // The first memo stays spent on the invoice, now one line of all that was paid: that 10.00 and the card
      // deposit, which its journal entry moved out of the liability to A/R (deposits are held) and applied to
      // it, so nothing is open on it; the new credit is a memo of its own.
      const invoice = invoiceOf(m.number);
      expect(invoice.Voided).toBeUndefined();
      expect(cents(invoice.TotalAmt)).toBe(m.paid);
      expect(cents(invoice.Balance)).toBe(0);
      expect(qbo.objects.JournalEntry.filter((x) => x.DocNumber === `D-${m.number}`).map((x) => cents((x.Line as { Amount: number }[])[0]!.Amount))).toEqual([m.paid - 1000]);
      expect(cents((await memoOf(m.customerId, 'first')).RemainingCredit)).toBe(0);
      expect(cents((await memoOf(m.customerId, 'last')).RemainingCredit)).toBe(m.paid);
      // What the customer is owed in QuickBooks is the new credit, nothing more, nothing less, and nothing is left held.
      expect(since(before)).toMatchObject({ receivable: -m.paid, liability: 0 });
    } finally {
      await db.sql`update business_settings set cancellation_refund_days = ${policy!.days} where id`;
    }
  });

  it('credit given back to the credit it came from after the cancellation was queued: the invoice is not left owing it', async () => {
    await drain();
    // The customer cancels for a full refund: the card part through Stripe, the credit back to the credit,
    // both queued after the cancellation, so the cancellation is sent while the credit is still applied.
    const before = ledger();
    const r = await confirmedWithCredit('Rio Refunded', '13:00', '16:00');
    const cancelled = await cancelOnline(r.id, 'refund');
    expect(cancelled.outcome).toMatchObject({ keptCents: 0, refundCents: r.paid });
    const kinds = await db.sql<{ kind: string }[]>`select kind from accounting_queue where booking_id = ${r.id} and kind in ('cancellation', 'refund') order by seq`;
    expect(kinds.map((k) => k.kind)).toEqual(['cancellation', 'refund', 'refund']);
    await drain();
    expect((await itemsOf(r.id)).every((i) => i.status === 'sent'), JSON.stringify(await itemsOf(r.id))).toBe(true);
    // Nothing applied any more: voided, the memo wholly open again, the customer holding just that credit.
    const invoice = invoiceOf(r.number);
    expect(invoice.Voided).toBe(true);
    expect(cents(invoice.Balance)).toBe(0);
    expect(cents((await memoOf(r.customerId)).RemainingCredit)).toBe(1000);
    expect(since(before)).toMatchObject({ receivable: -1000, undeposited: 0, liability: 0 });

    // Staff cancel another keeping all that was paid (sent at once), and give its credit back a day later:
    // the invoice comes down by it, so it does not owe what is the customer's credit again.
    const beforeKept = ledger();
    const k = await confirmedWithCredit('Kai Kept', '14:00', '17:00');
    const staffCancel = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${k.id}/status`, { cookie: ownerCookie, body: { to: 'cancelled', reason: 'Plans changed' } });
    expect(staffCancel.status, JSON.stringify(staffCancel.body)).toBe(200);
    await drain();
    expect(cents(invoiceOf(k.number).TotalAmt)).toBe(k.paid);
    const [creditPayment] = await db.sql<{ id: string }[]>`select id from payments where booking_id = ${k.id} and method = 'credit' and kind <> 'refund'`;
    const back = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${k.id}/refunds`, { cookie: ownerCookie, body: { paymentId: creditPayment!.id, amountCents: 1000, reason: 'Goodwill back' } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await drain();
    expect((await itemsOf(k.id)).every((i) => i.status === 'sent'), JSON.stringify(await itemsOf(k.id))).toBe(true);
    expect(cents(invoiceOf(k.number).TotalAmt)).toBe(k.paid - 1000);
    expect(cents((await memoOf(k.customerId)).RemainingCredit)).toBe(1000);
    // The card deposit kept is income (out of the liability), the credit is the customer's again: A/R holds only that.
    expect(since(beforeKept)).toMatchObject({ receivable: -1000, liability: 0 });
  });

  it('the same with the invoice in a period closed in QuickBooks: the cancellation, and the credit given back after it, are credit memos dated in the open period, the invoice left as it was', () =>
    withDepositsNotHeld(async () => {
      const before = ledger();
      const c = await confirmedWithCredit('Cy Closed', '15:00', '18:00', false);
      const [settings] = await db.sql<{ timezone: string }[]>`select timezone from business_settings`;
      const today = businessClock(settings!.timezone, new Date()).today();
      const invoice = invoiceOf(c.number);
      const total = cents(invoice.TotalAmt);
      // An invoice of last period (dated yesterday in QuickBooks), the books closed through it; the payments
      // applied to it (today) are in the open period.
      invoice.TxnDate = addDays(today, -1);
      qbo.closeBooks(addDays(today, -1));
      try {
        const cancelled = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${c.id}/status`, { cookie: ownerCookie, body: { to: 'cancelled', reason: 'Plans changed' } });
        expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
        await drain();
        const [creditPayment] = await db.sql<{ id: string }[]>`select id from payments where booking_id = ${c.id} and method = 'credit' and kind <> 'refund'`;
        const back = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${c.id}/refunds`, { cookie: ownerCookie, body: { paymentId: creditPayment!.id, amountCents: 1000, reason: 'Goodwill back' } });
        expect(back.status, JSON.stringify(back.body)).toBe(200);
        await drain();
        expect((await itemsOf(c.id)).every((i) => i.status === 'sent'), JSON.stringify(await itemsOf(c.id))).toBe(true);
      } finally {
        qbo.closeBooks(null);
      }
      // The invoice as it was; a memo of all but what was paid, then one of the credit given back, both applied to it.
      expect([cents(invoice.TotalAmt), cents(invoice.Balance)]).toEqual([total, 0]);
      const memos = qbo.objects.CreditMemo.filter((m) => String(m.PrivateNote).startsWith(`Booking ${c.number} cancelled`));
      expect(memos.map((m) => [m.TxnDate, cents(m.TotalAmt), cents(m.RemainingCredit)])).toEqual([
        [today, total - c.paid, 0],
        [today, 1000, 0],
      ]);
      expect(cents((await memoOf(c.customerId)).RemainingCredit)).toBe(1000);
      // The card deposit kept is income, the credit is the customer's again: A/R holds only that.
      expect(since(before)).toMatchObject({ receivable: -1000, liability: 0 });
    }));

  it('nothing applied to the invoice (the deposit held in the liability): a cancellation that keeps nothing still voids it', async () => {
    await drain();
    const before = ledger();
    const v = await bookAndPayDeposit('Vic Voided');
    await drain();
    await cancelOnline(v.id, 'refund');
    await drain();
    expect((await itemsOf(v.id)).every((i) => i.status === 'sent'), JSON.stringify(await itemsOf(v.id))).toBe(true);
    expect(invoiceOf(v.number).Voided).toBe(true);
    expect(qbo.writes.filter((w) => w.entity === 'Invoice' && w.id === invoiceOf(v.number).Id).map((w) => w.operation)).toEqual(['create', 'void']);
    expect(since(before)).toEqual({ income: 0, breakage: 0, receivable: 0, undeposited: 0, bank: 0, liability: 0 });
  });
});

describe('deposits moved into a credit, and cancellations that keep less than was paid: the books net out', () => {
  const invoiceOf = (number: string) => qbo.objects.Invoice.find((x) => x.DocNumber === number)!;
  const itemsOf = (bookingId: string) => db.sql<{ kind: string; status: string; last_error: string | null }[]>`
    select kind, status, last_error from accounting_queue where booking_id = ${bookingId} order by seq`;
  const allSent = async (bookingId: string) => expect((await itemsOf(bookingId)).every((i) => i.status === 'sent'), JSON.stringify(await itemsOf(bookingId))).toBe(true);
  async function cancelOnline(bookingId: string, expected: 'refund' | 'credit' | 'none') {
    const [row] = await db.sql<{ number: string; manage_token: string }[]>`select number, manage_token from bookings where id = ${bookingId}`;
    const done = await call(handlers.manage, 'POST', '/api/manage-booking/cancel', { bookingNumber: row!.number, key: row!.manage_token, expected }, { 'x-test-ip': '198.51.107.1' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return done.body as { outcome: { refundCents: number; creditCents: number; keptCents: number } };
  }
  /** The policy's tiers for these parties (weeks away): `credit` inside a year, `none` inside a year of hours too. */
  async function withPolicy(tier: 'credit' | 'none', run: () => Promise<void>) {
    const [policy] = await db.sql<{ days: number; hours: number }[]>`select cancellation_refund_days as days, cancellation_credit_hours as hours from business_settings`;
    await db.sql`update business_settings set cancellation_refund_days = 365, cancellation_credit_hours = ${tier === 'none' ? 8760 : 0} where id`;
    try {
      await run();
    } finally {
      await db.sql`update business_settings set cancellation_refund_days = ${policy!.days}, cancellation_credit_hours = ${policy!.hours} where id`;
    }
  }

  it('deposits held, the card deposit moved into a credit by the customer’s cancellation: it leaves the liability, the customer holds the credit; spending it and getting it back later nets out too', async () => {
    await drain();
    const before = ledger();
    const c = await bookAndPayDeposit('Cyd Credited');
    await drain();
    expect(since(before)).toMatchObject({ liability: -c.amount_paid_cents, undeposited: c.amount_paid_cents });
    await withPolicy('credit', async () => {
      const cancelled = await cancelOnline(c.id, 'credit');
      expect(cancelled.outcome).toMatchObject({ keptCents: 0, refundCents: 0, creditCents: c.amount_paid_cents });
    });
    await drain();
    await allSent(c.id);
    // Nothing sold, the card money in the bank, the liability cleared, and the customer holds the credit (A/R).
    expect(since(before)).toEqual({ income: 0, receivable: -c.amount_paid_cents, undeposited: c.amount_paid_cents, bank: 0, liability: 0, breakage: 0 });
    const [memoRow] = await db.sql<{ id: string; qbo_id: string }[]>`
      select c.id, o.qbo_id from customer_credits c join accounting_objects o on o.local_key = 'credit:' || c.id where c.source_booking_id = ${c.id}`;
    const memo = () => qbo.objects.CreditMemo.find((m) => m.Id === memoRow!.qbo_id)!;
    expect(cents(memo().RemainingCredit)).toBe(c.amount_paid_cents);

    // The customer spends the credit on their next party, then cancels it for a full refund (the credit back to it).
    const [customer] = await db.sql<{ email: string; name: string; phone: string }[]>`select email, name, phone from customers where id = ${c.customer_id}`;
    const from = { 'x-test-ip': '198.51.107.2' };
    expect((await call(handlers.creditCode, 'POST', '/api/credit-code', { email: customer!.email }, from)).status).toBe(202);
    const [mail] = await db.sql<{ subject: string }[]>`select subject from outbound_emails where template = 'credit-code' and to_address = ${customer!.email} order by created_at desc limit 1`;
    const proved = await call(handlers.creditCode, 'POST', '/api/credit-code/verify', { email: customer!.email, code: /(\d{6})$/.exec(mail!.subject)![1] }, from);
    expect(proved.status, JSON.stringify(proved.body)).toBe(200);
    const next = await call(handlers.bookings, 'POST', '/api/bookings', {
      items: [{ product: 'mega-20x20-bounce-house', quantity: 1 }],
      event: { date: futureDate(nextDay()), start: '11:00', end: '17:00' },
      customer: { name: customer!.name, email: customer!.email, phone: customer!.phone },
      address: { line1: '5 Ledger Ave', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      acceptTerms: true,
      creditGrant: proved.body.grant,
    }, from);
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(next.body.creditAppliedCents).toBeGreaterThan(0);
    if (next.body.payment.url) await deliver(stripe.complete(next.body.payment.url.split('/pay/')[1] as string));
    const [second] = await db.sql<{ id: string; status: string }[]>`select id, status from bookings where number = ${next.body.bookingNumber}`;
    expect(second!.status).toBe('confirmed');
    await drain();
    expect(cents(memo().RemainingCredit)).toBe(c.amount_paid_cents - next.body.creditAppliedCents);
    const cancelled = await cancelOnline(second!.id, 'refund');
    expect(cancelled.outcome.keptCents).toBe(0);
    await drain();
    await allSent(second!.id);
    expect(cents(memo().RemainingCredit)).toBe(c.amount_paid_cents);
    // As after the first cancellation: the second party's card money (if any) went back, the credit is the customer's again.
    expect(since(before)).toEqual({ income: 0, receivable: -c.amount_paid_cents, undeposited: c.amount_paid_cents, bank: 0, liability: 0, breakage: 0 });
  });

  it('deposits held, rain checks keep what was paid as a credit: answered before the party’s day, or after its deposits moved to A/R, the liability is cleared and the customer holds the credit', async () => {
    const dayFn: Handler = (await import('../../netlify/functions/admin-day')).default;
    const rainCheckFn: Handler = (await import('../../netlify/functions/rain-check')).default;
    async function rainedOut(name: string) {
      const booking = await bookAndPayDeposit(name);
      const date = booking.date;
      await drain();
      const res = await adminCall(dayFn, 'POST', '/api/admin/day/rain-outs', { cookie: ownerCookie, body: { date, bookingIds: [booking.id], offers: ['credit', 'refund'] } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return booking;
    }
    async function keepAsCredit(booking: { id: string; number: string }) {
      const [offer] = await db.sql<{ answer_token: string }[]>`select answer_token from rain_out_offers where booking_id = ${booking.id}`;
      const answered = await call(rainCheckFn, 'POST', '/api/rain-check/answer', { bookingNumber: booking.number, key: offer!.answer_token, answer: 'credit' });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    }
    await drain();

    const before = ledger();
    const early = await rainedOut('Rae Early');
    await keepAsCredit(early);
    await drain();
    await allSent(early.id);
    expect(since(before)).toEqual({ income: 0, receivable: -early.amount_paid_cents, undeposited: early.amount_paid_cents, bank: 0, liability: 0, breakage: 0 });

    const beforeLate = ledger();
    const late = await rainedOut('Lou Late');
    // The party's day comes (only this booking's: the sender's own clock moved on would move every
    // party's deposits) and its deposits move to A/R before the customer answers, as a rain-out on the day does.
    await db.sql`update accounting_queue set not_before = now() where dedupe_key = ${`deposit_income:${late.id}`}`;
    await drain();
    expect(since(beforeLate)).toMatchObject({ liability: 0, income: -late.total_cents, receivable: late.total_cents - late.amount_paid_cents });
    await keepAsCredit(late);
    await drain();
    await allSent(late.id);
    expect(since(beforeLate)).toEqual({ income: 0, receivable: -late.amount_paid_cents, undeposited: late.amount_paid_cents, bank: 0, liability: 0, breakage: 0 });
    expect(invoiceOf(late.number).Voided).toBeUndefined();
    expect(cents(invoiceOf(late.number).TotalAmt)).toBe(late.amount_paid_cents);
  });

  it('deposits not held, paid beyond the deposit, cancelled in the tier that keeps the deposit: the invoice stays at what was paid, the refund takes the rest out of income', () =>
    withDepositsNotHeld(async () => {
      const before = ledger();
      const k = await bookAndPayInFull('Kit Kept Some');
      expect(cents(invoiceOf(k.number).Balance)).toBe(0);
      let kept = 0;
      await withPolicy('none', async () => {
        const cancelled = await cancelOnline(k.id, 'none');
        expect(cancelled.outcome).toMatchObject({ keptCents: k.amount_paid_cents, refundCents: k.balance, creditCents: 0 });
        kept = cancelled.outcome.keptCents;
      });
      // Whatever the card could not give back is refunded by staff from the cash.
      const [due] = await db.sql<{ due: number }[]>`
        select (${k.total_cents}::int - ${kept}::int - coalesce(sum(amount_cents), 0))::int as due from payments where booking_id = ${k.id} and kind = 'refund' and status = 'succeeded'`;
      if (due!.due > 0) {
        const [cash] = await db.sql<{ id: string }[]>`select id from payments where booking_id = ${k.id} and method = 'cash' and kind <> 'refund'`;
        const back = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${k.id}/refunds`, { cookie: ownerCookie, body: { paymentId: cash!.id, amountCents: due!.due, reason: 'The rest of the balance back' } });
        expect(back.status, JSON.stringify(back.body)).toBe(200);
      }
      await drain();
      await allSent(k.id);
      const invoice = invoiceOf(k.number);
      expect(cents(invoice.TotalAmt)).toBe(k.total_cents);
      expect(cents(invoice.Balance)).toBe(0);
      expect((invoice.Line as { Description: string }[])[0]!.Description).toMatch(/kept as the cancellation policy says, the rest refunded or moved to credit/);
      // Income is what was kept, nothing is owed, and the money left is that.
      expect(moneyTogether(since(before))).toEqual({ income: -kept, breakage: 0, receivable: 0, liability: 0, money: kept });
    }));
});

describe('credit a lapsed hold gives back after the credit it came from expired or was voided', () => {
  const ref = (value: unknown) => (value as { value: string }).value;
  /** What the customer's memos have open in QuickBooks, in cents, and what the site says they hold. */
  async function credit(customerId: string) {
    const [qboCustomer] = await db.sql<{ qbo_id: string }[]>`select qbo_id from accounting_objects where local_key = ${`customer:${customerId}`}`;
    const open = qbo.objects.CreditMemo.filter((m) => ref(m.CustomerRef) === qboCustomer!.qbo_id).reduce((sum, m) => sum + cents(m.RemainingCredit), 0);
    const [site] = await db.sql<{ cents: number }[]>`
      select coalesce(sum(remaining_cents), 0)::int as cents from customer_credits
      where customer_id = ${customerId} and voided_at is null and (expires_on is null or expires_on >= ${futureDate(3)}::date)`;
    return { quickbooks: open, site: site!.cents };
  }
  /**
   * A credit of 50.00 (its memo sent), spent whole on a website hold (less than the deposit: it stays a
   * hold), 30.00 of it given back to the credit by staff: the hold keeps 20.00 of it, never sent.
   */
  async function holdSpending(name: string, expiresOn: string | null, ip: string) {
    const n = nextDay();
    const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${n}@example.com`;
    const phone = `(512) 555-02${String(n).padStart(2, '0').slice(-2)}`;
    const [customer] = await db.sql<{ id: string }[]>`insert into customers (name, email, phone) values (${name}, ${email}, ${phone}) returning id`;
    const issued = await adminCall(handlers.customers, 'POST', `/api/admin/customers/${customer!.id}/credits`, {
      cookie: ownerCookie,
      body: { amountCents: 5000, reason: 'goodwill', note: 'Sorry about the wait', expiresOn },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const [first] = await db.sql<{ id: string }[]>`select id from customer_credits where customer_id = ${customer!.id}`;
    await drain();
    const from = { 'x-test-ip': ip };
    expect((await call(handlers.creditCode, 'POST', '/api/credit-code', { email }, from)).status).toBe(202);
    const [mail] = await db.sql<{ subject: string }[]>`select subject from outbound_emails where template = 'credit-code' and to_address = ${email} order by created_at desc limit 1`;
    const proved = await call(handlers.creditCode, 'POST', '/api/credit-code/verify', { email, code: /(\d{6})$/.exec(mail!.subject)![1] }, from);
    expect(proved.status, JSON.stringify(proved.body)).toBe(200);
    const created = await call(handlers.bookings, 'POST', '/api/bookings', {
      items: [{ product: 'mega-20x20-bounce-house', quantity: 1 }],
      event: { date: futureDate(n), start: '10:00', end: '14:00' },
      customer: { name, email, phone },
      address: { line1: '5 Ledger Ave', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      acceptTerms: true,
      creditGrant: proved.body.grant,
    }, from);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.creditAppliedCents).toBe(5000);
    const [hold] = await db.sql<{ id: string; status: string; hold_expires_at: Date }[]>`select id, status, hold_expires_at from bookings where number = ${created.body.bookingNumber}`;
    expect(hold!.status).toBe('hold');
    const [spending] = await db.sql<{ id: string }[]>`select id from payments where booking_id = ${hold!.id} and method = 'credit' and kind <> 'refund'`;
    const back = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${hold!.id}/refunds`, { cookie: ownerCookie, body: { paymentId: spending!.id, amountCents: 3000, reason: 'Part of the credit back' } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const [left] = await db.sql<{ cents: number }[]>`select remaining_cents as cents from customer_credits where id = ${first!.id}`;
    expect(left!.cents).toBe(3000);
    return { customerId: customer!.id, creditId: first!.id, hold: hold! };
  }
  async function lapse(hold: { id: string; hold_expires_at: Date }, at: Date) {
    const { releaseExpiredHolds } = await import('../../src/lib/booking/index.server');
    const { returnLapsedCredit } = await import('../../src/lib/credits/index.server');
    expect((await releaseExpiredHolds(db.sql as never, at)).map((r) => r.id)).toContain(hold.id);
    expect(await returnLapsedCredit(db.sql as never, at, hold.id)).toBe(1);
  }
  const allSent = async (customerId: string) =>
    expect(await db.sql`select kind, status, last_error from accounting_queue where customer_id = ${customerId} and status <> 'sent' and kind <> 'deposit_income'`).toEqual([]);

  it('expired: the 30.00 left is written off, the hold’s 20.00 comes back as a new credit whose memo takes that part of the old one, so QuickBooks holds 20.00 for the customer, as the site does', async () => {
    const [connection] = await db.sql<{ mapping: Record<string, unknown> }[]>`select mapping from accounting_connections`;
    expect((await owner('PUT', '/api/admin/accounting/mapping', { mapping: { ...connection!.mapping, expiredCreditItem: qbo.ids.incomeItems.expiredCredit }, deferDeposits: true })).status).toBe(200);
    await drain();
    const before = ledger();
    const x = await holdSpending('Eve Expired', futureDate(1), '198.51.108.1');
    await drain();
    // Its last day passes: the 30.00 left is written off (the memo still has the hold's 20.00 open), then the hold lapses.
    const later = new Date(x.hold.hold_expires_at.getTime() + 3 * 86_400_000);
    await send(later);
    expect(await db.sql`select status from accounting_queue where kind = 'credit_forfeit' and source_id = ${x.creditId}`).toEqual([{ status: 'sent' }]);
    await lapse(x.hold, later);
    const [replacement] = await db.sql<{ id: string; amount_cents: number }[]>`select id, amount_cents from customer_credits where customer_id = ${x.customerId} and id <> ${x.creditId}`;
    expect(replacement!.amount_cents).toBe(2000);
    await drain(later);
    await allSent(x.customerId);

    expect(await credit(x.customerId)).toEqual({ quickbooks: 2000, site: 2000 });
    const [oldMemo] = await db.sql<{ qbo_id: string }[]>`select qbo_id from accounting_objects where local_key = ${`credit:${x.creditId}`}`;
    expect(cents(qbo.objects.CreditMemo.find((m) => m.Id === oldMemo!.qbo_id)!.RemainingCredit)).toBe(0);
    // The customer holds 20.00 (A/R); income is the 50.00 given less the 30.00 forfeited (breakage): the 20.00 still owed.
    expect(since(before)).toEqual({ income: 5000, breakage: -3000, receivable: -2000, undeposited: 0, bank: 0, liability: 0 });

    // The old memo closed: 30.00 written off, 20.00 moved to the new credit's memo (both settled by it).
    expect(qbo.objects.Invoice.filter((i) => String(i.PrivateNote).includes(`credit memo ${oldMemo!.qbo_id}`)).map((i) => [cents(i.TotalAmt), cents(i.Balance)])).toEqual([
      [3000, 0],
      [2000, 0],
    ]);
  });

  it('voided: the same, the void’s write-off on the adjustments item', async () => {
    await drain();
    const before = ledger();
    const x = await holdSpending('Val Voided', null, '198.51.108.2');
    const voided = await adminCall(handlers.customers, 'POST', `/api/admin/customers/${x.customerId}/credits/${x.creditId}/void`, { cookie: ownerCookie, body: { reason: 'Given twice' } });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const later = new Date(x.hold.hold_expires_at.getTime() + 60_000);
    await lapse(x.hold, later);
    await drain(later);
    await allSent(x.customerId);
    expect(await credit(x.customerId)).toEqual({ quickbooks: 2000, site: 2000 });
    // Given 50.00, 30.00 taken back by the void: 20.00 still owed to the customer.
    expect(since(before)).toEqual({ income: 2000, breakage: 0, receivable: -2000, undeposited: 0, bank: 0, liability: 0 });
  });
});

describe('a change that lowers a booking’s total below what was paid on it', () => {
  /** Staff give the booking a discount of `cents` at the desk, keeping everything else. */
  async function discountAtDesk(bookingId: string, cents: number) {
    const view = await adminCall(handlers.admin, 'GET', `/api/admin/bookings/${bookingId}`, { cookie: ownerCookie });
    expect(view.status).toBe(200);
    const changed = await adminCall(handlers.admin, 'PUT', `/api/admin/bookings/${bookingId}`, {
      cookie: ownerCookie,
      body: {
        items: [{ product: 'mega-20x20-bounce-house', quantity: 1 }],
        event: { date: view.body.event.date, start: view.body.event.start, end: view.body.event.end },
        coupon: '',
        address: { line1: '5 Ledger Ave', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
        damageWaiver: view.body.totals.damageWaiverCents > 0,
        adjustments: [{ label: 'Sorry about the wait', reason: 'Late setup', direction: 'discount', kind: 'amount', value: cents }],
        notifyCustomer: false,
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  }

  it('deposits not held, the balance paid, then a discount and its refund: the invoice keeps what was paid until the refund takes it out of income; a later change still nets out', () =>
    withDepositsNotHeld(async () => {
      const before = ledger();
      const d = await bookAndPayInFull('Dee Discounted');
      const invoice = () => qbo.objects.Invoice.find((x) => x.DocNumber === d.number)!;
      expect(cents(invoice().Balance)).toBe(0);

      await discountAtDesk(d.id, 5000);
      const [after] = await db.sql<{ total_cents: number; amount_paid_cents: number }[]>`select total_cents, amount_paid_cents from bookings where id = ${d.id}`;
      const over = after!.amount_paid_cents - after!.total_cents;
      expect(over).toBeGreaterThan(0);
      await drain();
      const items = () => db.sql<{ kind: string; status: string; last_error: string | null }[]>`select kind, status, last_error from accounting_queue where booking_id = ${d.id} order by seq`;
      expect((await items()).every((i) => i.status === 'sent'), JSON.stringify(await items())).toBe(true);
      // Kept at what was paid: the new lines and one of what was paid beyond them.
      expect(cents(invoice().TotalAmt)).toBe(d.total_cents);
      expect(cents(invoice().Balance)).toBe(0);
      const lines = invoice().Line as { Amount: number; Description: string }[];
      expect(lines.at(-1)).toMatchObject({ Description: expect.stringMatching(/beyond its total: refunded/) });
      expect(cents(lines.at(-1)!.Amount)).toBe(over);

      // Staff refund the difference from the cash: income is the new total, nothing owed either way.
      const [cash] = await db.sql<{ id: string }[]>`select id from payments where booking_id = ${d.id} and method = 'cash' and kind <> 'refund'`;
      const back = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${d.id}/refunds`, { cookie: ownerCookie, body: { paymentId: cash!.id, amountCents: over, reason: 'The discount' } });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      await drain();
      expect((await items()).every((i) => i.status === 'sent'), JSON.stringify(await items())).toBe(true);
      expect(moneyTogether(since(before))).toEqual({ income: -after!.total_cents, breakage: 0, receivable: 0, money: after!.total_cents, liability: 0 });

      // A smaller discount later: the customer owes the difference, in QuickBooks too.
      await discountAtDesk(d.id, 2000);
      const [again] = await db.sql<{ total_cents: number; amount_paid_cents: number }[]>`select total_cents, amount_paid_cents from bookings where id = ${d.id}`;
      await drain();
      expect((await items()).every((i) => i.status === 'sent'), JSON.stringify(await items())).toBe(true);
      expect(moneyTogether(since(before))).toEqual({ income: -again!.total_cents, breakage: 0, receivable: again!.total_cents - again!.amount_paid_cents, money: again!.amount_paid_cents, liability: 0 });
    }));
});

describe('credit spent across merged customers whose memo has nothing open in QuickBooks', () => {
  it('sends no transfer of nothing: the spending fails with a reason saying why, and goes once the memo is open again', async () => {
    await drain();
    const removed = await bookAndPayDeposit('Zed Zero');
    const kept = await bookAndPayDeposit('Kai Keeps');
    const issued = await adminCall(handlers.customers, 'POST', `/api/admin/customers/${removed.customer_id}/credits`, { cookie: ownerCookie, body: { amountCents: 3000, reason: 'goodwill', note: 'Sorry', expiresOn: null } });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    await drain();
    const [memoRow] = await db.sql<{ qbo_id: string }[]>`
      select o.qbo_id from accounting_objects o join customer_credits c on o.local_key = 'credit:' || c.id where c.customer_id = ${removed.customer_id}`;
    const memo = qbo.objects.CreditMemo.find((m) => m.Id === memoRow!.qbo_id)!;
    const merged = await adminCall(handlers.customers, 'POST', `/api/admin/customers/${kept.customer_id}/merge`, { cookie: ownerCookie, body: { from: removed.customer_id } });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    await drain();
    // The owner applied the memo to something else in QuickBooks by hand: nothing of it is open there.
    const byHand = { Id: 'by-hand', SyncToken: '0', CustomerRef: memo.CustomerRef, TotalAmt: 0, Line: [{ Amount: 30, LinkedTxn: [{ TxnId: memo.Id, TxnType: 'CreditMemo' }] }] };
    qbo.objects.Payment.push(byHand);
    memo.RemainingCredit = 0;
    const writes = qbo.writes.length;

    const spent = await adminCall(handlers.admin, 'POST', `/api/admin/bookings/${kept.id}/credit-payments`, { cookie: ownerCookie, body: { amountCents: 2000 } });
    expect(spent.status, JSON.stringify(spent.body)).toBe(200);
    await drain();
    const [item] = await db.sql<{ id: string; status: string; last_error: string }[]>`
      select id, status, last_error from accounting_queue where booking_id = ${kept.id} and kind = 'payment' order by seq desc limit 1`;
    expect(item).toMatchObject({ status: 'failed', last_error: expect.stringMatching(new RegExp(`Credit memo ${memo.Id} .* has 0.00 open in QuickBooks, less than the 20.00 of its credit spent here`)) });
    // Nothing was made: no invoice, memo or payment of nothing.
    expect(qbo.writes.slice(writes)).toEqual([]);

    // The owner takes the hand application off again and presses Retry: the credit moves and is applied.
    qbo.objects.Payment.splice(qbo.objects.Payment.indexOf(byHand), 1);
    memo.RemainingCredit = 30;
    expect((await owner('POST', `/api/admin/accounting/items/${item!.id}/retry`)).status).toBe(200);
    await drain();
    expect(await db.sql`select status from accounting_queue where id = ${item!.id}`).toEqual([{ status: 'sent' }]);
    const keptInvoice = qbo.objects.Invoice.find((x) => x.DocNumber === kept.number)!;
    expect(cents(keptInvoice.Balance)).toBe(cents(keptInvoice.TotalAmt) - 2000);
  });
});
