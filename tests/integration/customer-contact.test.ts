import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { pdfText } from '../support/pdf-text';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';

/**
 * Issue #22, attack 5: booking once with someone else's e-mail renamed them and changed their phone
 * on all their bookings. Now each booking keeps the contact it was placed with, everything staff and
 * the customer see of a booking shows that contact, and the customer's record changes only when staff
 * choose to (copy a booking's contact over, or merge two customers), audited.
 */
let db: TestDatabase;
const h = {} as Record<'bookings' | 'track' | 'invoice' | 'hi' | 'admin' | 'manager' | 'customers' | 'day' | 'calendar' | 'quotes', Handler>;
const cookie = { crew: '', manager: '' };
let ipCounter = 0;
const ip = () => ({ 'x-test-ip': `10.41.0.${++ipCounter % 250}` });

beforeAll(async () => {
  db = await createSeededDatabase();
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'SMTP_URL']) delete process.env[key];
  useAdminEnv(db.url, { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'contact-')) });
  const load = async (file: string) => (await import(`../../netlify/functions/${file}.ts`)).default as Handler;
  Object.assign(h, {
    bookings: await load('bookings'),
    track: await load('track-order'),
    invoice: await load('booking-invoice'),
    hi: await load('hi'),
    admin: await load('admin-bookings'),
    manager: await load('admin-bookings'),
    customers: await load('admin-customers'),
    day: await load('admin-day'),
    calendar: await load('admin-calendar'),
    quotes: await load('quotes'),
  });
  cookie.crew = (await staffSession(db.sql, 'crew')).cookie;
  cookie.manager = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

