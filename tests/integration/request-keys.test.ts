import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Context } from '@netlify/functions';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { placeBooking } from '../../src/lib/booking/place-booking.server';
import { futureDate, type Handler } from '../support/api';
import { withClockAt } from '../support/clock';
import { wallClockToInstant } from '../../src/lib/time';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { closeAdminConnections, SITE, staffSession, useAdminEnv } from '../support/staff';
import { signaturePng } from '../../src/cli/sample-png';

/**
 * The crew app's queued actions are sent again after a lost connection (issue #26): each carries an
 * Idempotency-Key, and the routes that opt in (`once: true`) make the change once, whatever the
 * repeats, with one audit entry; the repeat gets the first answer back.
 */

let db: TestDatabase;
let bookings: Handler;
let day: Handler;
const cookie = { crew: '', otherCrew: '' };
let counter = 0;

async function place(date = futureDate(150 + counter)) {
  const request = bookingRequest.parse({
    items: [{ product: 'pink-castle-bounce-house', quantity: 1 }],
    event: { date, start: '10:00', end: '16:00' },
    customer: { name: `Key Test ${++counter}`, email: `key-test-${counter}-${Date.now()}@example.com`, phone: '(512) 555-0199' },
    address: { line1: `${counter} Queue Rd`, city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
    acceptTerms: true,
  });
  const booking = await placeBooking(db.sql, request, { now: new Date(), status: 'confirmed', source: 'phone' });
  return booking.id;
}

async function send(handler: Handler, url: string, body: unknown, options: { key?: string | null; cookie?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: SITE, cookie: options.cookie ?? cookie.crew };
  if (options.key !== null) headers['idempotency-key'] = options.key ?? randomUUID();
  const response = await handler(new Request(`${SITE}${url}`, { method: 'POST', headers, body: JSON.stringify(body) }), { ip: '127.0.0.1' } as unknown as Context);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, replayed: response.headers.get('idempotent-replayed') === 'true' };
}

const audits = async (bookingId: string, action: string) =>
  (await db.sql<{ count: number }[]>`select count(*)::int as count from audit_log where entity_id = ${bookingId} and action = ${action}`)[0]!.count;
const payments = async (bookingId: string) => (await db.sql<{ count: number }[]>`select count(*)::int as count from payments where booking_id = ${bookingId} and method = 'cash'`)[0]!.count;

