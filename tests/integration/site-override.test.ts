import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { raiseBookingLimits } from '../support/booking-limits';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, SITE, staffSession, TEST_AUTH_SECRET } from '../support/staff';

/**
 * Staff booking anyway what the yard check refuses (issue #38, "one engine"), through the real
 * functions on a real database (also through PgBouncer): without an override a refused desk booking
 * books nothing; with one and a reason it books at the same price the desk showed, and the override is
 * on the booking and in its audit entry, written in the booking's transaction; only staff who may
 * take bookings can give one; the website's booking cannot.
 */

let db: TestDatabase;
let bookings: Handler;
let desk: Handler;
let publicBookings: Handler;
let manage: Handler;
let day: Handler;
const cookie = { crew: '', manager: '' };

beforeAll(async () => {
  db = await createSeededDatabase();
  await raiseBookingLimits(db.sql);
  Object.assign(process.env, { DATABASE_URL: db.url, SITE_URL: SITE, AUTH_SECRET: TEST_AUTH_SECRET, DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'site-override-')) });
  for (const key of ['STRIPE_SECRET_KEY', 'SMTP_URL', 'BUSINESS_NOTIFY_EMAIL']) delete process.env[key];
  bookings = (await import('../../netlify/functions/admin-bookings')).default;
  desk = (await import('../../netlify/functions/admin-booking-desk')).default;
  publicBookings = (await import('../../netlify/functions/bookings')).default;
  manage = (await import('../../netlify/functions/manage-booking')).default;
  day = (await import('../../netlify/functions/admin-day')).default;
  cookie.crew = (await staffSession(db.sql, 'crew')).cookie;
  cookie.manager = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  // The functions' own pool first: a database dropped under open connections makes PgBouncer warn.
  await closeAdminConnections();
  await db.drop();
});

const SLIDE = 'tropical-splash-water-slide';
const concrete = { surface: 'concrete', outlet: 'yes', accessInches: 48, stairFlights: 0 };
const refused = { field: 'site.surface', product: SLIDE };
const reason = 'Customer confirmed the slide goes on the lawn beside the drive; measured on the phone';
let n = 0;
const address = { line1: '7 Patio Way', city: 'Round Rock', state: 'TX', zip: '78664' };
function phoneOrder(extra: Record<string, unknown> = {}) {
  n++;
  return {
    // The castle on concrete brings a sandbag line; the slide is refused there.
    items: [
      { product: SLIDE, quantity: 1 },
      { product: 'pink-castle-bounce-house', quantity: 1 },
    ],
    event: { date: futureDate(80 + n * 2), start: '10:00', end: '16:00' },
    customer: { name: `Yard Caller ${n}`, email: `yard-caller-${n}-${Date.now()}@example.com`, phone: '(512) 555-0166' },
    address,
    site: concrete,
    adjustments: [],
    status: 'deposit_due',
    payment: null,
    sendConfirmation: false,
    ...extra,
  };
}
type Role = keyof typeof cookie;
const create = (body: unknown, role: Role = 'manager') => adminCall(bookings, 'POST', '/api/admin/bookings', { cookie: cookie[role], body });
const counts = async () =>
  (await db.sql<{ bookings: number; audits: number }[]>`
    select (select count(*) from bookings)::int as bookings, (select count(*) from audit_log where action = 'booking.create')::int as audits`)[0]!;

