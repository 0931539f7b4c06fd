import type { Context } from '@netlify/functions';
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIVER_RULES, WAIVER_VERSION } from '../../src/lib/waivers/waiver-text';
import { call, futureDate } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { signaturePng } from '../../src/cli/sample-png';
import { adminCall, staffSession, useAdminEnv, closeAdminConnections } from '../support/staff';

type Handler = (req: Request, ctx: Context) => Promise<Response>;
let db: TestDatabase;
let h: Record<'quotes' | 'quotePrice' | 'bookings' | 'waivers' | 'cakes' | 'suggestions' | 'adminQuotes' | 'adminWaivers' | 'adminCakes' | 'adminSuggestions', Handler>;
let manager: string;
let crew: string;

let ipCounter = 0;
const ip = () => ({ 'x-test-ip': `10.7.0.${++ipCounter}` });
const address = { line1: '12 Oak Hollow Dr', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' };

beforeAll(async () => {
  db = await createSeededDatabase();
  for (const key of ['SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'BUSINESS_NOTIFY_EMAIL']) delete process.env[key];
  useAdminEnv(db.url, { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'admin-requests-')) });
  const load = async (name: string) => (await import(`../../netlify/functions/${name}.ts`)).default as Handler;
  h = {
    quotes: await load('quotes'),
    quotePrice: await load('quote-price'),
    bookings: await load('bookings'),
    waivers: await load('waivers'),
    cakes: await load('cake-orders'),
    suggestions: await load('product-suggestions'),
    adminQuotes: await load('admin-quotes'),
    adminWaivers: await load('admin-waivers'),
    adminCakes: await load('admin-cake-orders'),
    adminSuggestions: await load('admin-product-suggestions'),
  };
  manager = (await staffSession(db.sql, 'manager')).cookie;
  crew = (await staffSession(db.sql, 'crew')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

/** A quote request sent through the public form API; returns its id. */
async function submitQuote(extra: Record<string, unknown> = {}): Promise<{ id: string; number: string }> {
  const body = {
    submissionId: randomUUID(),
    website: '',
    eventType: 'birthday',
    eventDate: futureDate(45),
    guestCount: 30,
    zip: '78664',
    items: [{ product: 'pink-castle-bounce-house', quantity: 1 }, { product: 'table-and-chair-set', quantity: 3 }],
    details: 'Backyard party, gate is 4 ft wide.',
    budget: 600,
    name: 'Dana Whitaker',
    email: `dana.${randomUUID().slice(0, 8)}@example.com`,
    phone: '(512) 555-0170',
    ...extra,
  };
  const res = await call(h.quotes, 'POST', '/api/quotes', body, ip());
  expect(res.status).toBe(201);
  const [row] = await db.sql<{ id: string; number: string }[]>`select id, number from quotes where number = ${res.body.quoteNumber}`;
  return row!;
}

const offerInput = (extra: Record<string, unknown> = {}) => ({
  items: [{ product: 'pink-castle-bounce-house', quantity: 1 }, { product: 'table-and-chair-set', quantity: 3 }],
  event: { date: futureDate(45), start: '10:00', end: '16:00' },
  zip: '78664',
  coupon: 'WELCOME10',
  damageWaiver: true,
  message: 'Thanks for asking! Tables and chairs are set up for you.',
  ...extra,
});
// Pflugerville: a ZIP with a delivery fee, so every line of the price is exercised.
const { message: _m, ...publicInput } = offerInput({ zip: '78660' });

const auditOf = (entityId: string) => db.sql<{ action: string; before: unknown; after: unknown; actor_email: string }[]>`
  select action, before, after, actor_email from audit_log where entity_id = ${entityId} order by id`;

describe('quotes: priced offer', () => {
  it('prices the offer with the public pricing engine: the same input gives the same lines and totals', async () => {
    const quote = await submitQuote();
    const publicPrice = await call(h.quotePrice, 'POST', '/api/quote-price', publicInput, ip());
    expect(publicPrice.status).toBe(200);
    const preview = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/price`, { cookie: manager, body: publicInput });
    expect(preview.status).toBe(200);
    // The checkout's price also says whether the balance will be charged to a saved card (off here) and whether the
    // deposit is paid online (no Stripe here); an offer has no checkout.
    const { autoCharge, depositOnline, ...publicLines } = publicPrice.body;
    expect(autoCharge).toBeNull();
    expect(depositOnline).toBe(false);
    expect(preview.body).toEqual(publicLines);
    expect(preview.body.discountCents).toBeGreaterThan(0);
    expect(preview.body.deliveryFeeCents).toBeGreaterThan(0);
    expect(preview.body.taxCents).toBeGreaterThan(0);
    expect(preview.body.damageWaiverCents).toBeGreaterThan(0);

    const sent = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/offer`, { cookie: manager, body: offerInput({ zip: '78660' }) });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('offered');
    expect(sent.body.offerTotalCents).toBe(publicPrice.body.totalCents);
    expect(sent.body.offer.price).toEqual(publicLines);
    expect(sent.body.offer.message).toBe('Thanks for asking! Tables and chairs are set up for you.');

    const [mail] = await db.sql<{ to_address: string; subject: string; payload: { text: string } }[]>`
      select to_address, subject, payload from outbound_emails where template = 'quote-offer' and subject like ${`%${quote.number}%`}`;
    expect(mail!.subject).toContain(quote.number);
    expect(mail!.payload.text).toContain(`/hi/${quote.number}`);
    expect(mail!.payload.text).toContain('Deposit to book');
    const audit = await auditOf(quote.id);
    expect(audit.map((a) => a.action)).toEqual(['quote.offer']);
    expect(audit[0]!.before).toMatchObject({ status: 'new' });
    expect(audit[0]!.after).toMatchObject({ status: 'offered', offerTotalCents: publicPrice.body.totalCents });
  });

  it('refuses an offer the engine could not book, and bad input with the field', async () => {
    const quote = await submitQuote();
    const badZip = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/offer`, { cookie: manager, body: offerInput({ zip: '99999' }) });
    expect(badZip.status).toBe(400);
    expect(badZip.body.error.fields.zip).toMatch(/deliver/);
    // Its price is answered, not refused, as the desk's and the checkout's are: staff may be typing the ZIP on the phone.
    const { message: _unsent, ...unserved } = offerInput({ zip: '99999' });
    const zipPrice = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/price`, { cookie: manager, body: unserved });
    expect(zipPrice.status).toBe(200);
    expect(zipPrice.body).toEqual({ served: false, message: badZip.body.error.fields.zip, fields: { zip: badZip.body.error.fields.zip } });
    const noItems = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/offer`, { cookie: manager, body: offerInput({ items: [] }) });
    expect(noItems.status).toBe(400);
    expect(noItems.body.error.fields.items).toBeTruthy();
    const badTime = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/price`, {
      cookie: manager,
      body: offerInput({ event: { date: futureDate(45), start: '16:00', end: '10:00' } }),
    });
    expect(badTime.status).toBe(400);
    expect(badTime.body.error.fields['event.end']).toBeTruthy();
    const badCoupon = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/offer`, { cookie: manager, body: offerInput({ coupon: 'NOPE-NOPE' }) });
    expect(badCoupon.status).toBe(400);
    expect(badCoupon.body.error.fields.coupon).toBeTruthy();
    const badId = await adminCall(h.adminQuotes, 'GET', '/api/admin/quotes/not-a-uuid', { cookie: manager });
    // A path that names no record is not found, whatever its shape: one rule for every admin path.
    expect(badId.status).toBe(404);
    expect(badId.body.error.message).toBe('Not a valid id');
    const badFilter = await adminCall(h.adminQuotes, 'GET', '/api/admin/quotes?status=maybe', { cookie: manager });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.error.fields.status).toBeTruthy();
    const unknown = await adminCall(h.adminQuotes, 'GET', `/api/admin/quotes/${randomUUID()}`, { cookie: manager });
    expect(unknown.status).toBe(404);
    expect((await db.sql`select status from quotes where id = ${quote.id}`)[0]!.status).toBe('new');
  });

  it('finds quotes by number, name or e-mail and filters by status and event date', async () => {
    const quote = await submitQuote({ name: 'Zebulon Quagmire', eventDate: futureDate(50) });
    const byName = await adminCall(h.adminQuotes, 'GET', '/api/admin/quotes?q=quagmire', { cookie: manager });
    expect(byName.body.items.map((q: { id: string }) => q.id)).toEqual([quote.id]);
    const byNumber = await adminCall(h.adminQuotes, 'GET', `/api/admin/quotes?q=${quote.number}`, { cookie: manager });
    expect(byNumber.body.total).toBe(1);
    const range = await adminCall(h.adminQuotes, 'GET', `/api/admin/quotes?from=${futureDate(50)}&to=${futureDate(50)}&status=new`, { cookie: manager });
    expect(range.body.items.map((q: { id: string }) => q.id)).toContain(quote.id);
    expect(range.body.items.every((q: { eventDate: string }) => q.eventDate === futureDate(50))).toBe(true);
    const reversed = await adminCall(h.adminQuotes, 'GET', `/api/admin/quotes?from=${futureDate(50)}&to=${futureDate(49)}`, { cookie: manager });
    expect(reversed.status).toBe(400);
    const detail = await adminCall(h.adminQuotes, 'GET', `/api/admin/quotes/${quote.id}`, { cookie: manager });
    expect(detail.body.quote).toMatchObject({ number: quote.number, guestCount: 30, zip: '78664', budgetCents: 60000, details: 'Backyard party, gate is 4 ft wide.' });
    expect(detail.body.quote.items).toEqual([
      { product: 'pink-castle-bounce-house', name: 'Pink Castle Bounce House', quantity: 1 },
      { product: 'table-and-chair-set', name: expect.any(String), quantity: 3 },
    ]);
    expect(detail.body.products.some((p: { slug: string }) => p.slug === 'pink-castle-bounce-house')).toBe(true);
    expect(detail.body.products.some((p: { slug: string }) => p.slug.includes('cake'))).toBe(false);
  });

  it('flags a request from a ZIP no active service area serves, in the list and the detail', async () => {
    const outside = await submitQuote({ zip: '10001', name: 'Noor Faraway' });
    const inside = await submitQuote({ name: 'Noor Nearby' });
    const list = await adminCall(h.adminQuotes, 'GET', '/api/admin/quotes?q=noor', { cookie: manager });
    const flags = Object.fromEntries(list.body.items.map((q: { id: string; outsideServiceArea: boolean }) => [q.id, q.outsideServiceArea]));
    expect(flags).toEqual({ [outside.id]: true, [inside.id]: false });
    const detail = await adminCall(h.adminQuotes, 'GET', `/api/admin/quotes/${outside.id}`, { cookie: manager });
    expect(detail.body.quote).toMatchObject({ zip: '10001', outsideServiceArea: true });

    // The flag follows the areas staff keep: once an active area serves the ZIP, the request is no longer outside.
    const [area] = await db.sql<{ id: string }[]>`select id from service_areas where active order by city limit 1`;
    await db.sql`insert into service_area_zips (service_area_id, zip) values (${area!.id}, '10001')`;
    try {
      const after = await adminCall(h.adminQuotes, 'GET', `/api/admin/quotes/${outside.id}`, { cookie: manager });
      expect(after.body.quote.outsideServiceArea).toBe(false);
    } finally {
      await db.sql`delete from service_area_zips where zip = '10001'`;
    }
  });

  it('declines and notes a quote, audited, and refuses moves that make no sense', async () => {
    const quote = await submitQuote();
    const accept = await adminCall(h.adminQuotes, 'PATCH', `/api/admin/quotes/${quote.id}`, { cookie: manager, body: { status: 'accepted' } });
    expect(accept.status).toBe(409);
    const declined = await adminCall(h.adminQuotes, 'PATCH', `/api/admin/quotes/${quote.id}`, { cookie: manager, body: { status: 'declined', staffNote: 'Date full.' } });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', staffNote: 'Date full.' });
    const bad = await adminCall(h.adminQuotes, 'PATCH', `/api/admin/quotes/${quote.id}`, { cookie: manager, body: { status: 'converted' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.status).toBeTruthy();
    expect((await auditOf(quote.id)).map((a) => a.action)).toEqual(['quote.status']);
  });
});

describe('quotes: convert to booking', () => {
  it('books the offer with units allocated; converting again is a 409', async () => {
    const quote = await submitQuote();
    const offered = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/offer`, { cookie: manager, body: offerInput() });
    expect(offered.status).toBe(200);

    const converted = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/convert`, { cookie: manager, body: { address } });
    expect(converted.status).toBe(200);
    expect(converted.body.booking).toMatchObject({ status: 'deposit_due', totalCents: offered.body.offerTotalCents });
    expect(converted.body.quote).toMatchObject({ status: 'converted', booking: { number: converted.body.booking.number } });

    const [booking] = await db.sql<{ id: string; source: string; total_cents: number; allocations: number }[]>`
      select b.id, b.source, b.total_cents, (select count(*)::int from unit_allocations a where a.booking_id = b.id and a.released_at is null) as allocations
      from bookings b where b.number = ${converted.body.booking.number}`;
    // One castle and three table-and-chair sets: one unit each.
    expect(booking).toMatchObject({ source: 'quote', total_cents: offered.body.offerTotalCents, allocations: 4 });
    const [linked] = await db.sql<{ booking_id: string; status: string }[]>`select booking_id, status from quotes where id = ${quote.id}`;
    expect(linked).toEqual({ booking_id: booking!.id, status: 'converted' });
    expect((await auditOf(quote.id)).map((a) => a.action)).toEqual(['quote.offer', 'quote.convert']);
    const confirmation = await db.sql`select 1 from outbound_emails where template = 'booking-customer' and subject like ${`%${converted.body.booking.number}%`}`;
    expect(confirmation).toHaveLength(1);

    const again = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/convert`, { cookie: manager, body: { address } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain(converted.body.booking.number);
    expect((await db.sql`select 1 from bookings where source = 'quote' and customer_id = (select customer_id from bookings where id = ${booking!.id})`).length).toBe(1);
  });

  it('gives a 409 and leaves the quote offered when the unit was booked by someone else meanwhile', async () => {
    const date = futureDate(47);
    const item = { product: 'big-top-carnival-bounce-house', quantity: 1 };
    const quote = await submitQuote({ eventDate: date, items: [item] });
    const offer = offerInput({ items: [item], event: { date, start: '10:00', end: '15:00' }, coupon: '' });
    expect((await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/offer`, { cookie: manager, body: offer })).status).toBe(200);

    const other = await call(
      h.bookings,
      'POST',
      '/api/bookings',
      {
        items: [item],
        event: { date, start: '12:00', end: '18:00' },
        customer: { name: 'Sam Other', email: 'sam.other@example.com', phone: '(512) 555-0100' },
        address: { line1: '1 Elm St', city: 'Round Rock', state: 'TX', zip: '78664' },
        acceptTerms: true,
      },
      ip(),
    );
    expect(other.status).toBe(201);

    const converted = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/convert`, { cookie: manager, body: { address } });
    expect(converted.status).toBe(409);
    const [row] = await db.sql<{ status: string; booking_id: string | null }[]>`select status, booking_id from quotes where id = ${quote.id}`;
    expect(row).toEqual({ status: 'offered', booking_id: null });
  });

  it('makes one booking when two staff convert the same quote at once', async () => {
    const date = futureDate(52);
    const quote = await submitQuote({ eventDate: date });
    const offer = offerInput({ event: { date, start: '09:00', end: '13:00' } });
    expect((await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/offer`, { cookie: manager, body: offer })).status).toBe(200);
    const results = await Promise.all(
      [1, 2].map(() => adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/convert`, { cookie: manager, body: { address, status: 'confirmed' } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const booked = await db.sql`select 1 from quotes q join bookings b on b.id = q.booking_id where q.id = ${quote.id} and b.status = 'confirmed'`;
    expect(booked).toHaveLength(1);
  });

  it('needs an offer first, the offer ZIP, and a phone number when the request had none', async () => {
    const date = futureDate(55);
    const quote = await submitQuote({ phone: '', eventDate: date });
    const offer = offerInput({ event: { date, start: '10:00', end: '16:00' } });
    const early = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/convert`, { cookie: manager, body: { address } });
    expect(early.status).toBe(409);
    expect((await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/offer`, { cookie: manager, body: offer })).status).toBe(200);
    const noPhone = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/convert`, { cookie: manager, body: { address } });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.error.fields.phone).toBeTruthy();
    const otherZip = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/convert`, {
      cookie: manager,
      body: { address: { ...address, zip: '78660' }, phone: '(512) 555-0101' },
    });
    expect(otherZip.status).toBe(400);
    expect(otherZip.body.error.fields['address.zip']).toMatch(/78664/);
    const badState = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/convert`, {
      cookie: manager,
      body: { address: { ...address, state: 'Texas' }, phone: '(512) 555-0101' },
    });
    expect(badState.status).toBe(400);
    expect(badState.body.error.fields['address.state']).toBeTruthy();
    const ok = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${quote.id}/convert`, { cookie: manager, body: { address, phone: '(512) 555-0101' } });
    expect(ok.status).toBe(200);
  });
});

