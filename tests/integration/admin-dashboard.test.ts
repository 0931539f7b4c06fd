import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDashboard } from '../../src/lib/dashboard/dashboard.server';
import { mailStatus } from '../../src/lib/email/mail-delivery';
import { bookingRequest, type BookingRequestInput } from '../../src/lib/booking/booking-request';
import { changeBookingStatus } from '../../src/lib/booking/booking-status.server';
import { placeBooking } from '../../src/lib/booking/place-booking.server';
import { seedDemoBusiness } from '../../supabase/seed/seed';
import { createMigratedDatabase, type TestDatabase } from '../support/database';

// The dashboard is looked at on Saturday 2030-05-18, 10:00 in Round Rock (America/Chicago).
const placedAt = new Date('2030-05-01T15:00:00Z');
const lookedAt = new Date('2030-05-18T15:00:00Z');
const request = (date: string, product: string, email: string): BookingRequestInput => ({
  items: [{ product, quantity: 1 }],
  event: { date, start: '11:00', end: '17:00' },
  customer: { name: 'Dash Board', email, phone: '512-555-0100' },
  address: { line1: '1 Oak St', city: 'Round Rock', state: 'TX', zip: '78664' },
  acceptTerms: true,
});

let db: TestDatabase;
beforeAll(async () => {
  db = await createMigratedDatabase();
  await seedDemoBusiness(db.sql, placedAt);
});
afterAll(() => db.drop());

describe('the admin dashboard', () => {
  it('lists today’s deliveries with deposits due, and this week’s confirmed events without a waiver', async () => {
    const today = await placeBooking(db.sql, bookingRequest.parse(request('2030-05-18', 'big-top-carnival-bounce-house', 'today@example.com')), {
      now: placedAt,
      status: 'deposit_due',
      source: 'web',
    });
    const later = await placeBooking(db.sql, bookingRequest.parse(request('2030-05-21', 'big-top-carnival-bounce-house', 'later@example.com')), {
      now: placedAt,
      status: 'deposit_due',
      source: 'web',
    });
    await changeBookingStatus(db.sql, later.id, 'confirmed', placedAt);

    const dashboard = await loadDashboard(db.sql, lookedAt, mailStatus('smtp'), 'manager');
    expect(dashboard.today).toBe('2030-05-18');
    const todayRow = dashboard.todayEvents.find((b) => b.id === today.id);
    expect(todayRow).toMatchObject({ number: today.number, customerName: 'Dash Board', status: 'deposit_due', statusLabel: 'Booked: deposit due', city: 'Round Rock' });
    expect(todayRow!.items).toContain('1 × ');
    expect(dashboard.pickups.map((b) => b.id)).toContain(today.id);
    expect(dashboard.depositsDue.map((b) => b.id)).toContain(today.id);
    expect(dashboard.weekEvents.map((b) => b.id)).toContain(later.id);
    expect(dashboard.weekEvents.map((b) => b.id)).not.toContain(today.id);
    expect(dashboard.waiversMissing.map((b) => b.id)).toContain(later.id);
    // A deposit-due booking is not yet confirmed, so its waiver is not chased yet.
    expect(dashboard.waiversMissing.map((b) => b.id)).not.toContain(today.id);

    await db.sql`
      insert into waivers (booking_id, signer_name, signer_email, rules_acknowledged, signature_kind, signature_data, waiver_version, text_sha256)
      values (${later.id}, 'Dash Board', 'later@example.com', '{}', 'typed', 'Dash Board', 'v1', ${'a'.repeat(64)})`;
    expect((await loadDashboard(db.sql, lookedAt, mailStatus('smtp'), 'manager')).waiversMissing.map((b) => b.id)).not.toContain(later.id);
  });

  it('counts new quote requests and cake orders', async () => {
    await db.sql`
      insert into quotes (number, name, email, event_type, event_date, zip)
      values ('Q-DASH-1', 'Quinn Quote', 'quinn.quote@example.com', 'birthday', '2030-06-01', '78664')`;
    const dashboard = await loadDashboard(db.sql, lookedAt, mailStatus('smtp'), 'manager');
    const [{ quotes, cakes }] = (await db.sql`
      select (select count(*)::int from quotes where status = 'new') as quotes,
             (select count(*)::int from cake_orders where status = 'new') as cakes`) as unknown as [{ quotes: number; cakes: number }];
    expect(dashboard.newQuoteCount).toBe(quotes);
    expect(dashboard.newCakeOrderCount).toBe(cakes);
    expect(dashboard.newQuotes.length).toBe(Math.min(5, quotes));
    expect(quotes).toBeGreaterThan(0);
    // Quote requests are a manager's screen: the crew's dashboard names none and counts none.
    const crews = await loadDashboard(db.sql, lookedAt, mailStatus('smtp'), 'crew');
    expect({ quotes: crews.newQuotes, count: crews.newQuoteCount }).toEqual({ quotes: [], count: 0 });
    expect(crews.newCakeOrderCount).toBe(cakes);
  });
});
