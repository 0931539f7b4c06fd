import type { Context } from '@netlify/functions';
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIVER_RULES, WAIVER_VERSION } from '../../src/lib/waivers/waiver-text';
import { connect } from '../../src/lib/db/client.server';
import { REQUEST_LIMITS } from '../../src/lib/db/limits';
import { futureDate } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { raiseBookingLimits } from '../support/booking-limits';
import { isHumanChecked, withProof } from '../../src/cli/scripted-proof';
import { startTcpSwitch, type TcpSwitch } from '../support/tcp-switch';

/**
 * The database goes away while the functions are running (their module instances and connection
 * pools stay as they are, as on a warm Netlify instance): every function answers 503 with a clear
 * message, nothing is half-written, and the same instances work again once the database is back.
 * The functions reach the database through a switch the test turns off and on.
 */

type Handler = (req: Request, context: Context) => Promise<Response>;
let db: TestDatabase;
let link: TcpSwitch;
let booking: { number: string; email: string; key: string };
let ipCounter = 0;

const UNAVAILABLE = 'We can’t reach our booking system right now. Please try again in a minute.';

interface Case {
  name: string;
  module: () => Promise<{ default: Handler }>;
  method: 'GET' | 'POST';
  url: () => string;
  body?: () => unknown;
  /** The answer once the database is back. */
  ok: number;
}

const cases: Case[] = [
  { name: 'availability', module: () => import('../../netlify/functions/availability'), method: 'GET', url: () => `/api/availability?product=pink-castle-bounce-house&date=${futureDate(30)}&start=10:00&end=16:00`, ok: 200 },
  {
    name: 'quote-price',
    module: () => import('../../netlify/functions/quote-price'),
    method: 'POST',
    url: () => '/api/quote-price',
    body: () => ({ items: [{ product: 'sticky-wall', quantity: 1 }], event: { date: futureDate(40), start: '11:00', end: '17:00' }, zip: '78613' }),
    ok: 200,
  },
  {
    name: 'bookings',
    module: () => import('../../netlify/functions/bookings'),
    method: 'POST',
    url: () => '/api/bookings',
    body: () => ({
      items: [{ product: 'table-and-chair-set', quantity: 1 }],
      event: { date: futureDate(33), start: '11:00', end: '17:00' },
      customer: { name: 'Outage Tester', email: 'outage.booking@example.com', phone: '(512) 555-0102' },
      address: { line1: '1 Test St', city: 'Round Rock', state: 'TX', zip: '78664' },
      acceptTerms: true,
    }),
    ok: 201,
  },
  { name: 'track-order', module: () => import('../../netlify/functions/track-order'), method: 'POST', url: () => '/api/track-order', body: () => ({ bookingNumber: booking.number, email: booking.email }), ok: 200 },
  {
    name: 'quotes',
    module: () => import('../../netlify/functions/quotes'),
    method: 'POST',
    url: () => '/api/quotes',
    body: () => ({ submissionId: randomUUID(), website: '', eventType: 'school', eventDate: futureDate(40), guestCount: 80, zip: '78664', items: [], details: 'Field day for 80 kids', name: 'Outage Tester', email: 'outage.quote@example.com' }),
    ok: 201,
  },
  {
    name: 'contact',
    module: () => import('../../netlify/functions/contact'),
    method: 'POST',
    url: () => '/api/contact',
    body: () => ({ submissionId: randomUUID(), website: '', kind: 'contact', name: 'Outage Tester', email: 'outage.contact@example.com', message: 'Do you deliver on Sundays?' }),
    ok: 201,
  },
  {
    name: 'product-suggestions',
    module: () => import('../../netlify/functions/product-suggestions'),
    method: 'POST',
    url: () => '/api/product-suggestions',
    body: () => ({ submissionId: randomUUID(), website: '', what: 'Foam machine' }),
    ok: 201,
  },
  {
    name: 'cake-orders',
    module: () => import('../../netlify/functions/cake-orders'),
    method: 'POST',
    url: () => '/api/cake-orders',
    body: () => ({
      submissionId: randomUUID(), website: '', product: 'classic-round-birthday-cake', servings: 24, tiers: 1, flavour: 'funfetti', filling: 'chocolate-ganache',
      frosting: 'vanilla-buttercream', fulfilment: 'pickup', neededOn: futureDate(10), name: 'Outage Tester', email: 'outage.cake@example.com', phone: '(512) 555-0102',
    }),
    ok: 201,
  },
  { name: 'waiver-context', module: () => import('../../netlify/functions/waiver-context'), method: 'GET', url: () => `/api/waivers/context?booking=${booking.number}&email=${booking.email}`, ok: 200 },
  {
    name: 'waivers',
    module: () => import('../../netlify/functions/waivers'),
    method: 'POST',
    url: () => '/api/waivers',
    body: () => ({
      submissionId: randomUUID(), website: '', access: { bookingNumber: booking.number, email: booking.email }, waiverVersion: WAIVER_VERSION,
      signerName: 'Outage Tester', signerEmail: 'outage.waiver@example.com', adults: [{ name: 'Outage Tester' }], guests: [],
      acknowledged: Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true])), consent: true, signatureKind: 'typed', typedSignature: 'Outage Tester',
    }),
    ok: 201,
  },
  { name: 'hi', module: () => import('../../netlify/functions/hi'), method: 'GET', url: () => `/api/hi?id=${booking.number}`, ok: 200 },
];

