import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { placeBooking } from '../../src/lib/booking/place-booking.server';

/**
 * The quote request asks the checkout's questions about the setup spot (issue #38), through the real
 * functions on a real database (also through PgBouncer): the same cart and answers give the same lines
 * and total through the public price, the quote request's offer and the booking it becomes, which keeps
 * the answers; a refused answer is a 400 at its field and stores nothing.
 */

let db: TestDatabase;
let quotes: Handler;
let quotePrice: Handler;
let adminQuotes: Handler;
let manager: string;

beforeAll(async () => {
  db = await createSeededDatabase();
  for (const key of ['SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'BUSINESS_NOTIFY_EMAIL']) delete process.env[key];
  useAdminEnv(db.url, { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'quote-site-')) });
  quotes = (await import('../../netlify/functions/quotes')).default;
  quotePrice = (await import('../../netlify/functions/quote-price')).default;
  adminQuotes = (await import('../../netlify/functions/admin-quotes')).default;
  manager = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  // The functions' own pool first: a database dropped under open connections makes PgBouncer warn.
  await closeAdminConnections();
  await db.drop();
});

let n = 0;
const ip = () => ({ 'x-test-ip': `203.0.113.${++n}` });
const request = (product: string, date: string, site: Record<string, unknown> | undefined) => ({
  submissionId: randomUUID(),
  website: '',
  eventType: 'birthday',
  eventDate: date,
  guestCount: 25,
  zip: '78664',
  items: [{ product, quantity: 1 }],
  name: 'Yard Quoter',
  email: `yard-quote-${randomUUID().slice(0, 8)}@example.com`,
  phone: '(512) 555-0190',
  ...(site ? { site } : {}),
});
const counts = async () =>
  (await db.sql<{ quotes: number; items: number; mail: number }[]>`
    select (select count(*)::int from quotes) as quotes, (select count(*)::int from quote_items) as items, (select count(*)::int from outbound_emails) as mail`)[0]!;

const concreteNoOutlet = { surface: 'concrete', outlet: 'no', accessInches: 48, stairFlights: 1 };

