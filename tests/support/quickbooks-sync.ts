import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { SendResult } from '../../src/lib/accounting/index.server';
import { call, futureDate, type Handler } from './api';
import { createSeededDatabase, type TestDatabase } from './database';
import { startQuickBooksDouble, type QuickBooksDouble } from './quickbooks-double';
import { adminCall, closeAdminConnections, SITE, staffSession, TEST_AUTH_SECRET } from './staff';
import { startStripeDouble, type StripeDouble } from './stripe-double';

/** What the double's ledger holds, in cents, debit positive: income, breakage, A/R, the card payments' account, the bank, the deposits held. */
export type Ledger = { income: number; breakage: number; receivable: number; undeposited: number; bank: number; liability: number };

/** The same, the money taken in (card payments not yet paid out, and the bank) as one figure. */
export const moneyTogether = ({ undeposited, bank, ...rest }: Ledger) => ({ ...rest, money: undeposited + bank });

export type Handlers = Record<'bookings' | 'webhook' | 'admin' | 'customers' | 'creditCode' | 'manage', Handler>;

/** What a test of the sync does again and again, on its database, doubles and handlers. */
export interface SyncTools {
  /** A Stripe event delivered, signed, to the site's webhook. */
  deliver(event: Stripe.Event): Promise<void>;
  /** A website booking on a day of its own (`date`) whose deposit is paid by card through Stripe Checkout (the webhook confirms it). */
  bookAndPayDeposit(name: string): Promise<{ id: string; customer_id: string; total_cents: number; amount_paid_cents: number; number: string; date: string }>;
  /** A website booking on a day of its own left a hold, waiting for its card deposit (`phone`: the website allows one phone only so many holds). */
  placeHold(name: string, phone: string): Promise<{ id: string; number: string; hold_expires_at: Date }>;
  /** The next day a booking of its own can take (each booking here has its own day, so units never run out). */
  nextDay(): number;
  /** One run of the sender at `now`. */
  send(now?: Date): Promise<SendResult>;
  /** Everything due, repeatedly, as housekeeping would over the hours (backoff passed): until nothing is left. */
  drain(now?: Date): Promise<void>;
  /** What the double's ledger holds now. */
  ledger(): Ledger;
  /** What each account moved by since `before`. */
  since(before: Ledger): Ledger;
}

/**
 * A business of its own (not the demo) connected to the QuickBooks double and mapped through Settings →
 * Accounting as an owner does it, with deposits held until the party, and the Stripe double behind its
 * checkout: what a test of the QuickBooks sync starts from, through the site's real functions. Each call
 * makes its own database, doubles and environment; `close` ends them.
 */
export interface ConnectedSync extends SyncTools {
  db: TestDatabase;
  stripe: StripeDouble;
  qbo: QuickBooksDouble;
  handlers: Handlers;
  ownerCookie: string;
  /** The owner calls the accounting function. */
  owner(method: string, url: string, body?: unknown): ReturnType<typeof adminCall>;
  close(): Promise<void>;
}

const WEBHOOK_SECRET = 'whsec_quickbooks_connected';

export async function startConnectedSync(): Promise<ConnectedSync> {
  const db = await createSeededDatabase();
  const stripe = await startStripeDouble();
  const qbo = await startQuickBooksDouble();
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    SITE_URL: SITE,
    AUTH_SECRET: TEST_AUTH_SECRET,
    STRIPE_SECRET_KEY: 'sk_test_quickbooks_connected',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'quickbooks-connected-')),
    QUICKBOOKS_CLIENT_ID: qbo.clientId,
    QUICKBOOKS_CLIENT_SECRET: qbo.clientSecret,
    QUICKBOOKS_TOKEN_KEY: randomBytes(32).toString('base64'),
    QUICKBOOKS_API_BASE: qbo.url,
    QUICKBOOKS_OAUTH_BASE: qbo.url,
  });
  const handlers: Handlers = {
    bookings: (await import('../../netlify/functions/bookings')).default,
    webhook: (await import('../../netlify/functions/stripe-webhook')).default,
    admin: (await import('../../netlify/functions/admin-bookings')).default,
    customers: (await import('../../netlify/functions/admin-customers')).default,
    creditCode: (await import('../../netlify/functions/credit-code')).default,
    manage: (await import('../../netlify/functions/manage-booking')).default,
  };
  const accountingFn: Handler = (await import('../../netlify/functions/admin-accounting')).default;
  const ownerCookie = (await staffSession(db.sql, 'owner')).cookie;
  const owner: ConnectedSync['owner'] = (method, url, body) => adminCall(accountingFn, method, url, { cookie: ownerCookie, ...(body === undefined ? {} : { body }) });
  // The owner's own business: the demo's bookings are never sent.
  await db.sql`update business_settings set is_demo = false where id`;
  // Connected as the owner would: Intuit's consent screen, then its redirect with a code, then the mapping.
  const connect = await owner('POST', '/api/admin/accounting/connect');
  expect(connect.status, JSON.stringify(connect.body)).toBe(200);
  const state = new URL(connect.body.url as string).searchParams.get('state')!;
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
      expiredCreditItem: i.expiredCredit,
      depositLiabilityAccount: a.liability,
      cardDepositAccount: a.undeposited,
      cashDepositAccount: a.bank,
      stripeFeeAccount: a.fees,
      receivableAccount: a.ar,
    },
    deferDeposits: true,
  });
  expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);

  const tools = syncTools({ db, stripe, qbo, handlers, webhookSecret: WEBHOOK_SECRET, ipBlock: 110 });
  return {
    db,
    stripe,
    qbo,
    handlers,
    ownerCookie,
    owner,
    ...tools,
    async close() {
      await closeAdminConnections();
      await stripe.close();
      await qbo.close();
      await db.drop();
    },
  };
}