const bookingOn = (date: string, email: string): Case => ({ ...cases.find((c) => c.name === 'bookings')!, body: () => ({ ...(cases.find((c) => c.name === 'bookings')!.body!() as object), event: { date, start: '11:00', end: '17:00' }, customer: { name: 'Lock Tester', email, phone: '(512) 555-0103' } }) });

/**
 * Until the functions answer again once the link is back. Connections the switch has just cut are
 * noticed by the client on its next turns of the event loop; a request sent in that instant fails on
 * one of them (a 503, as any request racing a cut network would). The recovery checks below start
 * once a request is served, however long the noticing takes on a busy machine.
 */
const servedAgain = () => expect.poll(async () => (await send(cases[0]!)).status, { timeout: 15_000 }).toBe(200);

async function send(c: Case) {
  const body = c.body && isHumanChecked(c.method, c.url()) ? await withProof(c.body()) : c.body?.();
  const handler = (await c.module()).default;
  const response = await handler(
    new Request(`http://localhost${c.url()}`, { method: c.method, headers: { 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) }),
    { ip: `10.7.0.${++ipCounter}`, deploy: { id: 'outage' } } as unknown as Context,
  );
  return { status: response.status, body: await response.json() };
}

const TABLES = ['bookings', 'booking_items', 'unit_allocations', 'customers', 'quotes', 'contact_messages', 'product_suggestions', 'cake_orders', 'waivers', 'outbound_emails'];
async function counts() {
  const [row] = await db.sql.unsafe(`select ${TABLES.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ')}`);
  return row;
}

beforeAll(async () => {
  db = await createSeededDatabase();
  // This file books many times as one customer from one address to test other things: the owner's
  // limits on one visitor (tested in unpaid-holds.test.ts) are raised, as an owner could.
  await raiseBookingLimits(db.sql);
  const target = new URL(db.url);
  link = await startTcpSwitch({ host: target.hostname, port: Number(target.port) });
  for (const key of ['SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE']) delete process.env[key];
  Object.assign(process.env, { DATABASE_URL: link.via(db.url), DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'outage-')), SITE_URL: 'http://localhost:4321' });
  const [row] = await db.sql<{ number: string; email: string; waiver_key: string }[]>`
    select b.number, c.email, b.waiver_key from bookings b join customers c on c.id = b.customer_id
    where b.status = 'confirmed' and b.event_start > now() order by b.event_start limit 1`;
  booking = { number: row!.number, email: row!.email, key: row!.waiver_key };
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await link.close();
  await db.drop();
});

