import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeProof, encodeProof, HUMAN_CHECK_WORK, humanCheckMessages } from '../../src/lib/human-check';
import { WAIVER_RULES, WAIVER_VERSION } from '../../src/lib/waivers/waiver-text';
import { call, futureDate, type Handler } from '../support/api';
import { cakeOrderBody } from '../support/cake-order';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { solvedProof } from '../../src/cli/scripted-proof';

/**
 * The human check on every public form that takes stock or sends mail (issue #22): a request
 * without a valid, unused proof is a 400 naming `humanCheck` and changes nothing; a valid proof is
 * accepted once; a form re-sent with the same submissionId still gets its first answer.
 */

let db: TestDatabase;
let booking: { number: string; email: string };
let ipCounter = 0;
const ip = () => ({ 'x-test-ip': `10.22.${ipCounter >> 8}.${++ipCounter & 255}` });
let dateOffset = 0;

interface Form {
  name: string;
  path: string;
  load: () => Promise<{ default: Handler }>;
  body: () => Record<string, unknown>;
  /** Sent as the order form's multipart encoding (the proof in a field of its own). */
  multipart?: boolean;
  /** Carries a submissionId: the same form sent again gets its first answer. */
  idempotent: boolean;
}

const forms: Form[] = [
  {
    name: 'booking',
    path: '/api/bookings',
    load: () => import('../../netlify/functions/bookings'),
    idempotent: false,
    body: () => ({
      items: [{ product: 'table-and-chair-set', quantity: 1 }],
      event: { date: futureDate(60 + ++dateOffset), start: '11:00', end: '17:00' },
      customer: { name: 'Check Tester', email: `booking.${randomUUID().slice(0, 8)}@example.com`, phone: '(512) 555-0122' },
      address: { line1: '1 Test St', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      acceptTerms: true,
    }),
  },
  {
    name: 'quote request',
    path: '/api/quotes',
    load: () => import('../../netlify/functions/quotes'),
    idempotent: true,
    body: () => ({
      submissionId: randomUUID(), website: '', eventType: 'school', eventDate: futureDate(40), guestCount: 120, zip: '78664',
      items: [{ product: 'table-and-chair-set', quantity: 2 }], details: 'Field day', budget: 900, name: 'Check Tester', email: 'quote.check@example.com', phone: '(512) 555-0122',
    }),
  },
  {
    name: 'contact message',
    path: '/api/contact',
    load: () => import('../../netlify/functions/contact'),
    idempotent: true,
    body: () => ({ submissionId: randomUUID(), website: '', kind: 'contact', name: 'Check Tester', email: 'contact.check@example.com', phone: '', subject: 'Hi', message: 'Do you deliver on Sundays?', bookingNumber: '' }),
  },
  {
    name: 'product suggestion',
    path: '/api/product-suggestions',
    load: () => import('../../netlify/functions/product-suggestions'),
    idempotent: true,
    body: () => ({ submissionId: randomUUID(), website: '', what: 'Foam machine', why: 'Fun', link: '', name: 'Check Tester', email: 'suggestion.check@example.com' }),
  },
  {
    name: 'cake order (JSON)',
    path: '/api/cake-orders',
    load: () => import('../../netlify/functions/cake-orders'),
    idempotent: true,
    body: () => cakeOrderBody({ email: 'cake.check@example.com' }),
  },
  {
    name: 'cake order (multipart)',
    path: '/api/cake-orders',
    load: () => import('../../netlify/functions/cake-orders'),
    idempotent: true,
    multipart: true,
    body: () => cakeOrderBody({ email: 'cake.multipart.check@example.com' }),
  },
  {
    name: 'waiver',
    path: '/api/waivers',
    load: () => import('../../netlify/functions/waivers'),
    idempotent: true,
    body: () => ({
      submissionId: randomUUID(), website: '', access: { bookingNumber: booking.number, email: booking.email }, waiverVersion: WAIVER_VERSION,
      signerName: 'Check Tester', signerEmail: 'waiver.check@example.com', adults: [{ name: 'Check Tester' }], guests: [],
      acknowledged: Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true])), consent: true, signatureKind: 'typed', typedSignature: 'Check Tester',
    }),
  },
];

/** Sends a form with exactly this proof (undefined: none at all). */
async function send(form: Form, body: Record<string, unknown>, proof: string | undefined) {
  const handler = (await form.load()).default;
  if (!form.multipart) return call(handler, 'POST', form.path, { ...body, humanCheck: proof }, ip());
  const data = new FormData();
  data.set('order', JSON.stringify(body));
  if (proof !== undefined) data.set('humanCheck', proof);
  const response = await handler(new Request(`http://localhost${form.path}`, { method: 'POST', body: data }), { ip: ip()['x-test-ip'] } as never);
  return { status: response.status, body: await response.json() };
}