describe('waivers', () => {
  let waiverId: string;
  let priya: { number: string };

  beforeAll(async () => {
    const [row] = await db.sql<{ number: string }[]>`
      select b.number from bookings b join customers c on c.id = b.customer_id where c.email = 'priya.raman@example.com'`;
    priya = row!;
    const signed = await call(
      h.waivers,
      'POST',
      '/api/waivers',
      {
        submissionId: randomUUID(),
        website: '',
        access: { bookingNumber: priya!.number, email: 'priya.raman@example.com' },
        waiverVersion: WAIVER_VERSION,
        signerName: 'Priya Raman',
        signerEmail: 'priya.raman@example.com',
        adults: [{ name: 'Priya Raman' }],
        guests: [{ name: 'Maya Raman', age: 7 }],
        acknowledged: Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true])),
        consent: true,
        signatureKind: 'drawn',
        signatureImage: signaturePng(300, 100),
      },
      { ...ip(), 'user-agent': 'integration test' },
    );
    expect(signed.status).toBe(201);
    waiverId = signed.body.waiverId;
  });

  it('lists signed waivers for crew, searchable and filtered by event date', async () => {
    const list = await adminCall(h.adminWaivers, 'GET', `/api/admin/waivers?q=${priya.number}`, { cookie: crew });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      expect.objectContaining({ id: waiverId, bookingNumber: priya.number, signerName: 'Priya Raman', adults: 1, guests: 1, pdfUrl: `/api/admin/waivers/${waiverId}/pdf` }),
    ]);
    const inRange = await adminCall(h.adminWaivers, 'GET', `/api/admin/waivers?from=${futureDate(5)}&to=${futureDate(5)}`, { cookie: crew });
    expect(inRange.body.items.map((w: { id: string }) => w.id)).toEqual([waiverId]);
    const outOfRange = await adminCall(h.adminWaivers, 'GET', `/api/admin/waivers?from=${futureDate(6)}`, { cookie: crew });
    expect(outOfRange.body.total).toBe(0);
    const badDate = await adminCall(h.adminWaivers, 'GET', '/api/admin/waivers?from=tomorrow', { cookie: crew });
    expect(badDate.status).toBe(400);
    expect(badDate.body.error.fields.from).toBeTruthy();
  });

  it('streams the signed PDF to staff without the e-mail token', async () => {
    const res = await h.adminWaivers(new Request(`http://localhost:4321/api/admin/waivers/${waiverId}/pdf`, { headers: { cookie: crew } }), { ip: '127.0.0.1' } as never);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const anonymous = await adminCall(h.adminWaivers, 'GET', `/api/admin/waivers/${waiverId}/pdf`);
    expect(anonymous.status).toBe(401);
    const unknown = await adminCall(h.adminWaivers, 'GET', `/api/admin/waivers/${randomUUID()}/pdf`, { cookie: crew });
    expect(unknown.status).toBe(404);
  });

  it('lists upcoming confirmed bookings that still miss a waiver', async () => {
    const missing = await adminCall(h.adminWaivers, 'GET', '/api/admin/waivers/missing', { cookie: crew });
    expect(missing.status).toBe(200);
    const numbers = missing.body.items.map((b: { bookingNumber: string }) => b.bookingNumber);
    expect(numbers).not.toContain(priya.number);
    const tom = missing.body.items.find((b: { customerName: string }) => b.customerName === 'Tom Becker');
    expect(tom).toMatchObject({ status: 'confirmed', eventDate: futureDate(12) });
    expect(tom.signPath).toMatch(/^\/sign-waiver\?booking=PF-[A-Z0-9]+&key=[0-9a-f]{32}$/);
    // Past parties are not chased.
    expect(missing.body.items.some((b: { customerName: string }) => b.customerName === 'Maria Delgado')).toBe(false);
  });
});

