import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequest, type BookingRequestInput } from '../../src/lib/booking/booking-request';
import { updateUnit } from '../../src/lib/inventory/inventory-admin.server';
import { placeBooking } from '../../src/lib/booking/place-booking.server';
import { AppError } from '../../src/lib/http/errors';
import { seedDemoBusiness } from '../../supabase/seed/seed';
import { createMigratedDatabase, type TestDatabase } from '../support/database';
import { raiseBookingLimits } from '../support/booking-limits';

/**
 * Bookings wait for each other only when they want the same unit at overlapping times. Each test
 * holds a real booking open half-way: the test locks the coupon row the booking uses, and the
 * booking, which counts the coupon's use after taking its units, stops there with its units taken
 * and not committed, for as long as the test likes.
 */
const now = new Date('2030-05-01T15:00:00Z');
let db: TestDatabase;
let customers = 0;

// Each booking is a customer of its own (e-mail and phone), as the owner's per-contact limits expect.
const nextCustomer = (n = customers++) => ({ name: 'Parallel Tester', email: `parallel${n}@example.com`, phone: `512-555-${String(n % 10_000).padStart(4, '0')}` });
const request = (product: string, date: string, extra: Partial<BookingRequestInput> = {}): BookingRequestInput => ({
  items: [{ product, quantity: 1 }],
  event: { date, start: '10:00', end: '16:00' },
  customer: nextCustomer(),
  address: { line1: '1 Oak St', city: 'Round Rock', state: 'TX', zip: '78664' },
  acceptTerms: true,
  ...extra,
});
const place = (input: BookingRequestInput) => placeBooking(db.sql, bookingRequest.parse(input), { now, status: 'deposit_due', source: 'web' });

