import type { Context } from '@netlify/functions';
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBusiness } from '../../supabase/seed/seed';
import { WAIVER_RULES, WAIVER_VERSION } from '../../src/lib/waivers/waiver-text';
import { futureDate } from '../support/api';
import { createMigratedDatabase, type TestDatabase } from '../support/database';
import { startStripeDouble, type StripeDouble } from '../support/stripe-double';

/**
 * Property-based fuzzing of every public function: thousands of malformed, oversized, wrong-typed and
 * injection-laden requests (methods, paths, queries, headers, bodies) go to the real handlers on a real
 * database. Whatever arrives, the answer is never a 5xx, and a refused request (4xx) writes no row.
 *
 * To fuzz a new function, add it to `endpoints` (with a valid example body if it takes one, so the
 * mutations reach past the first check). `cookie` lets a staff endpoint be fuzzed signed in.
 */

type Handler = (req: Request, context: Context) => Promise<Response>;
interface Endpoint {
  name: string;
  load: () => Promise<{ default: Handler }>;
  /** The path, or a generator of paths (for :params). */
  path: string | fc.Arbitrary<string>;
  methods: string[];
  /** Query keys worth trying (GET endpoints); random keys are added too. */
  query?: string[];
  /** A body the function accepts; mutated versions of it are sent. */
  valid?: () => unknown;
  /** A session cookie for endpoints behind the staff login (admin); sent on half of the requests. */
  cookie?: () => Promise<string>;
  runs?: number;
}

const WEBHOOK_SECRET = 'whsec_fuzz_secret';
let db: TestDatabase;
let stripe: StripeDouble;
let booking: { number: string; email: string; key: string };

