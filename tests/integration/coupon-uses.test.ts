import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';

/**
 * A coupon's uses are the bookings that used it: one that lapses unpaid gives its use back, so a
 * one-use code left on an abandoned checkout can still be used, by the next customer or by the same
 * one trying again. A cancelled booking keeps its use. Through the real handlers.
 */

let db: TestDatabase;
let h: Record<'bookings' | 'manager', Handler>;
let manager: string;
let ipCounter = 0;
let customerCounter = 0;

const book = (date: string, coupon: string) => {
  const n = ++customerCounter;
  return call(
    h.bookings,
    'POST',
    '/api/bookings',
    {
      items: [{ product: 'big-top-carnival-bounce-house', quantity: 1 }],
      event: { date, start: '10:00', end: '16:00' },
      customer: { name: 'Pat Doe', email: `coupon${n}@example.com`, phone: `512-555-${String(2000 + n).padStart(4, '0')}` },
      address: { line1: '5 Pine St', city: 'Round Rock', state: 'TX', zip: '78664' },
      acceptTerms: true,
      coupon,
    },
    { 'x-test-ip': `198.51.100.${++ipCounter}` },
  );
};
const timesUsed = async (code: string) => (await db.sql<{ times_used: number }[]>`select times_used from coupons where code = ${code}`)[0]!.times_used;
const bookingId = async (number: string) => (await db.sql<{ id: string }[]>`select id from bookings where number = ${number}`)[0]!.id;

beforeAll(async () => {
  db = await createSeededDatabase();
  delete process.env.SMTP_URL;
  useAdminEnv(db.url);
  h = {
    bookings: (await import('../../netlify/functions/bookings')).default,
    manager: (await import('../../netlify/functions/admin-bookings')).default as Handler,
  };
  manager = (await staffSession(db.sql, 'manager')).cookie;
  await db.sql`update business_settings set payment_mode = 'pay_later'`;
  await db.sql`
    insert into coupons (code, description, kind, percent_off, usage_limit, minimum_order_cents, active)
    values ('ONCEONLY', 'One use', 'percent', 10, 1, 0, true), ('TWICE', 'Two uses', 'percent', 10, 2, 0, true)`;
}, 120_000);

afterAll(async () => {
  await closeAdminConnections();
  await db?.drop();
});

describe('coupon uses', () => {
  it('gives the use back when the booking that took it expires unpaid', async () => {
    const first = await book(futureDate(40), 'ONCEONLY');
    expect(first.status).toBe(201);
    expect(await timesUsed('ONCEONLY')).toBe(1);
    expect((await book(futureDate(41), 'ONCEONLY')).status).toBe(400);

    // The customer never paid: the scheduled run releases the booking after its deadline.
    const { releaseExpiredHolds } = await import('../../src/lib/booking/holds.server');
    const released = await releaseExpiredHolds(db.sql, new Date(Date.now() + 10 * 86_400_000));
    expect(released.map((r) => r.number)).toContain((first.body as { bookingNumber: string }).bookingNumber);
    expect(await timesUsed('ONCEONLY')).toBe(0);

    const again = await book(futureDate(42), 'ONCEONLY');
    expect(again.status).toBe(201);
    expect(await timesUsed('ONCEONLY')).toBe(1);
  });

  it('gives it back when staff mark the booking expired, and keeps it for a cancelled one', async () => {
    const a = await book(futureDate(50), 'TWICE');
    const b = await book(futureDate(51), 'TWICE');
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await timesUsed('TWICE')).toBe(2);
    const number = (r: typeof a) => (r.body as { bookingNumber: string }).bookingNumber;

    const expire = await adminCall(h.manager, 'POST', `/api/admin/bookings/${await bookingId(number(a))}/status`, { cookie: manager, body: { to: 'expired' } });
    expect(expire.status).toBe(200);
    expect(await timesUsed('TWICE')).toBe(1);

    const cancel = await adminCall(h.manager, 'POST', `/api/admin/bookings/${await bookingId(number(b))}/status`, { cookie: manager, body: { to: 'cancelled', reason: 'Customer changed plans' } });
    expect(cancel.status).toBe(200);
    expect(await timesUsed('TWICE')).toBe(1);
  });
});