/** A promise that remembers whether it has settled, without swallowing its outcome. */
function track<T>(promise: Promise<T>) {
  const state = { settled: false, promise };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

/** Fails instead of hanging when `promise` is still waiting after `ms` (on a busy machine, generously). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Until a session waits for a lock that session `blocker` (a backend pid) holds; that session's pid.
 * By who blocks whom, not by the SQL text: a booking's writes are one database function call.
 */
async function waitUntilBlockedBy(blocker: number, what: string): Promise<number> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await db.sql<{ pid: number }[]>`
      select pid from pg_stat_activity where datname = current_database() and ${blocker}::int = any(pg_blocking_pids(pid)) limit 1`;
    if (row) return row.pid;
    if (Date.now() > deadline) throw new Error(`${what} never started waiting`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Locks the coupon's row until `release`; `beforeRelease` runs in that transaction (to change the coupon). */
async function lockCoupon(code: string) {
  let release!: (change?: string) => void;
  const released = new Promise<string | undefined>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  let pid!: number;
  const transaction = db.sql.begin(async (tx) => {
    // `no key update`, as the booking's own count of the use does: a plain `for update` would also stop
    // the booking's insert, whose foreign key to the coupon takes a key-share lock on it.
    const [row] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid from coupons where code = ${code} for no key update`;
    pid = row!.pid;
    locked();
    if ((await released) === 'use up') await tx`update coupons set usage_limit = times_used where code = ${code}`;
  });
  await isLocked;
  // A failed test must not leave the coupon locked for the next one.
  stillLocked.push(() => release());
  return {
    /** The backend holding the lock. */
    pid,
    /** Commits; 'use up' first sets the coupon's usage limit to its uses, so the held booking fails. */
    release: async (change?: 'use up') => {
      release(change);
      await transaction;
    },
  };
}
const stillLocked: (() => void)[] = [];
afterEach(() => {
  for (const release of stillLocked.splice(0)) release();
});

/** A booking with the coupon, stopped after taking its units. */
async function holdOpen(product: string, date: string) {
  const coupon = await lockCoupon('WELCOME10');
  const held = track(place(request(product, date, { coupon: 'WELCOME10' })));
  const pid = await Promise.race([
    waitUntilBlockedBy(coupon.pid, 'the held booking'),
    held.promise.then(() => Promise.reject(new Error('the held booking completed instead of stopping at its coupon'))),
  ]);
  return { held, pid, release: coupon.release };
}

const activeAllocations = async (product: string, date: string) =>
  (await db.sql`
    select u.label, b.id as booking_id from unit_allocations a join inventory_units u on u.id = a.unit_id
    join products p on p.id = u.product_id join bookings b on b.id = a.booking_id
    where p.slug = ${product} and a.released_at is null and a.during && tstzrange(${date}::date, ${date}::date + 1)
    order by u.label`) as unknown as { label: string; booking_id: string }[];

beforeAll(async () => {
  db = await createMigratedDatabase();
  await seedDemoBusiness(db.sql, now);
  // This file books many times as one customer from one address to test other things: the owner's
  // limits on one visitor (tested in unpaid-holds.test.ts) are raised, as an owner could.
  await raiseBookingLimits(db.sql);
  // A booking that releases an unpaid one stores the customer's e-mail about it, with the site's address.
  Object.assign(process.env, { DATABASE_URL: db.url, SITE_URL: 'http://localhost:4321' });
});
afterAll(() => db.drop());

describe('bookings in parallel', () => {
  it('a booking held open does not hold up another date of the same one-unit product; an overlapping one waits, then gets the 409', async () => {
    const { held, pid, release } = await holdOpen('big-top-carnival-bounce-house', '2030-06-01');

    const otherDate = await within(place(request('big-top-carnival-bounce-house', '2030-06-08')), 10_000, 'the booking for another date');
    expect(otherDate.status).toBe('deposit_due');
    expect(held.settled).toBe(false);

    const overlapping = track(place(request('big-top-carnival-bounce-house', '2030-06-01', { event: { date: '2030-06-01', start: '15:00', end: '19:00' } })));
    await waitUntilBlockedBy(pid, 'the overlapping booking');
    expect(overlapping.settled).toBe(false);

    await release();
    await expect(held.promise).resolves.toMatchObject({ status: 'deposit_due' });
    const refused = await overlapping.promise.catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(409);
    expect(await activeAllocations('big-top-carnival-bounce-house', '2030-06-01')).toEqual([{ label: 'BH-BIGTOP-1', booking_id: (await held.promise).id }]);
  });

  it('two bookings for the same time of a product with units to spare get one unit each, neither waiting', async () => {
    const { held, release } = await holdOpen('rainbow-arch-bounce-house', '2030-06-15');
    const second = await within(place(request('rainbow-arch-bounce-house', '2030-06-15')), 10_000, 'the second booking');
    expect(held.settled).toBe(false);
    await release();
    const first = await held.promise;
    expect(await activeAllocations('rainbow-arch-bounce-house', '2030-06-15')).toEqual(
      expect.arrayContaining([
        { label: expect.any(String), booking_id: first.id },
        { label: expect.any(String), booking_id: second.id },
      ]),
    );
    expect(new Set((await activeAllocations('rainbow-arch-bounce-house', '2030-06-15')).map((a) => a.label)).size).toBe(2);
  });

  it('a booking waiting for a unit gets it when the booking holding it fails and rolls back', async () => {
    const { held, pid, release } = await holdOpen('sticky-wall', '2030-06-22');
    const waiting = track(place(request('sticky-wall', '2030-06-22')));
    await waitUntilBlockedBy(pid, 'the waiting booking');
    await release('use up');
    await expect(held.promise).rejects.toMatchObject({ status: 400, fields: { coupon: expect.stringMatching(/usage limit/) } });
    const placed = await waiting.promise;
    expect(await activeAllocations('sticky-wall', '2030-06-22')).toEqual([{ label: 'GM-STICKY-1', booking_id: placed.id }]);
    await db.sql`update coupons set usage_limit = null where code = 'WELCOME10'`;
  });

  it('staff taking a unit out of service wait for a booking that is taking it, and then see that booking on it', async () => {
    const { held, pid, release } = await holdOpen('double-slide-mega-combo', '2030-06-29');
    const [unit] = await db.sql`select u.id from inventory_units u join products p on p.id = u.product_id where p.slug = 'double-slide-mega-combo'`;
    const change = track(db.sql.begin((tx) => updateUnit(tx, unit!.id as string, { status: 'maintenance' }, 'manager', now)));
    await waitUntilBlockedBy(pid, 'the unit change');
    expect(change.settled).toBe(false);
    await release();
    await held.promise;
    await expect(change.promise).resolves.toMatchObject({ after: { status: 'maintenance', upcomingBookings: 1 } });
    await db.sql`update inventory_units set status = 'available' where id = ${unit!.id}`;
  });

  it('a unit taken out of service while a booking is choosing it is not booked: 409', async () => {
    const [unit] = await db.sql`select u.id from inventory_units u join products p on p.id = u.product_id where p.slug = 'tidal-drop-27-ft-water-slide'`;
    // Staff have set it to maintenance and not committed yet: the booking still reads it as available.
    let commit!: () => void;
    const committed = new Promise<void>((r) => (commit = r));
    let changed!: () => void;
    const isChanged = new Promise<void>((r) => (changed = r));
    let staffPid!: number;
    const staff = db.sql.begin(async (tx) => {
      const [row] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid from inventory_units where id = ${unit!.id} for update`;
      staffPid = row!.pid;
      await tx`update inventory_units set status = 'maintenance' where id = ${unit!.id}`;
      changed();
      await committed;
    });
    stillLocked.push(commit);
    await isChanged;
    const booking = track(place(request('tidal-drop-27-ft-water-slide', '2030-07-06')));
    await waitUntilBlockedBy(staffPid, 'the booking');
    commit();
    await staff;
    await expect(booking.promise).rejects.toMatchObject({ status: 409 });
    expect(await activeAllocations('tidal-drop-27-ft-water-slide', '2030-07-06')).toEqual([]);
  });

  it('the next booking gives back the unit of a hold whose payment window has passed, all of it at once', async () => {
    const input = request('double-slide-mega-combo', '2030-07-13');
    const hold = await placeBooking(db.sql, bookingRequest.parse(input), { now, status: 'hold', source: 'web' });
    await expect(place(request('double-slide-mega-combo', '2030-07-13'))).rejects.toMatchObject({ status: 409 });

    const later = new Date(hold.holdExpiresAt!.getTime() + 1_000);
    const next = await placeBooking(db.sql, bookingRequest.parse(request('double-slide-mega-combo', '2030-07-13')), { now: later, status: 'deposit_due', source: 'web' });
    const [expired] = await db.sql`
      select b.status, b.hold_expires_at, bool_and(a.released_at = ${later}) as all_released
      from bookings b join unit_allocations a on a.booking_id = b.id where b.id = ${hold.id} group by b.id`;
    expect(expired).toEqual({ status: 'expired', hold_expires_at: null, all_released: true });
    expect(await activeAllocations('double-slide-mega-combo', '2030-07-13')).toEqual([{ label: 'CO-MEGA-1', booking_id: next.id }]);
  });

  it('50 bookings of a one-unit product for 50 different dates, all at once: every one is placed', async () => {
    const dates = Array.from({ length: 50 }, (_, i) => new Date(Date.UTC(2030, 6, 1 + i)).toISOString().slice(0, 10));
    const results = await Promise.allSettled(dates.map((date) => place(request('bungee-run', date))));
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as unknown)).toEqual([]);
    const [row] = await db.sql`
      select count(distinct a.booking_id)::int as n from unit_allocations a join inventory_units u on u.id = a.unit_id
      join products p on p.id = u.product_id where p.slug = 'bungee-run' and a.released_at is null`;
    expect(row!.n).toBe(50);
  });

  it('200 customers racing for one unit: 1 winner, 199 clear 409s, no double booking', async () => {
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => place(request('mega-75-ft-obstacle-challenge', '2030-09-07'))));
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(results.length - lost.length).toBe(1);
    expect(lost.map((r) => (r.reason as AppError).status)).toEqual(Array(199).fill(409));
    expect(await activeAllocations('mega-75-ft-obstacle-challenge', '2030-09-07')).toHaveLength(1);
  });

  it('packages, single items and quantity 2 racing for shared units: every unit used once, and only a full set makes a booking', async () => {
    // backyard-birthday-package = a pink castle (3 units), 2 table sets (4 units) and a popcorn machine (2 units).
    const date = '2030-09-14';
    const carts: BookingRequestInput['items'][] = [
      ...Array.from({ length: 10 }, () => [{ product: 'backyard-birthday-package', quantity: 1 }]),
      ...Array.from({ length: 10 }, () => [{ product: 'popcorn-machine', quantity: 1 }]),
      ...Array.from({ length: 10 }, () => [{ product: 'table-and-chair-set', quantity: 2 }]),
      ...Array.from({ length: 10 }, () => [
        { product: 'pink-castle-bounce-house', quantity: 1 },
        { product: 'popcorn-machine', quantity: 1 },
      ]),
    ];
    const results = await Promise.allSettled(carts.map((items) => place(request('unused', date, { items }))));
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).status).toBe(409);

    const [{ doubles }] = (await db.sql`
      select count(*)::int as doubles from unit_allocations a join unit_allocations b
        on a.unit_id = b.unit_id and a.id < b.id and a.during && b.during
      where a.released_at is null and b.released_at is null`) as unknown as [{ doubles: number }];
    expect(doubles).toBe(0);
    // Every placed booking holds exactly the units its cart needs, no fewer (no half-allocated booking).
    const needs: Record<string, Record<string, number>> = {
      'backyard-birthday-package': { 'pink-castle-bounce-house': 1, 'table-and-chair-set': 2, 'popcorn-machine': 1 },
      'popcorn-machine': { 'popcorn-machine': 1 },
      'table-and-chair-set': { 'table-and-chair-set': 1 },
      'pink-castle-bounce-house': { 'pink-castle-bounce-house': 1 },
    };
    const placed = results.flatMap((r, i) => (r.status === 'fulfilled' ? [{ id: r.value.id, items: carts[i]! }] : []));
    for (const booking of placed) {
      const held = await db.sql`
        select p.slug, count(*)::int as n from unit_allocations a join inventory_units u on u.id = a.unit_id
        join products p on p.id = u.product_id where a.booking_id = ${booking.id} and a.released_at is null group by p.slug`;
      const expected: Record<string, number> = {};
      for (const item of booking.items) {
        for (const [slug, n] of Object.entries(needs[item.product]!)) expected[slug] = (expected[slug] ?? 0) + n * item.quantity;
      }
      expect(Object.fromEntries(held.map((h) => [h.slug, h.n]))).toEqual(expected);
    }
    // Popcorn machines are the scarcest: both go, to two bookings that wanted one.
    expect(await activeAllocations('popcorn-machine', date)).toHaveLength(2);
  });
});