const endpoints: Endpoint[] = [
  { name: 'health', load: () => import('../../netlify/functions/health'), path: '/api/health', methods: ['GET'], runs: 60 },
  { name: 'hi', load: () => import('../../netlify/functions/hi'), path: '/api/hi', methods: ['GET'], query: ['id'] },
  {
    name: 'availability',
    load: () => import('../../netlify/functions/availability'),
    path: '/api/availability',
    methods: ['GET'],
    query: ['product', 'date', 'endDate', 'start', 'end', 'month', 'quantity'],
    runs: 250,
  },
  {
    name: 'quote-price',
    load: () => import('../../netlify/functions/quote-price'),
    path: '/api/quote-price',
    methods: ['POST'],
    valid: () => ({ items: [{ product: 'sticky-wall', quantity: 1 }], event: { date: futureDate(40), start: '11:00', end: '17:00' }, zip: '78613', coupon: 'WELCOME10', damageWaiver: true }),
  },
  {
    name: 'bookings',
    load: () => import('../../netlify/functions/bookings'),
    path: '/api/bookings',
    methods: ['POST'],
    valid: () => ({
      items: [{ product: 'table-and-chair-set', quantity: 1 }],
      event: { date: futureDate(90), start: '11:00', end: '17:00' },
      customer: { name: 'Fuzz Tester', email: 'fuzz@example.com', phone: '(512) 555-0101' },
      address: { line1: '1 Test St', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      acceptTerms: true,
    }),
    runs: 250,
  },
  {
    name: 'track-order',
    load: () => import('../../netlify/functions/track-order'),
    path: '/api/track-order',
    methods: ['POST'],
    valid: () => ({ bookingNumber: booking.number, email: booking.email }),
  },
  {
    name: 'booking-payment',
    load: () => import('../../netlify/functions/booking-payment'),
    path: '/api/booking-payment',
    methods: ['POST'],
    valid: () => ({ bookingNumber: booking.number, email: booking.email }),
  },
  {
    name: 'payment-status',
    load: () => import('../../netlify/functions/payment-status'),
    path: '/api/payment-status',
    methods: ['GET'],
    query: ['booking', 'session_id'],
  },
  {
    name: 'quotes',
    load: () => import('../../netlify/functions/quotes'),
    path: '/api/quotes',
    methods: ['POST'],
    valid: () => ({
      submissionId: randomUUID(), website: '', eventType: 'school', eventDate: futureDate(40), guestCount: 120, zip: '78664',
      items: [{ product: 'table-and-chair-set', quantity: 2 }], details: 'Field day', budget: 900, name: 'Fuzz Tester', email: 'fuzz@example.com', phone: '(512) 555-0101',
    }),
  },
  {
    name: 'contact',
    load: () => import('../../netlify/functions/contact'),
    path: '/api/contact',
    methods: ['POST'],
    valid: () => ({ submissionId: randomUUID(), website: '', kind: 'contact', name: 'Fuzz Tester', email: 'fuzz@example.com', phone: '', subject: 'Hi', message: 'Do you deliver on Sundays?', bookingNumber: '' }),
  },
  {
    name: 'product-suggestions',
    load: () => import('../../netlify/functions/product-suggestions'),
    path: '/api/product-suggestions',
    methods: ['POST'],
    valid: () => ({ submissionId: randomUUID(), website: '', what: 'Foam machine', why: 'Fun', link: 'https://example.com/foam', name: '', email: '' }),
  },
  {
    name: 'cake-orders',
    load: () => import('../../netlify/functions/cake-orders'),
    path: '/api/cake-orders',
    methods: ['POST'],
    valid: () => ({
      submissionId: randomUUID(), website: '', product: 'classic-round-birthday-cake', servings: 24, tiers: 1, flavour: 'funfetti', filling: 'chocolate-ganache',
      frosting: 'vanilla-buttercream', messageOnCake: 'Happy birthday', allergies: '', fulfilment: 'pickup', neededOn: futureDate(10), bookingNumber: '', bookingEmail: '',
      name: 'Fuzz Tester', email: 'fuzz@example.com', phone: '(512) 555-0101',
    }),
  },
  {
    name: 'waiver-context',
    load: () => import('../../netlify/functions/waiver-context'),
    path: '/api/waivers/context',
    methods: ['GET'],
    query: ['booking', 'email', 'key'],
  },
  { name: 'waiver-qr', load: () => import('../../netlify/functions/waiver-qr'), path: '/api/waivers/qr', methods: ['GET'], query: ['booking', 'email', 'key'] },
  {
    name: 'waiver-pdf',
    load: () => import('../../netlify/functions/waiver-pdf'),
    path: fc.oneof(fc.uuid(), fc.string(), fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%00', 'null', "1' or '1'='1")).map((id) => `/api/waivers/${encodeURIComponent(id)}/pdf`),
    methods: ['GET'],
    query: ['token'],
  },
  {
    name: 'waivers',
    load: () => import('../../netlify/functions/waivers'),
    path: '/api/waivers',
    methods: ['POST'],
    valid: () => ({
      submissionId: randomUUID(), website: '', access: { bookingNumber: booking.number, email: booking.email }, waiverVersion: WAIVER_VERSION,
      signerName: 'Fuzz Tester', signerEmail: 'fuzz@example.com', adults: [{ name: 'Fuzz Tester' }], guests: [{ name: 'Kid', age: 7 }],
      acknowledged: Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true])), consent: true, signatureKind: 'typed', typedSignature: 'Fuzz Tester',
    }),
  },
  { name: 'stripe-webhook', load: () => import('../../netlify/functions/stripe-webhook'), path: '/api/stripe-webhook', methods: ['POST'], runs: 150 },
];

// ---------------------------------------------------------------------------------------------
// Inputs

/** Strings that have broken other systems: injections, encodings, control characters, extremes. */
const nasty = fc.constantFrom(
  "'; drop table bookings; --",
  "' or '1'='1",
  '" or ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e\u0000\ud800',
  '\r\nSet-Cookie: admin=1',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '99999999999999999999999',
  '0x10',
  '2024-02-30',
  '9999-12-31',
  '0000-00-00',
  '25:61',
  'PF-' + 'A'.repeat(500),
  'a@b',
  'a'.repeat(5_000),
  '😀'.repeat(300),
  ' ',
  '',
);