describe('cake orders', () => {
  async function orderCake(extra: Record<string, unknown> = {}) {
    const res = await call(
      h.cakes,
      'POST',
      '/api/cake-orders',
      {
        submissionId: randomUUID(),
        website: '',
        product: 'classic-round-birthday-cake',
        servings: 16,
        tiers: 1,
        flavour: 'funfetti',
        filling: 'chocolate-ganache',
        frosting: 'vanilla-buttercream',
        messageOnCake: 'Happy Birthday Leo!',
        allergies: '',
        fulfilment: 'pickup',
        neededOn: futureDate(9),
        name: 'Leo’s Mum',
        email: 'leo.mum@example.com',
        phone: '(512) 555-0144',
        ...extra,
      },
      ip(),
    );
    expect(res.status).toBe(201);
    return (await db.sql<{ id: string; number: string }[]>`select id, number from cake_orders where number = ${res.body.orderNumber}`)[0]!;
  }

  it('moves an order through the pipeline, refusing skipped steps, with counts per status', async () => {
    const cake = await orderCake();
    const path = `/api/admin/cake-orders/${cake.id}`;
    const skip = await adminCall(h.adminCakes, 'PATCH', path, { cookie: crew, body: { status: 'ready' } });
    expect(skip.status).toBe(409);
    for (const status of ['confirmed', 'baking', 'ready', 'delivered']) {
      const res = await adminCall(h.adminCakes, 'PATCH', path, { cookie: crew, body: { status } });
      expect(res.status, status).toBe(200);
      expect(res.body.status).toBe(status);
    }
    const back = await adminCall(h.adminCakes, 'PATCH', path, { cookie: crew, body: { status: 'ready' } });
    expect(back.status).toBe(409);
    const audit = await auditOf(cake.id);
    expect(audit.map((a) => a.after)).toEqual(['confirmed', 'baking', 'ready', 'delivered'].map((status) => ({ status, staffNotes: '' })));
    const list = await adminCall(h.adminCakes, 'GET', `/api/admin/cake-orders?q=${cake.number}`, { cookie: crew });
    expect(list.body.counts).toMatchObject({ delivered: 1, new: 0 });
    expect(list.body.items[0]).toMatchObject({ number: cake.number, flavour: expect.any(String), priceLines: expect.any(Array), photoUrl: null });
  });

  it('keeps staff notes, lets only managers cancel, and validates input', async () => {
    const cake = await orderCake();
    const path = `/api/admin/cake-orders/${cake.id}`;
    const noted = await adminCall(h.adminCakes, 'PATCH', path, { cookie: crew, body: { staffNotes: 'Customer picks up at 3 pm.' } });
    expect(noted.status).toBe(200);
    expect(noted.body).toMatchObject({ staffNotes: 'Customer picks up at 3 pm.', status: 'new' });
    const crewCancel = await adminCall(h.adminCakes, 'PATCH', path, { cookie: crew, body: { status: 'cancelled' } });
    expect(crewCancel.status).toBe(403);
    const cancel = await adminCall(h.adminCakes, 'PATCH', path, { cookie: manager, body: { status: 'cancelled' } });
    expect(cancel.status).toBe(200);
    const empty = await adminCall(h.adminCakes, 'PATCH', path, { cookie: crew, body: {} });
    expect(empty.status).toBe(400);
    const unknown = await adminCall(h.adminCakes, 'PATCH', path, { cookie: crew, body: { status: 'eaten' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.status).toBeTruthy();
    const filtered = await adminCall(h.adminCakes, 'GET', `/api/admin/cake-orders?status=cancelled&from=${futureDate(9)}&to=${futureDate(9)}`, { cookie: crew });
    expect(filtered.body.items.map((o: { id: string }) => o.id)).toContain(cake.id);
  });

  it('serves the reference photo only behind the staff session', async () => {
    const cake = await orderCake({ referencePhoto: signaturePng(64, 64) });
    const detail = await adminCall(h.adminCakes, 'GET', `/api/admin/cake-orders/${cake.id}`, { cookie: crew });
    expect(detail.body.photoUrl).toBe(`/api/admin/cake-orders/${cake.id}/photo`);
    const res = await h.adminCakes(new Request(`http://localhost:4321${detail.body.photoUrl}`, { headers: { cookie: crew } }), { ip: '127.0.0.1' } as never);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await adminCall(h.adminCakes, 'GET', detail.body.photoUrl)).status).toBe(401);
  });
});

