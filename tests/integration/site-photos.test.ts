import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signaturePng } from '../../src/cli/sample-png';
import { call, futureDate, type Handler } from '../support/api';
import { raiseBookingLimits } from '../support/booking-limits';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';

/**
 * Photos of the setup spot (issue #38) through the real functions on a real database (also through
 * PgBouncer): the new booking's answer carries the key that adds them, the tracking page's booking the
 * same; three a booking and no more, even sent at once; bytes that are not a photo, a wrong key or a
 * closed booking store nothing; staff read them behind their session, from the booking and the day.
 */

let db: TestDatabase;
let dataDir: string;
const fns = {} as Record<'bookings' | 'photos' | 'track' | 'manage' | 'day' | 'adminBookings', Handler>;
let crew = '';

beforeAll(async () => {
  db = await createSeededDatabase();
  await raiseBookingLimits(db.sql);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-photos-'));
  useAdminEnv(db.url, { DATA_DIR: dataDir });
  for (const key of ['STRIPE_SECRET_KEY', 'SMTP_URL', 'BUSINESS_NOTIFY_EMAIL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY']) delete process.env[key];
  fns.bookings = (await import('../../netlify/functions/bookings')).default;
  fns.photos = (await import('../../netlify/functions/site-photos')).default;
  fns.track = (await import('../../netlify/functions/track-order')).default;
  fns.manage = (await import('../../netlify/functions/manage-booking')).default;
  fns.day = (await import('../../netlify/functions/admin-day')).default;
  fns.adminBookings = (await import('../../netlify/functions/admin-bookings')).default;
  crew = (await staffSession(db.sql, 'crew')).cookie;
});
afterAll(async () => {
  // The functions' own pool first: a database dropped under open connections makes PgBouncer warn.
  await closeAdminConnections();
  await db.drop();
});

let n = 0;
const ip = () => ({ 'x-test-ip': `198.51.100.${(++n % 200) + 1}` });
const DATE = futureDate(75);