const scalar = fc.oneof(
  nasty,
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308, -1e308, 2 ** 31, 0.1),
  fc.boolean(),
  fc.constant(null),
);
const anything: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: scalar },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom({ $gt: '' }, JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'), [[[[[]]]]], { length: 1e9 }, Array(50).fill('x')) },
);

/** Every path into a JSON value, so a mutation can replace any field, however deep. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((v, i) => paths(v, [...prefix, i]))];
  if (value && typeof value === 'object') return [prefix, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...prefix, k]))];
  return [prefix];
}
function setAt(root: unknown, at: (string | number)[], next: unknown, remove = false): unknown {
  if (at.length === 0) return next;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  if (remove && !Array.isArray(node)) delete node[at.at(-1)!];
  else node[at.at(-1)!] = next;
  return copy;
}
function getAt(root: unknown, at: (string | number)[]): unknown {
  return at.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], root);
}
/** A value of a type the field can never have: objects become strings, everything else an object. */
function wrongType(value: unknown): unknown {
  if (Array.isArray(value)) return { 0: value[0] };
  if (value && typeof value === 'object') return 'not an object';
  return { $ne: null };
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Built to be invalid: the answer must be a 4xx. */
  mustRefuse: boolean;
}

const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,60}$/);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/xml',
  '',
);