let counter = 0;
async function book(customer: { name: string; email: string; phone: string }) {
  const date = futureDate(30 + ++counter * 3);
  const created = await call(
    h.bookings,
    'POST',
    '/api/bookings',
    {
      items: [{ product: 'pink-castle-bounce-house', quantity: 1 }],
      event: { date, start: '10:00', end: '16:00' },
      customer,
      address: { line1: '4 Birch Rd', city: 'Georgetown', state: 'TX', zip: '78626' },
      acceptTerms: true,
    },
    ip(),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const [row] = await db.sql<{ id: string; customer_id: string; invoice_token: string }[]>`
    select id, customer_id, invoice_token from bookings where number = ${created.body.bookingNumber}`;
  return { number: created.body.bookingNumber as string, date, ...row! };
}

const screen = async (id: string) => (await adminCall(h.admin, 'GET', `/api/admin/bookings/${id}`, { cookie: cookie.manager })).body;
const search = async (q: string) => (await adminCall(h.admin, 'GET', `/api/admin/bookings?q=${encodeURIComponent(q)}`, { cookie: cookie.crew })).body.items as { number: string; customer: { name: string; phone: string } }[];
const customerRow = async (id: string) => (await db.sql`select name, email, phone from customers where id = ${id}`)[0];
const unique = () => `${randomUUID().slice(0, 8)}@example.com`;

describe('a stranger booking with someone else\'s e-mail', () => {
  it('changes nothing shown on that person\'s booking, and their phone still finds it', async () => {
    const email = `alice-${unique()}`;
    const alice = await book({ name: 'Alice Real', email, phone: '(512) 555-0101' });
    const stranger = await book({ name: 'Mallory Stranger', email: email.toUpperCase(), phone: '(737) 555-0199' });
    // One customer (found by e-mail), whose record is still Alice's.
    expect(stranger.customer_id).toBe(alice.customer_id);
    expect(await customerRow(alice.customer_id)).toEqual({ name: 'Alice Real', email, phone: '(512) 555-0101' });

    // The booking screen, the list and its search show each booking's own contact.
    const aliceScreen = await screen(alice.id);
    expect(aliceScreen.customer).toMatchObject({ name: 'Alice Real', email, phone: '(512) 555-0101' });
    expect(aliceScreen.contactDiffers).toEqual([]);
    expect((await search('5125550101')).map((b) => b.number)).toContain(alice.number);
    expect((await search('5125550101')).map((b) => b.number)).not.toContain(stranger.number);
    const found = await search('Mallory Stranger');
    expect(found.map((b) => b.number)).toEqual([stranger.number]);
    const byNumber = await search(alice.number);
    expect(byNumber.map((b) => b.number)).toEqual([alice.number]);
    expect(byNumber[0]!.customer).toMatchObject({ name: 'Alice Real', phone: '(512) 555-0101' });
    // A booking number's digits are not a phone number: this one's are the stranger's phone.
    expect(await search('PF-7375550199')).toEqual([]);

    // The tracking page: Alice's real phone finds her booking; the stranger's phone does not.
    const tracked = await call(h.track, 'POST', '/api/track-order', { bookingNumber: alice.number, phone: '512-555-0101' }, ip());
    expect(tracked.status).toBe(200);
    expect(tracked.body.customer).toMatchObject({ name: 'Alice Real', phone: '(512) 555-0101' });
    expect((await call(h.track, 'POST', '/api/track-order', { bookingNumber: alice.number, phone: '(737) 555-0199' }, ip())).status).toBe(404);

    // Her invoice names her, not the stranger.
    const invoice = await h.invoice(new Request(`http://localhost/api/bookings/${alice.number}/invoice?token=${alice.invoice_token}`), { ip: '10.41.1.1' } as never);
    expect(invoice.status).toBe(200);
    const { lines } = await pdfText(new Uint8Array(await invoice.arrayBuffer()));
    expect(lines).toContain('Alice Real');
    expect(lines.join('\n')).not.toContain('Mallory');

    // Her personal /hi/ link greets her, and the stranger's greets the stranger.
    expect((await call(h.hi, 'GET', `/api/hi?id=${alice.number}`, undefined, ip())).body.firstName).toBe('Alice');
    expect((await call(h.hi, 'GET', `/api/hi?id=${stranger.number}`, undefined, ip())).body.firstName).toBe('Mallory');

    // The day screen and the calendar, once staff confirm her booking.
    await db.sql`update bookings set status = 'confirmed' where id = ${alice.id}`;
    const day = await adminCall(h.day, 'GET', `/api/admin/day?date=${alice.date}`, { cookie: cookie.crew });
    expect(day.status).toBe(200);
    const stops = (day.body.routes as { stops: { bookingId: string; customer: { name: string; phone: string } }[] }[]).flatMap((r) => r.stops);
    expect(stops.find((s) => s.bookingId === alice.id)!.customer).toEqual({ name: 'Alice Real', phone: '(512) 555-0101' });
    const calendar = await adminCall(h.calendar, 'GET', `/api/admin/calendar?from=${alice.date}&to=${new Date(Date.parse(stranger.date) + 86_400_000).toISOString().slice(0, 10)}`, { cookie: cookie.crew });
    const titles = (calendar.body.events as { title: string }[]).map((e) => e.title);
    expect(titles.find((t) => t.startsWith(alice.number))).toContain('Alice Real');
    expect(titles.find((t) => t.startsWith(stranger.number))).toContain('Mallory Stranger');

    // The stranger's booking shows staff that its contact is not the customer's record.
    const strangerScreen = await screen(stranger.id);
    expect(strangerScreen.customer).toMatchObject({ name: 'Mallory Stranger', phone: '(737) 555-0199' });
    expect(strangerScreen.customerRecord).toEqual({ name: 'Alice Real', email, phone: '(512) 555-0101' });
    expect(strangerScreen.contactDiffers).toEqual(['name', 'phone']);
  });
});

describe('staff updating a customer from a booking (POST /api/admin/bookings/{id}/customer)', () => {
  const copy = (id: string, body: unknown, who = cookie.manager) => adminCall(h.manager, 'POST', `/api/admin/bookings/${id}/customer`, { cookie: who, body });

  it('copies the chosen fields to the record, audited; other bookings keep their own contact', async () => {
    const email = `moved-${unique()}`;
    const old = await book({ name: 'Sam Mover', email, phone: '(512) 555-0111' });
    const fresh = await book({ name: 'Samantha Mover', email, phone: '(512) 555-0222' });
    expect((await copy(fresh.id, { fields: ['phone'] }, cookie.crew)).status).toBe(403);
    const bad = await copy(fresh.id, { fields: ['address'] });
    expect(bad.status).toBe(400);
    expect(await customerRow(old.customer_id)).toMatchObject({ name: 'Sam Mover', phone: '(512) 555-0111' });

    const updated = await copy(fresh.id, { fields: ['name', 'phone'] });
    expect(updated.status).toBe(200);
    expect(await customerRow(old.customer_id)).toEqual({ name: 'Samantha Mover', email, phone: '(512) 555-0222' });
    expect((await screen(fresh.id)).contactDiffers).toEqual([]);
    // The older booking still shows what it was placed with, and now differs from the record.
    const oldScreen = await screen(old.id);
    expect(oldScreen.customer).toMatchObject({ name: 'Sam Mover', phone: '(512) 555-0111' });
    expect(oldScreen.contactDiffers).toEqual(['name', 'phone']);

    const audit = await db.sql<{ action: string; entity: string; before: unknown; after: unknown }[]>`
      select action, entity, before, after from audit_log where action in ('customer.update_from_booking', 'booking.customer_updated') and (entity_id = ${old.customer_id} or entity_id = ${fresh.id}) order by action`;
    expect(audit.map((a) => a.action)).toEqual(['booking.customer_updated', 'customer.update_from_booking']);
    expect(audit[1]).toMatchObject({
      entity: 'customer',
      before: { name: 'Sam Mover', phone: '(512) 555-0111' },
      after: { name: 'Samantha Mover', phone: '(512) 555-0222', fromBooking: fresh.number },
    });
    expect((await screen(fresh.id)).history.map((e: { action: string }) => e.action)).toContain('booking.customer_updated');
  });

  it('refuses an e-mail another customer has (merge instead), changing nothing', async () => {
    const taken = `taken-${unique()}`;
    await book({ name: 'Owner Of Taken', email: taken, phone: '(512) 555-0333' });
    const b = await book({ name: 'Other Person', email: `other-${unique()}`, phone: '(512) 555-0444' });
    await db.sql`update bookings set contact_email = ${taken} where id = ${b.id}`;
    const refused = await copy(b.id, { fields: ['email'] });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/merge/i);
    expect(await db.sql`select 1 from audit_log where action = 'customer.update_from_booking' and entity_id = ${b.customer_id}`).toHaveLength(0);
  });
});

