import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { raiseBookingLimits } from '../support/booking-limits';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, SITE, staffSession, useAdminEnv } from '../support/staff';

/**
 * Issue #22, attack 4: the guests' QR code opened the renter's invoice. Now each link has its own
 * secret: the guests' key opens the waiver and nothing else, the invoice has its own token (in the
 * e-mails and on the tracking page), and staff give either a new secret from the booking screen,
 * which ends the old link at once.
 */
let db: TestDatabase;
let dataDir: string;
const h = {} as Record<'bookings' | 'invoice' | 'track' | 'context' | 'qr' | 'admin' | 'manager', Handler>;
const cookie = { crew: '', manager: '' };
let ipCounter = 0;
const ip = () => ({ 'x-test-ip': `10.31.0.${++ipCounter % 250}` });

beforeAll(async () => {
  db = await createSeededDatabase();
  // One renter books every test's booking: the caps on open unpaid bookings are tested elsewhere.
  await raiseBookingLimits(db.sql);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tokens-'));
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY']) delete process.env[key];
  useAdminEnv(db.url, { DATA_DIR: dataDir });
  h.bookings = (await import('../../netlify/functions/bookings')).default;
  h.invoice = (await import('../../netlify/functions/booking-invoice')).default;
  h.track = (await import('../../netlify/functions/track-order')).default;
  h.context = (await import('../../netlify/functions/waiver-context')).default;
  h.qr = (await import('../../netlify/functions/waiver-qr')).default;
  h.admin = (await import('../../netlify/functions/admin-bookings')).default;
  h.manager = (await import('../../netlify/functions/admin-bookings')).default;
  cookie.crew = (await staffSession(db.sql, 'crew')).cookie;
  cookie.manager = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

let counter = 0;
/** A booking made on the website, as a customer makes it (no Stripe: deposit due, confirmation e-mailed). */
async function book() {
  const email = `tokens-${++counter}-${process.pid}@example.com`;
  const created = await call(
    h.bookings,
    'POST',
    '/api/bookings',
    {
      items: [{ product: 'pink-castle-bounce-house', quantity: 1 }],
      event: { date: futureDate(20 + counter * 2), start: '10:00', end: '16:00' },
      customer: { name: 'Robin Token', email, phone: '512 555 0177' },
      address: { line1: '9 Elm St', city: 'Georgetown', state: 'TX', zip: '78626' },
      acceptTerms: true,
    },
    ip(),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const number = created.body.bookingNumber as string;
  const [row] = await db.sql<{ id: string; waiver_key: string; invoice_token: string; manage_token: string }[]>`select id, waiver_key, invoice_token, manage_token from bookings where number = ${number}`;
  return { number, email, ...row! };
}

/** A GET whose answer may be a file: status and content type. */
async function get(handler: Handler, url: string) {
  const response = await handler(new Request(`http://localhost${url}`), { ip: `10.32.0.${++ipCounter % 250}` } as never);
  await response.arrayBuffer();
  return { status: response.status, type: response.headers.get('content-type') ?? '' };
}
const invoiceWith = (number: string, query: string) => get(h.invoice, `/api/bookings/${number}/invoice?${query}`);
const waiverWith = (number: string, key: string) => get(h.context, `/api/waivers/context?booking=${number}&key=${encodeURIComponent(key)}`);

async function confirmationTo(address: string): Promise<string> {
  const file = (await readdir(path.join(dataDir, 'outbox'))).find((f) => f.includes(address));
  const raw = await readFile(path.join(dataDir, 'outbox', file!), 'utf8');
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('a token per purpose', () => {
  it('gives each booking its own unguessable invoice token, apart from the guests\' key', async () => {
    const [a, b] = [await book(), await book()];
    for (const x of [a, b]) expect(x.invoice_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.invoice_token).not.toBe(b.invoice_token);
    expect(a.invoice_token).not.toBe(a.waiver_key);
  });

  it('lets the guests\' key open the waiver and the QR code, and not the invoice', async () => {
    const b = await book();
    expect((await waiverWith(b.number, b.waiver_key)).status).toBe(200);
    expect((await get(h.qr, `/api/waivers/qr?booking=${b.number}&key=${b.waiver_key}`)).status).toBe(200);
    for (const query of [`key=${b.waiver_key}`, `token=${b.waiver_key}`, `email=${encodeURIComponent(b.email)}`]) {
      expect((await invoiceWith(b.number, query)).status, query).toBe(404);
    }
    // Nor does the invoice token open the waiver in the key's place: one secret, one purpose.
    expect((await waiverWith(b.number, b.invoice_token)).status).toBe(404);
  });

  it('opens the invoice with the link from the confirmation e-mail and from the tracking page', async () => {
    const b = await book();
    const mail = await confirmationTo(b.email);
    const link = /Your invoice \(PDF\): (\S+)/.exec(mail)![1]!;
    expect(link).toBe(`${SITE}/api/bookings/${b.number}/invoice?token=${b.invoice_token}`);
    expect(mail).not.toContain(b.waiver_key);
    const fromMail = await get(h.invoice, link.replace(SITE, ''));
    expect(fromMail).toEqual({ status: 200, type: 'application/pdf' });

    const tracked = await call(h.track, 'POST', '/api/track-order', { bookingNumber: b.number, phone: '(512) 555-0177' }, ip());
    expect(tracked.status).toBe(200);
    expect(tracked.body.invoiceUrl).toBe(`/api/bookings/${b.number}/invoice?token=${b.invoice_token}`);
    expect(JSON.stringify(tracked.body)).not.toContain(b.waiver_key);
    expect((await get(h.invoice, tracked.body.invoiceUrl)).status).toBe(200);
  });

  it('shows staff both links on the booking screen', async () => {
    const b = await book();
    const screen = await adminCall(h.admin, 'GET', `/api/admin/bookings/${b.id}`, { cookie: cookie.crew });
    expect(screen.status).toBe(200);
    expect(screen.body.links).toEqual({
      invoice: `/api/bookings/${b.number}/invoice?token=${b.invoice_token}`,
      guestWaiver: `/sign-waiver?booking=${b.number}&key=${b.waiver_key}`,
    });
  });
});

describe('rotating a booking\'s links', () => {
  const rotate = (id: string, links: unknown, who = cookie.manager, origin?: string) =>
    adminCall(h.manager, 'POST', `/api/admin/bookings/${id}/links`, { cookie: who, body: { links }, ...(origin ? { origin } : {}) });

  it('ends the old invoice link at once, keeps the guests\' key, and audits it without the secrets', async () => {
    const b = await book();
    const rotated = await rotate(b.id, 'invoice');
    expect(rotated.status).toBe(200);
    const [after] = await db.sql<{ waiver_key: string; invoice_token: string; manage_token: string }[]>`select waiver_key, invoice_token, manage_token from bookings where id = ${b.id}`;
    expect(after!.invoice_token).not.toBe(b.invoice_token);
    // The customer's "Change or cancel" link goes with the invoice's.
    expect(after!.manage_token).not.toBe(b.manage_token);
    expect(after!.manage_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(after!.invoice_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(after!.waiver_key).toBe(b.waiver_key);
    expect(rotated.body.links.invoice).toBe(`/api/bookings/${b.number}/invoice?token=${after!.invoice_token}`);

    expect((await invoiceWith(b.number, `token=${b.invoice_token}`)).status).toBe(404);
    expect((await invoiceWith(b.number, `token=${after!.invoice_token}`)).status).toBe(200);
    expect((await waiverWith(b.number, b.waiver_key)).status).toBe(200);
    const tracked = await call(h.track, 'POST', '/api/track-order', { bookingNumber: b.number, email: b.email }, ip());
    expect(tracked.body.invoiceUrl).toBe(rotated.body.links.invoice);

    const audit = await db.sql<{ action: string; actor_email: string; after: unknown }[]>`
      select action, actor_email, after from audit_log where entity = 'booking' and entity_id = ${b.id} and action = 'booking.rotate_links'`;
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toEqual({ rotated: ['invoice', 'change or cancel'] });
    expect(JSON.stringify(audit)).not.toContain(after!.invoice_token);
    expect(JSON.stringify(audit)).not.toContain(after!.manage_token);
  });

  it('ends the old party QR code and share link at once', async () => {
    const b = await book();
    const rotated = await rotate(b.id, 'guest');
    expect(rotated.status).toBe(200);
    const [after] = await db.sql<{ waiver_key: string; invoice_token: string }[]>`select waiver_key, invoice_token from bookings where id = ${b.id}`;
    expect(after!.waiver_key).not.toBe(b.waiver_key);
    expect(after!.invoice_token).toBe(b.invoice_token);
    expect(rotated.body.links.guestWaiver).toBe(`/sign-waiver?booking=${b.number}&key=${after!.waiver_key}`);
    expect((await waiverWith(b.number, b.waiver_key)).status).toBe(404);
    expect((await get(h.qr, `/api/waivers/qr?booking=${b.number}&key=${b.waiver_key}`)).status).toBe(404);
    expect((await waiverWith(b.number, after!.waiver_key)).status).toBe(200);
    // The renter's own links (e-mail for the waiver, invoice token) still work.
    expect((await get(h.context, `/api/waivers/context?booking=${b.number}&email=${encodeURIComponent(b.email)}`)).status).toBe(200);
    expect((await invoiceWith(b.number, `token=${b.invoice_token}`)).status).toBe(200);

    const both = await rotate(b.id, 'both');
    expect(both.status).toBe(200);
    expect((await invoiceWith(b.number, `token=${b.invoice_token}`)).status).toBe(404);
    expect((await waiverWith(b.number, after!.waiver_key)).status).toBe(404);
  });

  it('needs a manager, this site and a known choice; a refused rotation changes nothing', async () => {
    const b = await book();
    expect((await rotate(b.id, 'both', cookie.crew)).status).toBe(403);
    expect((await rotate(b.id, 'both', cookie.manager, 'https://evil.example')).status).toBe(403);
    const bad = await rotate(b.id, 'everything');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.links).toBeTruthy();
    expect((await rotate('00000000-0000-4000-8000-000000000000', 'both')).status).toBe(404);
    const [row] = await db.sql<{ waiver_key: string; invoice_token: string }[]>`select waiver_key, invoice_token from bookings where id = ${b.id}`;
    expect(row).toEqual({ waiver_key: b.waiver_key, invoice_token: b.invoice_token });
    expect(await db.sql`select 1 from audit_log where entity_id = ${b.id} and action = 'booking.rotate_links'`).toHaveLength(0);
  });
});