/**
 * The sync's tools on a database, the doubles and the site's handlers: bookings from `198.51.<ipBlock>.<day>`
 * (each its own address, under the booking limits), Stripe's events signed with `webhookSecret`.
 */
export function syncTools(on: { db: TestDatabase; stripe: StripeDouble; qbo: QuickBooksDouble; handlers: Handlers; webhookSecret: string; ipBlock: number }): SyncTools {
  const { db, stripe, qbo, handlers } = on;
  let day = 20;
  const nextDay = () => day++;
  const deliver = async (event: Stripe.Event) => {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: on.webhookSecret });
    const answer = await call(handlers.webhook, 'POST', '/api/stripe-webhook', payload, { 'stripe-signature': signature });
    expect(answer.status).toBe(200);
  };
  const book = async (name: string, phone: string) => {
    const n = nextDay();
    const created = await call(handlers.bookings, 'POST', '/api/bookings', {
      items: [{ product: 'mega-20x20-bounce-house', quantity: 1 }],
      event: { date: futureDate(n), start: '11:00', end: '17:00' },
      customer: { name, email: `${name.toLowerCase().replace(/\W+/g, '-')}-${n}@example.com`, phone },
      address: { line1: '5 Ledger Ave', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      acceptTerms: true,
    }, { 'x-test-ip': `198.51.${on.ipBlock}.${n}` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { created, n };
  };
  const placeHold: SyncTools['placeHold'] = async (name, phone) => {
    const { created } = await book(name, phone);
    const number = created.body.bookingNumber as string;
    const [hold] = await db.sql<{ id: string; hold_expires_at: Date }[]>`select id, hold_expires_at from bookings where number = ${number}`;
    return { ...hold!, number };
  };
  const bookAndPayDeposit: SyncTools['bookAndPayDeposit'] = async (name) => {
    const { created, n } = await book(name, '(512) 555-0162');
    await deliver(stripe.complete(created.body.payment.url.split('/pay/')[1] as string));
    const [row] = await db.sql<{ id: string; customer_id: string; total_cents: number; amount_paid_cents: number; status: string }[]>`
      select id, customer_id, total_cents, amount_paid_cents, status from bookings where number = ${created.body.bookingNumber}`;
    expect(row!.status).toBe('confirmed');
    const { status: _confirmed, ...booking } = row!;
    return { ...booking, number: created.body.bookingNumber as string, date: futureDate(n) };
  };
  const send = async (now = new Date()) => (await import('../../src/lib/accounting/index.server')).sendAccountingQueue(db.sql, now);
  const drain = async (now = new Date()) => {
    let at = now.getTime();
    for (let n = 0; n < 20; n++) {
      await send(new Date(at));
      const [left] = await db.sql<{ n: number }[]>`select count(*)::int as n from accounting_queue where status = 'waiting' and (not_before is null or not_before <= ${new Date(at)})`;
      if (left!.n === 0) return;
      at += 7 * 3600_000;
    }
    const stuck = await db.sql`select kind, status, booking_id, not_before, next_attempt_at, seq, rank, last_error from accounting_queue where status <> 'sent' order by seq`;
    throw new Error(`The queue did not drain: ${JSON.stringify(stuck)}`);
  };
  const a = qbo.ids.accounts;
  const ledger = (): Ledger => ({
    income: qbo.balance(a.income),
    breakage: qbo.balance(a.breakage),
    receivable: qbo.balance(a.ar),
    undeposited: qbo.balance(a.undeposited),
    bank: qbo.balance(a.bank),
    liability: qbo.balance(a.liability),
  });
  const since = (before: Ledger) => Object.fromEntries(Object.entries(ledger()).map(([k, v]) => [k, v - before[k as keyof Ledger]])) as Ledger;
  return { deliver, bookAndPayDeposit, placeHold, nextDay, send, drain, ledger, since };
}
