import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, SITE, staffSession, TEST_AUTH_SECRET } from '../support/staff';

let db: TestDatabase;
let inbox: Handler;
let contact: Handler;
const cookie = { crew: '', manager: '' };
let managerEmail = '';

beforeAll(async () => {
  db = await createSeededDatabase();
  Object.assign(process.env, { DATABASE_URL: db.url, SITE_URL: SITE, AUTH_SECRET: TEST_AUTH_SECRET, DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'inbox-')) });
  inbox = (await import('../../netlify/functions/admin-inbox')).default;
  contact = (await import('../../netlify/functions/contact')).default;
  cookie.crew = (await staffSession(db.sql, 'crew')).cookie;
  const manager = await staffSession(db.sql, 'manager');
  cookie.manager = manager.cookie;
  managerEmail = manager.email;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

let ipCounter = 0;
async function send(extra: Record<string, unknown>): Promise<string> {
  const body = { submissionId: randomUUID(), website: '', kind: 'contact', name: 'Jordan Lee', email: 'jordan.lee@example.com', phone: '', subject: 'Church festival', message: 'Do you deliver to Hutto on a Sunday morning?', bookingNumber: '', ...extra };
  const res = await call(contact, 'POST', '/api/contact', body, { 'x-test-ip': `10.44.0.${++ipCounter}` });
  expect(res.status).toBe(201);
  return res.body.reference;
}
const get = (url: string, who = cookie.manager) => adminCall(inbox, 'GET', url, { cookie: who });
const patch = (id: string, body: unknown, options: { who?: string; origin?: string } = {}) =>
  adminCall(inbox, 'PATCH', `/api/admin/inbox/${id}`, { cookie: options.who ?? cookie.manager, body, ...(options.origin ? { origin: options.origin } : {}) });

describe('/api/admin/inbox', () => {
  it('lists new messages first, searches, and moves a message to Handled with who and when, audited', async () => {
    const priya = await send({ kind: 'support', name: 'Priya Raman', email: 'Priya.Raman@example.com', subject: 'Gate code', message: 'The gate code for Saturday is 4321.', bookingNumber: '' });
    const other = await send({ subject: 'Sunday delivery' });

    const fresh = await get('/api/admin/inbox');
    expect(fresh.status).toBe(200);
    expect(fresh.body.items.map((m: { id: string }) => m.id).slice(0, 2)).toEqual([other, priya]);
    expect(fresh.body.newCount).toBeGreaterThanOrEqual(2);

    const found = await get('/api/admin/inbox?q=gate%20code');
    expect(found.body.items.map((m: { id: string }) => m.id)).toEqual([priya]);
    expect((await get('/api/admin/inbox?q=priya.raman@EXAMPLE')).body.items.map((m: { id: string }) => m.id)).toEqual([priya]);
    expect((await get('/api/admin/inbox?kind=support&q=gate')).body.total).toBe(1);
    expect((await get('/api/admin/inbox?kind=contact&q=gate')).body.total).toBe(0);

    // The staff notice replies to the customer and opens this message in the inbox.
    const outbox = path.join(process.env.DATA_DIR!, 'outbox');
    const notices = await Promise.all((await readdir(outbox)).map((f) => readFile(path.join(outbox, f), 'utf8')));
    const notice = notices.map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).find((m) => /^Subject: Support request from Priya Raman: Gate code/m.test(m))!;
    expect(notice).toMatch(/^Reply-To: Priya Raman <priya\.raman@example\.com>$/m);
    expect(notice).toContain(`${SITE}/admin/inbox?tab=all&id=${priya}`);

    const handled = await patch(priya, { handled: true });
    expect(handled.status).toBe(200);
    expect(handled.body).toMatchObject({ id: priya, handledBy: managerEmail, handledAt: expect.any(String) });
    expect((await get('/api/admin/inbox?q=gate')).body.total).toBe(0);
    expect((await get('/api/admin/inbox?tab=handled&q=gate')).body.items.map((m: { id: string }) => m.id)).toEqual([priya]);
    expect((await get('/api/admin/inbox')).body.newCount).toBe(fresh.body.newCount - 1);
    const [audit] = await db.sql`select action, actor_email, after from audit_log where entity = 'contact_message' and entity_id = ${priya}`;
    expect(audit).toMatchObject({ action: 'contact_message.handled', actor_email: managerEmail });

    expect((await patch(priya, { handled: false })).body).toMatchObject({ handledAt: null, handledBy: null });
    expect((await get('/api/admin/inbox?q=gate')).body.total).toBe(1);
  });

  it('shows the customer’s other messages, quote requests and bookings beside a message, matched by e-mail in any case', async () => {
    const first = await send({ name: 'Priya Raman', email: 'priya.raman@example.com', subject: 'First question' });
    const second = await send({ name: 'Priya Raman', email: 'PRIYA.RAMAN@example.com', subject: 'Second question' });
    const res = await get(`/api/admin/inbox/${second}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ id: second, subject: 'Second question' });
    expect(res.body.otherMessages.map((m: { id: string }) => m.id)).toContain(first);
    expect(res.body.otherMessages.map((m: { id: string }) => m.id)).not.toContain(second);
    // The demo's Priya Raman has bookings; every one listed is hers.
    const hers = await db.sql<{ number: string }[]>`select b.number from bookings b join customers c on c.id = b.customer_id where lower(c.email) = 'priya.raman@example.com'`;
    expect(hers.length).toBeGreaterThan(0);
    expect(res.body.bookings.map((b: { number: string }) => b.number).sort()).toEqual(hers.map((b) => b.number).sort());
    expect(res.body.customerId).toMatch(/^[0-9a-f-]{36}$/);
    const quotes = await db.sql<{ number: string }[]>`select number from quotes where lower(email) = 'priya.raman@example.com'`;
    expect(res.body.quotes.map((q: { number: string }) => q.number).sort()).toEqual(quotes.map((q) => q.number).sort());
  });

  it('refuses crew, bad input (naming the field), other sites and unknown ids, and changes nothing', async () => {
    const id = await send({ subject: 'Refusals' });
    expect((await get('/api/admin/inbox', cookie.crew)).status).toBe(403);
    expect((await get(`/api/admin/inbox/${id}`, cookie.crew)).status).toBe(403);
    expect((await patch(id, { handled: true }, { who: cookie.crew })).status).toBe(403);
    expect((await get('/api/admin/inbox', '')).status).toBe(401);

    const badTab = await get('/api/admin/inbox?tab=spam&sort=drop');
    expect(badTab.status).toBe(400);
    expect(Object.keys(badTab.body.error.fields)).toEqual(expect.arrayContaining(['tab', 'sort']));
    const badBody = await patch(id, { handled: 'yes' });
    expect(badBody.status).toBe(400);
    expect(badBody.body.error.fields.handled).toBeTruthy();
    expect((await patch(id, { handled: true }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await patch('00000000-0000-4000-8000-000000000000', { handled: true })).status).toBe(404);
    expect((await get('/api/admin/inbox/not-a-uuid')).status).toBe(404);

    const [row] = await db.sql`select handled_at from contact_messages where id = ${id}`;
    expect(row!.handled_at).toBeNull();
    expect(await db.sql`select 1 from audit_log where entity_id = ${id}`).toHaveLength(0);
  });
});
