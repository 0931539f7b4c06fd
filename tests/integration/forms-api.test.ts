import type { Context } from '@netlify/functions';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';

type Handler = (req: Request, ctx: Context) => Promise<Response>;
let db: TestDatabase;
let dataDir: string;
let h: Record<'quotes' | 'contact' | 'suggestions', Handler>;

let ipCounter = 0;
/** Each request from its own address unless a test says otherwise, so the per-IP limits never interfere. */
const ip = () => ({ 'x-test-ip': `10.3.0.${++ipCounter}` });
const count = async (table: 'quotes' | 'quote_items' | 'contact_messages' | 'product_suggestions') =>
  (await db.sql<{ n: number }[]>`select count(*)::int as n from ${db.sql(table)}`)[0]!.n;

const quote = (extra: Record<string, unknown> = {}) => ({
  submissionId: randomUUID(),
  website: '',
  eventType: 'school',
  eventDate: futureDate(40),
  guestCount: 180,
  zip: '78664',
  items: [
    { product: 'double-dash-40-ft-obstacle-course', quantity: 1 },
    { product: 'table-and-chair-set', quantity: 6 },
  ],
  details: 'Field day for three grades, 9 am to 2 pm on the school field.',
  budget: 1500,
  name: 'Dana Whitaker',
  email: 'dana.whitaker@example.com',
  phone: '(512) 555-0170',
  ...extra,
});

const contact = (extra: Record<string, unknown> = {}) => ({
  submissionId: randomUUID(),
  website: '',
  kind: 'contact',
  name: 'Jordan Lee',
  email: 'jordan.lee@example.com',
  phone: '',
  subject: 'Church festival',
  message: 'Do you deliver to Hutto on a Sunday morning, and can you set up on artificial turf?',
  bookingNumber: '',
  ...extra,
});

const suggestion = (extra: Record<string, unknown> = {}) => ({
  submissionId: randomUUID(),
  website: '',
  what: 'Foam party machine',
  why: 'Our kids loved one at a friend’s party last summer.',
  link: 'https://example.com/foam-cannon',
  name: '',
  email: '',
  ...extra,
});

beforeAll(async () => {
  db = await createSeededDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'forms-'));
  for (const key of ['SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'BUSINESS_NOTIFY_EMAIL']) delete process.env[key];
  Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: dataDir, SITE_URL: 'http://localhost:4321' });
  h = {
    quotes: (await import('../../netlify/functions/quotes')).default,
    contact: (await import('../../netlify/functions/contact')).default,
    suggestions: (await import('../../netlify/functions/product-suggestions')).default,
  };
});
afterAll(async () => {
  const { useTransport } = await import('../../src/lib/email/outbox.server');
  useTransport(undefined);
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await db.drop();
});

