import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequest, type BookingRequestInput } from '../../src/lib/booking/booking-request';
import { placeBooking } from '../../src/lib/booking/place-booking.server';
import { changeBookingStatus } from '../../src/lib/booking/booking-status.server';
import { getBookingView, placedBookingView } from '../../src/lib/booking/booking-view.server';
import { AppError } from '../../src/lib/http/errors';
import { seedDemoBusiness } from '../../supabase/seed/seed';
import { createMigratedDatabase, type TestDatabase } from '../support/database';
import { raiseBookingLimits } from '../support/booking-limits';

// A Saturday well inside the booking horizon of `now`.
const now = new Date('2030-05-01T15:00:00Z');
const request = (overrides: Partial<BookingRequestInput> = {}, email = 'race@example.com'): BookingRequestInput => ({
  items: [{ product: 'big-top-carnival-bounce-house', quantity: 1 }],
  event: { date: '2030-05-18', start: '10:00', end: '16:00' },
  customer: { name: 'Race Tester', email, phone: '512-555-0100' },
  address: { line1: '1 Oak St', city: 'Round Rock', state: 'TX', zip: '78664' },
  acceptTerms: true,
  ...overrides,
});
const place = (input: BookingRequestInput, status: 'hold' | 'deposit_due' = 'deposit_due') =>
  placeBooking(db.sql, bookingRequest.parse(input), { now, status, source: 'web' });

let db: TestDatabase;
beforeAll(async () => {
  db = await createMigratedDatabase();
  await seedDemoBusiness(db.sql, now);
  // This file books many times as one customer from one address to test other things: the owner's
  // limits on one visitor (tested in unpaid-holds.test.ts) are raised, as an owner could.
  await raiseBookingLimits(db.sql);
});
afterAll(() => db.drop());

describe('placing a booking', () => {
  it('50 customers racing for a one-unit product: exactly one wins, 49 get a clear 409', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => place(request({}, `racer${i}@example.com`))),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const r of lost) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).status).toBe(409);
    }
    const [{ n }] = (await db.sql`
      select count(*)::int as n from unit_allocations a join inventory_units u on u.id = a.unit_id
      join products p on p.id = u.product_id
      where p.slug = 'big-top-carnival-bounce-house' and a.released_at is null
        and a.during && tstzrange('2030-05-18', '2030-05-19')`) as unknown as [{ n: number }];
    expect(n).toBe(1);
  });

  it('frees the unit again when the booking is cancelled', async () => {
    const input = request({ event: { date: '2030-05-25', start: '10:00', end: '16:00' } }, 'first@example.com');
    const first = await place(input);
    await expect(place({ ...input, customer: { ...input.customer, email: 'second@example.com' } })).rejects.toMatchObject({ status: 409 });
    await changeBookingStatus(db.sql, first.id, 'cancelled', now);
    await expect(place({ ...input, customer: { ...input.customer, email: 'second@example.com' } })).resolves.toMatchObject({
      status: 'deposit_due',
    });
  });

  it('stores exactly the server-computed totals, with a hold that expires', async () => {
    const placed = await place(request({ event: { date: '2030-06-01', start: '10:00', end: '16:00' }, coupon: 'WELCOME10' }, 'totals@example.com'), 'hold');
    const [row] = await db.sql`select total_cents, deposit_cents, discount_cents, hold_expires_at, status from bookings where id = ${placed.id}`;
    expect(row).toMatchObject({
      total_cents: placed.price.totalCents,
      deposit_cents: placed.price.depositCents,
      discount_cents: placed.price.discountCents,
      status: 'hold',
    });
    expect(placed.price.discountCents).toBeGreaterThan(0);
    expect((row!.hold_expires_at as Date).getTime() - now.getTime()).toBe(30 * 60_000);
  });

  it.each([
    ['an unserved ZIP', { address: { line1: '1 Oak St', city: 'Dallas', state: 'TX', zip: '75201' } }, 'address.zip', /We don’t deliver to 75201/],
    ['an unknown product', { items: [{ product: 'no-such-thing', quantity: 1 }] }, 'items.0.product', /couldn’t find/],
    ['an unknown coupon', { coupon: 'NOPE123' }, 'coupon', /That coupon code can’t be used/],
  ] as const)('rejects %s with a field error and writes nothing', async (_, overrides, field, message) => {
    const before = await db.sql`select count(*)::int as n from bookings`;
    const error = await place(request(overrides as Partial<BookingRequestInput>, 'bad@example.com')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).fields[field]).toMatch(message);
    const after = await db.sql`select count(*)::int as n from bookings`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('stores the language the customer booked in: English when the request names none, refused when unknown', async () => {
    const spanish = await place(request({ event: { date: '2030-06-08', start: '10:00', end: '16:00' }, language: 'es' }, 'es@example.com'));
    const english = await place(request({ event: { date: '2030-06-15', start: '10:00', end: '16:00' } }, 'en@example.com'));
    const rows = await db.sql<{ id: string; language: string }[]>`select id, language from bookings where id in ${db.sql([spanish.id, english.id])}`;
    expect(Object.fromEntries(rows.map((r) => [r.id, r.language]))).toEqual({ [spanish.id]: 'es', [english.id]: 'en' });
    const refused = bookingRequest.safeParse({ ...request(), language: 'fr' });
    expect(refused.success ? [] : refused.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['language', 'Choose English (en) or Spanish (es)']]);
  });

  it('answers with the booking as it reads back: the placed view equals getBookingView', async () => {
    const input = bookingRequest.parse(
      request(
        {
          items: [
            { product: 'table-and-chair-set', quantity: 2 },
            { product: 'rainbow-arch-bounce-house', quantity: 1 },
          ],
          event: { date: '2030-06-08', start: '11:00', end: '17:00' },
          coupon: 'WELCOME10',
          address: { line1: '9 Elm St', line2: 'Gate 4', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass', notes: 'Side gate' },
        },
        'view@example.com',
      ),
    );
    const placed = await placeBooking(db.sql, input, { now, status: 'hold', source: 'web' });
    expect(placedBookingView(placed, input, now)).toEqual(await getBookingView(db.sql, { id: placed.id }));
  });

  it('rejects a date inside the lead time', async () => {
    await expect(place(request({ event: { date: '2030-05-01', start: '18:00', end: '20:00' } }, 'soon@example.com'))).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/notice/),
    });
  });
});
