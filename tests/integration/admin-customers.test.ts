import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, staffSession, useAdminEnv, closeAdminConnections } from '../support/staff';

let db: TestDatabase;
let customers: Handler;
let bookings: Handler;
const cookie = { crew: '', manager: '' };

beforeAll(async () => {
  db = await createSeededDatabase();
  useAdminEnv(db.url, { STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', STRIPE_API_BASE: '' });
  customers = (await import('../../netlify/functions/admin-customers')).default;
  bookings = (await import('../../netlify/functions/admin-bookings')).default;
  cookie.crew = (await staffSession(db.sql, 'crew')).cookie;
  cookie.manager = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

const get = (url: string, role: keyof typeof cookie = 'manager') => adminCall(customers, 'GET', url, { cookie: cookie[role] });

describe('GET /api/admin/customers', () => {
  it('is for managers: crew get 403 with no data', async () => {
    const res = await get('/api/admin/customers', 'crew');
    expect(res.status).toBe(403);
    expect(Object.keys(res.body)).toEqual(['error']);
  });

  it('lists, searches by name, e-mail or phone digits, sorts and pages', async () => {
    const all = await get('/api/admin/customers?sort=name&dir=asc');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(5);
    const names = all.body.items.map((c: { name: string }) => c.name);
    expect(names[0]).toBe('Alicia Moreno');
    expect(names).toEqual([...names].sort());
    for (const q of ['whitfield', 'J.WHITFIELD@', '555-0163']) {
      expect((await get(`/api/admin/customers?q=${encodeURIComponent(q)}`)).body.items.map((c: { name: string }) => c.name), q).toEqual(['James Whitfield']);
    }
    const paged = await get('/api/admin/customers?sort=name&dir=asc&pageSize=2&page=3');
    expect(paged.body.items.map((c: { name: string }) => c.name)).toEqual([names[4]]);
    const bad = await get('/api/admin/customers?sort=password&pageSize=1000');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['pageSize', 'sort']);
  });

  it('sorts by every column, both ways, in the order the column reads', async () => {
    interface Row { name: string; email: string; phone: string; bookings: number; lastEventDate: string | null; lifetimeValueCents: number; createdAt: string }
    const keyOf: Record<string, (c: Row) => string | number | null> = {
      name: (c) => c.name.toLowerCase(),
      email: (c) => c.email.toLowerCase(),
      phone: (c) => c.phone.replace(/\D/g, ''),
      bookings: (c) => c.bookings,
      lastEvent: (c) => c.lastEventDate,
      lifetimeValue: (c) => c.lifetimeValueCents,
      created: (c) => c.createdAt,
    };
    const before = (a: string | number | null, b: string | number | null) => (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0);
    for (const [sort, key] of Object.entries(keyOf)) {
      for (const dir of ['asc', 'desc'] as const) {
        const res = await get(`/api/admin/customers?sort=${sort}&dir=${dir}`);
        expect(res.status, `${sort} ${dir}: ${JSON.stringify(res.body)}`).toBe(200);
        const keys = (res.body.items as Row[]).map(key);
        expect(keys, `${sort} ${dir}`).toHaveLength(5);
        // Missing values (no event yet) come last either way.
        const expected = [...keys].sort((a, b) => (a === null || b === null ? before(a, b) : dir === 'asc' ? before(a, b) : before(b, a)));
        expect(keys, `${sort} ${dir}`).toEqual(expected);
      }
    }
    const emails = (await get('/api/admin/customers?sort=email&dir=desc')).body.items.map((c: Row) => c.email);
    expect(emails).not.toEqual((await get('/api/admin/customers?sort=email&dir=asc')).body.items.map((c: Row) => c.email));
  });

  it('downloads the customers as searched on screen as CSV (managers only)', async () => {
    // Written as E.164, a phone would open in a spreadsheet as "'+15125550163" (the formula guard's apostrophe).
    await db.sql`update customers set phone = '+15125550163' where email = 'j.whitfield@example.com'`;
    const csv = await get('/api/admin/customers?q=whitfield&format=csv');
    await db.sql`update customers set phone = '(512) 555-0163' where email = 'j.whitfield@example.com'`;
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="customers.csv"');
    const lines = (csv.body as string).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,E-mail,Phone,Bookings,Last event,Lifetime value ($),Customer since');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['James Whitfield']);
    expect(lines[1]).toMatch(/^James Whitfield,j\.whitfield@example\.com,\(512\) 555-0163,/);
    const all = await get('/api/admin/customers?format=csv&sort=name&dir=asc&pageSize=2');
    expect((all.body as string).trimEnd().split('\r\n')).toHaveLength(1 + 5);
    expect((await get('/api/admin/customers?format=csv', 'crew')).status).toBe(403);
  });

  it('counts lifetime value as payments received minus refunds, on the list and the customer', async () => {
    const [priya] = await db.sql`select c.id as customer_id, b.id, b.total_cents from customers c join bookings b on b.customer_id = c.id where c.name = 'Priya Raman'`;
    const pay = (body: unknown, action: string) => adminCall(bookings, 'POST', `/api/admin/bookings/${priya!.id}/${action}`, { cookie: cookie.manager, body });
    const paid = await pay({ amountCents: 20000, method: 'cash' }, 'payments');
    expect(paid.status).toBe(200);
    expect((await pay({ paymentId: paid.body.id, amountCents: 4500, reason: 'Snow cone machine broke' }, 'refunds')).status).toBe(200);

    const detail = await get(`/api/admin/customers/${priya!.customer_id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      name: 'Priya Raman',
      email: 'priya.raman@example.com',
      totals: { bookings: 1, activeBookings: 1, bookedValueCents: priya!.total_cents, paidCents: 20000, refundedCents: 4500, lifetimeValueCents: 15500 },
    });
    expect(detail.body.bookings[0]).toMatchObject({ id: priya!.id, status: 'confirmed', statusLabel: 'Confirmed', amountPaidCents: 15500 });

    const top = await get('/api/admin/customers?sort=lifetimeValue&dir=desc');
    expect(top.body.items[0]).toMatchObject({ name: 'Priya Raman', lifetimeValueCents: 15500, bookings: 1 });
    expect((await get('/api/admin/customers/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('saves staff notes about a customer, audited; too long is a 400', async () => {
    const [maria] = await db.sql`select id from customers where name = 'Maria Delgado'`;
    const url = `/api/admin/customers/${maria!.id}`;
    const saved = await adminCall(customers, 'PATCH', url, { cookie: cookie.manager, body: { notes: 'Prefers text messages' } });
    expect(saved.status).toBe(200);
    expect((await get(url)).body.notes).toBe('Prefers text messages');
    const [audit] = await db.sql`select before, after from audit_log where entity = 'customer' and entity_id = ${maria!.id}`;
    expect(audit).toMatchObject({ before: { notes: '' }, after: { notes: 'Prefers text messages' } });
    const long = await adminCall(customers, 'PATCH', url, { cookie: cookie.manager, body: { notes: 'x'.repeat(2001) } });
    expect(long.status).toBe(400);
    expect(long.body.error.fields.notes).toMatch(/2000/);
  });
});
