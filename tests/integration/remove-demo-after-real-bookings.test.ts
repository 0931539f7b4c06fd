import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { placeBooking } from '../../src/lib/booking/place-booking.server';
import { demoBookings } from '../../supabase/seed/bookings';
import { demoProducts } from '../../supabase/seed/catalog';
import { futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';

/**
 * "Remove the demo" after the owner has taken a real booking with the demo's catalog (a phone booking of
 * the demo package, in a demo town, with a demo coupon): the demo goes, what the booking uses stays as
 * the owner's, and the site stops being the demo. Its own seeded database: the removal is not undone.
 */
let db: TestDatabase;
let setup: Handler;
let owner: string;

beforeAll(async () => {
  db = await createSeededDatabase();
  useAdminEnv(db.url);
  setup = (await import('../../netlify/functions/admin-setup')).default;
  owner = (await staffSession(db.sql, 'owner')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

const left = async (query: string) => (await db.sql.unsafe(query)).map((r) => Object.values(r)[0]);

describe('remove the demo once a real booking exists', () => {
  it('keeps, as the owner’s, the package with what it holds, the town, the coupon and the customer of the real booking; removes the rest', async () => {
    const pkg = demoProducts.find((p) => p.slug === 'backyard-birthday-package')!;
    const request = bookingRequest.parse({
      ...demoBookings[0]!.request,
      customer: { name: 'Real Customer', email: 'real.customer@example.net', phone: '(512) 555-0100' },
      items: [{ product: pkg.slug, quantity: 1 }],
      coupon: 'WELCOME10',
      event: { date: futureDate(30), ...demoBookings[0]!.request.event },
    });
    const real = await placeBooking(db.sql, request, { now: new Date(), status: 'confirmed', source: 'phone' });
    const [booked] = await db.sql<{ service_area_id: string | null; coupon_id: string | null; items: number }[]>`
      select service_area_id, coupon_id, (select count(*)::int from booking_items where booking_id = b.id) as items from bookings b where id = ${real.id}`;
    expect(booked).toMatchObject({ service_area_id: expect.any(String), coupon_id: expect.any(String) });

    const removed = await adminCall(setup, 'POST', '/api/admin/setup/remove-demo', { cookie: owner, body: { confirm: true } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);

    const kept = [pkg.slug, ...pkg.packageItems.map((i) => i.slug)].sort();
    expect(await left('select slug from products order by slug')).toEqual(kept);
    expect(await left('select count(*)::int from products where demo')).toEqual([0]);
    expect(await left(`select number from bookings`)).toEqual([real.number]);
    // The booking's history is whole: its lines, its town, its coupon.
    const [after] = await db.sql<typeof booked[]>`
      select service_area_id, coupon_id, (select count(*)::int from booking_items where booking_id = b.id) as items from bookings b where id = ${real.id}`;
    expect(after).toEqual(booked);
    expect(await left(`select demo from service_areas where id = '${booked!.service_area_id}'`)).toEqual([false]);
    expect(await left('select count(*)::int from service_areas')).toEqual([1]);
    expect(await left('select code from coupons')).toEqual(['WELCOME10']);
    expect(await left('select email from customers')).toEqual(['real.customer@example.net']);
    expect(await left('select count(*)::int from inventory_units u join products p on p.id = u.product_id where p.demo')).toEqual([0]);

    const [entry] = await db.sql<{ after: { kept: Record<string, number>; bookings: number } }[]>`select after from audit_log where action = 'demo.remove'`;
    expect(entry!.after.kept).toEqual({ customers: 0, serviceAreas: 1, coupons: 1, trucks: 0, products: kept.length });
    expect(entry!.after.bookings).toBe(demoBookings.length);
    const state = (await adminCall(setup, 'GET', '/api/admin/setup', { cookie: owner })).body;
    expect(state.state.isDemo).toBe(false);
    expect(state.demo).toMatchObject({ products: 0, bookings: 0, serviceAreas: 0, coupons: 0, customers: 0, categories: 0, realBookings: 1 });
  });
});
