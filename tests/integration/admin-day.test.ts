import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { placeBooking } from '../../src/lib/booking/place-booking.server';
import type { DayRoute, DayRun, DayStop } from '../../src/lib/day/day';
import { call, futureDate, type Handler } from '../support/api';
import { withClockAt } from '../support/clock';
import { wallClockToInstant } from '../../src/lib/time';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';
import { signaturePng } from '../../src/cli/sample-png';

let db: TestDatabase;
let day: Handler;
let bookings: Handler;
let inventory: Handler;
const cookie = { crew: '', manager: '', owner: '' };
/** A date of our own, far from the demo bookings around today. */
const DATE = futureDate(120);
const placed: Record<string, { id: string; number: string }> = {};
let pinkTruck = '';
let whiteVan = '';

let counter = 0;
/** A booking through the real booking path: 10:00–16:00 on `date`, at `zip`. */
async function place(product: string, zip: string, date = DATE, status: 'confirmed' | 'deposit_due' = 'confirmed') {
  const request = bookingRequest.parse({
    items: [{ product, quantity: 1 }],
    event: { date, start: '10:00', end: '16:00' },
    customer: { name: `Day Test ${++counter}`, email: `day-test-${counter}-${Date.now()}@example.com`, phone: '(512) 555-0199' },
    address: { line1: `${counter} Route Rd`, city: 'Round Rock', state: 'TX', zip, surface: 'grass', notes: 'Gate on the left' },
    acceptTerms: true,
  });
  const booking = await placeBooking(db.sql, request, { now: new Date(), status, source: 'phone' });
  return { id: booking.id, number: booking.number };
}

beforeAll(async () => {
  db = await createSeededDatabase();
  useAdminEnv(db.url, { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'admin-day-')) });
  for (const key of ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'SMTP_URL']) delete process.env[key];
  day = (await import('../../netlify/functions/admin-day')).default;
  bookings = (await import('../../netlify/functions/admin-bookings')).default;
  inventory = (await import('../../netlify/functions/admin-inventory')).default;
  for (const role of ['crew', 'manager', 'owner'] as const) cookie[role] = (await staffSession(db.sql, role)).cookie;
  placed.castle = await place('pink-castle-bounce-house', '78664'); // set-up 45 min, tear-down 30
  placed.tidal = await place('tidal-drop-27-ft-water-slide', '78613'); // set-up 90 min, tear-down 60
  placed.rainbow = await place('rainbow-arch-bounce-house', '78660');
  placed.dueDeposit = await place('toddler-jungle-bounce-house', '78665', DATE, 'deposit_due');
  placed.nextDay = await place('sports-arena-bounce-house', '78664', futureDate(121));
  placed.cancelled = await place('flamingo-beach-bounce-house', '78664');
  await db.sql`update bookings set status = 'cancelled', cancelled_at = now(), cancellation_reason = 'Test' where id = ${placed.cancelled.id}`;
  await db.sql`update unit_allocations set released_at = now() where booking_id = ${placed.cancelled.id}`;
  [pinkTruck, whiteVan] = (await db.sql<{ id: string }[]>`select id from trucks order by sort_order`).map((t) => t.id) as [string, string];
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

const load = async (role: keyof typeof cookie = 'crew'): Promise<DayRun> => {
  const res = await adminCall(day, 'GET', `/api/admin/day?date=${DATE}`, { cookie: cookie[role] });
  expect(res.status).toBe(200);
  return res.body as DayRun;
};
const mailsTo = (bookingId: string) =>
  db.sql<{ template: string; id: string }[]>`
    select template, id from outbound_emails where to_address = (select contact_email from bookings where id = ${bookingId}) order by created_at, id`.then((rows) => rows.map((r) => ({ template: r.template, id: r.id })));
