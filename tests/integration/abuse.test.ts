import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIVER_RULES, WAIVER_VERSION } from '../../src/lib/waivers/waiver-text';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, signIn, staffSession, useAdminEnv } from '../support/staff';
import { storedPhone } from '../../src/lib/texts/phone';

/**
 * Issue #22, tried as someone who wants to harm the business would: each attack scripted with
 * nothing but the public API (and one staff sign-in page), refused, while a genuine customer in the
 * same minute books, signs a waiver and gets every e-mail. Runs directly and through PgBouncer.
 * Attacks 6 (database TLS) and 12 (the CSP) are deploy configuration, proven where they are made:
 * tests/integration/database-tls.test.ts, src/lib/deploy/deploy-readiness.test.ts and
 * src/integrations/csp-check.test.ts; attack 9 (Stripe's own refunds and disputes) in
 * tests/integration/stripe-refunds-disputes.test.ts, against the Stripe double.
 */

const ATTACKER = '203.0.113.66';
const PRODUCT = 'pink-castle-bounce-house';
const ADDRESS = { line1: '5 Pine St', city: 'Round Rock', state: 'TX', zip: '78664' };

let db: TestDatabase;
const h = {} as Record<'bookings' | 'waivers' | 'contact' | 'track' | 'invoice' | 'quotePrice' | 'paymentStatus' | 'customers', Handler>;

let people = 0;
const person = (name = 'Jordan Rivera') => {
  const n = ++people;
  return { name, email: `person${n}@example.com`, phone: `512-555-${String(3000 + n)}` };
};
const bookingBody = (who: ReturnType<typeof person>, date: string, quantity = 1) => ({
  items: [{ product: PRODUCT, quantity }],
  event: { date, start: '10:00', end: '16:00' },
  customer: who,
  address: ADDRESS,
  acceptTerms: true,
});
let genuineIps = 0;
const genuineIp = () => ({ 'x-test-ip': `198.51.100.${++genuineIps}` });

/** The renter signs their own booking's waiver; `signature` says how, and who else is there. */
const waiverBody = (number: string, who: { name: string; email: string }, signature: Record<string, unknown>) => ({
  submissionId: randomUUID(),
  website: '',
  access: { bookingNumber: number, email: who.email },
  waiverVersion: WAIVER_VERSION,
  signerName: who.name,
  signerEmail: who.email,
  adults: [{ name: who.name }],
  acknowledged: Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true])),
  consent: true,
  ...signature,
});

const emailsTo = (address: string) =>
  db.sql<{ template: string; text: string }[]>`select template, payload->>'text' as text from outbound_emails where lower(to_address) = lower(${address}) order by created_at, id`;

/** A genuine customer, from an address of their own: books, signs the waiver, and gets every e-mail. */
async function genuineCustomerBooksAndSigns(date: string) {
  const who = person('Sam Okafor');
  const booked = await call(h.bookings, 'POST', '/api/bookings', bookingBody(who, date), genuineIp());
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const number = booked.body.bookingNumber as string;
  const signed = await call(h.waivers, 'POST', '/api/waivers', waiverBody(number, who, { guests: [{ name: 'Maya Okafor', age: 7 }], signatureKind: 'typed', typedSignature: who.name }), genuineIp());
  expect(signed.status, JSON.stringify(signed.body)).toBe(201);
  const templates = (await emailsTo(who.email)).map((e) => e.template);
  expect(templates.filter((t) => t.startsWith('booking')).length, templates.join()).toBeGreaterThanOrEqual(1);
  expect(templates.some((t) => t.includes('waiver')), templates.join()).toBe(true);
  const [notice] = await db.sql<{ n: number }[]>`
    select count(*)::int as n from outbound_emails where to_address = 'hello@pinkflamingo.example' and payload->>'text' like ${`%${number}%`}`;
  expect(notice!.n).toBeGreaterThanOrEqual(1);
  return { who, number };
}

beforeAll(async () => {
  db = await createSeededDatabase();
  // Pay later, the mode in which an unpaid booking used to hold its units for ever.
  await db.sql`update business_settings set payment_mode = 'pay_later'`;
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'SMTP_URL', 'BOOKING_RATE_LIMIT', 'BROWSE_RATE_LIMIT']) delete process.env[key];
  useAdminEnv(db.url);
  h.bookings = (await import('../../netlify/functions/bookings')).default;
  h.waivers = (await import('../../netlify/functions/waivers')).default;
  h.contact = (await import('../../netlify/functions/contact')).default;
  h.track = (await import('../../netlify/functions/track-order')).default;
  h.invoice = (await import('../../netlify/functions/booking-invoice')).default;
  h.quotePrice = (await import('../../netlify/functions/quote-price')).default;
  h.paymentStatus = (await import('../../netlify/functions/payment-status')).default;
  h.customers = (await import('../../netlify/functions/admin-customers')).default as Handler;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