/** `routed`: the methods Netlify sends to the function at all (its config.method), when it declares them. */
function requestsFor(endpoint: Endpoint, routed: string[] | null): fc.Arbitrary<FuzzRequest> {
  const pathArb = typeof endpoint.path === 'string' ? fc.constant(endpoint.path) : endpoint.path;
  const keys = fc.constantFrom(...(endpoint.query ?? ['q']), '__proto__', 'constructor', 'x');
  const query = fc
    .array(fc.tuple(keys, fc.oneof(scalar.map(String), nasty)), { maxLength: 6 })
    .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ''));
  const method = routed
    ? fc.constantFrom(...routed)
    : fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...endpoint.methods) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') });
  const extraHeaders = fc.dictionary(fc.constantFrom('x-forwarded-for', 'origin', 'referer', 'cookie', 'user-agent', 'stripe-signature', 'content-length-hint'), headerValue, { maxKeys: 3 });

  const valid = endpoint.valid;
  const jsonBody: fc.Arbitrary<{ body: string; mustRefuse: boolean }> = fc.oneof(
    // Anything at all, as JSON.
    anything.map((v) => ({ body: JSON.stringify(v) ?? 'null', mustRefuse: false })),
    // Not JSON, or cut short, or far too big.
    fc.oneof(fc.string(), nasty).map((s) => ({ body: s, mustRefuse: true })),
    fc.constantFrom('{', '{"a":', '[1,2', '{"items":[{"product":', '\u0000').map((s) => ({ body: s, mustRefuse: true })),
    fc.constant({ body: JSON.stringify({ pad: 'x'.repeat(600 * 1024) }), mustRefuse: true }),
    ...(valid
      ? [
          // The valid body with one field replaced by anything (may still be valid), removed, or given a wrong type.
          fc.tuple(fc.nat(), anything).map(([n, v]) => {
            const seed = valid();
            const all = paths(seed).filter((p) => p.length > 0);
            return { body: JSON.stringify(setAt(seed, all[n % all.length]!, v)), mustRefuse: false };
          }),
          fc.nat().map((n) => {
            const seed = valid();
            const all = paths(seed).filter((p) => p.length > 0);
            const at = all[n % all.length]!;
            return { body: JSON.stringify(setAt(seed, at, wrongType(getAt(seed, at)))), mustRefuse: true };
          }),
          fc.dictionary(fc.oneof(nasty, fc.string({ maxLength: 10 })), anything, { maxKeys: 4 }).map((extra) => ({ body: JSON.stringify({ ...(valid() as object), ...extra }), mustRefuse: false })),
          fc.nat().map((n) => {
            const seed = valid();
            const all = paths(seed).filter((p) => p.length > 0);
            return { body: JSON.stringify(setAt(seed, all[n % all.length]!, undefined, true)), mustRefuse: false };
          }),
        ]
      : []),
  );
  // For the cake order's multipart form: junk parts, a junk `order`, a junk file.
  const multipart = fc.tuple(fc.oneof(fc.string(), jsonBody.map((b) => b.body)), fc.uint8Array({ maxLength: 2048 }), fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream'), fc.string({ maxLength: 30 })).map(([order, bytes, type, name]) => {
    const boundary = 'fuzzboundary';
    const text =
      `--${boundary}\r\nContent-Disposition: form-data; name="order"\r\n\r\n${order}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="referencePhoto"; filename="${name.replace(/["\r\n]/g, '')}"\r\nContent-Type: ${type}\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(text), Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    return { body: new Uint8Array(body), contentType: `multipart/form-data; boundary=${boundary}` };
  });

  return fc.record({ path: pathArb, query, method, headers: extraHeaders, contentType, json: jsonBody, multipart, useMultipart: fc.boolean(), withCookie: fc.boolean() }).map((r) => {
    const hasBody = r.method !== 'GET' && r.method !== 'HEAD';
    const multipartBody = endpoint.name === 'cake-orders' && r.useMultipart;
    const headers: Record<string, string> = { ...r.headers };
    delete headers['content-length-hint'];
    if (hasBody) headers['content-type'] = multipartBody ? r.multipart.contentType : r.contentType;
    return {
      method: r.method,
      url: `${r.path}${r.query}`,
      headers,
      ...(hasBody ? { body: multipartBody ? r.multipart.body : r.json.body } : {}),
      // A wrong method is refused whatever the body; otherwise only bodies built to be invalid must be.
      mustRefuse: !endpoint.methods.includes(r.method) || (hasBody && !multipartBody && r.json.mustRefuse && endpoint.methods.includes('POST') && endpoint.name !== 'stripe-webhook'),
      withCookie: r.withCookie,
    } as FuzzRequest & { withCookie: boolean };
  });
}

/** Stripe events signed with the real secret but with a body Stripe would never send. */
const signedWebhook: fc.Arbitrary<FuzzRequest> = fc
  .record({
    id: fc.oneof(fc.constant(undefined), fc.string(), nasty.map((s) => `evt_${s}`)),
    type: fc.oneof(fc.constantFrom('checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.expired', 'charge.refunded'), fc.string()),
    object: fc.oneof(
      anything,
      fc.record({
        id: fc.oneof(fc.string(), nasty),
        payment_status: fc.oneof(fc.constant('paid'), scalar),
        amount_total: fc.oneof(fc.integer(), scalar),
        payment_intent: fc.oneof(fc.string(), scalar, anything),
        customer: fc.oneof(fc.string(), scalar, anything),
        metadata: fc.oneof(anything, fc.record({ bookingId: fc.oneof(fc.uuid(), scalar, nasty), kind: fc.oneof(fc.constantFrom('deposit', 'balance'), scalar) }, { requiredKeys: [] })),
      }, { requiredKeys: [] }),
    ),
  })
  .map(({ id, type, object }) => {
    const payload = JSON.stringify({ id, object: 'event', type, livemode: false, created: 1, data: { object } });
    return {
      method: 'POST',
      url: '/api/stripe-webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      body: payload,
      mustRefuse: false,
    };
  });

// ---------------------------------------------------------------------------------------------
// The run

/** Tables a request may write before or without being accepted: rate-limit counters (counted before validation, by design). */
const BOOKKEEPING = new Set(['rate_limits', 'staff_rate_limit', 'schema_migrations']);
let countQuery = '';
async function rowCounts(): Promise<Record<string, number>> {
  const [row] = await db.sql.unsafe(countQuery);
  return row as Record<string, number>;
}

let ipCounter = 0;
async function send(handler: Handler, request: FuzzRequest): Promise<{ status: number; text: string }> {
  const init: RequestInit = { method: request.method, headers: request.headers };
  if (request.body !== undefined) init.body = typeof request.body === 'string' ? request.body : new Uint8Array(request.body);
  const req = new Request(`http://localhost${request.url}`, init);
  // Each request from its own address, so rate limits do not hide the validation behind a 429.
  const ip = `10.${(++ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  const response = await handler(req, { ip, deploy: { id: 'fuzz' }, params: {} } as unknown as Context);
  return { status: response.status, text: await response.text() };
}

beforeAll(async () => {
  db = await createMigratedDatabase();
  await seedDemoBusiness(db.sql);
  stripe = await startStripeDouble();
  for (const key of ['SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'BUSINESS_NOTIFY_EMAIL']) delete process.env[key];
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'fuzz-')),
    SITE_URL: 'http://localhost:4321',
    STRIPE_SECRET_KEY: 'sk_test_fuzz',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  });
  const tables = await db.sql<{ table_name: string }[]>`
    select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;
  countQuery = `select ${tables
    .filter((t) => !BOOKKEEPING.has(t.table_name))
    .map((t) => `(select count(*)::int from "${t.table_name}") as "${t.table_name}"`)
    .join(', ')}`;
  const [row] = await db.sql<{ number: string; email: string; waiver_key: string }[]>`
    select b.number, c.email, b.waiver_key from bookings b join customers c on c.id = b.customer_id
    where b.status = 'confirmed' and b.event_start > now() order by b.event_start limit 1`;
  booking = { number: row!.number, email: row!.email, key: row!.waiver_key };
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await stripe.close();
  await db.drop();
});

