import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';

/**
 * The booking-number prefix is the business's setting (issue 36): saved and checked on the settings
 * screen, used by the next booking at once, and numbers made under the old prefix keep working for
 * tracking and the invoice link.
 */
let db: TestDatabase;
let settings: Handler;
let bookings: Handler;
let track: Handler;
let invoice: Handler;
let cookie: string;

beforeAll(async () => {
  db = await createSeededDatabase();
  // Deposits are taken later here: the booking is placed without a payment page.
  await db.sql`update business_settings set payment_mode = 'pay_later' where id`;
  useAdminEnv(db.url, { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'prefix-')) });
  delete process.env.STRIPE_SECRET_KEY;
  settings = (await import('../../netlify/functions/admin-settings')).default;
  bookings = (await import('../../netlify/functions/bookings')).default;
  track = (await import('../../netlify/functions/track-order')).default;
  invoice = (await import('../../netlify/functions/booking-invoice')).default;
  cookie = (await staffSession(db.sql, 'owner')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

const book = async (email: string, daysAhead: number) => {
  const res = await call(bookings, 'POST', '/api/bookings', {
    items: [{ product: 'sticky-wall', quantity: 1 }],
    event: { date: futureDate(daysAhead), start: '11:00', end: '17:00' },
    customer: { name: 'Pat Prefix', email, phone: '(512) 555-0177' },
    address: { line1: '12 Elm St', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
    acceptTerms: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.bookingNumber as string;
};
const tracked = (bookingNumber: string, email: string) => call(track, 'POST', '/api/track-order', { bookingNumber, email }, { 'x-test-ip': '10.0.0.7' });
const profile = async () => (await adminCall(settings, 'GET', '/api/admin/settings', { cookie })).body.settings.profile;
const saveProfile = (body: unknown) => adminCall(settings, 'PUT', '/api/admin/settings/profile', { cookie, body });

describe('the booking-number prefix', () => {
  let oldNumber: string;

  it('is the seeded business’s own (the demo keeps PF) and shown with the profile', async () => {
    expect((await profile()).bookingPrefix).toBe('PF');
    oldNumber = await book('first.prefix@example.com', 50);
    expect(oldNumber).toMatch(/^PF-[2-9A-HJKMNP-Z]{6}$/);
  });

  it('is refused at the field unless it is 2 to 4 letters, and not another number’s (CK: cake orders)', async () => {
    const current = await profile();
    for (const [value, message] of [
      ['B', /2 to 4 letters/],
      ['B1', /2 to 4 letters/],
      ['BOUNC', /2 to 4 letters/],
      ['CK', /cake orders/],
    ] as const) {
      const res = await saveProfile({ ...current, bookingPrefix: value });
      expect(res.status, value).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(['bookingPrefix']);
      expect(res.body.error.fields.bookingPrefix).toMatch(message);
    }
    expect((await profile()).bookingPrefix).toBe('PF');
  });

  it('gives the next booking the new letters at once; the change is audited and rebuilds the pages that show it', async () => {
    const saved = await saveProfile({ ...(await profile()), bookingPrefix: ' bb ' });
    expect(saved.status).toBe(200);
    expect(saved.body.values.bookingPrefix).toBe('BB');
    const [entry] = await db.sql`select before, after from audit_log where action = 'settings.profile' order by id desc limit 1`;
    expect(entry).toMatchObject({ before: { bookingPrefix: 'PF' }, after: { bookingPrefix: 'BB' } });
    const [build] = await db.sql<{ reason: string }[]>`select reason from site_builds order by id desc limit 1`;
    expect(build!.reason).toMatch(/bookingPrefix/);

    const number = await book('second.prefix@example.com', 51);
    expect(number).toMatch(/^BB-[2-9A-HJKMNP-Z]{6}$/);
    const res = await tracked(number, 'second.prefix@example.com');
    expect(res.status).toBe(200);
    expect(res.body.number).toBe(number);
  });

  it('leaves numbers made under the old prefix working: tracking and the invoice link', async () => {
    const res = await tracked(oldNumber.toLowerCase(), 'first.prefix@example.com');
    expect(res.status).toBe(200);
    expect(res.body.number).toBe(oldNumber);
    const pdf = await invoice(new Request(`http://localhost${res.body.invoiceUrl as string}`), { ip: '127.0.0.1' } as never);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toMatch(/pdf/);
  });
});