describe('a quote request with the setup spot', () => {
  it('gives the same lines and total as the public price, through the offer and the booking it becomes', async () => {
    const date = futureDate(72);
    const cart = { items: [{ product: 'pink-castle-bounce-house', quantity: 1 }], event: { date, start: '10:00', end: '16:00' }, zip: '78664', damageWaiver: true };
    const priced = await call(quotePrice, 'POST', '/api/quote-price', { ...cart, site: concreteNoOutlet }, ip());
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.siteChargesCents).toBe(5000);
    const { autoCharge: _a, depositOnline: _d, ...publicPrice } = priced.body;

    const sent = await call(quotes, 'POST', '/api/quotes', request('pink-castle-bounce-house', date, concreteNoOutlet), ip());
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const [row] = await db.sql<{ id: string; site_answers: unknown; site_flags: string[] }[]>`select id, site_answers, site_flags from quotes where number = ${sent.body.quoteNumber}`;
    expect(row).toMatchObject({ site_answers: concreteNoOutlet, site_flags: [] });

    // Staff see the answers in plain words, with the generator the engine brings for a yard without an outlet.
    const detail = await adminCall(adminQuotes, 'GET', `/api/admin/quotes/${row!.id}`, { cookie: manager });
    expect(detail.status).toBe(200);
    expect(detail.body.quote.site.rows).toEqual([
      ['Ground', 'Concrete'],
      ['Outlet within 50 ft', 'No: we bring a generator'],
      ['Narrowest gate or door', '48 in'],
      ['Stairs', '1 flight to carry'],
    ]);

    // The offer's price, without answers in the request, is priced with the request's: the public price's lines and total.
    const preview = await adminCall(adminQuotes, 'POST', `/api/admin/quotes/${row!.id}/price`, { cookie: manager, body: cart });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual(publicPrice);

    const offered = await adminCall(adminQuotes, 'POST', `/api/admin/quotes/${row!.id}/offer`, { cookie: manager, body: { ...cart, message: '' } });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.offer.price).toEqual(publicPrice);
    expect(offered.body.offer.request.site).toEqual(concreteNoOutlet);
    const [mail] = await db.sql<{ payload: { text: string } }[]>`select payload from outbound_emails where template = 'quote-offer' and subject like ${`%${sent.body.quoteNumber}%`}`;
    expect(mail!.payload.text).toContain('Sandbags: Pink Castle Bounce House: $25');
    expect(mail!.payload.text).toContain('Stairs: $25');
    expect(mail!.payload.text).toContain('Your setup spot: You told us: concrete, no outlet within 50 ft (we bring a generator), a gate or door 48 in wide, 1 flight of stairs.');

    const converted = await adminCall(adminQuotes, 'POST', `/api/admin/quotes/${row!.id}/convert`, {
      cookie: manager,
      body: { address: { line1: '7 Yard Way', city: 'Round Rock', state: 'TX', zip: '78664' } },
    });
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    const [booking] = await db.sql<{ total_cents: number; site_answers: unknown; site_charges: unknown; site_charges_cents: number; surface: string; items: string[] }[]>`
      select b.total_cents, b.site_answers, b.site_charges, b.site_charges_cents, b.surface,
        (select array_agg(p.slug order by p.slug) from booking_items bi join products p on p.id = bi.product_id where bi.booking_id = b.id) as items
      from bookings b where b.number = ${converted.body.booking.number}`;
    expect(booking).toEqual({
      total_cents: publicPrice.totalCents,
      site_answers: concreteNoOutlet,
      site_charges: publicPrice.siteCharges,
      site_charges_cents: 5000,
      surface: 'concrete',
      items: ['pink-castle-bounce-house', 'quiet-inverter-generator'],
    });
  });

  it('books only the price the offer showed: a ground on the converting address that adds a line is refused, and books nothing', async () => {
    const date = futureDate(76);
    const sent = await call(quotes, 'POST', '/api/quotes', request('pink-castle-bounce-house', date, undefined), ip());
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const [row] = await db.sql<{ id: string }[]>`select id from quotes where number = ${sent.body.quoteNumber}`;
    const cart = { items: [{ product: 'pink-castle-bounce-house', quantity: 1 }], event: { date, start: '10:00', end: '16:00' }, zip: '78664', damageWaiver: true };
    const offered = await adminCall(adminQuotes, 'POST', `/api/admin/quotes/${row!.id}/offer`, { cookie: manager, body: { ...cart, message: '' } });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.offer.price.siteChargesCents).toBe(0);
    const bookings = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from bookings`)[0]!.n;
    const before = await bookings();
    // Concrete would add the sandbag line the customer never saw in the offer they accepted.
    const converted = await adminCall(adminQuotes, 'POST', `/api/admin/quotes/${row!.id}/convert`, {
      cookie: manager,
      body: { address: { line1: '9 Slab Way', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'concrete' } },
    });
    expect(converted.status, JSON.stringify(converted.body)).toBe(409);
    expect(converted.body.error.message).toMatch(/^The price changed since the offer \(offered \$[\d,.]+, now \$[\d,.]+\)\. Send an updated offer first\.$/);
    expect(await bookings()).toBe(before);
    // On grass the offer's price holds, and the booking keeps the ground staff were told.
    const onGrass = await adminCall(adminQuotes, 'POST', `/api/admin/quotes/${row!.id}/convert`, {
      cookie: manager,
      body: { address: { line1: '9 Lawn Way', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' } },
    });
    expect(onGrass.status, JSON.stringify(onGrass.body)).toBe(200);
    const [booking] = await db.sql<{ total_cents: number; site_answers: unknown }[]>`select total_cents, site_answers from bookings where number = ${onGrass.body.booking.number}`;
    expect(booking).toEqual({ total_cents: offered.body.offer.price.totalCents, site_answers: { surface: 'grass' } });
  });

  it('takes a request without answers, flagging what to call about', async () => {
    const sent = await call(quotes, 'POST', '/api/quotes', request('pink-castle-bounce-house', futureDate(74), undefined), ip());
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const [row] = await db.sql<{ site_answers: unknown; site_flags: string[] }[]>`select site_answers, site_flags from quotes where number = ${sent.body.quoteNumber}`;
    expect(row!.site_answers).toEqual({});
    expect(row!.site_flags).toEqual(['Not answered: the ground', 'Not answered: an outlet within 50 ft', 'Not answered: the narrowest gate', 'Not answered: stairs']);
  });
});

describe('a refused setup spot', () => {
  it('refuses a water slide on concrete at the ground field with the price’s words, and stores nothing', async () => {
    const date = futureDate(76);
    const site = { surface: 'concrete', outlet: 'yes', accessInches: 48, stairFlights: 0 };
    const priced = await call(quotePrice, 'POST', '/api/quote-price', { items: [{ product: 'tropical-splash-water-slide', quantity: 1 }], event: { date, start: '10:00', end: '16:00' }, zip: '78664', site }, ip());
    const message = priced.body.site.refusals[0].message;
    expect(message).toBe('The Tropical Splash 18 ft Water Slide can’t be set up on concrete. It needs grass or artificial turf.');
    const before = await counts();
    const refused = await call(quotes, 'POST', '/api/quotes', request('tropical-splash-water-slide', date, site), ip());
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ 'site.surface': message });
    expect(await counts()).toEqual(before);
  });

  it('refuses it from a Spanish page in Spanish, as the Spanish price does', async () => {
    const date = futureDate(77);
    const site = { surface: 'concrete', outlet: 'yes', accessInches: 48, stairFlights: 0 };
    const spanish = { ...ip(), 'x-page-language': 'es' };
    const priced = await call(quotePrice, 'POST', '/api/quote-price', { items: [{ product: 'tropical-splash-water-slide', quantity: 1 }], event: { date, start: '10:00', end: '16:00' }, zip: '78664', site }, spanish);
    const message = priced.body.site.refusals[0].message;
    expect(message).toBe('Resbaladilla de Agua Tropical de 18 pies no se puede instalar sobre concreto. Necesita pasto o pasto artificial.');
    const before = await counts();
    const refused = await call(quotes, 'POST', '/api/quotes', request('tropical-splash-water-slide', date, site), { ...ip(), 'x-page-language': 'es' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ message, fields: { 'site.surface': message } });
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ surface: 'lava' }, 'site.surface', 'Choose the ground the setup spot is on'],
    [{ accessInches: -3 }, 'site.accessInches', 'At least 12 inches: measure the narrowest gate or door'],
    [{ stairFlights: 99 }, 'site.stairFlights', 'At most 10 flights: call us for anything higher'],
  ])('answers %j with a 400 at its field and stores nothing', async (site, field, message) => {
    const before = await counts();
    const refused = await call(quotes, 'POST', '/api/quotes', request('pink-castle-bounce-house', futureDate(78), site), ip());
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });
});

describe('staff and a refused setup spot in an offer', () => {
  const slide = 'tropical-splash-water-slide';
  const concrete = { surface: 'concrete', outlet: 'yes', accessInches: 48, stairFlights: 0 };

  /** A request for the castle on concrete (fine for it), which staff answer with the water slide (not on concrete). */
  async function slideOffer(days: number) {
    const date = futureDate(days);
    const sent = await call(quotes, 'POST', '/api/quotes', request('pink-castle-bounce-house', date, concrete), ip());
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const [row] = await db.sql<{ id: string }[]>`select id from quotes where number = ${sent.body.quoteNumber}`;
    return { id: row!.id, cart: { items: [{ product: slide, quantity: 1 }], event: { date, start: '10:00', end: '16:00' }, zip: '78664', damageWaiver: true, message: '' } };
  }

  it('refuses the offer at the answer, says staff may book it anyway, and sends it once they correct the answer', async () => {
    const { id, cart } = await slideOffer(80);
    const refused = await adminCall(adminQuotes, 'POST', `/api/admin/quotes/${id}/offer`, { cookie: manager, body: cart });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      'site.surface': 'The Tropical Splash 18 ft Water Slide can’t be set up on concrete. It needs grass or artificial turf.',
      siteOverride: 'The setup spot check refuses this booking: change it, or tick “Book it anyway” and say why.',
    });
    // The customer said on the phone the slide goes on the lawn: staff correct the answer, and the offer keeps it.
    const corrected = await adminCall(adminQuotes, 'POST', `/api/admin/quotes/${id}/offer`, { cookie: manager, body: { ...cart, site: { ...concrete, surface: 'grass' } } });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.offer.request.site.surface).toBe('grass');
    expect(corrected.body.offer.siteOverride).toBeNull();
  });

  it('refuses an override naming the generator booked for that time with a 400 at site.outlet (stock, not a rule about the yard), and sends nothing', async () => {
    const date = futureDate(84);
    // The business's one generator is booked all day: a yard without an outlet cannot have it.
    const generatorTaken = bookingRequest.parse({
      items: [{ product: 'quiet-inverter-generator', quantity: 1 }],
      event: { date, start: '08:00', end: '20:00' },
      customer: { name: 'Generator Taker', email: `generator-${randomUUID().slice(0, 8)}@example.com`, phone: '(512) 555-0191' },
      address: { line1: '1 Power Ln', city: 'Round Rock', state: 'TX', zip: '78664' },
      acceptTerms: true,
    });
    await placeBooking(db.sql, generatorTaken, { now: new Date(), status: 'confirmed', source: 'phone', staff: true });
    const noOutlet = { surface: 'grass', outlet: 'no', accessInches: 48, stairFlights: 0 };
    const sent = await call(quotes, 'POST', '/api/quotes', request('pink-castle-bounce-house', date, noOutlet), ip());
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const [row] = await db.sql<{ id: string }[]>`select id from quotes where number = ${sent.body.quoteNumber}`;
    const cart = { items: [{ product: 'pink-castle-bounce-house', quantity: 1 }], event: { date, start: '10:00', end: '16:00' }, zip: '78664', damageWaiver: true, message: '', site: noOutlet };
    const preview = await adminCall(adminQuotes, 'POST', `/api/admin/quotes/${row!.id}/price`, { cookie: manager, body: cart });
    const generator = preview.body.site.refusals.find((r: { field: string }) => r.field === 'site.outlet');
    expect(generator).toMatchObject({ product: 'quiet-inverter-generator', message: expect.stringMatching(/^There’s no outlet in reach and our Quiet Inverter Generator is booked for that time\./) });

    const before = await counts();
    const siteOverride = { reason: 'Customer says a neighbour lends a generator', refusals: [{ field: 'site.outlet', product: 'quiet-inverter-generator' }] };
    const refused = await adminCall(adminQuotes, 'POST', `/api/admin/quotes/${row!.id}/offer`, { cookie: manager, body: { ...cart, siteOverride } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.fields).toEqual({ 'site.outlet': generator.message });
    expect(await counts()).toEqual(before);
    const [quote] = await db.sql<{ status: string; offer: unknown }[]>`select status, offer from quotes where id = ${row!.id}`;
    expect(quote).toEqual({ status: 'new', offer: null });
  });

  it('books it anyway with the reason: the offer and the booking it becomes say who and why', async () => {
    const { id, cart } = await slideOffer(82);
    const preview = await adminCall(adminQuotes, 'POST', `/api/admin/quotes/${id}/price`, { cookie: manager, body: cart });
    const refusals = preview.body.site.refusals.map(({ field, product }: { field: string; product: string | null }) => ({ field, product }));
    expect(refusals).toHaveLength(1);
    const reason = 'Customer lays turf mats over the patio; checked photos.';
    const offered = await adminCall(adminQuotes, 'POST', `/api/admin/quotes/${id}/offer`, { cookie: manager, body: { ...cart, siteOverride: { reason, refusals } } });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.offer.siteOverride).toMatchObject({ reason, byEmail: expect.stringContaining('@'), refusals: [expect.objectContaining(refusals[0])] });
    const [entry] = await db.sql<{ after: { siteOverride: { reason: string } } }[]>`select after from audit_log where action = 'quote.offer' and entity_id = ${id}`;
    expect(entry!.after.siteOverride.reason).toBe(reason);

    const converted = await adminCall(adminQuotes, 'POST', `/api/admin/quotes/${id}/convert`, { cookie: manager, body: { address: { line1: '8 Patio Ct', city: 'Round Rock', state: 'TX', zip: '78664' } } });
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    const [booking] = await db.sql<{ site_override: { reason: string; refusals: { field: string }[] } }[]>`select site_override from bookings where number = ${converted.body.booking.number}`;
    expect(booking!.site_override).toMatchObject({ reason, refusals: [expect.objectContaining({ field: 'site.surface' })] });
  });
});
