import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WAIVER_RULES, WAIVER_VERSION } from '../../src/lib/waivers/waiver-text';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';
import { encodePng, signaturePng } from '../../src/cli/sample-png';

/**
 * Issue #22, attacks 2, 3 and 8: the forms cannot relay a stranger's words from the business's
 * domain, acknowledgements to unverified addresses stop at the owner's daily cap (the business is
 * still told, and the dashboard says so), waiver copies stop at the per-booking cap, a signature
 * PNG that would decode to gigabytes is refused from its header, and text PostgreSQL cannot store
 * is a 400 naming the field, not a 500.
 */

let db: TestDatabase;
const h = {} as Record<'contact' | 'suggestions' | 'quotes' | 'cakes' | 'bookings' | 'waivers' | 'dashboard' | 'settings', Handler>;
let crewCookie = '';
let ownerCookie = '';
let booking: { number: string; email: string };

let ipCounter = 0;
const ip = () => ({ 'x-test-ip': `10.22.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });
const post = (handler: Handler, url: string, body: unknown) => call(handler, 'POST', url, body, ip());

const SPAM = 'Cheap pills at spam.example — click http://spam.example/offer';
const mailsTo = async (address: string) =>
  db.sql<{ template: string; subject: string; text: string; html: string }[]>`
    select template, subject, payload->>'text' as text, payload->>'html' as html from outbound_emails where to_address = ${address} order by created_at, id`;
const everything = (m: { subject: string; text: string; html: string }) => `${m.subject}\n${m.text}\n${m.html}`;

const contact = (email: string, extra: Record<string, unknown> = {}) => ({
  submissionId: randomUUID(), website: '', kind: 'contact', name: 'Visit spam.example Now', email, phone: '', subject: 'Buy now at spam.example', message: SPAM, bookingNumber: '', ...extra,
});
const acknowledged = () => Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true]));
const waiver = (signerEmail: string, extra: Record<string, unknown> = {}) => ({
  submissionId: randomUUID(), website: '', access: { bookingNumber: booking.number, email: booking.email }, waiverVersion: WAIVER_VERSION,
  signerName: 'Priya Raman', signerEmail, adults: [{ name: 'Priya Raman' }], guests: [], acknowledged: acknowledged(), consent: true,
  signatureKind: 'typed', typedSignature: 'Priya Raman', ...extra,
});

beforeAll(async () => {
  db = await createSeededDatabase();
  for (const key of ['SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'BUSINESS_NOTIFY_EMAIL']) delete process.env[key];
  useAdminEnv(db.url, { STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', STRIPE_API_BASE: '', DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'mail-limits-')) });
  Object.assign(h, {
    contact: (await import('../../netlify/functions/contact')).default,
    suggestions: (await import('../../netlify/functions/product-suggestions')).default,
    quotes: (await import('../../netlify/functions/quotes')).default,
    cakes: (await import('../../netlify/functions/cake-orders')).default,
    bookings: (await import('../../netlify/functions/bookings')).default,
    waivers: (await import('../../netlify/functions/waivers')).default,
    dashboard: (await import('../../netlify/functions/admin-dashboard')).default,
    settings: (await import('../../netlify/functions/admin-settings')).default,
  });
  crewCookie = (await staffSession(db.sql, 'crew')).cookie;
  ownerCookie = (await staffSession(db.sql, 'owner')).cookie;
  const [row] = await db.sql<{ number: string; email: string }[]>`
    select b.number, c.email from bookings b join customers c on c.id = b.customer_id where c.email = 'priya.raman@example.com'`;
  booking = row!;
});
beforeEach(async () => {
  await db.sql`update business_settings set unverified_mail_daily_cap = 200, waiver_copies_per_booking = 40`;
  await db.sql`delete from unverified_mail_days`;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

describe('acknowledgements carry only what the business wrote', () => {
  it('a contact form’s acknowledgement holds none of the typed message, subject or name; the business’s notice holds all of it', async () => {
    const res = await post(h.contact, '/api/contact', contact('victim@example.com'));
    expect(res.status).toBe(201);
    const [ack, ...more] = await mailsTo('victim@example.com');
    expect(more).toEqual([]);
    expect(ack!.template).toBe('contact-customer');
    expect(everything(ack!)).not.toMatch(/spam|pills|click|Visit/i);
    expect(ack!.text).toContain('Thank you for getting in touch');
    const [notice] = await db.sql<{ text: string }[]>`select payload->>'text' as text from outbound_emails where template = 'contact-business' order by created_at desc limit 1`;
    expect(notice!.text).toContain(SPAM);
    expect(notice!.text).toContain('Visit spam.example Now');
  });

  it('a suggestion’s, a quote request’s and a cake order’s acknowledgements echo no free text; the booking confirmation only the delivery address', async () => {
    expect((await post(h.suggestions, '/api/product-suggestions', { submissionId: randomUUID(), website: '', what: 'Pills at spam.example', why: SPAM, link: 'https://spam.example/offer', name: 'Spam Bot', email: 'sugg@example.com' })).status).toBe(201);
    expect((await post(h.quotes, '/api/quotes', {
      submissionId: randomUUID(), website: '', eventType: 'school', eventDate: futureDate(40), guestCount: 120, zip: '78664',
      items: [{ product: 'table-and-chair-set', quantity: 2 }], details: SPAM, budget: 900, name: 'Visit spam.example', email: 'quote@example.com', phone: '(512) 555-0101',
    })).status).toBe(201);
    expect((await post(h.cakes, '/api/cake-orders', {
      submissionId: randomUUID(), website: '', product: 'classic-round-birthday-cake', servings: 24, tiers: 1, flavour: 'funfetti', filling: 'chocolate-ganache',
      frosting: 'vanilla-buttercream', messageOnCake: 'Pills at spam.example', allergies: SPAM, fulfilment: 'pickup', neededOn: futureDate(10), bookingNumber: '', bookingEmail: '',
      name: 'Visit spam.example', email: 'cake@example.com', phone: '(512) 555-0101',
    })).status).toBe(201);
    for (const address of ['sugg@example.com', 'quote@example.com', 'cake@example.com']) {
      const mails = await mailsTo(address);
      expect(mails, address).toHaveLength(1);
      expect(everything(mails[0]!), address).not.toMatch(/spam|pills|Visit/i);
    }
    // Catalog data and the business's own words stay: the product, the reference number, the price.
    expect((await mailsTo('quote@example.com'))[0]!.text).toMatch(/Table.*× 2/);
    expect((await mailsTo('cake@example.com'))[0]!.text).toMatch(/Cake total: \$/);

    const placed = await post(h.bookings, '/api/bookings', {
      items: [{ product: 'pink-castle-bounce-house', quantity: 1 }],
      event: { date: futureDate(45), start: '10:00', end: '16:00' },
      customer: { name: 'Visit spam.example', email: 'booker@example.com', phone: '512 555 0123' },
      address: { line1: '5 Pine St', city: 'Georgetown', state: 'TX', zip: '78626', notes: SPAM },
      acceptTerms: true,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [confirmation] = await mailsTo('booker@example.com');
    expect(everything(confirmation!)).not.toMatch(/spam|pills|Visit/i);
    expect(confirmation!.text).toContain('5 Pine St, Georgetown, TX 78626');
  });
});

describe('the daily cap on acknowledgements to unverified addresses', () => {
  it('past the cap the submission is stored and the business notified, no acknowledgement is queued, and the dashboard says so', async () => {
    await db.sql`update business_settings set unverified_mail_daily_cap = 2`;
    const dashboard = async () => (await adminCall(h.dashboard, 'GET', '/api/admin/dashboard', { cookie: crewCookie })).body as { acknowledgementCapNotice: string | null };
    const stored = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from contact_messages where email like 'cap-%'`)[0]!.n;
    const notices = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from outbound_emails where template = 'contact-business' and payload->>'replyTo' like '%cap-%'`)[0]!.n;

    for (const n of [1, 2]) expect((await post(h.contact, '/api/contact', contact(`cap-${n}@example.com`))).status).toBe(201);
    expect(await mailsTo('cap-2@example.com')).toHaveLength(1);
    // Reached exactly: the dashboard already warns that the next visitor gets none.
    const reached = await dashboard();
    expect(reached.acknowledgementCapNotice).toMatch(/2 form acknowledgements are used up/);

    const third = await post(h.contact, '/api/contact', contact('cap-3@example.com'));
    expect(third.status).toBe(201);
    expect(await mailsTo('cap-3@example.com')).toEqual([]);
    expect(await stored()).toBe(3);
    expect(await notices()).toBe(3);
    expect((await dashboard()).acknowledgementCapNotice).toMatch(/1 visitor was not sent one/);

    // The owner raises the limit: acknowledgements go out again, and the notice goes away.
    await db.sql`update business_settings set unverified_mail_daily_cap = 10`;
    expect((await post(h.contact, '/api/contact', contact('cap-4@example.com'))).status).toBe(201);
    expect(await mailsTo('cap-4@example.com')).toHaveLength(1);
    expect((await dashboard()).acknowledgementCapNotice).toBeNull();
  });

  it('concurrent forms never send more than the cap', async () => {
    await db.sql`update business_settings set unverified_mail_daily_cap = 3`;
    const results = await Promise.all(Array.from({ length: 8 }, (_, n) => post(h.contact, '/api/contact', contact(`race-${n}@example.com`))));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const [acks] = await db.sql<{ n: number }[]>`select count(*)::int as n from outbound_emails where template = 'contact-customer' and to_address like 'race-%'`;
    expect(acks!.n).toBe(3);
  });
});

describe('waiver copies per booking', () => {
  it('stop at the cap: the waiver is still signed and stored, and the answer says no copy was e-mailed', async () => {
    const already = (await db.sql<{ n: number }[]>`select count(*)::int as n from waivers w join bookings b on b.id = w.booking_id where b.number = ${booking.number} and w.copy_emailed`)[0]!.n;
    await db.sql`update business_settings set waiver_copies_per_booking = ${already + 2}`;
    const answers = [];
    for (const n of [1, 2, 3]) {
      const res = await post(h.waivers, '/api/waivers', waiver(`copy-${n}@example.com`));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      answers.push(res.body as { copyEmailed: boolean; waiverId: string });
    }
    expect(answers.map((a) => a.copyEmailed)).toEqual([true, true, false]);
    expect((await mailsTo('copy-1@example.com')).map((m) => m.template)).toEqual(['waiver-signer']);
    expect(await mailsTo('copy-3@example.com')).toEqual([]);
    expect(await db.sql`select 1 from waivers where id = ${answers[2]!.waiverId}`).toHaveLength(1);
    const [notices] = await db.sql<{ n: number }[]>`select count(*)::int as n from outbound_emails where template = 'waiver-business' and payload->>'text' like ${`%${booking.number}%`}`;
    expect(notices!.n).toBeGreaterThanOrEqual(3);
  });
});

/** A 1-bit greyscale PNG of width × height, all black: its pixel data compresses to almost nothing. */
function bombPng(width: number, height: number): string {
  return encodePng({ width, height, bitDepth: 1, colourType: 0 }, Buffer.alloc(height * (1 + Math.ceil(width / 8))), 9).toString('base64');
}

describe('drawn signatures', () => {
  it('a 5000 × 5000 1-bit PNG of about 3 KB is refused with a 400 at the field, quickly, and nothing is stored', async () => {
    const base64 = bombPng(5000, 5000);
    expect(Buffer.from(base64, 'base64').length).toBeLessThan(4000);
    const before = (await db.sql<{ n: number }[]>`select count(*)::int as n from waivers`)[0]!.n;
    const started = performance.now();
    const res = await post(h.waivers, '/api/waivers', waiver('bomb@example.com', { signatureKind: 'drawn', typedSignature: undefined, signatureImage: `data:image/png;base64,${base64}` }));
    const took = performance.now() - started;
    expect(res.status).toBe(400);
    expect(res.body.error.fields.signatureImage).toMatch(/larger than a signature pad/);
    expect(took).toBeLessThan(1000);
    expect((await db.sql<{ n: number }[]>`select count(*)::int as n from waivers`)[0]!.n).toBe(before);
  });

  it('a signature pad’s PNG is still accepted', async () => {
    const res = await post(h.waivers, '/api/waivers', waiver('drawn@example.com', { signatureKind: 'drawn', typedSignature: undefined, signatureImage: signaturePng(700, 176) }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('is a 400 naming the field on /api/bookings and every other form, public and admin, and stores nothing', async () => {
    const counts = async () => (await db.sql<{ n: string }[]>`select (select count(*) from bookings) + (select count(*) from contact_messages) + (select count(*) from quotes) + (select count(*) from waivers) + (select count(*) from outbound_emails) as n`)[0]!.n;
    const before = await counts();
    const cases: [Handler, string, unknown, string][] = [
      [h.bookings, '/api/bookings', {
        items: [{ product: 'pink-castle-bounce-house', quantity: 1 }], event: { date: futureDate(46), start: '10:00', end: '16:00' },
        customer: { name: 'Ann \ud800 Lee', email: 'lone@example.com', phone: '512 555 0123' }, address: { line1: '5 Pine St', city: 'Georgetown', state: 'TX', zip: '78626' }, acceptTerms: true,
      }, 'customer.name'],
      [h.bookings, '/api/bookings', {
        items: [{ product: 'pink-castle-bounce-house', quantity: 1 }], event: { date: futureDate(46), start: '10:00', end: '16:00' },
        customer: { name: 'Ann Lee', email: 'lone@example.com', phone: '512 555 0123' }, address: { line1: '5 Pine St', city: 'Georgetown', state: 'TX', zip: '78626', notes: 'gate \udfff code' }, acceptTerms: true,
      }, 'address.notes'],
      [h.contact, '/api/contact', contact('lone@example.com', { message: 'hello \ud83d' }), 'message'],
      [h.contact, '/api/contact', contact('lone@example.com', { subject: 'nul\u0000' }), 'subject'],
      [h.waivers, '/api/waivers', waiver('lone@example.com', { guests: [{ name: 'Kid \udc00' }] }), 'guests.0.name'],
      [h.suggestions, '/api/product-suggestions', { submissionId: randomUUID(), website: '', what: 'Foam \ud800', why: '', link: '', name: '', email: '' }, 'what'],
    ];
    for (const [handler, url, body, field] of cases) {
      const res = await post(handler, url, body);
      expect(res.status, `${url} ${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(Object.keys(res.body.error.fields), url).toEqual([field]);
    }
    const admin = await adminCall(h.settings, 'PUT', '/api/admin/settings/profile', { cookie: ownerCookie, body: { businessName: 'Pink \ud800 Flamingo' } });
    expect(admin.status).toBe(400);
    expect(Object.keys(admin.body.error.fields)).toEqual(['businessName']);
    expect(await counts()).toBe(before);
  });
});