/** Every table a form or its check writes. */
const TABLES = ['bookings', 'booking_items', 'unit_allocations', 'customers', 'quotes', 'quote_items', 'contact_messages', 'product_suggestions', 'cake_orders', 'waivers', 'outbound_emails', 'spent_human_checks'];
async function counts() {
  const [row] = await db.sql.unsafe(`select ${TABLES.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ')}`);
  return row as Record<string, number>;
}

const refusal = (message: string) => ({ error: { code: 'validation', message, fields: { humanCheck: message } } });

beforeAll(async () => {
  db = await createSeededDatabase();
  for (const key of ['SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'BOOKING_RATE_LIMIT']) delete process.env[key];
  Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'human-check-')), SITE_URL: 'http://localhost:4321' });
  const [row] = await db.sql<{ number: string; email: string }[]>`
    select b.number, c.email from bookings b join customers c on c.id = b.customer_id
    where b.status = 'confirmed' and b.event_start > now() order by b.event_start limit 1`;
  booking = row!;
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await db.drop();
});

describe.each(forms)('the $name form', (form) => {
  it('refuses a missing, unreadable, forged, tampered or expired proof with a 400 naming humanCheck, and stores nothing', async () => {
    const valid = decodeProof(await solvedProof());
    if (!valid.ok) throw new Error('the test proof does not read back');
    const cheaper = encodeProof({ ...valid.proof.challenge, parameters: { ...valid.proof.challenge.parameters, cost: 1 } }, valid.proof.solution);
    const cases: [string, string | undefined, string][] = [
      ['missing', undefined, humanCheckMessages.missing],
      ['empty', '', humanCheckMessages.missing],
      ['unreadable', 'I am a person, honest', humanCheckMessages.unreadable],
      ['signed with another secret', await solvedProof({ secret: 'not-the-site-secret-0123456789abcdefghij' }), humanCheckMessages.failed],
      ['tampered (cheaper work)', cheaper, humanCheckMessages.failed],
      ['expired', await solvedProof({ issuedAt: new Date(Date.now() - 11 * 60_000) }), humanCheckMessages.expired],
    ];
    const before = await counts();
    for (const [what, proof, message] of cases) {
      const answer = await send(form, form.body(), proof);
      expect({ what, status: answer.status, body: answer.body }).toEqual({ what, status: 400, body: refusal(message) });
    }
    expect(await counts()).toEqual(before);
  });

  it('accepts a valid proof once: another submission with the same proof is refused and stores nothing', async () => {
    const proof = await solvedProof();
    const before = await counts();
    const first = await send(form, form.body(), proof);
    expect(first.status).toBe(201);
    const after = await counts();
    expect(after.spent_human_checks).toBe(before.spent_human_checks! + 1);
    const replay = await send(form, form.body(), proof);
    expect(replay).toMatchObject({ status: 400, body: refusal(humanCheckMessages.used) });
    expect(await counts()).toEqual(after);
  });

  if (form.idempotent) {
    it('answers the same form re-sent with its proof (a lost answer) with its first answer, storing nothing more', async () => {
      const body = form.body();
      const proof = await solvedProof();
      const first = await send(form, body, proof);
      expect(first.status).toBe(201);
      const after = await counts();
      const again = await send(form, body, proof);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await counts()).toEqual(after);
    });
  }
});