describe('attack 1: emptying a Saturday with scripted unpaid bookings', () => {
  it('caps what one address may hold, refuses a booking of every unit, releases the rest after the deadline, and a real family still books', async () => {
    const date = futureDate(40);
    const greedy = await call(h.bookings, 'POST', '/api/bookings', bookingBody(person('Bot'), date, 20), { 'x-test-ip': ATTACKER });
    expect(greedy.status).toBe(400);
    expect(Object.keys(greedy.body.error.fields)).toEqual(['items.0.quantity']);

    // Made-up names, e-mails and phones, one address: the owner's cap per address stops it. The
    // product has three units; this owner allows two open unpaid bookings per address.
    await db.sql`update business_settings set max_open_unpaid_per_client = 2`;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call(h.bookings, 'POST', '/api/bookings', bookingBody(person(`Bot ${i}`), date), { 'x-test-ip': ATTACKER })).status);
    expect(statuses).toEqual([201, 201, 409, 409, 409]);

    // In the same minute, a real family books the unit the script could not take.
    await genuineCustomerBooksAndSigns(date);
    await db.sql`update business_settings set max_open_unpaid_per_client = 3`;

    // 48 hours later (the default), the script's unpaid bookings give their units back by themselves.
    const { releaseExpiredHolds } = await import('../../src/lib/booking/holds.server');
    const released = await releaseExpiredHolds(db.sql, new Date(Date.now() + 49 * 3_600_000));
    const [left] = await db.sql<{ n: number }[]>`select count(*)::int as n from bookings where client_address = ${ATTACKER} and status = 'deposit_due'`;
    expect(left!.n).toBe(0);
    expect(released.length).toBeGreaterThanOrEqual(2);
  });
});

describe('attack 2: relaying spam through the forms', () => {
  it('acknowledges a stranger without a word of what was typed, and stops at the daily cap', async () => {
    const victim = 'victim@example.com';
    const spam = 'CHEAP PILLS at https://spam.example/buy';
    const send = () =>
      call(
        h.contact,
        'POST',
        '/api/contact',
        { submissionId: randomUUID(), website: '', kind: 'contact', name: spam, email: victim, subject: spam, message: spam },
        genuineIp(),
      );
    expect((await send()).status).toBe(201);
    const [ack] = await emailsTo(victim);
    expect(ack!.text).not.toMatch(/spam\.example|PILLS/i);

    await db.sql`update business_settings set unverified_mail_daily_cap = (select count(*) from outbound_emails where to_address = ${victim})`;
    expect((await send()).status).toBe(201);
    expect(await emailsTo(victim)).toHaveLength(1);
    await db.sql`update business_settings set unverified_mail_daily_cap = 200`;
  });
});

describe('attack 3: a tiny image that costs gigabytes to decode', () => {
  it('refuses a 5000 x 5000 signature by its PNG header, before decoding', async () => {
    const { number, who } = await genuineCustomerBooksAndSigns(futureDate(41));
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(5000, 0);
    ihdr.writeUInt32BE(5000, 4);
    ihdr[8] = 1; // one bit per pixel: a few bytes of IDAT describe 25 million pixels
    const { crc32 } = await import('node:zlib');
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IEND', Buffer.alloc(0))]);
    const signed = await call(
      h.waivers,
      'POST',
      '/api/waivers',
      waiverBody(number, who, { guests: [], signatureKind: 'drawn', signatureImage: `data:image/png;base64,${png.toString('base64')}` }),
      { 'x-test-ip': ATTACKER },
    );
    expect(signed.status).toBe(400);
    expect(Object.keys(signed.body.error.fields)).toEqual(['signatureImage']);
  });
});

describe("attack 4: the guests' QR code opening the renter's invoice", () => {
  it('the waiver key opens no invoice; the invoice token does', async () => {
    const { number } = await genuineCustomerBooksAndSigns(futureDate(42));
    const [row] = await db.sql<{ waiver_key: string; invoice_token: string }[]>`select waiver_key, invoice_token from bookings where number = ${number}`;
    const invoice = (query: string) => call(h.invoice, 'GET', `/api/bookings/${number}/invoice?${query}`, undefined, { 'x-test-ip': ATTACKER });
    expect((await invoice(`key=${row!.waiver_key}`)).status).toBe(404);
    expect((await invoice(`token=${row!.waiver_key}`)).status).toBe(404);
    const real = await h.invoice(new Request(`http://localhost/api/bookings/${number}/invoice?token=${row!.invoice_token}`), { ip: '198.51.100.250' } as never);
    expect(real.status).toBe(200);
    expect(real.headers.get('content-type')).toBe('application/pdf');
  });
});