describe('POST /api/quotes', () => {
  it('stores the request with its items and a quote number, then acknowledges it by e-mail', async () => {
    const { status, body } = await call(h.quotes, 'POST', '/api/quotes', quote({ phone: '512.555.0170' }), ip());
    expect(status).toBe(201);
    expect(body.quoteNumber).toMatch(/^Q-[2-9A-HJKMNP-Z]{6}$/);
    expect(body.personalUrl).toBe(`/hi/${body.quoteNumber}`);

    const [row] = await db.sql`select * from quotes where number = ${body.quoteNumber}`;
    expect(row).toMatchObject({ name: 'Dana Whitaker', email: 'dana.whitaker@example.com', phone: '(512) 555-0170', event_type: 'school', guest_count: 180, zip: '78664', budget_cents: 150000, status: 'new' });
    const items = await db.sql`select description, quantity from quote_items where quote_id = ${row!.id} order by description`;
    expect(items).toEqual([
      { description: 'Double Dash 40 ft Dual Lane Obstacle Course', quantity: 1 },
      { description: 'Table & Chair Set (6 ft table + 8 chairs)', quantity: 6 },
    ]);

    const files = await readdir(path.join(dataDir, 'outbox'));
    const ack = files.find((f) => f.includes('dana.whitaker@example.com'))!;
    const eml = await readFile(path.join(dataDir, 'outbox', ack), 'utf8');
    expect(eml).toContain(`Subject: We received your quote request ${body.quoteNumber}`);
    expect(eml).toContain(`http://localhost:4321/hi/${body.quoteNumber}`);
    expect(files.some((f) => f.includes('hello@pinkflamingo.example'))).toBe(true);
  });

  it('takes a request from a ZIP nobody serves, and tells the customer and the staff it is outside the area', async () => {
    const served = await call(h.quotes, 'POST', '/api/quotes', quote(), ip());
    expect(served.body.outsideServiceArea).toBe(false);

    const email = 'far.away@example.com';
    const { status, body } = await call(h.quotes, 'POST', '/api/quotes', quote({ zip: '10001', email }), ip());
    expect(status).toBe(201);
    expect(body.outsideServiceArea).toBe(true);
    const outbox = path.join(dataDir, 'outbox');
    const files = await readdir(outbox);
    const ack = await readFile(path.join(outbox, files.find((f) => f.includes(email))!), 'utf8');
    expect(ack.replace(/=\r?\n/g, '')).toContain('ZIP 10001 is outside our delivery area.');
    const staffMails = await Promise.all(files.filter((f) => f.includes('hello@pinkflamingo.example')).map((f) => readFile(path.join(outbox, f), 'utf8')));
    expect(staffMails.some((m) => m.replace(/=\r?\n/g, '').includes('ZIP 10001 is outside every service area'))).toBe(true);
  });

  it('takes free text alone, with no catalog items', async () => {
    const { status } = await call(h.quotes, 'POST', '/api/quotes', quote({ items: [], budget: undefined, phone: '' }), ip());
    expect(status).toBe(201);
  });

  it('answers bad input with 400 and the message for each field, and stores nothing', async () => {
    const before = await count('quotes');
    const { status, body } = await call(h.quotes, 'POST', '/api/quotes', quote({ items: [], details: '', zip: '786', email: 'dana@', guestCount: 0 }), ip());
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({
      zip: 'Enter a 5-digit ZIP code',
      email: 'Enter a valid e-mail address, like name@example.com',
      guestCount: 'Enter about how many guests you expect',
      details: 'Pick at least one rental above, or tell us what you have in mind',
    });
    expect(await count('quotes')).toBe(before);
  });

  it('refuses past dates and products that are not in the catalog', async () => {
    const past = await call(h.quotes, 'POST', '/api/quotes', quote({ eventDate: '2020-05-01' }), ip());
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toEqual({ eventDate: 'Choose today or a date in the future' });
    const unknown = await call(h.quotes, 'POST', '/api/quotes', quote({ items: [{ product: 'moon-bounce-3000', quantity: 1 }] }), ip());
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ 'items.0.product': 'We no longer offer this rental; please remove it from your list' });
  });

  it('refuses a date past the booking window saying "1 day", not "1 days", in English and Spanish', async () => {
    const before = (await db.sql<{ days: number }[]>`select max_days_ahead as days from business_settings`)[0]!.days;
    await db.sql`update business_settings set max_days_ahead = 1`;
    try {
      const english = await call(h.quotes, 'POST', '/api/quotes', quote({ eventDate: futureDate(5) }), ip());
      expect(english.status).toBe(400);
      expect(english.body.error.fields).toEqual({ eventDate: 'We take requests up to 1 day ahead; please call us for later dates' });
      const spanish = await call(h.quotes, 'POST', '/api/quotes', quote({ eventDate: futureDate(5) }), { ...ip(), 'x-page-language': 'es' });
      expect(spanish.body.error.fields).toEqual({ eventDate: 'Aceptamos solicitudes con hasta 1 día de anticipación; para fechas más lejanas, por favor llámenos' });
    } finally {
      await db.sql`update business_settings set max_days_ahead = ${before}`;
    }
  });

  it('refuses a cake among the rentals at its item, in the page’s language, and stores nothing', async () => {
    const before = await count('quotes');
    const items = [{ product: 'giant-connect-four', quantity: 1 }, { product: 'classic-round-birthday-cake', quantity: 1 }];
    const cake = await call(h.quotes, 'POST', '/api/quotes', quote({ items }), ip());
    expect(cake.status).toBe(400);
    expect(cake.body.error.fields).toEqual({ 'items.1.product': 'The Classic Round Birthday Cake is a cake: order it on its page, with the flavour and the message.' });
    const spanish = await call(h.quotes, 'POST', '/api/quotes', quote({ items }), { ...ip(), 'x-page-language': 'es' });
    expect(spanish.body.error.fields['items.1.product']).toMatch(/es un pastel: pídalo en su página, con el sabor y el mensaje\.$/);
    expect(await count('quotes')).toBe(before);
  });

  it('answers a filled honeypot as if it worked, and stores and sends nothing', async () => {
    const [quotes, mails] = [await count('quotes'), (await db.sql`select count(*)::int as n from outbound_emails`)[0]!.n];
    const { status, body } = await call(h.quotes, 'POST', '/api/quotes', quote({ website: 'https://seo-offers.example' }), ip());
    expect(status).toBe(201);
    expect(body.quoteNumber).toMatch(/^Q-/);
    expect(await count('quotes')).toBe(quotes);
    expect((await db.sql`select count(*)::int as n from outbound_emails`)[0]!.n).toBe(mails);
    expect(await db.sql`select 1 from quotes where number = ${body.quoteNumber}`).toHaveLength(0);
  });

  it('refuses an oversized body and malformed JSON with 400', async () => {
    const before = await count('quotes');
    const big = await call(h.quotes, 'POST', '/api/quotes', quote({ details: 'x'.repeat(70_000) }), ip());
    expect(big.status).toBe(400);
    expect(big.body.error.message).toBe('The request is too large.');
    const broken = await call(h.quotes, 'POST', '/api/quotes', '{"eventType": ', ip());
    expect(broken.status).toBe(400);
    expect(await count('quotes')).toBe(before);
  });

  it('stores a double submit once and answers both with the same quote number', async () => {
    const before = await count('quotes');
    const request = quote({ email: 'twice@example.com' });
    const [a, b] = await Promise.all([call(h.quotes, 'POST', '/api/quotes', request, ip()), call(h.quotes, 'POST', '/api/quotes', request, ip())]);
    const again = await call(h.quotes, 'POST', '/api/quotes', request, ip());
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(b.body.quoteNumber).toBe(a.body.quoteNumber);
    expect(again.body.quoteNumber).toBe(a.body.quoteNumber);
    expect(await count('quotes')).toBe(before + 1);
    expect(await db.sql`select 1 from outbound_emails where to_address = 'twice@example.com'`).toHaveLength(1);
  });

  it('limits how often one address can send', async () => {
    const same = { 'x-test-ip': '10.9.9.9' };
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await call(h.quotes, 'POST', '/api/quotes', quote({ website: 'bot' }), same)).status);
    expect(answers.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

describe('POST /api/contact', () => {
  it('stores contact and support messages and acknowledges them', async () => {
    const sent = await call(h.contact, 'POST', '/api/contact', contact(), ip());
    expect(sent.status).toBe(201);
    const support = await call(h.contact, 'POST', '/api/contact', contact({ kind: 'support', email: 'support.case@example.com', bookingNumber: 'pf-abc234' }), ip());
    expect(support.status).toBe(201);
    const rows = await db.sql`select kind, booking_number, status from contact_messages where id in ${db.sql([sent.body.reference, support.body.reference])} order by kind`;
    expect(rows).toEqual([
      { kind: 'contact', booking_number: null, status: 'new' },
      { kind: 'support', booking_number: 'PF-ABC234', status: 'new' },
    ]);
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files.some((f) => f.includes('support.case@example.com'))).toBe(true);
  });

  it('lets staff answer a notice with Reply (to the customer) and the customer answer theirs (to the business)', async () => {
    const email = 'reply.to.me@example.com';
    expect((await call(h.contact, 'POST', '/api/contact', contact({ name: 'Rosa Díaz', email }), ip())).status).toBe(201);
    const outbox = path.join(dataDir, 'outbox');
    const mails = await Promise.all((await readdir(outbox)).map((f) => readFile(path.join(outbox, f), 'utf8')));
    const header = (mail: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(mail)?.[1];
    const notice = mails.find((m) => header(m, 'To')?.includes('hello@pinkflamingo.example') && m.includes(email))!;
    expect(header(notice, 'Reply-To')).toContain(`<${email}>`);
    const acknowledgement = mails.find((m) => header(m, 'To') === email)!;
    expect(header(acknowledgement, 'Reply-To')).toContain('<hello@pinkflamingo.example>');
  });

  it('answers bad input with the fields, a honeypot with a fake success, and stores neither', async () => {
    const before = await count('contact_messages');
    const bad = await call(h.contact, 'POST', '/api/contact', contact({ kind: 'sales', message: 'hi', name: '' }), ip());
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      kind: 'Choose contact or support',
      name: 'Enter your full name',
      message: 'Tell us a little more (at least 10 characters)',
    });
    const spam = await call(h.contact, 'POST', '/api/contact', contact({ website: 'x' }), ip());
    expect(spam.status).toBe(201);
    expect(spam.body.reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(await count('contact_messages')).toBe(before);
  });

  it('refuses an oversized body, and stores a double submit once', async () => {
    const before = await count('contact_messages');
    const big = await call(h.contact, 'POST', '/api/contact', contact({ message: 'x'.repeat(80_000) }), ip());
    expect(big.status).toBe(400);
    const request = contact();
    const first = await call(h.contact, 'POST', '/api/contact', request, ip());
    const second = await call(h.contact, 'POST', '/api/contact', request, ip());
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body.reference).toBe(first.body.reference);
    expect(await count('contact_messages')).toBe(before + 1);
  });
});