describe('a refusal at the desk', () => {
  it('shows in the desk’s price, and without an override books nothing (400 at the field, and at the override)', async () => {
    const order = phoneOrder();
    const { customer: _c, address: _a, status: _s, payment: _p, sendConfirmation: _e, ...cart } = order;
    const priced = await adminCall(desk, 'POST', '/api/admin/booking-desk/prices', { cookie: cookie.manager, body: { ...cart, zip: address.zip, damageWaiver: true } });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.site.refusals).toEqual([
      { ...refused, message: 'The Tropical Splash 18 ft Water Slide can’t be set up on concrete. It needs grass or artificial turf.', alternatives: [] },
    ]);
    const before = await counts();
    const answer = await create(order);
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({
      'site.surface': priced.body.site.refusals[0].message,
      siteOverride: 'The setup spot check refuses this booking: change it, or tick “Book it anyway” and say why.',
    });
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ refusals: [refused] }, 'siteOverride.reason', 'Say why you book it anyway'],
    [{ reason: '  ', refusals: [refused] }, 'siteOverride.reason', 'Say why you book it anyway (at least 5 characters)'],
    [{ reason: 'x'.repeat(301), refusals: [refused] }, 'siteOverride.reason', 'At most 300 characters'],
    [{ reason, refusals: [] }, 'siteOverride.refusals', 'Name the refusals you override'],
    ['yes', 'siteOverride', 'Invalid input: expected object, received string'],
  ])('refuses the override %j at its field, and books nothing', async (siteOverride, field, message) => {
    const before = await counts();
    const answer = await create(phoneOrder({ siteOverride }));
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('does not cover a refusal it does not name', async () => {
    const before = await counts();
    const answer = await create(phoneOrder({ siteOverride: { reason, refusals: [{ field: 'site.accessInches', product: SLIDE }] } }));
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields.siteOverride).toMatch(/^The setup spot check refuses something you did not override yet/);
    expect(await counts()).toEqual(before);
  });
});