const routeOf = (run: DayRun, truckId: string | null) => run.routes.find((r) => r.truckId === truckId) as DayRoute;
const stop = (run: DayRun, bookingId: string, kind: 'delivery' | 'pickup') => run.routes.flatMap((r) => r.stops).find((s) => s.bookingId === bookingId && s.kind === kind) as DayStop;
const put = (url: string, body: unknown, role: keyof typeof cookie = 'crew') => adminCall(day, 'PUT', url, { cookie: cookie[role], body });
const post = (url: string, body: unknown, role: keyof typeof cookie = 'crew') =>
  adminCall(url.startsWith('/api/admin/bookings/') ? bookings : day, 'POST', url, { cookie: cookie[role], body });

describe('the day: GET /api/admin/day?date=', () => {
  it('lists every drop-off and pickup of the date with its window from the product buffers, and nothing else', async () => {
    const run = await load();
    expect(run.date).toBe(DATE);
    expect(run.warehouse).toMatchObject({ zip: '78681', address: '1200 Sam Bass Rd, Round Rock, TX 78681' });
    expect(run.warehouse.point!.lat).toBeCloseTo(30.54, 2);
    const numbers = new Set(run.routes.flatMap((r) => r.stops.map((s) => s.number)));
    expect(numbers).toEqual(new Set([placed.castle!.number, placed.tidal!.number, placed.rainbow!.number, placed.dueDeposit!.number]));

    const castleDrop = stop(run, placed.castle!.id, 'delivery');
    expect(castleDrop).toMatchObject({
      window: { from: '09:15', until: '10:00' },
      status: 'confirmed',
      action: { to: 'out_for_delivery', label: 'Mark out for delivery' },
      customer: { phone: '(512) 555-0199' },
      address: { zip: '78664', city: 'Round Rock' },
      surface: 'grass',
      customerNotes: 'Gate on the left',
      waiversSigned: 0,
      cakes: [],
      truckId: null,
    });
    expect(castleDrop.units.map((u) => u.productName)).toEqual(['Pink Castle Bounce House']);
    expect(castleDrop.units[0]!.label).toMatch(/^BH-/);
    expect(castleDrop.balanceCents).toBeGreaterThan(0);
    expect(castleDrop.directionsUrl).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
    expect(decodeURIComponent(castleDrop.directionsUrl)).toContain('Round Rock, TX 78664');
    expect(castleDrop.point!.lat).toBeCloseTo(30.505, 2);
    expect(stop(run, placed.castle!.id, 'pickup')).toMatchObject({ window: { from: '16:00', until: '16:30' }, action: null });
    expect(stop(run, placed.tidal!.id, 'delivery').window).toEqual({ from: '08:30', until: '10:00' });
    expect(stop(run, placed.tidal!.id, 'pickup').window).toEqual({ from: '16:00', until: '17:00' });
    // A deposit still due is on the list (the party is on) but the crew cannot start it.
    expect(stop(run, placed.dueDeposit!.id, 'delivery')).toMatchObject({ status: 'deposit_due', action: null });

    // Nobody is on a truck yet: one unassigned run, then every active truck, empty.
    expect(run.routes.map((r) => r.truckName)).toEqual(['Not assigned to a truck', 'Pink truck', 'White van']);
    expect(run.routes[0]!.stops).toHaveLength(8);
    expect(run.routes[0]!.miles).toBeGreaterThan(10);
    expect(run.routes[0]!.routeUrl).toContain('waypoints=');

    // The loading list: every unit out in the morning and back in the afternoon.
    const labels = (lines: { label: string }[]) => lines.map((l) => l.label).sort();
    const allUnits = run.routes.flatMap((r) => r.stops.filter((s) => s.kind === 'delivery').flatMap((s) => s.units.map((u) => u.label))).sort();
    expect(labels(run.loading.out)).toEqual(allUnits);
    expect(labels(run.loading.back)).toEqual(allUnits);
    expect(run.loading.out).toHaveLength(4);
  });

  it('refuses a missing or impossible date with 400 naming the field', async () => {
    for (const query of ['', '?date=2026-02-30', '?date=tomorrow', '?date=9999-01-01']) {
      const res = await adminCall(day, 'GET', `/api/admin/day${query}`, { cookie: cookie.crew });
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.error.fields), query).toEqual(['date']);
    }
  });

  it('shows cakes ordered for delivery with the booking on its drop-off', async () => {
    const [cake] = await db.sql<{ id: string }[]>`select id from products where slug = 'classic-round-birthday-cake'`;
    await db.sql`
      insert into cake_orders (number, product_id, servings, tiers, flavour, filling, frosting, fulfilment, booking_id, needed_on, name, email, phone, price_cents, price_lines)
      values ('CK-DAY001', ${cake!.id}, 24, 1, 'funfetti', 'none', 'vanilla-buttercream', 'delivery', ${placed.rainbow!.id}, ${DATE}, 'Day Test', 'cake@example.com', '(512) 555-0100', 8500, '[]')`;
    const run = await load();
    expect(stop(run, placed.rainbow!.id, 'delivery').cakes).toMatchObject([{ number: 'CK-DAY001', priceCents: 8500, servings: 24 }]);
    expect(stop(run, placed.rainbow!.id, 'pickup').cakes).toEqual([]);
  });
});

