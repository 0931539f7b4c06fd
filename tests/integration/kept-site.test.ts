import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BusinessSettings } from '../../src/lib/business/schema';
import { getSettings, saveSettings } from '../../src/lib/business/settings.server';
import { queueDueReminders } from '../../src/lib/reminders/reminders.server';
import { siteToldUs } from '../../src/lib/site-check';
import { addDays, wallClockToInstant } from '../../src/lib/time/event-window';
import { call, futureDate, type Handler } from '../support/api';
import { raiseBookingLimits } from '../support/booking-limits';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, SITE, staffSession, TEST_AUTH_SECRET } from '../support/staff';

/**
 * What a booking kept of its setup spot (bookings.site_load: the gear and the outlet distance its
 * answers were checked against) is what everyone after the booking reads, through the real functions on
 * a real database (also through PgBouncer): after the owner changes a product's requirements (its
 * outlet run, sandbags, space, gate width and water) and the site rules, the booking's card, the
 * customer's tracking page and the day-before reminder (its "Please clear …" too) still say what was
 * booked.
 */

let db: TestDatabase;
let publicBookings: Handler;
let track: Handler;
let adminBookings: Handler;
let crew = '';
let settings: BusinessSettings;

beforeAll(async () => {
  db = await createSeededDatabase();
  await raiseBookingLimits(db.sql);
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    SITE_URL: SITE,
    AUTH_SECRET: TEST_AUTH_SECRET,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'kept-site-')),
  });
  for (const key of ['STRIPE_SECRET_KEY', 'SMTP_URL', 'BUSINESS_NOTIFY_EMAIL']) delete process.env[key];
  publicBookings = (await import('../../netlify/functions/bookings')).default;
  track = (await import('../../netlify/functions/track-order')).default;
  adminBookings = (await import('../../netlify/functions/admin-bookings')).default;
  crew = (await staffSession(db.sql, 'crew')).cookie;
  settings = await getSettings(db.sql);
});
afterAll(async () => {
  // The functions' own pool first: a database dropped under open connections makes PgBouncer warn.
  await closeAdminConnections();
  await db.drop();
});

const CASTLE = 'pink-castle-bounce-house';
interface CastleRules {
  outlet_run_ft: number;
  sandbags_needed: number;
  space_length_ft: number;
  space_width_ft: number;
  access_width_in: number;
  water_hookup: boolean;
}
const castleRules = async () =>
  (
    await db.sql<CastleRules[]>`
      select outlet_run_ft, sandbags_needed, space_length_ft::float8 as space_length_ft, space_width_ft::float8 as space_width_ft, access_width_in, water_hookup
      from products where slug = ${CASTLE}`
  )[0]!;
const setCastle = (rules: CastleRules) =>
  db.sql`update products set ${db.sql(rules as never, 'outlet_run_ft', 'sandbags_needed', 'space_length_ft', 'space_width_ft', 'access_width_in', 'water_hookup')} where slug = ${CASTLE}`;
let booked: { id: string; number: string; email: string; date: string };
let asBooked: CastleRules;
let n = 0;

// A castle on concrete with no outlet in reach: checkout adds the generator, the castle goes on sandbags.
beforeEach(async () => {
  await saveSettings(db.sql, settings);
  n++;
  const date = futureDate(100 + n * 3);
  const email = `kept-${n}-${Date.now()}@example.com`;
  const order = {
    items: [{ product: CASTLE, quantity: 1 }],
    event: { date, start: '10:00', end: '16:00' },
    customer: { name: 'Kept Yard', email, phone: '(512) 555-0188' },
    address: { line1: '3 Patio Row', city: 'Round Rock', state: 'TX', zip: '78664' },
    site: { surface: 'concrete', outlet: 'no', accessInches: 48, stairFlights: 0 },
    acceptTerms: true,
  };
  const created = await call(publicBookings, 'POST', '/api/bookings', order, { 'x-test-ip': `203.0.113.${n}` });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const [row] = await db.sql<
    { id: string }[]
  >`update bookings set status = 'confirmed' where number = ${created.body.bookingNumber} returning id`;
  booked = { id: row!.id, number: created.body.bookingNumber, email, date };
  asBooked = await castleRules();

  // Since then the owner shortened the castle's cords, asks more sandbags, room and gate width of it and a
  // hose, and no longer has a generator product.
  await setCastle({
    outlet_run_ft: asBooked.outlet_run_ft - 20,
    sandbags_needed: asBooked.sandbags_needed + 2,
    space_length_ft: asBooked.space_length_ft + 5,
    space_width_ft: asBooked.space_width_ft + 3,
    access_width_in: asBooked.access_width_in + 6,
    water_hookup: !asBooked.water_hookup,
  });
  await saveSettings(db.sql, { ...settings, siteRules: { ...settings.siteRules, generatorProductSlug: null } });
  return async () => {
    await setCastle(asBooked);
    await saveSettings(db.sql, settings);
  };
});