describe('booking it anyway', () => {
  it('covers only the refusal: the desk’s price still names what else stops the booking, and the save is refused for it', async () => {
    const adjustments = [{ label: 'Friends discount', reason: 'Family of the owner', direction: 'discount', kind: 'amount', value: 500_000 }];
    const order = phoneOrder({ adjustments });
    const { customer: _c, address: _a, status: _s, payment: _p, sendConfirmation: _e, ...cart } = order;
    const priced = await adminCall(desk, 'POST', '/api/admin/booking-desk/prices', { cookie: cookie.manager, body: { ...cart, zip: address.zip, damageWaiver: true } });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    // `problem` names the refusal first; the discount is said apart, for the desk to show beside it.
    expect(priced.body.problem).toBe(priced.body.site.refusals[0].message);
    expect(priced.body.problemBesidesSite).toBe('The discounts are more than the whole order.');
    const before = await counts();
    const answer = await create({ ...order, siteOverride: { reason, refusals: [refused] } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe(priced.body.problemBesidesSite);
    expect(await counts()).toEqual(before);
  });

  it('books at the price the desk showed, with the override on the booking and in its audit entry, in one transaction', async () => {
    const order = phoneOrder({ siteOverride: { reason: `  ${reason} `, refusals: [refused] } });
    const { customer: _c, address: _a, status: _s, payment: _p, sendConfirmation: _e, ...cart } = phoneOrder();
    cart.event = order.event;
    const priced = await adminCall(desk, 'POST', '/api/admin/booking-desk/prices', { cookie: cookie.manager, body: { ...cart, zip: address.zip, damageWaiver: true } });
    const answer = await create(order);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    // The slide at its own price, with the automatic lines that still apply (the castle's sandbags).
    expect(answer.body.booking.totals.totalCents).toBe(priced.body.totalCents);
    expect(priced.body.siteCharges).toEqual([{ label: 'Sandbags: Pink Castle Bounce House', reason: '4 sandbags to hold it down on concrete', cents: 2500 }]);
    expect(priced.body.lines.map((l: { product: string; lineTotalCents: number }) => l.product)).toEqual([SLIDE, 'pink-castle-bounce-house']);

    const [row] = await db.sql<{ id: string; site_override: Record<string, unknown>; booking_tx: string; audit_tx: string; audit: { siteOverride: unknown } }[]>`
      select b.id, b.site_override, b.xmin::text as booking_tx, a.xmin::text as audit_tx, a.after as audit
      from bookings b join audit_log a on a.entity = 'booking' and a.entity_id = b.id::text and a.action = 'booking.create'
      where b.id = ${answer.body.booking.id}`;
    const stored = {
      reason,
      byName: 'Test manager',
      byEmail: expect.stringMatching(/^manager-\d+-\d+@staff\.test$/),
      at: expect.any(String),
      refusals: [{ ...refused, message: priced.body.site.refusals[0].message }],
    };
    expect(row!.site_override).toEqual(stored);
    expect(row!.audit.siteOverride).toEqual(stored);
    // Written by one transaction: the booking's row and its audit entry carry the same transaction id.
    expect(row!.audit_tx).toBe(row!.booking_tx);

    const view = await adminCall(bookings, 'GET', `/api/admin/bookings/${row!.id}`, { cookie: cookie.manager });
    expect(view.body.site.override).toEqual(stored);

    // The crew's day says it beside the stop's setup spot: who booked it over the check, and why.
    const day = (await import('../../netlify/functions/admin-day')).default as Handler;
    const run = await adminCall(day, 'GET', `/api/admin/day?date=${order.event.date}`, { cookie: cookie.crew });
    const stop = run.body.routes.flatMap((r: { stops: { number: string; site: { override: string | null } }[] }) => r.stops).find((s: { number: string }) => s.number === answer.body.booking.number);
    expect(stop.site.override).toBe(`Refusal overridden by Test manager — ${reason}`);
  });

  it('leaves no audit entry and no override when the booking fails after the yard check', async () => {
    const before = await counts();
    const answer = await create(phoneOrder({ siteOverride: { reason, refusals: [refused] }, status: 'confirmed', payment: { amountCents: 999_999_00, method: 'cash', note: '' } }));
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.error.fields)).toEqual(['payment.amountCents']);
    expect(await counts()).toEqual(before);
  });

  it('keeps the override through a change and the customer’s own move, and drops it once nothing is refused', async () => {
    const created = await create(phoneOrder({ siteOverride: { reason, refusals: [refused] }, status: 'confirmed' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.booking.id as string;
    const { customer: _c, status: _s, payment: _p, sendConfirmation: _e, ...order } = phoneOrder();
    const moved = await adminCall(bookings, 'PUT', `/api/admin/bookings/${id}`, { cookie: cookie.manager, body: { ...order, notifyCustomer: false } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const overrideOf = async () => (await db.sql<{ site_override: { reason: string } | null; number: string; manage_token: string }[]>`select site_override, number, manage_token from bookings where id = ${id}`)[0]!;
    expect((await overrideOf()).site_override?.reason).toBe(reason);

    const { number, manage_token } = await overrideOf();
    const ownMove = { bookingNumber: number, key: manage_token, event: { date: futureDate(200), start: '10:00', end: '16:00' } };
    // The customer's preview is held to the same override as the move: the page lets them move it.
    const preview = await call(manage, 'POST', '/api/manage-booking/quote', ownMove, { 'x-test-ip': '203.0.113.77' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect([preview.body.bookable, preview.body.problem]).toEqual([true, null]);
    const own = await call(manage, 'POST', '/api/manage-booking/move', ownMove, { 'x-test-ip': '203.0.113.77' });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await overrideOf()).site_override?.reason).toBe(reason);

    const onGrass = await adminCall(bookings, 'PUT', `/api/admin/bookings/${id}`, { cookie: cookie.manager, body: { ...order, site: { ...concrete, surface: 'grass' }, notifyCustomer: false } });
    expect(onGrass.status, JSON.stringify(onGrass.body)).toBe(200);
    expect((await overrideOf()).site_override).toBeNull();
    const [audit] = await db.sql<{ before: { siteOverride: unknown }; after: { siteOverride: unknown } }[]>`
      select before, after from audit_log where entity_id = ${id} and action = 'booking.edit' order by created_at desc, id desc limit 1`;
    expect([audit!.before.siteOverride !== null, audit!.after.siteOverride]).toEqual([true, null]);
  });
});

describe('the crew’s gear for a booking made over the check', () => {
  type Load = { stakes: number; sandbags: number; cords: number; generators: number };
  const gearOf = async (id: string, date: string) => {
    const card = await adminCall(bookings, 'GET', `/api/admin/bookings/${id}`, { cookie: cookie.crew });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const run = await adminCall(day, 'GET', `/api/admin/day?date=${date}`, { cookie: cookie.crew });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const stops = (run.body.routes as { stops: { bookingId: string; kind: string; site: { load: Load } }[] }[]).flatMap((r) => r.stops);
    return { card: card.body.site.load as Load, day: stops.find((s) => s.bookingId === id && s.kind === 'delivery')!.site.load };
  };
  const anchors = async (slug: string) =>
    (await db.sql<{ stakes_needed: number | null; sandbags_needed: number | null }[]>`select stakes_needed, sandbags_needed from products where slug = ${slug}`)[0]!;

  it('anchors the unit booked over the ground refusal, and loads the gear kept with the booking even after the products’ rules change', async () => {
    const order = phoneOrder({ siteOverride: { reason, refusals: [refused] } });
    const created = await create(order);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.booking.id as string;
    const [slide, castle] = [await anchors(SLIDE), await anchors('pink-castle-bounce-house')];
    // The slide is only staked (it goes on the lawn beside the drive, the override says); the castle is sandbagged on concrete.
    expect([slide.sandbags_needed, castle.sandbags_needed]).toEqual([null, 4]);
    const booked = { stakes: slide.stakes_needed!, sandbags: castle.sandbags_needed! };
    expect(booked.stakes).toBeGreaterThan(0);
    const gear = await gearOf(id, order.event.date);
    expect(gear.card).toMatchObject(booked);
    expect(gear.day).toEqual(gear.card);
    const [row] = await db.sql<{ site_load: Load }[]>`select site_load from bookings where id = ${id}`;
    // Kept beside the gear: the outlet distance the answers were checked against.
    expect(row!.site_load).toMatchObject(gear.card);

    // The owner changes the products' rules afterwards: the booking keeps the gear it was booked with.
    try {
      await db.sql`update products set stakes_needed = stakes_needed + 2, sandbags_needed = sandbags_needed + 2 where slug in (${SLIDE}, 'pink-castle-bounce-house')`;
      expect(await gearOf(id, order.event.date)).toEqual(gear);
      // A booking from before the gear was kept is worked out from the products as they are now, the overridden ground anchored too.
      await db.sql`update bookings set site_load = null where id = ${id}`;
      expect((await gearOf(id, order.event.date)).card).toMatchObject({ stakes: booked.stakes + 2, sandbags: booked.sandbags + 2 });
    } finally {
      await db.sql`update products set stakes_needed = stakes_needed - 2, sandbags_needed = sandbags_needed - 2 where slug in (${SLIDE}, 'pink-castle-bounce-house')`;
    }
  });

  it('a change keeps the anchoring of the unit it still books over the ground refusal', async () => {
    const created = await create(phoneOrder({ siteOverride: { reason, refusals: [refused] } }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.booking.id as string;
    const { customer: _c, status: _s, payment: _p, sendConfirmation: _e, ...order } = phoneOrder();
    const moved = await adminCall(bookings, 'PUT', `/api/admin/bookings/${id}`, { cookie: cookie.manager, body: { ...order, notifyCustomer: false } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [row] = await db.sql<{ site_load: Load }[]>`select site_load from bookings where id = ${id}`;
    expect(row!.site_load).toMatchObject({ stakes: (await anchors(SLIDE)).stakes_needed!, sandbags: 4 });
    expect(row!.site_load).toMatchObject((await gearOf(id, order.event.date)).day);
  });
});

describe('who may override', () => {
  it('only staff who may take bookings: crew are refused unless Settings allow them', async () => {
    const before = await counts();
    const answer = await create(phoneOrder({ siteOverride: { reason, refusals: [refused] } }), 'crew');
    expect(answer.status).toBe(403);
    expect(await counts()).toEqual(before);
    await db.sql`update business_settings set crew_may_take_bookings = true where id`;
    try {
      const allowed = await create(phoneOrder({ siteOverride: { reason, refusals: [refused] } }), 'crew');
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
      const [row] = await db.sql<{ site_override: { byName: string } }[]>`select site_override from bookings where id = ${allowed.body.booking.id}`;
      expect(row!.site_override.byName).toBe('Test crew');
    } finally {
      await db.sql`update business_settings set crew_may_take_bookings = false where id`;
    }
  });

  it('never the website: a crafted public booking with an override is refused at the field, and books nothing', async () => {
    const { status: _s, payment: _p, sendConfirmation: _e, adjustments: _j, ...order } = phoneOrder();
    const before = await counts();
    const answer = await call(publicBookings, 'POST', '/api/bookings', { ...order, acceptTerms: true, siteOverride: { reason, refusals: [refused] } }, { 'x-test-ip': '203.0.113.91' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({ 'site.surface': 'The Tropical Splash 18 ft Water Slide can’t be set up on concrete. It needs grass or artificial turf.' });
    expect(await counts()).toEqual(before);
  });
});

describe('the desk’s yard questions (the same as checkout’s)', () => {
  const ARCH = 'rainbow-arch-bounce-house';
  const archOrder = (site: Record<string, unknown>, extra: Record<string, unknown> = {}) => phoneOrder({ items: [{ product: ARCH, quantity: 1 }], site, ...extra });
  const priceOf = (order: ReturnType<typeof phoneOrder>) => {
    const { customer: _c, address: _a, status: _s, payment: _p, sendConfirmation: _e, ...cart } = order;
    return adminCall(desk, 'POST', '/api/admin/booking-desk/prices', { cookie: cookie.manager, body: { ...cart, zip: address.zip, damageWaiver: true } });
  };
  const grass = { surface: 'grass', outlet: 'yes', accessInches: 48, stairFlights: 0 };

  it('an outlet answered “no” brings the generator line to the desk’s price and to the booking, at that price', async () => {
    const order = archOrder({ ...grass, outlet: 'no' });
    const priced = await priceOf(order);
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.site.refusals).toEqual([]);
    const lines = priced.body.lines.map((l: { product: string; siteAdded: boolean }) => [l.product, l.siteAdded]);
    expect(lines).toEqual([[ARCH, false], ['quiet-inverter-generator', true]]);
    const answer = await create(order);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.booking.totals.totalCents).toBe(priced.body.totalCents);
    const items = await db.sql<{ slug: string }[]>`
      select p.slug from booking_items i join products p on p.id = i.product_id where i.booking_id = ${answer.body.booking.id} order by p.slug`;
    expect(items.map((i) => i.slug)).toEqual(['quiet-inverter-generator', ARCH]);
  });

  it('a 30-inch gate is refused at site.accessInches; an override naming it books it', async () => {
    const order = archOrder({ ...grass, accessInches: 30 });
    const priced = await priceOf(order);
    const gate = { field: 'site.accessInches', product: ARCH };
    expect(priced.body.site.refusals).toEqual([{ ...gate, message: expect.stringMatching(/needs a gate or door at least 36 in wide .* yours is 30 in\.$/), alternatives: [] }]);
    const before = await counts();
    const refusedAnswer = await create(order);
    expect(refusedAnswer.status).toBe(400);
    expect(refusedAnswer.body.error.fields['site.accessInches']).toBe(priced.body.site.refusals[0].message);
    expect(await counts()).toEqual(before);

    const booked = await create({ ...order, siteOverride: { reason: 'Customer measured again: the side gate lifts off, 40 in', refusals: [gate] } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const [row] = await db.sql<{ site_override: { refusals: unknown[] }; site_answers: { accessInches: number } }[]>`select site_override, site_answers from bookings where id = ${booked.body.booking.id}`;
    expect(row!.site_override.refusals).toEqual([{ ...gate, message: priced.body.site.refusals[0].message }]);
    expect(row!.site_answers.accessInches).toBe(30);
  });

  it('leaves questions unanswered for staff (flagged for a call), and refuses a bad answer at its field in the price and the booking', async () => {
    const unanswered = await priceOf(archOrder({ surface: 'grass' }));
    expect(unanswered.status).toBe(200);
    expect(unanswered.body.site.unanswered).toEqual(expect.arrayContaining(['outlet', 'access']));
    const booked = await create(archOrder({ surface: 'grass' }));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const [row] = await db.sql<{ site_flags: string[] }[]>`select site_flags from bookings where id = ${booked.body.booking.id}`;
    expect(row!.site_flags).toEqual(expect.arrayContaining([expect.stringMatching(/^Not answered: /)]));

    const bad = archOrder({ ...grass, accessInches: 5000 });
    const price = await priceOf(bad);
    expect([price.status, price.body.error.fields['site.accessInches']]).toEqual([400, 'At most 240 inches']);
    const before = await counts();
    const answer = await create(bad);
    expect([answer.status, answer.body.error.fields['site.accessInches']]).toEqual([400, 'At most 240 inches']);
    expect(await counts()).toEqual(before);
  });
});