/** A website booking through the real function (a date of its own: the set is one of a kind): its number, id, e-mail and the photo key it answers with. */
async function book(date = futureDate(80 + n)) {
  const email = `photos-${++n}-${Date.now()}@example.com`;
  const res = await call(
    fns.bookings,
    'POST',
    '/api/bookings',
    {
      items: [{ product: 'table-and-chair-set', quantity: 1 }],
      event: { date, start: '10:00', end: '16:00' },
      customer: { name: 'Photo Tester', email, phone: '(512) 555-0166' },
      address: { line1: `${n} Yard Way`, city: 'Round Rock', state: 'TX', zip: '78664' },
      acceptTerms: true,
    },
    ip(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = await db.sql<{ id: string }[]>`select id from bookings where number = ${res.body.bookingNumber}`;
  return { number: res.body.bookingNumber as string, id: row!.id, email, key: res.body.sitePhotosKey as string };
}

const png = (width: number) => signaturePng(width, 30);
const pdf = `data:image/jpeg;base64,${Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n').toString('base64')}`;
const upload = (b: { number: string; key: string }, photos: unknown[], key = b.key) => call(fns.photos, 'POST', '/api/site-photos', { bookingNumber: b.number, key, photos }, ip());
const rowsOf = async (bookingId: string) => (await db.sql<{ n: number }[]>`select count(*)::int as n from booking_site_photos where booking_id = ${bookingId}`)[0]!.n;
/** The photos stored on the local disk (each beside its `.type` file). */
const filesOf = async (bookingId: string) =>
  (await readdir(path.join(dataDir, 'storage', 'site-photos', bookingId)).catch(() => [] as string[])).filter((f) => !f.endsWith('.type'));

describe('adding photos with the booking’s key', () => {
  it('takes three, refuses a fourth at the field, and shows them to staff', async () => {
    const b = await book(DATE);
    expect(b.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const first = await upload(b, [png(40)]);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({ added: 1, count: 1, max: 3 });
    const more = await upload(b, [png(50), png(60)]);
    expect(more.body).toEqual({ added: 2, count: 3, max: 3 });

    const fourth = await upload(b, [png(70)]);
    expect(fourth.status).toBe(400);
    expect(fourth.body.error.fields).toEqual({ photos: 'This booking has its 3 photos of the setup spot already.' });
    expect([await rowsOf(b.id), (await filesOf(b.id)).length]).toEqual([3, 3]);

    // Audited as the customer's.
    const audit = await db.sql<{ actor_kind: string; actor_email: string }[]>`
      select actor_kind, actor_email from audit_log where entity = 'booking' and entity_id = ${b.id} and action = 'booking.site_photos.add'`;
    expect(audit).toEqual([
      { actor_kind: 'customer', actor_email: b.email },
      { actor_kind: 'customer', actor_email: b.email },
    ]);

    // The booking's Setup spot card and the day's stop: three addresses behind the staff session, in the order added.
    const booking = await adminCall(fns.adminBookings, 'GET', `/api/admin/bookings/${b.id}`, { cookie: crew });
    expect(booking.status, JSON.stringify(booking.body)).toBe(200);
    const photos = booking.body.site.photos as { id: string; url: string }[];
    expect(photos.map((p) => p.url)).toEqual(photos.map((p) => `/api/admin/day/site-photos/${p.id}`));
    const run = await adminCall(fns.day, 'GET', `/api/admin/day?date=${DATE}`, { cookie: crew });
    const stop = run.body.routes.flatMap((r: { stops: { number: string; site: { photos: unknown } }[] }) => r.stops).find((s: { number: string }) => s.number === b.number);
    expect(stop.site.photos).toEqual(photos);

    const served = await adminCall(fns.day, 'GET', photos[0]!.url, { cookie: crew });
    expect([served.status, served.headers.get('content-type'), served.headers.get('cache-control')]).toEqual([200, 'image/png', 'private, no-store']);
    const anonymous = await adminCall(fns.day, 'GET', photos[0]!.url, {});
    expect(anonymous.status).toBe(401);
  });

  it('refuses bytes that are not a photo at their index, and stores nothing of the request', async () => {
    const b = await book();
    const notAPhoto = await upload(b, [pdf]);
    expect(notAPhoto.status).toBe(400);
    expect(notAPhoto.body.error.fields).toEqual({ 'photos.0': 'Choose a JPEG, PNG or WebP photo' });
    const second = await upload(b, [png(40), pdf]);
    expect(second.body.error.fields).toEqual({ 'photos.1': 'Choose a JPEG, PNG or WebP photo' });
    const text = await upload(b, ['hello']);
    expect(text.body.error.fields).toEqual({ 'photos.0': 'Choose a JPEG, PNG or WebP photo' });
    expect([await rowsOf(b.id), await filesOf(b.id)]).toEqual([0, []]);
  });

  it('refuses a wrong key, another booking’s key and a closed booking, storing nothing', async () => {
    const [b, other] = [await book(), await book()];
    const wrong = await upload(b, [png(40)], 'x'.repeat(43));
    expect(wrong.status).toBe(404);
    const others = await upload(b, [png(40)], other.key);
    expect(others.status).toBe(404);
    // The same answer for a number that does not exist.
    const unknown = await upload({ number: `${b.number.split('-')[0]}-ZZZZZZ`, key: b.key }, [png(40)]);
    expect([unknown.status, unknown.body.error.message]).toEqual([404, wrong.body.error.message]);
    await db.sql`update bookings set status = 'completed' where id = ${other.id}`;
    const closed = await upload(other, [png(40)]);
    expect(closed.status).toBe(409);
    expect([await rowsOf(b.id), await rowsOf(other.id), await filesOf(b.id), await filesOf(other.id)]).toEqual([0, 0, [], []]);
  });

  it('counts under the booking’s lock: two requests at once cannot pass three', async () => {
    const b = await book();
    const answers = await Promise.all([upload(b, [png(40), png(41)]), upload(b, [png(42), png(43)])]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(await rowsOf(b.id)).toBe(2);
  });
});

describe('the tracking page', () => {
  it('gives the customer who proved who they are the same key and the count, by e-mail or by the change link', async () => {
    const b = await book();
    await upload(b, [png(40)]);
    const tracked = await call(fns.track, 'POST', '/api/track-order', { bookingNumber: b.number, email: b.email }, ip());
    expect(tracked.body.sitePhotos).toEqual({ key: b.key, count: 1, max: 3 });
    const [row] = await db.sql<{ manage_token: string }[]>`select manage_token from bookings where id = ${b.id}`;
    const manage_token = row!.manage_token;
    const managed = await call(fns.manage, 'POST', '/api/manage-booking', { bookingNumber: b.number, key: manage_token }, ip());
    expect(managed.body.sitePhotos).toEqual({ key: b.key, count: 1, max: 3 });
    // Nothing of the booking's other secrets comes with it.
    expect(JSON.stringify(tracked.body)).not.toContain(manage_token);

    await db.sql`update bookings set status = 'delivered' where id = ${b.id}`;
    const delivered = await call(fns.track, 'POST', '/api/track-order', { bookingNumber: b.number, email: b.email }, ip());
    expect(delivered.body.sitePhotos).toBeNull();
  });
});
