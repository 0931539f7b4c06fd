import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { placeBooking } from '../../src/lib/booking/place-booking.server';
import { siteToldUs } from '../../src/lib/site-check';
import { deskPrice } from '../../src/lib/staff-bookings/desk.server';
import { call, futureDate, type Handler } from '../support/api';
import { raiseBookingLimits } from '../support/booking-limits';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { closeAdminConnections } from '../support/staff';

/**
 * The yard checked before the booking is taken (issue #38), through the real functions on a real
 * database (also through PgBouncer): the same cart and answers give the same lines and total through
 * the public price, the booking, the staff desk's price and the customer's own move; a refusal books
 * nothing; the generator a yard without an outlet needs is a line with its own stock.
 */

let db: TestDatabase;
let quote: Handler;
let bookings: Handler;
let manage: Handler;

beforeAll(async () => {
  db = await createSeededDatabase();
  await raiseBookingLimits(db.sql);
  Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'site-check-')), SITE_URL: 'http://localhost:4321' });
  for (const key of ['STRIPE_SECRET_KEY', 'SMTP_URL', 'BUSINESS_NOTIFY_EMAIL']) delete process.env[key];
  quote = (await import('../../netlify/functions/quote-price')).default;
  bookings = (await import('../../netlify/functions/bookings')).default;
  manage = (await import('../../netlify/functions/manage-booking')).default;
});
afterAll(async () => {
  // The functions' own pool first: a database dropped under open connections makes PgBouncer warn.
  await closeAdminConnections();
  await db.drop();
});