describe('attack 5: a stranger rewriting a customer by booking with their e-mail', () => {
  it("changes nothing on the customer's bookings, and their own phone still finds them", async () => {
    const { who, number } = await genuineCustomerBooksAndSigns(futureDate(43));
    const stranger = await call(
      h.bookings,
      'POST',
      '/api/bookings',
      bookingBody({ name: 'Mallory Stranger', email: who.email.toUpperCase(), phone: '512-555-9999' }, futureDate(44)),
      { 'x-test-ip': '203.0.113.67' },
    );
    expect(stranger.status).toBe(201);
    const [customer] = await db.sql<{ name: string; phone: string }[]>`select name, phone from customers where lower(email) = lower(${who.email})`;
    expect(customer).toEqual({ name: who.name, phone: storedPhone(who.phone) });
    const [booking] = await db.sql<{ contact_name: string; contact_phone: string }[]>`select contact_name, contact_phone from bookings where number = ${number}`;
    expect(booking).toEqual({ contact_name: who.name, contact_phone: storedPhone(who.phone) });
    const tracked = await call(h.track, 'POST', '/api/track-order', { bookingNumber: number, phone: who.phone }, genuineIp());
    expect(tracked.status).toBe(200);
  });
});

describe('attack 7: endpoints that leak or cost without limit', () => {
  it('payment status says the same for a made-up booking and a real one with a made-up session', async () => {
    const { number } = await genuineCustomerBooksAndSigns(futureDate(45));
    const status = (booking: string) => call(h.paymentStatus, 'GET', `/api/payment-status?booking=${booking}&session_id=cs_test_madeup`, undefined, { 'x-test-ip': ATTACKER });
    const unknown = await status('PF-ZZZZZZ');
    const known = await status(number);
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
  });

  it('coupon guessing stops telling anything after a few codes, for the same price of a wrong code', async () => {
    const price = (coupon: string) =>
      call(h.quotePrice, 'POST', '/api/quote-price', { items: [{ product: PRODUCT, quantity: 1 }], event: { date: futureDate(46), start: '10:00', end: '16:00' }, zip: '78664', coupon }, { 'x-test-ip': ATTACKER });
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await price(`GUESS${i}`));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const messages = new Set(answers.slice(0, 10).map((a) => a.body.coupon?.error));
    expect(messages.size).toBe(1);
    expect(answers[11]!.body.coupon.error).toMatch(/wait an hour/);
  });
});

describe('attack 8: text PostgreSQL cannot store', () => {
  it('a lone surrogate in a name is a 400 at the field, and nothing is stored', async () => {
    const before = (await db.sql<{ n: number }[]>`select count(*)::int as n from bookings`)[0]!.n;
    const body = JSON.stringify(bookingBody(person('x'), futureDate(47))).replace('"name":"x"', '"name":"\\ud800"');
    const res = await call(h.bookings, 'POST', '/api/bookings', body, { 'x-test-ip': '203.0.113.68' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toContain('customer.name');
    expect((await db.sql<{ n: number }[]>`select count(*)::int as n from bookings`)[0]!.n).toBe(before);
  });
});

describe('attack 10: guessing a staff password', () => {
  it('locks the account after five wrong tries from anywhere, even for the right password then', async () => {
    const crew = await staffSession(db.sql, 'crew');
    for (let i = 0; i < 5; i++) expect((await signIn(crew.email, `wrong ${i}`, `203.0.113.${100 + i}`)).status).not.toBe(200);
    const locked = await signIn(crew.email, crew.password, '203.0.113.120');
    expect(locked.status).toBe(429);
    expect(locked.cookie).toBeNull();
  });
});

describe('attack 11: a crafted sort that crashed the customers list', () => {
  it('sorts by e-mail (and refuses an unknown column) without a 500', async () => {
    const manager = await staffSession(db.sql, 'manager');
    const byEmail = await adminCall(h.customers, 'GET', '/api/admin/customers?sort=email&dir=desc', { cookie: manager.cookie });
    expect(byEmail.status).toBe(200);
    const crafted = await adminCall(h.customers, 'GET', '/api/admin/customers?sort=email;drop%20table%20bookings&dir=asc', { cookie: manager.cookie });
    expect(crafted.status).toBe(400);
  });
});