describe('the human check', () => {
  it('serves a signed challenge at full work that altcha-lib solves and a form accepts', async () => {
    const challengeFn = (await import('../../netlify/functions/human-check')).default;
    const issued = await call(challengeFn, 'GET', '/api/human-check', undefined, ip());
    expect(issued.status).toBe(200);
    expect(issued.headers.get('cache-control')).toBe('no-store');
    const challenge = issued.body as Challenge;
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: HUMAN_CHECK_WORK.cost, keySignature: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(challenge.parameters.expiresAt! * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(challenge.parameters.expiresAt! * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution!.counter).toBeGreaterThanOrEqual(HUMAN_CHECK_WORK.counterMin);
    expect(solution!.counter).toBeLessThanOrEqual(HUMAN_CHECK_WORK.counterMax);
    const contact = forms.find((f) => f.path === '/api/contact')!;
    expect((await send(contact, contact.body(), encodeProof(challenge, solution!))).status).toBe(201);
  });

  it('refuses a proof spent on one form on every other form', async () => {
    const proof = await solvedProof();
    const [contact, ...others] = [forms.find((f) => f.path === '/api/contact')!, ...forms.filter((f) => f.path !== '/api/contact')];
    expect((await send(contact!, contact!.body(), proof)).status).toBe(201);
    const before = await counts();
    for (const form of others) expect({ form: form.name, ...(await send(form, form.body(), proof)) }).toMatchObject({ form: form.name, status: 400, body: refusal(humanCheckMessages.used) });
    expect(await counts()).toEqual(before);
  });

  it('lets exactly one of two different submissions racing with the same proof through', async () => {
    const contact = forms.find((f) => f.path === '/api/contact')!;
    const proof = await solvedProof();
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(contact, contact.body(), proof)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
  });

  it('a bot that filled the honeypot still needs a proof, and spends none', async () => {
    const contact = forms.find((f) => f.path === '/api/contact')!;
    expect(await send(contact, { ...contact.body(), website: 'https://spam.example' }, undefined)).toMatchObject({ status: 400, body: refusal(humanCheckMessages.missing) });
    const before = await counts();
    const proof = await solvedProof();
    expect((await send(contact, { ...contact.body(), website: 'https://spam.example' }, proof)).status).toBe(201);
    expect(await counts()).toEqual(before);
  });

  it('keeps a proof that came with a field error, so the corrected form goes through with it', async () => {
    const contact = forms.find((f) => f.path === '/api/contact')!;
    const proof = await solvedProof();
    const body = contact.body();
    const wrong = await send(contact, { ...body, email: 'not an address' }, proof);
    expect(wrong).toMatchObject({ status: 400, body: { error: { fields: { email: expect.any(String) } } } });
    expect((await send(contact, body, proof)).status).toBe(201);
  });

  it('a booking over its address’s rate limit is a 429 whatever its proof, and spends none', async () => {
    const form = forms.find((f) => f.path === '/api/bookings')!;
    // A phone of its own: the owner's cap on open unpaid bookings per phone is not what this is about.
    let phone = 10;
    const booking = { ...form, body: () => ({ ...form.body(), customer: { name: 'Limit Tester', email: `limit.${randomUUID().slice(0, 8)}@example.com`, phone: `(512) 555-02${++phone}` } }) };
    const handler = (await booking.load()).default;
    const address = { 'x-test-ip': '10.23.0.1' };
    // The default limit (20 per 10 minutes) used up by refused requests: they count too.
    for (let i = 0; i < 20; i++) expect((await call(handler, 'POST', booking.path, { humanCheck: 'x' }, address)).status).toBe(400);
    const used = await solvedProof();
    expect((await send(booking, booking.body(), used)).status).toBe(201);
    const proof = await solvedProof();
    const before = await counts();
    expect(await call(handler, 'POST', booking.path, { ...booking.body(), humanCheck: proof }, address)).toMatchObject({
      status: 429,
      body: { error: { code: 'rate_limited', message: 'Too many attempts. Please wait a few minutes and try again.' } },
    });
    // A proof spent before gets the 429 too, not "already used".
    expect((await call(handler, 'POST', booking.path, { ...booking.body(), humanCheck: used }, address)).status).toBe(429);
    expect(await counts()).toEqual(before);
    // The proof the 429 refused is still good from another address.
    expect((await send(booking, booking.body(), proof)).status).toBe(201);
  });

  it('a booking refused after its admission (an unknown coupon) keeps its rate-limit hit and its spent proof, and nothing else', async () => {
    // The admission is made in the round trip that opens the booking's transaction and committed on
    // its own (transactionAfter): the booking's rollback must not take it back.
    const form = forms.find((f) => f.path === '/api/bookings')!;
    const address = { 'x-test-ip': '10.23.0.2' };
    const handler = (await form.load()).default;
    const body = { ...form.body(), coupon: 'NO-SUCH-CODE' };
    const proof = await solvedProof();
    const hits = async () => (await db.sql<{ hits: number }[]>`select coalesce(sum(hits), 0)::int as hits from rate_limits where key = 'bookings:10.23.0.2'`)[0]!.hits;
    const [hitsBefore, before] = [await hits(), await counts()];
    expect(await call(handler, 'POST', form.path, { ...body, humanCheck: proof }, address)).toMatchObject({ status: 400, body: { error: { fields: { coupon: expect.any(String) } } } });
    expect(await hits()).toBe(hitsBefore + 1);
    expect(await counts()).toEqual({ ...before, spent_human_checks: before.spent_human_checks! + 1 });
    expect(await call(handler, 'POST', form.path, { ...form.body(), humanCheck: proof }, address)).toMatchObject({ status: 400, body: refusal(humanCheckMessages.used) });
  });

  it('housekeeping forgets spent proofs once their challenge has expired, and only those', async () => {
    const contact = forms.find((f) => f.path === '/api/contact')!;
    const [old, fresh] = [await solvedProof(), await solvedProof()];
    for (const proof of [old, fresh]) expect((await send(contact, contact.body(), proof)).status).toBe(201);
    const signature = (p: string) => (decodeProof(p) as { ok: true; proof: { challenge: { signature: string } } }).proof.challenge.signature;
    await db.sql`update spent_human_checks set expires_at = now() - interval '1 minute' where signature = ${signature(old)}`;
    const housekeeping = (await import('../../netlify/functions/housekeeping')).default;
    await housekeeping();
    const left = await db.sql<{ signature: string }[]>`select signature from spent_human_checks where signature in ${db.sql([signature(old), signature(fresh)])}`;
    expect(left.map((r) => r.signature)).toEqual([signature(fresh)]);
  });
});
