import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBusiness } from '../../supabase/seed/seed';
import type { Handler } from '../support/api';
import { createMigratedDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, SITE, staffSession, TEST_AUTH_SECRET } from '../support/staff';

let db: TestDatabase;
let exports: Handler;
let bookings: Handler;
let customers: Handler;
const cookie = { crew: '', manager: '' };

beforeAll(async () => {
  db = await createMigratedDatabase();
  await seedDemoBusiness(db.sql);
  Object.assign(process.env, { DATABASE_URL: db.url, SITE_URL: SITE, AUTH_SECRET: TEST_AUTH_SECRET });
  exports = (await import('../../netlify/functions/admin-exports')).default;
  bookings = (await import('../../netlify/functions/admin-bookings')).default;
  customers = (await import('../../netlify/functions/admin-customers')).default;
  cookie.crew = (await staffSession(db.sql, 'crew')).cookie;
  cookie.manager = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

/** The CSV's rows as arrays of cells (no quoted commas in the demo data's checked columns). */
const rowsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

describe('CSV exports of the admin lists', () => {
  it('exports the bookings list exactly as filtered and sorted on screen, every page of it', async () => {
    const query = 'status=completed&sort=number&dir=asc&pageSize=1&page=2';
    const screen = await adminCall(bookings, 'GET', `/api/admin/bookings?status=completed&sort=number&dir=asc&pageSize=100`, { cookie: cookie.manager });
    const res = await adminCall(exports, 'GET', `/api/admin/exports/bookings?${query}`, { cookie: cookie.manager });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="bookings_completed_\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = rowsOf(res.body as string);
    expect(header!.slice(0, 3)).toEqual(['Booking', 'Status', 'Event date']);
    // Every completed booking, in the screen's order, not just page 2 of 1-row pages.
    expect(rows.map((r) => r[0])).toEqual(screen.body.items.map((b: { number: string }) => b.number));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const first = screen.body.items[0];
    expect(rows[0]![header!.indexOf('Total')]).toBe((first.totalCents / 100).toFixed(2));
  });

  it('exports the customers list as searched', async () => {
    const screen = await adminCall(customers, 'GET', '/api/admin/customers?q=priya', { cookie: cookie.manager });
    const res = await adminCall(exports, 'GET', '/api/admin/exports/customers?q=priya&sort=name', { cookie: cookie.manager });
    expect(res.status).toBe(200);
    const [header, ...rows] = rowsOf(res.body as string);
    expect(header).toEqual(['Name', 'E-mail', 'Phone', 'Bookings', 'Last event', 'Lifetime value', 'Customer since']);
    expect(rows.map((r) => r[1])).toEqual(screen.body.items.map((c: { email: string }) => c.email));
    expect(rows.length).toBe(1);
    expect(rows[0]![5]).toBe((screen.body.items[0].lifetimeValueCents / 100).toFixed(2));
  });

  it('refuses crew, no session and bad filters (400 naming the field)', async () => {
    expect((await adminCall(exports, 'GET', '/api/admin/exports/bookings', { cookie: cookie.crew })).status).toBe(403);
    expect((await adminCall(exports, 'GET', '/api/admin/exports/customers', { cookie: cookie.crew })).status).toBe(403);
    expect((await adminCall(exports, 'GET', '/api/admin/exports/customers')).status).toBe(401);
    const bad = await adminCall(exports, 'GET', '/api/admin/exports/bookings?status=lost&from=2026-02-30', { cookie: cookie.manager });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(['status', 'from']));
    const badSort = await adminCall(exports, 'GET', '/api/admin/exports/customers?sort=password', { cookie: cookie.manager });
    expect(badSort.status).toBe(400);
    expect(badSort.body.error.fields.sort).toBeTruthy();
  });
});
