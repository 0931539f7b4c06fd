import { describe, expect, it } from 'vitest';
import { useDatabaseBefore } from '../support/database-before';

/**
 * `bookings.confirmed_at` dates a booking's QuickBooks invoice. A database from before it learns it
 * from the earliest sign its records keep (a paid deposit, staff's confirmation in the audit log),
 * else, for a booking confirmed now, from when it was placed; a booking never confirmed stays unknown.
 * From then on the database sets it whichever path confirms a booking, and never moves it.
 */
const CONFIRMED_AT = '20261206124000';

describe('the booking confirmation time migration', () => {
  const before = useDatabaseBefore(CONFIRMED_AT);

  it('fills it in from the records for bookings confirmed before, then keeps it whatever confirms or cancels a booking', async () => {
    await before.migrateToBefore();
    const [customer] = await before.db.sql<
      { id: string }[]
    >`insert into customers (name, email, phone) values ('Ann Old', 'ann-old@example.com', '(512) 555-0100') returning id`;
    const book = async (key: string, status: string, createdAt: string) =>
      (
        await before.db.sql<{ id: string }[]>`
        insert into bookings (number, customer_id, status, event_start, event_end, address_line1, address_city, address_state, address_zip,
          subtotal_cents, total_cents, deposit_cents, created_at, updated_at)
        values (${`PF-${key.padEnd(6, '0')}`}, ${customer!.id}, ${status}, '2027-03-01 15:00Z', '2027-03-01 23:00Z', '1 Main St', 'Round Rock', 'TX', '78664',
          10000, 10000, 3000, ${createdAt}, '2026-11-30T12:00:00Z')
        returning id`
      )[0]!.id;
    const pay = (bookingId: string, cents: number, at: string) =>
      before.db
        .sql`insert into payments (booking_id, kind, method, status, amount_cents, created_at) values (${bookingId}, 'deposit', 'cash', 'succeeded', ${cents}, ${at})`;
    // Paid in two parts: confirmed by the second, which covered the deposit.
    const paid = await book('PAID', 'confirmed', '2026-11-01T10:00:00Z');
    await pay(paid, 1000, '2026-11-02T15:00:00Z');
    await pay(paid, 2000, '2026-11-03T15:00:00Z');
    // Confirmed by staff, as the audit log says.
    const staff = await book('STAFF', 'delivered', '2026-11-02T10:00:00Z');
    await before.db.sql`insert into audit_log (action, entity, entity_id, before, after, created_at)
      values ('booking.status', 'booking', ${staff}, ${before.db.sql.json({ status: 'deposit_due' })}, ${before.db.sql.json({ status: 'confirmed' })}, '2026-11-05T09:00:00Z')`;
    // Confirmed with no sign kept (placed so): when it was placed.
    const placed = await book('PLACED', 'completed', '2026-11-04T12:00:00Z');
    // Cancelled after its deposit confirmed it; cancelled before it ever was.
    const cancelled = await book('GONE', 'cancelled', '2026-11-06T10:00:00Z');
    await pay(cancelled, 3000, '2026-11-07T10:00:00Z');
    const neverConfirmed = await book('NEVER', 'cancelled', '2026-11-08T10:00:00Z');
    const waiting = await book('WAIT', 'deposit_due', '2026-11-09T10:00:00Z');

    expect((await before.migrateTheRest()).applied).toContain(CONFIRMED_AT);
    const confirmedAt = async (id: string) =>
      (
        await before.db.sql<{ at: Date | null }[]>`select confirmed_at as at from bookings where id = ${id}`
      )[0]!.at?.toISOString() ?? null;
    expect(await confirmedAt(paid)).toBe('2026-11-03T15:00:00.000Z');
    expect(await confirmedAt(staff)).toBe('2026-11-05T09:00:00.000Z');
    expect(await confirmedAt(placed)).toBe('2026-11-04T12:00:00.000Z');
    expect(await confirmedAt(cancelled)).toBe('2026-11-07T10:00:00.000Z');
    expect(await confirmedAt(neverConfirmed)).toBeNull();
    expect(await confirmedAt(waiting)).toBeNull();

    // From now on: a booking placed confirmed is confirmed when it was placed (place_booking writes created_at) …
    const born = await book('BORN', 'confirmed', '2026-12-01T08:00:00Z');
    expect(await confirmedAt(born)).toBe('2026-12-01T08:00:00.000Z');
    // … one confirmed later by a path that names its time keeps that time …
    await before.db
      .sql`update bookings set status = 'confirmed', confirmed_at = '2026-12-02T08:30:00Z' where id = ${waiting}`;
    expect(await confirmedAt(waiting)).toBe('2026-12-02T08:30:00.000Z');
    // … and neither a later write nor a cancellation moves or clears it.
    await before.db.sql`update bookings set confirmed_at = null, status = 'cancelled' where id = ${waiting}`;
    await before.db.sql`update bookings set confirmed_at = '2026-12-05T00:00:00Z' where id = ${paid}`;
    expect(await confirmedAt(waiting)).toBe('2026-12-02T08:30:00.000Z');
    expect(await confirmedAt(paid)).toBe('2026-11-03T15:00:00.000Z');
  });
});