describe('the database goes down and comes back', () => {
  it('every function answers 503 with a clear message, writes nothing, and works again without a restart', { timeout: 120_000 }, async () => {
    // Warm: the pools are open, as on a running instance.
    expect((await send(cases[0]!)).status).toBe(200);
    const before = await counts();

    await link.down();
    for (const c of cases) {
      const answer = await send(c);
      expect({ name: c.name, status: answer.status, body: answer.body }).toEqual({ name: c.name, status: 503, body: { error: { code: 'unavailable', message: UNAVAILABLE } } });
    }
    const health = (await import('../../netlify/functions/health')).default;
    const healthAnswer = await health(new Request('http://localhost/api/health'), { deploy: { id: 'outage' } } as never);
    expect(healthAnswer.status).toBe(503);
    expect(await healthAnswer.json()).toMatchObject({ status: 'unavailable', message: expect.stringMatching(/not reachable/) });
    expect(await counts()).toEqual(before);

    await link.up();
    for (const c of cases) {
      const answer = await send(c);
      expect({ name: c.name, status: answer.status }).toEqual({ name: c.name, status: c.ok });
    }
    expect((await health(new Request('http://localhost/api/health'), { deploy: { id: 'outage' } } as never)).status).toBe(200);
  });

  it('a database that stops answering is a 503 after the connect timeout, not a hung request', { timeout: 60_000 }, async () => {
    await link.hang();
    try {
      const answer = await send(cases[0]!);
      expect(answer).toEqual({ status: 503, body: { error: { code: 'unavailable', message: UNAVAILABLE } } });
    } finally {
      await link.up();
    }
    await servedAgain();
  });
});

describe('every wait on the database is bounded', () => {
  const unavailable = { status: 503, body: { error: { code: 'unavailable', message: UNAVAILABLE } } };

  it('a database that stops answering in the middle of requests: 503 within a few seconds, nothing written, then served again', { timeout: 60_000 }, async () => {
    // Warm: the pool's connections are open, and the next requests go out on them.
    expect((await send(cases[0]!)).status).toBe(200);
    const before = await counts();
    await link.stall();
    const started = Date.now();
    try {
      const answers = await Promise.all([send(cases[0]!), send(bookingOn(futureDate(44), 'stall.booking@example.com'))]);
      expect(answers).toEqual([unavailable, unavailable]);
      expect(Date.now() - started).toBeLessThan(REQUEST_LIMITS.stallMs + 3_000);
    } finally {
      await link.up();
    }
    await servedAgain();
    expect(await counts()).toEqual(before);
    expect((await send(bookingOn(futureDate(44), 'stall.booking@example.com'))).status).toBe(201);
  });

  it('a booking held up by a lock: 503 after the lock timeout, nothing written, and booked once the lock is gone', { timeout: 60_000 }, async () => {
    // Whatever locks placing a booking takes, it must write to bookings: hold that table.
    const holder = connect(db.url, 1);
    let releaseLock!: () => void;
    const lockReleased = new Promise<void>((resolve) => (releaseLock = resolve));
    let lockTaken!: () => void;
    const taken = new Promise<void>((resolve) => (lockTaken = resolve));
    const holding = holder.begin(async (tx) => {
      await tx`lock table bookings in exclusive mode`;
      lockTaken();
      await lockReleased;
    });
    try {
      await taken;
      const before = await counts();
      const started = Date.now();
      expect(await send(bookingOn(futureDate(45), 'locked.booking@example.com'))).toEqual(unavailable);
      expect(Date.now() - started).toBeLessThan(REQUEST_LIMITS.lockMs + 2_000);
      expect(await counts()).toEqual(before);
    } finally {
      releaseLock();
      await holding;
      await holder.end();
    }
    expect((await send(bookingOn(futureDate(45), 'locked.booking@example.com'))).status).toBe(201);
  });

  it('a transaction that goes quiet holding locks is ended by the server, and bookings go through again', { timeout: 60_000 }, async () => {
    const idleInTransactionMs = 1_500;
    const holder = connect(db.url, 1, { ...REQUEST_LIMITS, idleInTransactionMs });
    let lockTaken!: () => void;
    const taken = new Promise<void>((resolve) => (lockTaken = resolve));
    // A function stuck on something else in the middle of its transaction, never to come back.
    const quiet = holder.begin(async (tx) => {
      await tx`lock table bookings in exclusive mode`;
      lockTaken();
      await new Promise(() => {});
    });
    const ended = expect(quiet).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    try {
      await taken;
      await ended;
      expect((await send(bookingOn(futureDate(46), 'after.idle@example.com'))).status).toBe(201);
    } finally {
      await holder.end({ timeout: 1 });
    }
  });
});