describe('POST /api/product-suggestions', () => {
  it('lands in the suggestions list; the visitor is thanked only when they left an e-mail', async () => {
    const anonymous = await call(h.suggestions, 'POST', '/api/product-suggestions', suggestion(), ip());
    expect(anonymous.status).toBe(201);
    const [row] = await db.sql`select what, why, link, name, email, status from product_suggestions where id = ${anonymous.body.reference}`;
    expect(row).toEqual({ what: 'Foam party machine', why: 'Our kids loved one at a friend’s party last summer.', link: 'https://example.com/foam-cannon', name: null, email: null, status: 'new' });

    const named = await call(h.suggestions, 'POST', '/api/product-suggestions', suggestion({ what: 'Dunk tank', name: 'Ray', email: 'ray@example.com' }), ip());
    expect(named.status).toBe(201);
    expect(await db.sql`select template from outbound_emails where to_address = 'ray@example.com'`).toEqual([{ template: 'suggestion-customer' }]);
  });

  it('answers bad input with the fields, spam with a fake success, and a double submit with one row', async () => {
    const before = await count('product_suggestions');
    const bad = await call(h.suggestions, 'POST', '/api/product-suggestions', suggestion({ what: 'x', link: 'ftp://x', email: 'nope' }), ip());
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      what: 'Tell us which rental you would like',
      link: 'Enter a full web address starting with https://',
      email: 'Enter a valid e-mail address, like name@example.com',
    });
    expect((await call(h.suggestions, 'POST', '/api/product-suggestions', suggestion({ website: 'y' }), ip())).status).toBe(201);
    const big = await call(h.suggestions, 'POST', '/api/product-suggestions', suggestion({ why: 'x'.repeat(70_000) }), ip());
    expect(big.status).toBe(400);
    expect(await count('product_suggestions')).toBe(before);

    const request = suggestion({ what: 'Mechanical bull' });
    const [a, b] = [await call(h.suggestions, 'POST', '/api/product-suggestions', request, ip()), await call(h.suggestions, 'POST', '/api/product-suggestions', request, ip())];
    expect(b.body.reference).toBe(a.body.reference);
    expect(await count('product_suggestions')).toBe(before + 1);
  });
});