let snapshot: Record<string, number> = {};
async function fuzz(handler: Handler, requests: fc.Arbitrary<FuzzRequest & { withCookie?: boolean }>, runs: number, cookie?: () => Promise<string>) {
  snapshot = await rowCounts();
  await fc.assert(
    fc.asyncProperty(requests, async (request) => {
      if (cookie && request.withCookie) request.headers = { ...request.headers, cookie: await cookie() };
      const { status, text } = await send(handler, request);
      const context = `${request.method} ${request.url} ${String(request.body ?? '').slice(0, 300)} -> ${status} ${text.slice(0, 300)}`;
      expect(status, context).toBeLessThan(500);
      if (request.mustRefuse) expect(status, context).toBeGreaterThanOrEqual(400);
      // Counting once per request: an accepted request may write, so the snapshot moves on after it.
      const after = await rowCounts();
      const before = snapshot;
      snapshot = after;
      if (status >= 400) {
        expect(after, `a refused request wrote rows: ${context}`).toEqual(before);
        // The error shape is the documented one, never a stack trace.
        if (text.startsWith('{')) expect(JSON.parse(text)).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
        expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
      }
    }),
    { numRuns: runs, endOnFailure: true },
  );
}

describe('fuzzing every public function', () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.name}: no input makes it fail or write a refused request`, { timeout: 120_000 }, async () => {
      const mod = (await endpoint.load()) as { default: Handler; config?: { method?: string | string[] } };
      const routed = mod.config?.method ? [mod.config.method].flat().map((m) => m.toUpperCase()) : null;
      await fuzz(mod.default, requestsFor(endpoint, routed), endpoint.runs ?? 120, endpoint.cookie);
    });
  }

  it('stripe-webhook: correctly signed events with bodies Stripe never sends', { timeout: 120_000 }, async () => {
    const { default: handler } = await import('../../netlify/functions/stripe-webhook');
    await fuzz(handler, signedWebhook, 250);
  });
});