let n = 0;
const cart = (product: string, date: string, site: Record<string, unknown>) => ({
  items: [{ product, quantity: 1 }],
  event: { date, start: '10:00', end: '16:00' },
  zip: '78664',
  site,
});
const booking = (product: string, date: string, site: Record<string, unknown>) => {
  const { zip, ...order } = cart(product, date, site);
  n++;
  return {
    ...order,
    customer: { name: 'Yard Tester', email: `yard-${n}-${Date.now()}@example.com`, phone: '(512) 555-0177' },
    address: { line1: `${n} Lawn Ln`, city: 'Round Rock', state: 'TX', zip },
    acceptTerms: true,
  };
};
const ip = () => ({ 'x-test-ip': `203.0.113.${(n % 200) + 1}` });
const bookingCount = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from bookings`)[0]!.n;

const concreteNoOutlet = { surface: 'concrete', outlet: 'no', accessInches: 48, stairFlights: 1 };

describe('one price on every path', () => {
  it('gives the same lines and total through the price, the booking, the desk and the customer’s move', async () => {
    const date = futureDate(60);
    const priced = await call(quote, 'POST', '/api/quote-price', cart('pink-castle-bounce-house', date, concreteNoOutlet), ip());
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.bookable).toBe(true);
    expect(priced.body.site.questions).toEqual(['surface', 'outlet', 'access', 'stairs']);
    expect(priced.body.siteCharges).toEqual([
      { label: 'Sandbags: Pink Castle Bounce House', reason: '4 sandbags to hold it down on concrete', cents: 2500 },
      { label: 'Stairs', reason: '1 flight of stairs to the setup spot', cents: 2500 },
    ]);
    expect(priced.body.lines.map((l: { product: string; siteAdded: boolean }) => [l.product, l.siteAdded])).toEqual([
      ['pink-castle-bounce-house', false],
      ['quiet-inverter-generator', true],
    ]);

    const desk = await deskPrice(db.sql, { id: 'owner', name: 'Owner', email: 'owner@example.com', role: 'owner' }, { ...cart('pink-castle-bounce-house', date, concreteNoOutlet), damageWaiver: true, adjustments: [] } as never, new Date());
    expect([desk.totalCents, desk.siteCharges, desk.lines.length]).toEqual([priced.body.totalCents, priced.body.siteCharges, 2]);

    const booked = await call(bookings, 'POST', '/api/bookings', booking('pink-castle-bounce-house', date, concreteNoOutlet), ip());
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const [row] = await db.sql<{ id: string; number: string; manage_token: string; total_cents: number; site_charges_cents: number; surface: string; site_flags: string[]; items: string[] }[]>`
      select b.id, b.number, b.manage_token, b.total_cents, b.site_charges_cents, b.surface, b.site_flags,
        (select array_agg(p.slug order by p.slug) from booking_items bi join products p on p.id = bi.product_id where bi.booking_id = b.id) as items
      from bookings b where b.number = ${booked.body.bookingNumber}`;
    expect(row).toMatchObject({ total_cents: priced.body.totalCents, site_charges_cents: 5000, surface: 'concrete', site_flags: [], items: ['pink-castle-bounce-house', 'quiet-inverter-generator'] });

    // The customer moves it: the same answers, the same lines on the new date (the generator is one of its items).
    await db.sql`update bookings set status = 'confirmed' where id = ${row!.id}`;
    const moved = await call(manage, 'POST', '/api/manage-booking/move', { bookingNumber: row!.number, key: row!.manage_token, event: { date: futureDate(62), start: '10:00', end: '16:00' } }, ip());
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [after] = await db.sql<{ total_cents: number; site_charges_cents: number; site_charges: unknown }[]>`select total_cents, site_charges_cents, site_charges from bookings where id = ${row!.id}`;
    expect(after).toEqual({ total_cents: priced.body.totalCents, site_charges_cents: 5000, site_charges: priced.body.siteCharges });
  });
});

describe('the customer’s own booking page', () => {
  it('carries every answer about the setup spot and what they mean, so the page says them all back in its language', async () => {
    const booked = await call(bookings, 'POST', '/api/bookings', booking('pink-castle-bounce-house', futureDate(74), concreteNoOutlet), ip());
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const [row] = await db.sql<{ number: string; manage_token: string }[]>`select number, manage_token from bookings where number = ${booked.body.bookingNumber}`;
    const opened = await call(manage, 'POST', '/api/manage-booking', { bookingNumber: row!.number, key: row!.manage_token }, ip());
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const { answers, loadout } = opened.body.site;
    expect(answers).toEqual(concreteNoOutlet);
    // The tracking page's PartyCard: the reminder's sentence, not the ground alone.
    expect(siteToldUs(answers, loadout, 'en')).toBe('You told us: concrete, no outlet within 50 ft (we bring a generator), a gate or door 48 in wide, 1 flight of stairs.');
    expect(siteToldUs(answers, loadout, 'es')).toBe('Nos dijo: concreto, sin enchufe a menos de 50 pies (llevamos un generador), un portón o puerta de 48 pulgadas de ancho, 1 tramo de escaleras.');
  });
});

describe('refusals', () => {
  it('refuses a water slide on concrete at the ground field, with alternatives, and books nothing', async () => {
    const date = futureDate(64);
    const priced = await call(quote, 'POST', '/api/quote-price', cart('tropical-splash-water-slide', date, { ...concreteNoOutlet, outlet: 'yes', stairFlights: 0 }), ip());
    expect(priced.body.bookable).toBe(false);
    const [refusal] = priced.body.site.refusals;
    expect(refusal).toMatchObject({ field: 'site.surface', product: 'tropical-splash-water-slide', message: 'The Tropical Splash 18 ft Water Slide can’t be set up on concrete. It needs grass or artificial turf.' });
    expect(refusal.alternatives.length).toBeGreaterThan(0);
    const before = await bookingCount();
    const refused = await call(bookings, 'POST', '/api/bookings', booking('tropical-splash-water-slide', date, { ...concreteNoOutlet, outlet: 'yes', stairFlights: 0 }), ip());
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ 'site.surface': refusal.message });
    expect(await bookingCount()).toBe(before);
  });

  it('names the products by their Spanish names in a Spanish checkout’s refusal, its alternatives and the sandbags’ line', async () => {
    const date = futureDate(65);
    const spanish = { ...ip(), 'x-page-language': 'es' };
    const names = new Map((await db.sql<{ slug: string; name_es: string }[]>`select slug, name_es from products where name_es is not null`).map((r) => [r.slug, r.name_es]));
    const refused = await call(quote, 'POST', '/api/quote-price', cart('tropical-splash-water-slide', date, { ...concreteNoOutlet, outlet: 'yes', stairFlights: 0 }), spanish);
    const [refusal] = refused.body.site.refusals;
    expect(refusal.message).toBe(`${names.get('tropical-splash-water-slide')} no se puede instalar sobre concreto. Necesita pasto o pasto artificial.`);
    expect(refusal.alternatives.length).toBeGreaterThan(0);
    for (const alternative of refusal.alternatives) expect(alternative.name).toBe(names.get(alternative.slug));
    // A castle on concrete is taken, with sandbags: the line names it as the cart's line above it does.
    const taken = await call(quote, 'POST', '/api/quote-price', cart('pink-castle-bounce-house', date, { ...concreteNoOutlet, outlet: 'yes', stairFlights: 0 }), spanish);
    expect(taken.body.siteCharges.map((c: { label: string }) => c.label)).toContain(`Sacos de arena: ${names.get('pink-castle-bounce-house')}`);
    expect(taken.body.lines[0].name).toBe(names.get('pink-castle-bounce-house'));
  });

  it('refuses a yard without an outlet when the generator is booked for that time, at the outlet field', async () => {
    const date = futureDate(66);
    const request = bookingRequest.parse({ ...booking('quiet-inverter-generator', date, {}), site: undefined });
    await placeBooking(db.sql, request, { now: new Date(), status: 'confirmed', source: 'phone', staff: true });
    const before = await bookingCount();
    const refused = await call(bookings, 'POST', '/api/bookings', booking('pink-castle-bounce-house', date, concreteNoOutlet), ip());
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.fields['site.outlet']).toMatch(/^There’s no outlet in reach and our Quiet Inverter Generator is booked for that time\./);
    expect(await bookingCount()).toBe(before);
  });

  it('says how many generators a yard without an outlet needs when fewer are free, not that ours is booked (and in Spanish)', async () => {
    // Three blowers' worth of outlets: two generators (two outlets each), and the business has one, free that day.
    const date = futureDate(68);
    const noOutlet = { surface: 'grass', outlet: 'no', accessInches: 48, stairFlights: 0 };
    const items = ['pink-castle-bounce-house', 'popcorn-machine', 'cotton-candy-machine'].map((product) => ({ product, quantity: 1 }));
    const order = { ...cart('pink-castle-bounce-house', date, noOutlet), items };
    const priced = await call(quote, 'POST', '/api/quote-price', order, ip());
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.bookable).toBe(false);
    const expected = 'There’s no outlet in reach and your rentals need 2 generators, but only 1 Quiet Inverter Generator is free for that time. Choose a spot within 50 ft of an outlet, or another date.';
    expect(priced.body.site.refusals.map((r: { field: string; message: string }) => [r.field, r.message])).toEqual([['site.outlet', expected]]);

    const before = await bookingCount();
    const refused = await call(bookings, 'POST', '/api/bookings', { ...booking('pink-castle-bounce-house', date, noOutlet), items }, ip());
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.fields['site.outlet']).toBe(expected);
    expect(await bookingCount()).toBe(before);

    const [generator] = await db.sql<{ name_es: string }[]>`select name_es from products where slug = 'quiet-inverter-generator'`;
    const spanish = await call(quote, 'POST', '/api/quote-price', order, { ...ip(), 'x-page-language': 'es' });
    expect(spanish.body.site.refusals.map((r: { message: string }) => r.message)).toEqual([
      `No hay un enchufe al alcance y sus rentas necesitan 2 generadores, pero solo hay 1 ${generator!.name_es} libre en ese horario. Elija un lugar a menos de 50 pies de un enchufe, u otra fecha.`,
    ]);
  });

  it('names the package a refused unit comes in, so the unit alone and the one in the package are told apart (in Spanish by their Spanish names)', async () => {
    const date = futureDate(65);
    const narrowGate = { surface: 'grass', outlet: 'yes', accessInches: 30, stairFlights: 0 };
    const priced = await call(quote, 'POST', '/api/quote-price', { ...cart('backyard-birthday-package', date, narrowGate), items: [{ product: 'backyard-birthday-package', quantity: 1 }, { product: 'pink-castle-bounce-house', quantity: 1 }] }, ip());
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.site.refusals.map((r: { field: string; message: string }) => [r.field, r.message])).toEqual([
      ['site.accessInches', 'The Pink Castle Bounce House (in the Backyard Birthday Package) needs a gate or door at least 36 in wide on the way to the setup spot; yours is 30 in.'],
      ['site.accessInches', 'The Pink Castle Bounce House needs a gate or door at least 36 in wide on the way to the setup spot; yours is 30 in.'],
    ]);
    const spanish = await call(quote, 'POST', '/api/quote-price', cart('backyard-birthday-package', date, narrowGate), { ...ip(), 'x-page-language': 'es' });
    expect(spanish.body.site.refusals[0].message).toBe(
      'Brincolín Castillo Rosa (del Paquete Cumpleaños en el Patio) necesita un portón o puerta de al menos 36 pulgadas de ancho en el camino al lugar de instalación; el suyo mide 30 pulgadas.',
    );
  });

  it('gives a Spanish checkout the help under each question in Spanish while it is the help as shipped, and the owner’s own as written', async () => {
    const date = futureDate(67);
    const asked = (language: 'en' | 'es') => call(quote, 'POST', '/api/quote-price', cart('pink-castle-bounce-house', date, {}), { ...ip(), 'x-page-language': language });
    const english = (await asked('en')).body.site.help;
    expect(english.surface).toBe('Where the unit will stand. Water slides go on grass or turf only.');
    const spanish = (await asked('es')).body.site.help;
    expect(Object.keys(spanish).sort()).toEqual(Object.keys(english).sort());
    expect(spanish).toEqual({
      surface: 'Donde se instalará la unidad. Las resbaladillas de agua van solo sobre pasto o pasto artificial.',
      outlet: 'Un enchufe normal de exterior o de cochera. Nuestros cables miden 50 pies cada uno; por favor no use sus propias extensiones.',
      access: 'Mida el portón, la puerta o el paso más angosto entre la calle y el lugar de instalación.',
      stairs: 'Cuente cada tramo de escalones que el equipo debe subir o bajar cargando las unidades.',
    });
    await db.sql`update business_settings set site_rules = jsonb_set(site_rules, '{help,stairs}', '"Two flights at most, please."') where id`;
    try {
      expect((await asked('es')).body.site.help.stairs).toBe('Two flights at most, please.');
    } finally {
      await db.sql`update business_settings set site_rules = jsonb_set(site_rules, '{help,stairs}', ${JSON.stringify(english.stairs)}::jsonb) where id`;
    }
  });

  it.each([
    [{ surface: 'lava' }, 'site.surface', 'Choose the ground the setup spot is on'],
    [{ accessInches: -3 }, 'site.accessInches', 'At least 12 inches: measure the narrowest gate or door'],
    [{ accessInches: 36.5 }, 'site.accessInches', 'Whole inches, please'],
    [{ stairFlights: 99 }, 'site.stairFlights', 'At most 10 flights: call us for anything higher'],
  ])('answers %j with a 400 at its field and books nothing', async (site, field, message) => {
    const before = await bookingCount();
    const refused = await call(bookings, 'POST', '/api/bookings', booking('pink-castle-bounce-house', futureDate(68), site), ip());
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields[field]).toBe(message);
    expect(await bookingCount()).toBe(before);
  });

  it('takes a "not sure" and flags the booking for a call', async () => {
    const booked = await call(bookings, 'POST', '/api/bookings', booking('pink-castle-bounce-house', futureDate(70), { surface: 'grass', outlet: 'unsure', accessInches: 'unsure', stairFlights: 0 }), ip());
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const [row] = await db.sql<{ site_flags: string[] }[]>`select site_flags from bookings where number = ${booked.body.bookingNumber}`;
    expect(row!.site_flags).toEqual(['Not sure: an outlet within 50 ft', 'Not sure: the narrowest gate or door']);
  });
});