describe('a mail outage', () => {
  it('loses nothing: the submission is stored, its mail waits and goes out later', async () => {
    const { useTransport, deliverPending } = await import('../../src/lib/email/outbox.server');
    const nodemailer = (await import('nodemailer')).default;
    useTransport(nodemailer.createTransport({ host: '127.0.0.1', port: 1, connectionTimeout: 500 }));
    try {
      const { status, body } = await call(h.quotes, 'POST', '/api/quotes', quote({ email: 'outage@example.com' }), ip());
      expect(status).toBe(201);
      expect(await db.sql`select 1 from quotes where number = ${body.quoteNumber}`).toHaveLength(1);
      const pending = await db.sql`select status, attempts, last_error from outbound_emails where to_address = 'outage@example.com'`;
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({ status: 'pending', attempts: 1 });
      expect(pending[0]!.last_error).toBeTruthy();

      const message = await call(h.contact, 'POST', '/api/contact', contact({ email: 'outage.contact@example.com' }), ip());
      expect(message.status).toBe(201);
      expect(await db.sql`select status from outbound_emails where to_address = 'outage.contact@example.com'`).toEqual([{ status: 'pending' }]);
    } finally {
      useTransport(undefined);
    }
    await deliverPending(db.sql, new Date(Date.now() + 3 * 3_600_000), 'test@example.com');
    expect(await db.sql`select status from outbound_emails where to_address in ('outage@example.com', 'outage.contact@example.com')`).toEqual([
      { status: 'sent' },
      { status: 'sent' },
    ]);
  });
});