describe('staff changing a booking\'s contact in the booking editor', () => {
  it('changes the booking\'s contact, not the customer\'s record, and audits before and after', async () => {
    const email = `edit-${unique()}`;
    const b = await book({ name: 'Casey Edit', email, phone: '(512) 555-0555' });
    await db.sql`update bookings set status = 'confirmed' where id = ${b.id}`;
    const body = {
      items: [{ product: 'pink-castle-bounce-house', quantity: 1 }],
      event: { date: b.date, start: '10:00', end: '16:00' },
      address: { line1: '4 Birch Rd', city: 'Georgetown', state: 'TX', zip: '78626' },
      coupon: '',
      damageWaiver: false,
      adjustments: [],
      customer: { name: 'Casey Edited', email: `new-${email}`, phone: '(512) 555-0666' },
      notifyCustomer: false,
    };
    const changed = await adminCall(h.admin, 'PUT', `/api/admin/bookings/${b.id}`, { cookie: cookie.manager, body });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await screen(b.id);
    expect(after.customer).toMatchObject({ name: 'Casey Edited', email: `new-${email}`, phone: '(512) 555-0666' });
    expect(after.contactDiffers).toEqual(['name', 'email', 'phone']);
    expect(await customerRow(b.customer_id)).toEqual({ name: 'Casey Edit', email, phone: '(512) 555-0555' });
    const [audit] = await db.sql<{ before: { contact: unknown }; after: { contact: unknown } }[]>`
      select before, after from audit_log where entity_id = ${b.id} and action = 'booking.edit'`;
    expect(audit!.before.contact).toEqual({ name: 'Casey Edit', email, phone: '(512) 555-0555' });
    expect(audit!.after.contact).toEqual({ name: 'Casey Edited', email: `new-${email}`, phone: '(512) 555-0666' });
    // The tracking page follows the booking's contact.
    expect((await call(h.track, 'POST', '/api/track-order', { bookingNumber: b.number, phone: '5125550666' }, ip())).status).toBe(200);
    expect((await call(h.track, 'POST', '/api/track-order', { bookingNumber: b.number, email }, ip())).status).toBe(404);

    const bad = await adminCall(h.admin, 'PUT', `/api/admin/bookings/${b.id}`, { cookie: cookie.manager, body: { ...body, customer: { name: 'X', email: 'nope', phone: '1' } } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(['customer.email']));
  });
});

describe('merging two customers (POST /api/admin/customers/{id}/merge)', () => {
  const merge = (keep: string, body: unknown, who = cookie.manager, origin?: string) =>
    adminCall(h.customers, 'POST', `/api/admin/customers/${keep}/merge`, { cookie: who, body, ...(origin ? { origin } : {}) });

  it('moves the other\'s bookings and quote requests to the one kept, removes it, and audits both records', async () => {
    const keepEmail = `keep-${unique()}`;
    const goEmail = `go-${unique()}`;
    const kept = await book({ name: 'Jordan Keep', email: keepEmail, phone: '(512) 555-0777' });
    const gone = await book({ name: 'Jordan K.', email: goEmail, phone: '(512) 555-0888' });
    const quote = await call(h.quotes, 'POST', '/api/quotes', {
      submissionId: randomUUID(),
      website: '',
      eventType: 'birthday',
      eventDate: futureDate(60),
      guestCount: 20,
      zip: '78664',
      items: [{ product: 'sticky-wall', quantity: 1 }],
      name: 'Jordan K.',
      email: goEmail,
      phone: '(512) 555-0888',
    }, ip());
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    await db.sql`update customers set notes = 'Gate code 4321' where id = ${gone.customer_id}`;

    expect((await merge(kept.customer_id, { from: gone.customer_id }, cookie.crew)).status).toBe(403);
    expect((await merge(kept.customer_id, { from: gone.customer_id }, cookie.manager, 'https://evil.example')).status).toBe(403);
    const self = await merge(kept.customer_id, { from: kept.customer_id });
    expect(self.status).toBe(400);
    expect(self.body.error.fields.from).toBeTruthy();
    expect((await merge(kept.customer_id, { from: 'nope' })).status).toBe(400);
    expect(await customerRow(gone.customer_id)).toBeTruthy();

    const merged = await merge(kept.customer_id, { from: gone.customer_id });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.moved).toEqual({ bookings: 1, quotes: 1, cakeOrders: 0 });
    expect(await customerRow(gone.customer_id)).toBeUndefined();
    expect(await db.sql`select 1 from bookings where customer_id = ${gone.customer_id}`).toHaveLength(0);
    expect(await db.sql`select 1 from quotes where customer_id = ${gone.customer_id}`).toHaveLength(0);

    const detail = await adminCall(h.customers, 'GET', `/api/admin/customers/${kept.customer_id}`, { cookie: cookie.manager });
    expect(detail.body).toMatchObject({ name: 'Jordan Keep', email: keepEmail, phone: '(512) 555-0777' });
    expect(detail.body.bookings.map((b: { number: string }) => b.number).sort()).toEqual([kept.number, gone.number].sort());
    expect(detail.body.notes).toContain('Gate code 4321');
    // The moved booking keeps the contact it was placed with, and says it differs from the record.
    const movedScreen = await screen(gone.id);
    expect(movedScreen.customer).toMatchObject({ name: 'Jordan K.', email: goEmail });
    expect(movedScreen.contactDiffers).toEqual(['name', 'email', 'phone']);

    const [audit] = await db.sql<{ entity_id: string; before: { kept: { email: string }; removed: { email: string; notes: string } }; after: { moved: unknown } }[]>`
      select entity_id, before, after from audit_log where action = 'customer.merge' and entity_id = ${kept.customer_id}`;
    expect(audit!.before.kept.email).toBe(keepEmail);
    expect(audit!.before.removed).toMatchObject({ email: goEmail, notes: 'Gate code 4321' });
    expect(audit!.after.moved).toEqual({ bookings: 1, quotes: 1, cakeOrders: 0 });

    // Merged already: the second attempt names the field and changes nothing.
    const again = await merge(kept.customer_id, { from: gone.customer_id });
    expect(again.status).toBe(400);
    expect(await db.sql`select 1 from audit_log where action = 'customer.merge' and entity_id = ${kept.customer_id}`).toHaveLength(1);
  });
});
