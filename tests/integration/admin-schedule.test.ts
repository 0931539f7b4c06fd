import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { addDays, localDate } from '../../src/lib/time/event-window';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, SITE, staffSession, useAdminEnv, closeAdminConnections } from '../support/staff';

type Handler = (req: Request, ctx: Context) => Promise<Response>;
const TZ = 'America/Chicago';
let db: TestDatabase;
let calendar: Handler;
let feed: Handler;
let inventory: Handler;
let blackouts: Handler;
let availability: Handler;
let owner: { id: string; cookie: string };
let manager: { id: string; cookie: string };
let crew: { id: string; cookie: string };
const today = () => localDate(new Date(), TZ);

beforeAll(async () => {
  db = await createSeededDatabase();
  useAdminEnv(db.url);
  calendar = (await import('../../netlify/functions/admin-calendar')).default;
  feed = (await import('../../netlify/functions/calendar-feed')).default;
  inventory = (await import('../../netlify/functions/admin-inventory')).default;
  blackouts = (await import('../../netlify/functions/admin-blackouts')).default;
  availability = (await import('../../netlify/functions/availability')).default;
  owner = await staffSession(db.sql, 'owner');
  manager = await staffSession(db.sql, 'manager');
  crew = await staffSession(db.sql, 'crew');
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

const productId = async (slug: string) => (await db.sql<{ id: string }[]>`select id from products where slug = ${slug}`)[0]!.id;
const categoryId = async (slug: string) => (await db.sql<{ id: string }[]>`select id from categories where slug = ${slug}`)[0]!.id;
const lastAudit = async (action: string) =>
  (await db.sql<{ actor_id: string; entity_id: string; before: unknown; after: unknown }[]>`
    select actor_id, entity_id, before, after from audit_log where action = ${action} order by id desc limit 1`)[0];

async function getFeed(path: string) {
  const response = await feed(new Request(`${SITE}${path}`), { ip: '10.1.1.1' } as unknown as Context);
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

async function placeHold(date: string, email: string, now = new Date()) {
  const { placeBooking } = await import('../../src/lib/booking/place-booking.server');
  const request = bookingRequest.parse({
    items: [{ product: 'sticky-wall', quantity: 1 }],
    event: { date, start: '10:00', end: '14:00' },
    customer: { name: 'Hal Holder', email, phone: '(512) 555-0100' },
    address: { line1: '1 Main St', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
    acceptTerms: true,
  });
  return placeBooking(db.sql, request, { now, status: 'hold', source: 'web' });
}

async function isAvailable(slug: string, date: string) {
  const response = await availability(new Request(`http://localhost/api/availability?product=${slug}&date=${date}&start=10:00&end=16:00`), {} as Context);
  return (await response.json()) as { available: boolean; freeCount: number | null; reason: { code: string } | null };
}

describe('calendar range', () => {
  it('returns the bookings, active holds and blackouts of the days asked for, in business-local time', async () => {
    const from = addDays(today(), -30);
    const to = addDays(today(), 31);
    const hold = await placeHold(addDays(today(), 8), 'hal.holder@example.com');
    const staleHold = await placeHold(addDays(today(), 9), 'stale.holder@example.com', new Date(Date.now() - 2 * 86_400_000));
    const closedOn = addDays(today(), 20);
    const created = await adminCall(blackouts, 'POST', '/api/admin/blackouts', {
      cookie: manager.cookie,
      body: { scope: 'business', startsOn: closedOn, endsOn: closedOn, reason: 'Staff picnic' },
    });
    expect(created.status).toBe(200);

    const res = await adminCall(calendar, 'GET', `/api/admin/calendar?from=${from}&to=${to}`, { cookie: crew.cookie });
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe(TZ);
    expect(res.body.today).toBe(today());
    const events = res.body.events as { id: string; kind: string; status: string; start: string; end: string; allDay: boolean; url: string | null; title: string }[];
    const bookings = events.filter((e) => e.kind === 'booking');
    // The five demo bookings (two completed, three confirmed) and the live hold; the expired hold is not shown.
    expect(bookings.map((e) => e.status).sort()).toEqual(['completed', 'completed', 'confirmed', 'confirmed', 'confirmed', 'hold']);
    expect(bookings.some((e) => e.id === `booking-${staleHold.id}`)).toBe(false);
    const holdEvent = bookings.find((e) => e.id === `booking-${hold.id}`)!;
    expect(holdEvent).toMatchObject({ start: `${addDays(today(), 8)}T10:00:00`, end: `${addDays(today(), 8)}T14:00:00`, allDay: false, url: `/admin/bookings/${hold.id}` });
    expect(holdEvent.title).toContain(hold.number);
    expect(holdEvent.title).toContain('Hal Holder');
    const blackout = events.find((e) => e.kind === 'blackout')!;
    expect(blackout).toMatchObject({ start: closedOn, end: addDays(closedOn, 1), allDay: true, title: 'Closed (Staff picnic)', url: null });

    // A narrower range leaves out what is outside it.
    const narrow = await adminCall(calendar, 'GET', `/api/admin/calendar?from=${addDays(today(), 8)}&to=${addDays(today(), 9)}`, { cookie: crew.cookie });
    expect((narrow.body.events as { id: string }[]).map((e) => e.id)).toEqual([`booking-${hold.id}`]);
    await db.sql`delete from blackouts where id = ${created.body.id}`;
  });

  it('refuses a reversed, missing or too wide range with the field and reason', async () => {
    const reversed = await adminCall(calendar, 'GET', `/api/admin/calendar?from=2026-07-10&to=2026-07-01`, { cookie: crew.cookie });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.fields.to).toMatch(/after its start/);
    const wide = await adminCall(calendar, 'GET', `/api/admin/calendar?from=2026-01-01&to=2026-12-31`, { cookie: crew.cookie });
    expect(wide.status).toBe(400);
    expect(wide.body.error.fields.to).toMatch(/at most 100 days/);
    const missing = await adminCall(calendar, 'GET', `/api/admin/calendar?from=2026-13-01`, { cookie: crew.cookie });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error.fields)).toEqual(['from', 'to']);
  });
});

describe('calendar feed', () => {
  it('gives each staff member a secret address that serves upcoming bookings as text/calendar, and resets it', async () => {
    const none = await adminCall(calendar, 'GET', '/api/admin/calendar/feed', { cookie: crew.cookie });
    expect(none.body).toEqual({ url: null });

    const first = await adminCall(calendar, 'POST', '/api/admin/calendar/feed', { cookie: crew.cookie, body: {} });
    expect(first.status).toBe(200);
    const firstUrl = new URL(first.body.url as string);
    expect(firstUrl.origin).toBe(SITE);
    const token = /^\/api\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(firstUrl.pathname)![1]!;
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect((await adminCall(calendar, 'GET', '/api/admin/calendar/feed', { cookie: crew.cookie })).body.url).toBe(first.body.url);

    const ics = await getFeed(firstUrl.pathname);
    expect(ics.status).toBe(200);
    expect(ics.type).toMatch(/^text\/calendar/);
    expect(ics.text).toMatch(/^BEGIN:VCALENDAR/);
    const [upcoming] = await db.sql<{ id: string; number: string }[]>`
      select id, number from bookings where status = 'confirmed' and event_start > now() order by event_start limit 1`;
    expect(ics.text).toContain(`UID:booking-${upcoming!.id}@localhost`);
    expect(ics.text).toContain(upcoming!.number);
    // Completed bookings are weeks in the past: not in a feed of upcoming work.
    const [past] = await db.sql<{ id: string }[]>`select id from bookings where status = 'completed' limit 1`;
    expect(ics.text).not.toContain(past!.id);

    // The reset is audited without the secret itself.
    const audit = await lastAudit('calendar_feed.reset');
    expect(audit).toMatchObject({ actor_id: crew.id, entity_id: crew.id, before: { hasFeed: false }, after: { hasFeed: true } });
    expect(JSON.stringify(audit)).not.toContain(token);

    const second = await adminCall(calendar, 'POST', '/api/admin/calendar/feed', { cookie: crew.cookie, body: {} });
    const secondPath = new URL(second.body.url as string).pathname;
    expect(secondPath).not.toBe(firstUrl.pathname);
    expect((await getFeed(firstUrl.pathname)).status).toBe(404);
    expect((await getFeed(secondPath)).status).toBe(200);
  });

  it('holds the days the business closes as all-day entries with stable UIDs, for every role; the blackouts screen linked only for managers and owners', async () => {
    const make = async (body: Record<string, unknown>) => {
      const made = await adminCall(blackouts, 'POST', '/api/admin/blackouts', { cookie: manager.cookie, body });
      expect(made.status).toBe(200);
      return made.body.id as string;
    };
    const wedding = addDays(today(), 70);
    const made = {
      closed: await make({ scope: 'business', startsOn: wedding, endsOn: addDays(wedding, 2), reason: 'Family wedding' }),
      product: await make({ scope: 'product', productId: await productId('sticky-wall'), startsOn: addDays(today(), 3), endsOn: addDays(today(), 3), reason: 'Re-stitching' }),
      // Within the week the feed looks back, and outside either end of it.
      lastWeek: await make({ scope: 'category', categoryId: await categoryId('combo-units'), startsOn: addDays(today(), -9), endsOn: addDays(today(), -3), reason: '' }),
      longAgo: await make({ scope: 'business', startsOn: addDays(today(), -60), endsOn: addDays(today(), -50), reason: 'Long ago' }),
      tooFar: await make({ scope: 'business', startsOn: addDays(today(), 190), endsOn: addDays(today(), 191), reason: 'Far off' }),
    };
    try {
      const feedOf = async (cookie: string) => {
        const address = (await adminCall(calendar, 'POST', '/api/admin/calendar/feed', { cookie, body: {} })).body.url as string;
        const read = await getFeed(new URL(address).pathname);
        expect(read.status).toBe(200);
        return read.text.replace(/\r\n[ \t]/g, '');
      };
      /** The feed's entry with this UID, its properties by name. */
      const entry = (text: string, uid: string) => {
        const found = [...text.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)].map((m) => m[1]!).find((e) => e.includes(`UID:${uid}\r\n`));
        return found ? Object.fromEntries(found.trim().split('\r\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)])) : null;
      };
      const compact = (day: string) => day.replaceAll('-', '');

      const crewFeed = await feedOf(crew.cookie);
      expect(entry(crewFeed, `blackout-${made.closed}@localhost`)).toMatchObject({
        'DTSTART;VALUE=DATE': compact(wedding),
        'DTEND;VALUE=DATE': compact(addDays(wedding, 3)),
        SUMMARY: 'Closed (Family wedding)',
        DESCRIPTION: 'The whole business is closed: nothing can be booked on these days.',
        TRANSP: 'TRANSPARENT',
      });
      expect(entry(crewFeed, `blackout-${made.product}@localhost`)).toMatchObject({
        'DTSTART;VALUE=DATE': compact(addDays(today(), 3)),
        'DTEND;VALUE=DATE': compact(addDays(today(), 4)),
        SUMMARY: 'Unavailable: Sticky Wall (Re-stitching)',
      });
      expect(entry(crewFeed, `blackout-${made.lastWeek}@localhost`)).toMatchObject({ SUMMARY: 'Unavailable: Combo Units', 'DTSTART;VALUE=DATE': compact(addDays(today(), -9)) });
      expect(entry(crewFeed, `blackout-${made.longAgo}@localhost`)).toBeNull();
      expect(entry(crewFeed, `blackout-${made.tooFar}@localhost`)).toBeNull();
      // Crew may not open the blackouts screen: no link to it.
      expect(crewFeed).not.toContain('/admin/blackouts');
      // The bookings are still there beside them.
      const [upcoming] = await db.sql<{ id: string }[]>`select id from bookings where status = 'confirmed' and event_start > now() order by event_start limit 1`;
      expect(crewFeed).toContain(`UID:booking-${upcoming!.id}@localhost`);

      const managerFeed = await feedOf(manager.cookie);
      const forManager = entry(managerFeed, `blackout-${made.closed}@localhost`)!;
      expect(forManager['URL;VALUE=URI']).toBe(`${SITE}/admin/blackouts`);
      expect(forManager.DESCRIPTION).toBe(`The whole business is closed: nothing can be booked on these days.\\n${SITE}/admin/blackouts`);

      // Read again, the same entry keeps its UID (a subscribed calendar updates it); an edited blackout moves its days.
      const moved = await adminCall(blackouts, 'PUT', `/api/admin/blackouts/${made.closed}`, {
        cookie: manager.cookie,
        body: { scope: 'business', startsOn: addDays(wedding, 1), endsOn: addDays(wedding, 1), reason: 'Family wedding' },
      });
      expect(moved.status).toBe(200);
      expect(entry(await feedOf(crew.cookie), `blackout-${made.closed}@localhost`)).toMatchObject({
        'DTSTART;VALUE=DATE': compact(addDays(wedding, 1)),
        'DTEND;VALUE=DATE': compact(addDays(wedding, 2)),
      });
    } finally {
      await db.sql`delete from blackouts where id = any(${Object.values(made)}::uuid[])`;
    }
  });

  it('answers 404 with no data to unknown tokens, malformed addresses and deactivated staff', async () => {
    const unknown = await getFeed(`/api/calendar/${'x'.repeat(43)}.ics`);
    expect(unknown.status).toBe(404);
    expect(Object.keys(JSON.parse(unknown.text))).toEqual(['error']);
    expect((await getFeed('/api/calendar/short.ics')).status).toBe(404);
    expect((await getFeed(`/api/calendar/${'y'.repeat(43)}`)).status).toBe(404);

    const leaver = await staffSession(db.sql, 'crew');
    const made = await adminCall(calendar, 'POST', '/api/admin/calendar/feed', { cookie: leaver.cookie, body: {} });
    const path = new URL(made.body.url as string).pathname;
    expect((await getFeed(path)).status).toBe(200);
    await db.sql`update staff_user set banned = true where id = ${leaver.id}`;
    const banned = await getFeed(path);
    expect(banned.status).toBe(404);
    expect(banned.text).not.toContain('VCALENDAR');
  });
});

describe('inventory units', () => {
  it('lets a manager add a unit, refuses bad and duplicate labels, and audits the change', async () => {
    const id = await productId('inflatable-soccer-darts');
    const add = (body: unknown, cookie = manager.cookie) => adminCall(inventory, 'POST', `/api/admin/inventory/products/${id}`, { cookie, body });
    const created = await add({ label: 'GM-DARTS-9', serialNumber: 'SN-123', notes: 'New this season', purchasedOn: '2026-01-15', purchaseCostCents: 99_000 });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ label: 'GM-DARTS-9', serialNumber: 'SN-123', status: 'available', productId: id, upcomingBookings: 0 });
    expect((await lastAudit('unit.create'))).toMatchObject({ actor_id: manager.id, entity_id: created.body.id, before: null });

    const duplicate = await add({ label: 'gm-darts-9' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error.fields.label).toMatch(/already has a unit/);
    const blank = await add({ label: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields.label).toBe('Give the unit a label');
    const badCost = await add({ label: 'GM-DARTS-10', purchaseCostCents: -5 });
    expect(badCost.body.error.fields.purchaseCostCents).toBe('Cannot be negative');
    expect((await add({ label: 'X' }, crew.cookie)).status).toBe(403);

    const pkg = await productId('backyard-birthday-package');
    const onPackage = await adminCall(inventory, 'POST', `/api/admin/inventory/products/${pkg}`, { cookie: manager.cookie, body: { label: 'PKG-1' } });
    expect(onPackage.status).toBe(400);
    expect(onPackage.body.error.message).toMatch(/package has no units/);
    const missing = await adminCall(inventory, 'POST', `/api/admin/inventory/products/00000000-0000-4000-8000-000000000001`, { cookie: manager.cookie, body: { label: 'A' } });
    expect(missing.status).toBe(404);

    // A unit never booked can be deleted; it is gone from the product's list.
    const deleted = await adminCall(inventory, 'DELETE', `/api/admin/inventory/units/${created.body.id}`, { cookie: manager.cookie });
    expect(deleted.status).toBe(200);
    const list = await adminCall(inventory, 'GET', `/api/admin/inventory/products/${id}`, { cookie: crew.cookie });
    expect((list.body.units as { label: string }[]).map((u) => u.label)).not.toContain('GM-DARTS-9');
    expect((await lastAudit('unit.delete'))!.after).toBeNull();
  });

  it('lets crew add notes but only managers change status; a unit in maintenance is not offered to customers', async () => {
    const date = addDays(today(), 45);
    const before = await isAvailable('inflatable-axe-throw', date);
    expect(before.available).toBe(true);
    const product = await adminCall(inventory, 'GET', `/api/admin/inventory/products/${await productId('inflatable-axe-throw')}`, { cookie: crew.cookie });
    const unit = (product.body.units as { id: string; status: string }[]).find((u) => u.status === 'available')!;

    const note = await adminCall(inventory, 'PATCH', `/api/admin/inventory/units/${unit.id}`, { cookie: crew.cookie, body: { notes: 'Small tear by the left target' } });
    expect(note.status).toBe(200);
    expect(note.body.notes).toBe('Small tear by the left target');
    const crewStatus = await adminCall(inventory, 'PATCH', `/api/admin/inventory/units/${unit.id}`, { cookie: crew.cookie, body: { status: 'maintenance' } });
    expect(crewStatus.status).toBe(403);
    const bad = await adminCall(inventory, 'PATCH', `/api/admin/inventory/units/${unit.id}`, { cookie: manager.cookie, body: { status: 'broken' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.status).toMatch(/available, maintenance or retired/);
    const empty = await adminCall(inventory, 'PATCH', `/api/admin/inventory/units/${unit.id}`, { cookie: manager.cookie, body: {} });
    expect(empty.status).toBe(400);

    const moved = await adminCall(inventory, 'PATCH', `/api/admin/inventory/units/${unit.id}`, { cookie: manager.cookie, body: { status: 'maintenance' } });
    expect(moved.status).toBe(200);
    expect(moved.body.status).toBe('maintenance');
    const audit = await lastAudit('unit.status.maintenance');
    expect(audit).toMatchObject({ actor_id: manager.id, entity_id: unit.id, before: { status: 'available' }, after: { status: 'maintenance' } });
    const after = await isAvailable('inflatable-axe-throw', date);
    expect(after.freeCount).toBe(before.freeCount! - 1);

    const filtered = await adminCall(inventory, 'GET', '/api/admin/inventory?status=maintenance', { cookie: crew.cookie });
    expect((filtered.body.items as { id: string }[]).map((u) => u.id)).toContain(unit.id);
    expect(filtered.body.summary.byStatus).toEqual({ available: 0, maintenance: filtered.body.total, retired: 0 });
    await adminCall(inventory, 'PATCH', `/api/admin/inventory/units/${unit.id}`, { cookie: manager.cookie, body: { status: 'available' } });
  });

  it('refuses to delete a unit with booking history', async () => {
    const [used] = await db.sql<{ unit_id: string }[]>`select unit_id from unit_allocations limit 1`;
    const res = await adminCall(inventory, 'DELETE', `/api/admin/inventory/units/${used!.unit_id}`, { cookie: owner.cookie });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/Retired instead/);
  });
});

describe('utilisation', () => {
  it('is booked unit-days over available unit-days, per unit and per product, without blackout days', async () => {
    // The demo's Pink Castle booking 24 days ago used one of its three units for one day.
    const day = addDays(today(), -24);
    const from = addDays(day, -9);
    const id = await productId('pink-castle-bounce-house');
    const res = await adminCall(inventory, 'GET', `/api/admin/inventory/products/${id}?from=${from}&to=${day}`, { cookie: crew.cookie });
    expect(res.status).toBe(200);
    const units = res.body.units as { label: string; utilisation: { bookedDays: number; availableDays: number; ratio: number } }[];
    expect(units.map((u) => u.utilisation.bookedDays).sort()).toEqual([0, 0, 1]);
    expect(units.every((u) => u.utilisation.availableDays === 10)).toBe(true);
    expect(res.body.summary).toMatchObject({ period: { from, to: day }, units: 3, utilisation: { bookedDays: 1, availableDays: 30, ratio: 1 / 30 } });

    // Two idle days closed for the product leave 8 rentable days per unit.
    await db.sql`insert into blackouts (scope, product_id, starts_on, ends_on) values ('product', ${id}, ${from}, ${addDays(from, 1)})`;
    const closed = await adminCall(inventory, 'GET', `/api/admin/inventory/products/${id}?from=${from}&to=${day}`, { cookie: crew.cookie });
    expect(closed.body.summary.utilisation).toEqual({ bookedDays: 1, availableDays: 24, ratio: 1 / 24 });
    await db.sql`delete from blackouts where product_id = ${id}`;

    // Sorting the fleet by utilisation puts the busiest unit first.
    const fleet = await adminCall(inventory, 'GET', `/api/admin/inventory?from=${from}&to=${day}&sort=utilisation&dir=desc&q=castle`, { cookie: crew.cookie });
    expect(fleet.body.items[0].utilisation.bookedDays).toBe(1);
  });

  it('refuses a half-given or reversed period', async () => {
    const half = await adminCall(inventory, 'GET', '/api/admin/inventory?from=2026-01-01', { cookie: crew.cookie });
    expect(half.status).toBe(400);
    expect(half.body.error.fields.to).toMatch(/both ends/);
    const reversed = await adminCall(inventory, 'GET', '/api/admin/inventory?from=2026-02-01&to=2026-01-01', { cookie: crew.cookie });
    expect(reversed.body.error.fields.to).toMatch(/cannot end before/);
  });
});

describe('blackouts', () => {
  it('makes the product unavailable in the public availability API on those dates, and available again when deleted', async () => {
    const date = addDays(today(), 50);
    expect((await isAvailable('giant-connect-four', date)).available).toBe(true);
    const created = await adminCall(blackouts, 'POST', '/api/admin/blackouts', {
      cookie: manager.cookie,
      body: { scope: 'product', productId: await productId('giant-connect-four'), startsOn: date, endsOn: addDays(date, 2), reason: 'Repairs' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ scope: 'product', targetName: 'Giant Connect Four', startsOn: date, endsOn: addDays(date, 2), categoryId: null });
    const during = await isAvailable('giant-connect-four', addDays(date, 1));
    expect(during).toMatchObject({ available: false, freeCount: 0, reason: { code: 'blackout' } });
    expect((await isAvailable('giant-connect-four', addDays(date, 3))).available).toBe(true);
    expect((await isAvailable('inflatable-axe-throw', date)).available).toBe(true);
    expect(await lastAudit('blackout.create')).toMatchObject({ actor_id: manager.id, entity_id: created.body.id, before: null });

    // Moving it moves the closed days.
    const moved = await adminCall(blackouts, 'PUT', `/api/admin/blackouts/${created.body.id}`, {
      cookie: manager.cookie,
      body: { scope: 'category', categoryId: await categoryId('interactive-games'), startsOn: addDays(date, 3), endsOn: addDays(date, 3), reason: '' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ scope: 'category', targetName: 'Interactive Games', productId: null });
    expect((await isAvailable('giant-connect-four', date)).available).toBe(true);
    expect((await isAvailable('inflatable-axe-throw', addDays(date, 3))).reason?.code).toBe('blackout');
    expect(await lastAudit('blackout.update')).toMatchObject({ before: { scope: 'product' }, after: { scope: 'category' } });

    const removed = await adminCall(blackouts, 'DELETE', `/api/admin/blackouts/${created.body.id}`, { cookie: manager.cookie });
    expect(removed.status).toBe(200);
    expect((await isAvailable('inflatable-axe-throw', addDays(date, 3))).available).toBe(true);
    expect((await adminCall(blackouts, 'GET', `/api/admin/blackouts/${created.body.id}`, { cookie: manager.cookie })).status).toBe(404);
  });

  it('validates dates and the scope target with the field and reason', async () => {
    const post = (body: unknown) => adminCall(blackouts, 'POST', '/api/admin/blackouts', { cookie: manager.cookie, body });
    const reversed = await post({ scope: 'business', startsOn: '2027-03-05', endsOn: '2027-03-04' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.fields).toEqual({ endsOn: 'The last day cannot be before the first day' });
    expect((await post({ scope: 'product', startsOn: '2027-03-05', endsOn: '2027-03-05' })).body.error.fields).toEqual({ productId: 'Choose a product' });
    expect((await post({ scope: 'category', categoryId: 'nope', startsOn: '2027-03-05', endsOn: '2027-03-05' })).body.error.fields.categoryId).toBe('Choose a category');
    const unknown = await post({ scope: 'product', productId: '00000000-0000-4000-8000-000000000009', startsOn: '2027-03-05', endsOn: '2027-03-05' });
    expect(unknown.body.error.fields).toEqual({ productId: 'Choose a product from the list' });
    expect((await post({ scope: 'galaxy', startsOn: 'soon', endsOn: '2027-03-05' })).body.error.fields).toMatchObject({ scope: expect.any(String), startsOn: 'Choose the first day' });
    expect((await post('not json')).status).toBe(400);
    expect((await adminCall(blackouts, 'POST', '/api/admin/blackouts', { cookie: crew.cookie, body: {} })).status).toBe(403);
  });

  it('lists with filters and counts the bookings a blackout falls on', async () => {
    const bookingDay = addDays(today(), 5); // the demo's Flamingo Lagoon booking
    const made = await adminCall(blackouts, 'POST', '/api/admin/blackouts', {
      cookie: owner.cookie,
      body: { scope: 'category', categoryId: await categoryId('combo-units'), startsOn: bookingDay, endsOn: bookingDay, reason: 'Storm forecast' },
    });
    expect(made.body.bookingsAffected).toBe(1);
    const past = await adminCall(blackouts, 'POST', '/api/admin/blackouts', {
      cookie: owner.cookie,
      body: { scope: 'business', startsOn: addDays(today(), -40), endsOn: addDays(today(), -39), reason: 'Inventory count' },
    });
    const upcoming = await adminCall(blackouts, 'GET', '/api/admin/blackouts?scope=category', { cookie: manager.cookie });
    expect((upcoming.body.items as { id: string }[]).map((b) => b.id)).toEqual([made.body.id]);
    const searched = await adminCall(blackouts, 'GET', '/api/admin/blackouts?when=all&q=inventory', { cookie: manager.cookie });
    expect((searched.body.items as { id: string }[]).map((b) => b.id)).toEqual([past.body.id]);
    const pastOnly = await adminCall(blackouts, 'GET', '/api/admin/blackouts?when=past&sort=startsOn&dir=desc', { cookie: manager.cookie });
    expect(pastOnly.body.total).toBe(1);
    const badSort = await adminCall(blackouts, 'GET', '/api/admin/blackouts?sort=reason', { cookie: manager.cookie });
    expect(badSort.status).toBe(400);
    const targets = await adminCall(blackouts, 'GET', '/api/admin/blackouts/targets', { cookie: manager.cookie });
    expect((targets.body.products as { name: string }[]).some((p) => p.name === 'Giant Connect Four')).toBe(true);
    expect((targets.body.categories as { name: string }[]).some((c) => c.name === 'Combo Units')).toBe(true);
  });
});