const keptLoad = () => ({ stakes: 0, sandbags: asBooked.sandbags_needed, cords: 0, generators: 1 });

describe('what the database takes as a booking’s kept outlet distance', () => {
  it('refuses a distance that is not a whole number of feet, 0 or more, and takes one that is, null or none', async () => {
    const keep = (distance: string | null) =>
      db.sql`update bookings set site_load = ${distance === null ? db.sql`site_load - 'outletRunFt'` : db.sql`jsonb_set(site_load, '{outletRunFt}', ${distance}::text::jsonb)`} where id = ${booked.id}`;
    for (const refused of ['-5', '12.5', '"25"', 'true', '[25]']) {
      await expect(keep(refused), refused).rejects.toMatchObject({ code: '23514', constraint_name: 'bookings_site_load_outlet_run_ft' });
    }
    for (const taken of ['0', '25', 'null', null]) await keep(taken);
    const [row] = await db.sql<{ site_load: Record<string, unknown> }[]>`select site_load from bookings where id = ${booked.id}`;
    expect(row!.site_load).not.toHaveProperty('outletRunFt');
  });
});

describe('what the database takes as what a booking’s products asked of the spot', () => {
  const spot = { space: { l: 19, w: 19 }, outlets: 1, amps: 20, accessIn: 36, ceilingFt: 16.5, water: false };
  const keep = (value: unknown) => db.sql`update bookings set site_load = jsonb_set(site_load, '{spot}', ${db.sql.json(value as never)}) where id = ${booked.id}`;

  it.each([
    ['an array', [spot]],
    ['a field missing', { ...spot, water: undefined }],
    ['a negative outlet count', { ...spot, outlets: -1 }],
    ['a fractional gate width', { ...spot, accessIn: 36.5 }],
    ['amps in text', { ...spot, amps: '20' }],
    ['a ceiling of 0', { ...spot, ceilingFt: 0 }],
    ['a space without its width', { ...spot, space: { l: 19 } }],
    ['water in words', { ...spot, water: 'no' }],
  ])('refuses %s', async (_, value) => {
    await expect(keep(value)).rejects.toMatchObject({ code: '23514', constraint_name: 'bookings_site_load_spot' });
  });

  it('takes one of its shape, nulls where no product asks, and none', async () => {
    await keep(spot);
    await keep({ space: null, outlets: 0, amps: null, accessIn: null, ceilingFt: null, water: true });
    await db.sql`update bookings set site_load = site_load - 'spot' where id = ${booked.id}`;
    const [row] = await db.sql<{ site_load: Record<string, unknown> }[]>`select site_load from bookings where id = ${booked.id}`;
    expect(row!.site_load).not.toHaveProperty('spot');
  });
});

describe('a booking’s setup after the product and site rules change', () => {
  it('the booking card shows the outlet distance and the gear it was booked with', async () => {
    const card = await adminCall(adminBookings, 'GET', `/api/admin/bookings/${booked.id}`, { cookie: crew });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body.site).toMatchObject({ outletRunFt: asBooked.outlet_run_ft, load: keptLoad() });
  });

  it('the customer’s tracking page says back the outlet distance and the generator it was booked with', async () => {
    const tracked = await call(track, 'POST', '/api/track-order', {
      bookingNumber: booked.number,
      email: booked.email,
    });
    expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
    expect(tracked.body.site.loadout).toEqual({ outletRunFt: asBooked.outlet_run_ft, load: keptLoad() });
    expect(siteToldUs(tracked.body.site.answers, tracked.body.site.loadout, 'en')).toBe(
      `You told us: concrete, no outlet within ${asBooked.outlet_run_ft} ft (we bring a generator), a gate or door 48 in wide, no stairs.`,
    );
  });

  it('the day-before reminder tells the customer to clear the space and gate the castle asked for when booked, with room for the generator that was booked, and the distance they were asked about', async () => {
    await queueDueReminders(db.sql, wallClockToInstant(addDays(booked.date, -1), '09:00', settings.timezone), SITE);
    const [mail] = await db.sql<{ text: string }[]>`
      select payload ->> 'text' as text from outbound_emails where to_address = ${booked.email} and template = 'reminder_day_before'`;
    expect(mail, 'the day-before reminder').toBeDefined();
    // What the castle asked of the spot when it was booked: its space and gate width, no hose.
    expect(mail!.text).toContain(
      `Please clear ${asBooked.space_length_ft} × ${asBooked.space_width_ft} ft of level concrete, with room for the generator we bring and a gate or door at least ${asBooked.access_width_in} in wide on the way.`,
    );
    expect(mail!.text).toContain(
      `• You told us: concrete, no outlet within ${asBooked.outlet_run_ft} ft (we bring a generator), a gate or door 48 in wide, no stairs.`,
    );
  });
});