describe('the yard at the stop and the gear on the truck (issue #38)', () => {
  /** A website booking through POST /api/bookings with the customer's answers about the setup spot. */
  async function bookOnline(product: string, date: string, site: Record<string, unknown>) {
    const res = await call((await import('../../netlify/functions/bookings')).default, 'POST', '/api/bookings', {
      items: [{ product, quantity: 1 }],
      event: { date, start: '11:00', end: '15:00' },
      customer: { name: `Yard Test ${++counter}`, email: `yard-${counter}-${Date.now()}@example.com`, phone: `(512) 555-${1000 + counter}` },
      address: { line1: `${counter} Yard Ln`, city: 'Round Rock', state: 'TX', zip: '78664' },
      site,
      acceptTerms: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await db.sql<{ id: string }[]>`select id from bookings where number = ${res.body.bookingNumber}`;
    return { id: row!.id, number: res.body.bookingNumber as string };
  }

  it('shows each stop’s answers and flags, and counts the sandbags on concrete and the generator of a yard without an outlet', async () => {
    const date = futureDate(124);
    const concrete = await bookOnline('pink-castle-bounce-house', date, { surface: 'concrete', outlet: 'yes', accessInches: 48, stairFlights: 0 });
    const noOutlet = await bookOnline('rainbow-arch-bounce-house', date, { surface: 'grass', outlet: 'no', accessInches: 40, stairFlights: 1 });
    const unsure = await bookOnline('sports-arena-bounce-house', date, { surface: 'grass', outlet: 'unsure', accessInches: 'unsure', stairFlights: 0 });
    // The generator the engine added is an ordinary line of its booking.
    const [generator] = await db.sql<{ quantity: number }[]>`
      select i.quantity from booking_items i join products p on p.id = i.product_id where i.booking_id = ${noOutlet.id} and p.slug = 'quiet-inverter-generator'`;
    expect(generator?.quantity).toBe(1);
    expect((await put(`/api/admin/day/bookings/${concrete.id}/truck`, { truckId: pinkTruck }, 'manager')).status).toBe(200);

    const res = await adminCall(day, 'GET', `/api/admin/day?date=${date}`, { cookie: cookie.crew });
    expect(res.status).toBe(200);
    const run = res.body as DayRun;
    expect(stop(run, concrete.id, 'delivery').site).toMatchObject({
      answers: { surface: 'concrete', outlet: 'yes', accessInches: 48, stairFlights: 0 },
      summary: 'Concrete · outlet within 50 ft · gate 48 in · no stairs',
      flags: [],
      load: { sandbags: 4, stakes: 0, cords: 1, generators: 0 },
    });
    expect(stop(run, noOutlet.id, 'delivery').site).toMatchObject({ summary: 'Grass · no outlet: generator · gate 40 in · 1 flight', load: { stakes: 6, sandbags: 0, cords: 0, generators: 1 } });
    expect(stop(run, unsure.id, 'delivery').site.flags).toEqual(['Not sure: an outlet within 50 ft', 'Not sure: the narrowest gate or door']);
    // The pickup knows the yard too: the gear comes back with it.
    expect(stop(run, noOutlet.id, 'pickup').site.load.generators).toBe(1);

    // The loading list counts the gear per truck: the concrete party on the pink truck, the rest not yet on one.
    expect(run.loading.gear.out).toEqual([
      { truckName: 'Not assigned to a truck', sandbags: 0, stakes: 12, cords: 1, generators: 1 },
      { truckName: 'Pink truck', sandbags: 4, stakes: 0, cords: 1, generators: 0 },
    ]);
    expect(run.loading.gear.back).toEqual(run.loading.gear.out);
    // The booking screen's "Setup spot" reads the same: the distance the outlet question named, the gear, the flags.
    const office = await adminCall(bookings, 'GET', `/api/admin/bookings/${noOutlet.id}`, { cookie: cookie.crew });
    expect(office.status).toBe(200);
    expect(office.body.site).toMatchObject({ answers: { outlet: 'no', stairFlights: 1 }, outletRunFt: 50, load: { generators: 1, stakes: 6 }, charges: [{ label: 'Stairs' }] });
    // The generator itself is a unit of the load as well.
    expect(run.loading.out.filter((l) => l.bookingNumber === noOutlet.number).map((l) => l.productName).sort()).toEqual(['Quiet Inverter Generator', 'Rainbow Arch Bounce House']);
  });
});

describe('trucks and the driving order', () => {
  it('assigns bookings to a truck from the day, audited on the booking, and refuses an unknown truck', async () => {
    for (const b of [placed.castle!, placed.tidal!, placed.rainbow!]) {
      const res = await put(`/api/admin/day/bookings/${b.id}/truck`, { truckId: pinkTruck });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ truckId: pinkTruck, truckName: 'Pink truck' });
    }
    const run = await load();
    expect(routeOf(run, pinkTruck).stops.map((s) => `${s.number} ${s.kind}`)).toHaveLength(6);
    // Unplaced stops go by their start: the early water slide first.
    expect(routeOf(run, pinkTruck).stops[0]).toMatchObject({ bookingId: placed.tidal!.id, kind: 'delivery' });
    expect(routeOf(run, null).stops.map((s) => s.bookingId)).toEqual([placed.dueDeposit!.id, placed.dueDeposit!.id]);
    const [audit] = await db.sql`select after, actor_email from audit_log where entity = 'booking' and entity_id = ${placed.castle!.id} and action = 'booking.truck'`;
    expect(audit!.after).toEqual({ truckId: pinkTruck, truckName: 'Pink truck' });
    // The booking screen shows the truck, the trucks it may go on, and the change in its history.
    const detail = (await adminCall(bookings, 'GET', `/api/admin/bookings/${placed.castle!.id}`, { cookie: cookie.crew })).body;
    expect(detail).toMatchObject({ truckId: pinkTruck, trucks: [{ name: 'Pink truck' }, { name: 'White van' }] });
    expect(detail.history.map((h: { action: string }) => h.action)).toContain('booking.truck');

    const unknown = await put(`/api/admin/day/bookings/${placed.castle!.id}/truck`, { truckId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ truckId: 'No such truck.' });
    const bad = await put(`/api/admin/day/bookings/${placed.castle!.id}/truck`, { truckId: 'van' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ truckId: 'Choose a truck' });
    const cancelled = await put(`/api/admin/day/bookings/${placed.cancelled!.id}/truck`, { truckId: pinkTruck });
    expect(cancelled.status).toBe(409);
  });

  it('saves the order staff set, and the next load shows it with its distance', async () => {
    const before = routeOf(await load(), pinkTruck);
    const reversed = [...before.stops].reverse().map((s) => ({ bookingId: s.bookingId, kind: s.kind }));
    const saved = await put('/api/admin/day/routes', { date: DATE, truckId: pinkTruck, stops: reversed });
    expect(saved.status).toBe(200);
    const after = routeOf(await load(), pinkTruck);
    expect(after.stops.map((s) => ({ bookingId: s.bookingId, kind: s.kind }))).toEqual(reversed);
    expect(after.miles).toBeGreaterThan(0);
    // Round trip from the warehouse: the same stops either way round are the same distance.
    expect(after.miles).toBeCloseTo(before.miles!, 6);
    const [audit] = await db.sql`select before, after from audit_log where entity = 'day_route' and entity_id = ${`${DATE}:${pinkTruck}`}`;
    expect((audit!.after as { order: string[] }).order).toEqual([...(audit!.before as { order: string[] }).order].reverse());

    // Moving a booking to the other truck drops its places: it joins the end of the van's run.
    await put(`/api/admin/day/bookings/${placed.rainbow!.id}/truck`, { truckId: whiteVan });
    const moved = await load();
    expect(routeOf(moved, whiteVan).stops.map((s) => s.kind)).toEqual(['delivery', 'pickup']);
    expect(routeOf(moved, pinkTruck).stops.map((s) => s.bookingId)).toEqual(reversed.map((s) => s.bookingId).filter((id) => id !== placed.rainbow!.id));
  });

  it('refuses an order that does not list exactly the run’s stops (409) or is malformed (400)', async () => {
    const run = routeOf(await load(), pinkTruck);
    const stops = run.stops.map((s) => ({ bookingId: s.bookingId, kind: s.kind }));
    const missing = await put('/api/admin/day/routes', { date: DATE, truckId: pinkTruck, stops: stops.slice(1) });
    expect(missing.status).toBe(409);
    const foreign = await put('/api/admin/day/routes', { date: DATE, truckId: pinkTruck, stops: [...stops.slice(1), { bookingId: placed.dueDeposit!.id, kind: 'delivery' }] });
    expect(foreign.status).toBe(409);
    const twice = await put('/api/admin/day/routes', { date: DATE, truckId: pinkTruck, stops: [...stops, stops[0]] });
    expect(twice.status).toBe(400);
    expect(twice.body.error.fields).toEqual({ stops: 'A stop is listed twice' });
    const badKind = await put('/api/admin/day/routes', { date: DATE, truckId: pinkTruck, stops: [{ bookingId: stops[0]!.bookingId, kind: 'lunch' }] });
    expect(badKind.status).toBe(400);
    expect(Object.keys(badKind.body.error.fields)).toEqual(['stops.0.kind']);
    // Nothing changed.
    expect(routeOf(await load(), pinkTruck).stops.map((s) => ({ bookingId: s.bookingId, kind: s.kind }))).toEqual(stops);
  });
});