describe('product suggestions', () => {
  it('lists new suggestions, marks one reviewed with a note, audited', async () => {
    const res = await call(h.suggestions, 'POST', '/api/product-suggestions', { submissionId: randomUUID(), website: '', what: 'Foam party machine', why: 'Kids love it', link: '', name: '', email: '' }, ip());
    expect(res.status).toBe(201);
    const list = await adminCall(h.adminSuggestions, 'GET', '/api/admin/product-suggestions?status=new&q=foam', { cookie: manager });
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.newCount).toBeGreaterThanOrEqual(1);
    const id = list.body.items[0].id as string;
    const reviewed = await adminCall(h.adminSuggestions, 'PATCH', `/api/admin/product-suggestions/${id}`, { cookie: manager, body: { status: 'reviewed', staffNote: 'Ask the supplier for a price.' } });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({ status: 'reviewed', staffNote: 'Ask the supplier for a price.', reviewedAt: expect.any(String) });
    const stillNew = await adminCall(h.adminSuggestions, 'GET', '/api/admin/product-suggestions?status=new&q=foam', { cookie: manager });
    expect(stillNew.body.total).toBe(0);
    const audit = await auditOf(id);
    expect(audit).toEqual([expect.objectContaining({ action: 'product_suggestion.review', before: { status: 'new', staffNote: '' } })]);
    const bad = await adminCall(h.adminSuggestions, 'PATCH', `/api/admin/product-suggestions/${id}`, { cookie: manager, body: { status: 'archived' } });
    expect(bad.status).toBe(400);
    const tooLong = await adminCall(h.adminSuggestions, 'PATCH', `/api/admin/product-suggestions/${id}`, { cookie: manager, body: { staffNote: 'x'.repeat(2001) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields.staffNote).toBeTruthy();
    expect((await adminCall(h.adminSuggestions, 'GET', '/api/admin/product-suggestions', { cookie: crew })).status).toBe(403);
  });
});