beforeAll(async () => {
  db = await createSeededDatabase();
  useAdminEnv(db.url, { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'request-keys-')) });
  for (const key of ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'SMTP_URL']) delete process.env[key];
  bookings = (await import('../../netlify/functions/admin-bookings')).default;
  day = (await import('../../netlify/functions/admin-day')).default;
  cookie.crew = (await staffSession(db.sql, 'crew')).cookie;
  cookie.otherCrew = (await staffSession(db.sql, 'crew')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

describe('crew changes sent with an Idempotency-Key', () => {
  it('the crew routes that may be sent again say so', async () => {
    const once = [...(bookings as unknown as { once: string[] }).once, ...(day as unknown as { once: string[] }).once];
    expect(once.sort()).toEqual([
      'POST /api/admin/bookings/:id/notes',
      'POST /api/admin/bookings/:id/payments',
      'POST /api/admin/bookings/:id/status',
      'POST /api/admin/day/bookings/:id/payments',
      'POST /api/admin/day/bookings/:id/waivers',
      'POST /api/admin/day/units/:unitId/damage-reports',
    ]);
  });

  it('a payment sent twice with one key is recorded once, audited once, and the repeat gets the first answer', async () => {
    const id = await place();
    const key = randomUUID();
    const first = await send(bookings, `/api/admin/bookings/${id}/payments`, { amountCents: 5000, method: 'cash', note: 'At the door' }, { key });
    expect(first.status).toBe(200);
    expect(first.replayed).toBe(false);
    const again = await send(bookings, `/api/admin/bookings/${id}/payments`, { amountCents: 5000, method: 'cash', note: 'At the door' }, { key });
    expect(again).toEqual({ ...first, replayed: true });
    expect(await payments(id)).toBe(1);
    expect(await audits(id, 'booking.payment')).toBe(1);
    const [stored] = await db.sql<{ response_status: number }[]>`select response_status from staff_request_keys where key = ${key}`;
    expect(stored?.response_status).toBe(200);
  });

  it('the same key with another body, or from another staff member, is refused and changes nothing', async () => {
    const id = await place();
    const key = randomUUID();
    expect((await send(bookings, `/api/admin/bookings/${id}/notes`, { note: 'Gate code 1234' }, { key })).status).toBe(200);
    const otherBody = await send(bookings, `/api/admin/bookings/${id}/notes`, { note: 'Gate code 9999' }, { key });
    expect(otherBody.status).toBe(409);
    expect(otherBody.body.error.fields).toEqual({ 'Idempotency-Key': 'Already used for a different request' });
    const otherStaff = await send(bookings, `/api/admin/bookings/${id}/notes`, { note: 'Gate code 1234' }, { key, cookie: cookie.otherCrew });
    expect(otherStaff.status).toBe(409);
    const otherRoute = await send(bookings, `/api/admin/bookings/${id}/status`, { note: 'Gate code 1234' }, { key });
    expect(otherRoute.status).toBe(409);
    expect(await audits(id, 'booking.note')).toBe(1);
    const [booking] = await db.sql<{ staff_notes: string }[]>`select staff_notes from bookings where id = ${id}`;
    expect(booking!.staff_notes).toContain('Gate code 1234');
    expect(booking!.staff_notes).not.toContain('9999');
  });

  it('two copies of one status move sent at the same moment move it once, and both get the same answer', async () => {
    const date = futureDate(149);
    const id = await place(date);
    const key = randomUUID();
    const url = `/api/admin/bookings/${id}/status`;
    // On the drop-off's morning (the business's clock), when the move may be made; the crew member signs in then too.
    await withClockAt(wallClockToInstant(date, '08:30', 'America/Chicago'), async () => {
      const crew = (await staffSession(db.sql, 'crew')).cookie;
      const [a, b] = await Promise.all([send(bookings, url, { to: 'out_for_delivery' }, { key, cookie: crew }), send(bookings, url, { to: 'out_for_delivery' }, { key, cookie: crew })]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body).toEqual(b.body);
      expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    });
    expect(await audits(id, 'booking.status')).toBe(1);
  });

  it('two copies of one payment sent at the same moment record it once', async () => {
    const id = await place();
    const key = randomUUID();
    const url = `/api/admin/bookings/${id}/payments`;
    const body = { amountCents: 1234, method: 'cash', note: '' };
    const results = await Promise.all([send(bookings, url, body, { key }), send(bookings, url, body, { key }), send(bookings, url, body, { key })]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results[1]!.body).toEqual(results[0]!.body);
    expect(results[2]!.body).toEqual(results[0]!.body);
    expect(results.filter((r) => r.replayed)).toHaveLength(2);
    expect(await payments(id)).toBe(1);
    expect(await audits(id, 'booking.payment')).toBe(1);
  });

  it('a damage report with its photo sent twice is one report', async () => {
    const id = await place();
    const [unit] = await db.sql<{ unit_id: string }[]>`select unit_id from unit_allocations where booking_id = ${id}`;
    const key = randomUUID();
    const url = `/api/admin/day/units/${unit!.unit_id}/damage-reports`;
    const body = { bookingId: id, note: 'Torn seam on the slide', photo: signaturePng() };
    const first = await send(day, url, body, { key });
    expect(first.status).toBe(200);
    const again = await send(day, url, body, { key });
    expect(again.replayed).toBe(true);
    expect(again.body.id).toBe(first.body.id);
    const [reports] = await db.sql<{ count: number }[]>`select count(*)::int as count from damage_reports where booking_id = ${id}`;
    expect(reports!.count).toBe(1);
  });

  it('a refused change keeps no key (nothing was changed to answer for)', async () => {
    const id = await place();
    const key = randomUUID();
    const url = `/api/admin/bookings/${id}/status`;
    // A confirmed booking cannot go back to waiting for its deposit: refused, nothing recorded.
    const refused = await send(bookings, url, { to: 'deposit_due' }, { key });
    expect(refused.status).toBe(409);
    expect((await db.sql`select 1 from staff_request_keys where key = ${key}`).length).toBe(0);
  });

  it('without a key each request is its own; a malformed key is a 400 naming the header', async () => {
    const id = await place();
    expect((await send(bookings, `/api/admin/bookings/${id}/notes`, { note: 'One' }, { key: null })).status).toBe(200);
    expect((await send(bookings, `/api/admin/bookings/${id}/notes`, { note: 'One' }, { key: null })).status).toBe(200);
    expect(await audits(id, 'booking.note')).toBe(2);
    const bad = await send(bookings, `/api/admin/bookings/${id}/notes`, { note: 'Two' }, { key: 'not-a-uuid' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['Idempotency-Key']);
    expect(await audits(id, 'booking.note')).toBe(2);
  });

  it('any header value is answered without a server fault: a UUID is a key, anything else a 400 that changes nothing', async () => {
    const id = await place();
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    // What a client can put in a header (printable ASCII; fetch refuses the rest before sending).
    const printable = fc.string({ unit: 'binary-ascii' }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));
    const headerValue = fc.oneof(printable, fc.uuid(), fc.uuid().map((u) => ` ${u.toUpperCase()} `), fc.constant(''));
    await fc.assert(
      fc.asyncProperty(headerValue, async (value) => {
        const before = await audits(id, 'booking.note');
        const res = await send(bookings, `/api/admin/bookings/${id}/notes`, { note: 'Fuzzed key' }, { key: value });
        const valid = uuid.test(value.trim());
        expect(res.status, `${JSON.stringify(value)} → ${res.status}`).toBe(valid ? 200 : 400);
        expect(await audits(id, 'booking.note')).toBe(valid && !res.replayed ? before + 1 : before);
      }),
      { numRuns: 60 },
    );
  });

  it('housekeeping forgets keys after 30 days', async () => {
    const { forgetOldRequestKeys } = await import('../../src/lib/admin/request-keys.server');
    const id = await place();
    const key = randomUUID();
    expect((await send(bookings, `/api/admin/bookings/${id}/notes`, { note: 'Old' }, { key })).status).toBe(200);
    expect(await forgetOldRequestKeys(db.sql, new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await forgetOldRequestKeys(db.sql, new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThan(0);
    expect((await db.sql`select 1 from staff_request_keys where key = ${key}`).length).toBe(0);
  });
});