describe('crew actions from a stop', () => {
  it('moves the booking along with the existing status endpoint on the day: out for delivery, delivered, picked up', async () => {
    // The crew's own clock: the morning of the date on the business's clock (the crew member signs in on it too).
    await withClockAt(wallClockToInstant(DATE, '08:30', 'America/Chicago'), async () => {
      const crew = (await staffSession(db.sql, 'crew')).cookie;
      const call = (to: string) => adminCall(bookings, 'POST', `/api/admin/bookings/${placed.castle!.id}/status`, { cookie: crew, body: { to } });
      const today = async () => (await adminCall(day, 'GET', `/api/admin/day?date=${DATE}`, { cookie: crew })).body as DayRun;
      expect((await call('out_for_delivery')).status).toBe(200);
      expect(stop(await today(), placed.castle!.id, 'delivery').action).toEqual({ to: 'delivered', label: 'Mark delivered' });
      expect((await call('delivered')).status).toBe(200);
      const run = await today();
      expect(stop(run, placed.castle!.id, 'delivery')).toMatchObject({ done: true, action: null });
      expect(stop(run, placed.castle!.id, 'pickup').action).toEqual({ to: 'completed', label: 'Mark picked up' });
    });
  });

  it('lets crew record the balance collected at the door, at most the balance', async () => {
    const { balanceCents } = stop(await load(), placed.castle!.id, 'pickup');
    const url = `/api/admin/bookings/${placed.castle!.id}/payments`;
    const over = await post(url, { amountCents: balanceCents + 1, method: 'cash' });
    expect(over.status).toBe(400);
    expect(over.body.error.fields.amountCents).toMatch(/balance due/);
    const badMethod = await post(url, { amountCents: 100, method: 'bitcoin' });
    expect(badMethod.body.error.fields).toEqual({ method: 'Method is cash, check or card_in_person' });

    const paid = await post(url, { amountCents: balanceCents, method: 'card_in_person', note: 'Paid at pickup' });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ balanceCents: 0 });
    expect(stop(await load(), placed.castle!.id, 'pickup').balanceCents).toBe(0);
    const [payment] = await db.sql`select method, amount_cents, recorded_by from payments where booking_id = ${placed.castle!.id} and note = 'Paid at pickup'`;
    expect(payment).toMatchObject({ method: 'card_in_person', amount_cents: balanceCents });
    expect((await post(url, { amountCents: 1, method: 'cash' })).body.error.fields.amountCents).toBe('This booking is paid in full.');

    // A manager at the booking's own endpoint is only held to the balance.
    const office = await post(`/api/admin/bookings/${placed.dueDeposit!.id}/payments`, { amountCents: 10_000_000, method: 'cash' }, 'manager');
    expect(office.status).toBe(400);
    expect(office.body.error.fields.amountCents).toMatch(/balance due/);
  });

  it('takes a deposit-due booking’s money at the stop: a part leaves it deposit due, the payment that covers the deposit confirms it, audited', async () => {
    const party = await place('sports-arena-bounce-house', '78660', DATE, 'deposit_due');
    const [row] = await db.sql<{ deposit_cents: number; total_cents: number }[]>`
      select deposit_cents, total_cents from bookings where id = ${party.id}`;
    const { deposit_cents: depositCents, total_cents: totalCents } = row!;
    expect(depositCents).toBeGreaterThan(2500);
    const before = stop(await load(), party.id, 'delivery');
    // What the screen shows and offers comes from the same facts the server judges by.
    expect(before).toMatchObject({ status: 'deposit_due', action: null, balanceCents: totalCents, depositDueCents: depositCents });
    const url = `/api/admin/day/bookings/${party.id}/payments`;

    const part = await post(url, { amountCents: 2500, method: 'cash', note: 'Part at the door' });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body).toMatchObject({ status: 'deposit_due', confirmed: false, balanceCents: totalCents - 2500 });
    expect(stop(await load(), party.id, 'delivery')).toMatchObject({ status: 'deposit_due', depositDueCents: depositCents - 2500, action: null });

    const over = await post(url, { amountCents: totalCents, method: 'cash' });
    expect(over.status).toBe(400);
    expect(over.body.error.fields.amountCents).toMatch(/balance due/);

    const rest = await post(url, { amountCents: depositCents - 2500, method: 'card_in_person' });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body).toMatchObject({ status: 'confirmed', statusLabel: 'Confirmed', confirmed: true, balanceCents: totalCents - depositCents });
    const after = stop(await load(), party.id, 'delivery');
    expect(after).toMatchObject({ status: 'confirmed', depositDueCents: 0, balanceCents: totalCents - depositCents, action: { to: 'out_for_delivery', label: 'Mark out for delivery' } });

    // In the booking's history: both payments, and the move to confirmed with its reason, in the payment's transaction.
    const history = await db.sql<{ action: string; before: { status?: string }; after: { status?: string; reason?: string; emailId?: string } }[]>`
      select action, before, after from audit_log where entity_id = ${party.id} and action in ('booking.payment', 'booking.status') order by id`;
    expect(history.map((h) => h.action)).toEqual(['booking.payment', 'booking.payment', 'booking.status']);
    expect(history[2]).toMatchObject({ before: { status: 'deposit_due' }, after: { status: 'confirmed', reason: 'deposit collected at the door', emailId: expect.any(String) } });
    // The customer gets the confirmation a deposit paid online brings (once, with the payment that confirms), and a receipt for each payment.
    expect(await mailsTo(party.id)).toEqual(expect.arrayContaining([
      { template: 'payment-receipt', id: part.body.receiptEmailId },
      { template: 'payment-receipt', id: rest.body.receiptEmailId },
      { template: 'booking-customer', id: history[2]!.after.emailId },
    ]));
    expect(part.body.confirmationEmailId).toBeNull();

    // Crew at the booking's own payments endpoint (actions queued by older phones) are held to the same rule:
    // a completed booking's leftover is the office's.
    await db.sql`update bookings set status = 'completed' where id = ${party.id}`;
    for (const path of [url, `/api/admin/bookings/${party.id}/payments`]) {
      const refused = await post(path, { amountCents: 100, method: 'cash' });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(/^This booking is completed: .*Ask a manager\.$/);
    }
  });

  it('stores a damage report with its photo, in the unit’s maintenance notes on the inventory screen', async () => {
    const unit = stop(await load(), placed.tidal!.id, 'delivery').units[0]!;
    const url = `/api/admin/day/units/${unit.unitId}/damage-reports`;
    const res = await post(url, { bookingId: placed.tidal!.id, note: 'Small tear by the ladder', photo: signaturePng() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ unitLabel: unit.label, bookingNumber: placed.tidal!.number, photoUrl: expect.stringMatching(/^\/api\/admin\/day\/damage-reports\/[0-9a-f-]+\/photo$/) });

    const photo = await adminCall(day, 'GET', res.body.photoUrl, { cookie: cookie.crew });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('cache-control')).toBe('private, no-store');
    expect((await adminCall(day, 'GET', res.body.photoUrl, {})).status).toBe(401);

    const units = await adminCall(inventory, 'GET', `/api/admin/inventory?q=${encodeURIComponent(unit.label)}`, { cookie: cookie.crew });
    const listed = units.body.items.find((u: { id: string }) => u.id === unit.unitId);
    expect(listed.notes).toContain(`(${placed.tidal!.number}): Damage: Small tear by the ladder [photo]`);
    expect(listed.damageReports).toMatchObject([{ note: 'Small tear by the ladder', bookingNumber: placed.tidal!.number, photoUrl: res.body.photoUrl }]);

    // Without a photo, too; a bad photo or no description is a 400 naming the field, and stores nothing.
    expect((await post(url, { note: 'Scuffed corner' })).status).toBe(200);
    const notImage = await post(url, { note: 'Bent stake', photo: 'data:image/png;base64,aGVsbG8=' });
    expect(notImage.status).toBe(400);
    expect(notImage.body.error.fields).toEqual({ photo: 'Choose a JPEG, PNG or WebP photo' });
    const noNote = await post(url, { note: ' ' });
    expect(noNote.body.error.fields).toEqual({ note: 'Describe the damage (at least 3 characters)' });
    const [reports] = await db.sql<{ count: number }[]>`select count(*)::int as count from damage_reports where unit_id = ${unit.unitId}`;
    expect(reports!.count).toBe(2);
  });
});

describe('who may run the day', () => {
  it('answers 401 without a session and lets crew, managers and owners in', async () => {
    const anonymous = await adminCall(day, 'GET', `/api/admin/day?date=${DATE}`, {});
    expect(anonymous.status).toBe(401);
    expect(Object.keys(anonymous.body)).toEqual(['error']);
    expect((await adminCall(day, 'PUT', '/api/admin/day/routes', { body: { date: DATE, truckId: null, stops: [] } })).status).toBe(401);
    for (const role of ['crew', 'manager', 'owner'] as const) expect((await load(role)).date).toBe(DATE);
  });
});
