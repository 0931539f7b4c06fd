import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCategory, saveProduct, saveUnit } from '../../src/lib/catalog/catalog.server';
import { saveServiceArea } from '../../src/lib/locations/service-areas.server';
import { saveCoupon } from '../../src/lib/pricing/coupons.server';
import { getSettings } from '../../src/lib/business/settings.server';
import { setupForBuild, writeStartingSettings } from '../../src/lib/setup/index.server';
import { changesSection } from '../../src/lib/settings';
import { demoBookings, demoCoupons } from '../../supabase/seed/bookings';
import { demoCategories, demoProducts } from '../../supabase/seed/catalog';
import { demoServiceAreas } from '../../supabase/seed/service-areas';
import { futureDate, type Handler } from '../support/api';
import { createSeededDatabase, createEmptyDatabase, createMigratedDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';

/**
 * The first-run setup and "Remove the demo", through the admin function as the browser calls it:
 * owners only, each step saved and audited with errors at the field, resumed at the first step not
 * saved; the demo removed exactly (the owner's own rows stay; remove-demo-after-real-bookings.test has
 * what real bookings keep).
 */
let db: TestDatabase;
let setup: Handler;
let owner: string;
let manager: string;
let crew: string;

beforeAll(async () => {
  db = await createSeededDatabase();
  useAdminEnv(db.url);
  setup = (await import('../../netlify/functions/admin-setup')).default;
  owner = (await staffSession(db.sql, 'owner')).cookie;
  manager = (await staffSession(db.sql, 'manager')).cookie;
  crew = (await staffSession(db.sql, 'crew')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

const get = (cookie = owner) => adminCall(setup, 'GET', '/api/admin/setup', { cookie });
const put = (step: string, body: unknown, cookie = owner) => adminCall(setup, 'PUT', `/api/admin/setup/${step}`, { cookie, body });
const post = (action: string, body: unknown = {}, cookie = owner) => adminCall(setup, 'POST', `/api/admin/setup/${action}`, { cookie, body });
const audits = async (action: string) => db.sql<{ before: unknown; after: Record<string, unknown> }[]>`select before, after from audit_log where action = ${action} order by id`;
const rebuilds = async () => (await db.sql<{ reason: string }[]>`select reason from site_builds order by id`).map((r) => r.reason);

const ohio = {
  business: { businessName: 'Buckeye Bounce Co.', tagline: 'Bounce houses for central Ohio', phone: '(614) 555-0199', email: 'hello@buckeye-bounce.example', bookingPrefix: 'BB', offerSpanish: true },
  address: { addressLine1: '100 N High St', addressCity: 'Columbus', addressState: 'OH', addressZip: '43215', timezone: 'America/New_York' },
  brand: { brandColor: '#1D4ED8' },
  warehouse: { warehouseLine1: '200 Warehouse Way', warehouseCity: 'Columbus', warehouseState: 'OH', warehouseZip: '43215' },
  tax: { taxRatePercent: 7.5, taxDeliveryFee: false, taxDamageWaiver: false },
  policies: { depositMode: 'percent', depositPercent: 25, depositFlatCents: 5000, depositMinimumCents: 2500, balanceDueDaysBefore: 0, cancellationRefundDays: 14, damageWaiver: 'optional', damageWaiverPercent: 8.5 },
  hours: { officeHours: { mon: { open: '08:00', close: '18:00' }, tue: { open: '08:00', close: '18:00' }, wed: null, thu: { open: '08:00', close: '18:00' }, fri: { open: '08:00', close: '20:00' }, sat: { open: '09:00', close: '17:00' }, sun: null } },
  payments: { paymentMode: 'pay_later' },
};

describe('first-run setup', () => {
  it('is the owner’s alone: managers and crew are refused the wizard and every step', async () => {
    for (const cookie of [manager, crew]) {
      expect((await get(cookie)).status).toBe(403);
      expect((await put('business', ohio.business, cookie)).status).toBe(403);
      expect((await post('finish', {}, cookie)).status).toBe(403);
      expect((await post('remove-demo', { confirm: true }, cookie)).status).toBe(403);
    }
    expect(await audits('demo.remove')).toHaveLength(0);
  });

  it('treats the seeded demo as not set up: it opens at the first step, with the demo’s values and counts', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body.state).toMatchObject({ done: [], completedAt: null, resumeAt: 'business', isDemo: true });
    expect(res.body.values.business.businessName).toBe('Pink Flamingo Party Rentals');
    // The time zone is asked, not taken from the demo (Central) for a business that may be elsewhere.
    expect(res.body.values.address).toMatchObject({ addressCity: 'Round Rock', timezone: '' });
    expect(res.body.demo).toMatchObject({ products: demoProducts.length, categories: demoCategories.length, serviceAreas: demoServiceAreas.length, coupons: demoCoupons.length, bookings: demoBookings.length, realBookings: 0 });
  });

  it('refuses bad values with 400 at the field and saves nothing, not even the step', async () => {
    const bad = await put('address', { ...ohio.address, addressZip: '4321', addressState: 'Ohio', timezone: 'Europe/Paris' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ addressZip: 'Enter a 5-digit ZIP code', addressState: 'Use the 2-letter state code', timezone: 'Choose the time zone' });
    const tax = await put('tax', { ...ohio.tax, taxRatePercent: 25, taxDeliveryFee: 'yes' });
    expect(tax.status).toBe(400);
    expect(tax.body.error.fields).toMatchObject({ taxRatePercent: 'At most 20 percent', taxDeliveryFee: 'Choose whether the delivery charge is taxed' });
    const hours = await put('hours', { officeHours: { ...ohio.hours.officeHours, mon: { open: '18:00', close: '08:00' } } });
    expect(hours.status).toBe(400);
    expect(hours.body.error.fields).toMatchObject({ 'officeHours.mon.close': 'Closing time must be after opening time' });
    // "Next" with the zone still unchosen is refused at it.
    const noZone = await put('address', { ...ohio.address, timezone: '' });
    expect(noZone.status).toBe(400);
    expect(noZone.body.error.fields).toEqual({ timezone: 'Choose the time zone' });
    // A zone the state does not keep is refused at it, the state named.
    const texasOnEastern = await put('address', { ...ohio.address, addressState: 'TX', timezone: 'America/New_York' });
    expect(texasOnEastern.status).toBe(400);
    expect(texasOnEastern.body.error.fields).toEqual({ timezone: 'Texas uses Central or Mountain time: choose one of those.' });
    const ohioOnCentral = await put('address', { ...ohio.address, timezone: 'America/Chicago' });
    expect(ohioOnCentral.body.error.fields).toEqual({ timezone: 'Ohio uses Eastern time: choose Eastern (New York), Eastern (Detroit), Eastern (Indianapolis) or Eastern (Louisville).' });
    expect((await put('nonsense', {})).status).toBe(404);
    expect((await get()).body.state.done).toEqual([]);
    expect((await getSettings(db.sql)).addressCity).toBe('Round Rock');
  });

  it('saves a step on Next, audited, and resumes at the first step not saved', async () => {
    // The booking-number prefix (proposed from the name in the wizard) is checked at its field.
    const badPrefix = await put('business', { ...ohio.business, bookingPrefix: 'B4' });
    expect(badPrefix.status).toBe(400);
    expect(badPrefix.body.error.fields).toEqual({ bookingPrefix: 'Use 2 to 4 letters A–Z, like BB' });
    expect((await get()).body.state.done).toEqual([]);
    const saved = await put('business', ohio.business);
    expect(saved.status).toBe(200);
    expect(saved.body.state.resumeAt).toBe('address');
    const [entry] = await audits('setup.business');
    expect(entry).toMatchObject({ before: { businessName: 'Pink Flamingo Party Rentals', bookingPrefix: 'PF' }, after: { businessName: 'Buckeye Bounce Co.', bookingPrefix: 'BB' } });
    expect((await getSettings(db.sql)).bookingPrefix).toBe('BB');
    expect((await rebuilds()).at(-1)).toMatch(/Business name and contact/);

    // Steps may be saved out of order; the wizard still resumes at the first gap.
    expect((await put('warehouse', ohio.warehouse)).status).toBe(200);
    const state = (await get()).body.state;
    expect(state).toMatchObject({ done: ['business', 'warehouse'], resumeAt: 'address' });
    // A step can be revisited and saved again.
    expect((await put('business', { ...ohio.business, tagline: 'Party rentals in Columbus' })).status).toBe(200);
    expect((await get()).body.values.business.tagline).toBe('Party rentals in Columbus');
    expect((await getSettings(db.sql)).warehouseCity).toBe('Columbus');
  });

  it('asks whether to offer the site in Spanish, and keeps the answer (no /es pages are built when it is no)', async () => {
    expect((await put('business', { ...ohio.business, offerSpanish: false })).status).toBe(200);
    expect((await get()).body.values.business.offerSpanish).toBe(false);
    expect((await getSettings(db.sql)).offerSpanish).toBe(false);
    const bad = await put('business', { ...ohio.business, offerSpanish: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('offerSpanish');
    expect((await put('business', ohio.business)).status).toBe(200);
    expect((await getSettings(db.sql)).offerSpanish).toBe(true);
  });

  it('saves the brand colour, the tax flags and rate, the deposit and the cancellation days', async () => {
    const session = (await import('../../netlify/functions/admin-session')).default;
    expect((await adminCall(session, 'GET', '/api/admin/session', { cookie: owner })).body.timeZone).toBe('America/Chicago');
    expect((await put('address', ohio.address)).status).toBe(200);
    // The admin's clock follows the saved zone at once (the pages' baked copy waits for a rebuild).
    expect((await adminCall(session, 'GET', '/api/admin/session', { cookie: owner })).body.timeZone).toBe('America/New_York');
    // Once saved, the step shows the zone chosen.
    expect((await get()).body.values.address.timezone).toBe('America/New_York');
    expect((await put('brand', ohio.brand)).status).toBe(200);
    expect((await put('tax', ohio.tax)).status).toBe(200);
    // The damage waiver is asked here: offered needs its percent, at the field.
    const noPercent = await put('policies', { ...ohio.policies, damageWaiverPercent: 0 });
    expect(noPercent.status).toBe(400);
    expect(noPercent.body.error.fields).toEqual({ damageWaiverPercent: 'Enter the percentage, or choose no damage waiver' });
    expect((await put('policies', { ...ohio.policies, damageWaiver: 'maybe' })).body.error.fields).toHaveProperty('damageWaiver');
    expect((await put('policies', ohio.policies)).status).toBe(200);
    expect(await getSettings(db.sql)).toMatchObject({ damageWaiverPercent: 8.5, damageWaiverOptional: true });
    expect((await get()).body.values.policies).toMatchObject({ damageWaiver: 'optional', damageWaiverPercent: 8.5 });
    // None is saved as 0 % whatever the box held: the site then names no waiver (damageWaiverOffered).
    expect((await put('policies', { ...ohio.policies, damageWaiver: 'none', damageWaiverPercent: 8.5 })).status).toBe(200);
    expect(await getSettings(db.sql)).toMatchObject({ damageWaiverPercent: 0, damageWaiverOptional: true });
    expect((await get()).body.values.policies.damageWaiver).toBe('none');
    expect((await put('policies', { ...ohio.policies, damageWaiver: 'required', damageWaiverPercent: 12 })).status).toBe(200);
    expect(await getSettings(db.sql)).toMatchObject({ damageWaiverPercent: 12, damageWaiverOptional: false });
    expect((await get()).body.values.policies.damageWaiver).toBe('required');
    // A full refund only up to a day before, shorter than the credit limit (48 hours): that limit comes down with
    // it, so Settings → Changes, which keeps it within the refund limit, can still be saved as it is.
    expect((await put('policies', { ...ohio.policies, damageWaiver: 'required', damageWaiverPercent: 12, cancellationRefundDays: 1 })).status).toBe(200);
    const shortRefund = await getSettings(db.sql);
    expect({ refundDays: shortRefund.cancellationRefundDays, creditHours: shortRefund.cancellationCreditHours }).toEqual({ refundDays: 1, creditHours: 24 });
    expect(changesSection.safeParse(shortRefund).success).toBe(true);
    const [lowered] = await db.sql<{ after: Record<string, unknown> }[]>`select after from audit_log where action = 'setup.policies' order by id desc limit 1`;
    expect(lowered!.after).toMatchObject({ cancellationRefundDays: 1, cancellationCreditHours: 24 });
    expect((await put('policies', { ...ohio.policies, damageWaiver: 'required', damageWaiverPercent: 12 })).status).toBe(200);
    expect((await getSettings(db.sql)).cancellationCreditHours).toBe(24);
    const settings = await getSettings(db.sql);
    expect(settings).toMatchObject({ brandColor: '#1d4ed8', timezone: 'America/New_York', taxDeliveryFee: false, taxDamageWaiver: false, depositPercent: 25, depositMinimumCents: 2500 });
    const { values } = (await get()).body;
    expect(values.tax.taxRatePercent).toBe(7.5);
    expect(values.policies.cancellationRefundDays).toBe(14);
    // The demo's areas keep their own rate (they go with the demo).
    const [area] = await db.sql<{ tax_rate_bps: number }[]>`select tax_rate_bps from service_areas where demo limit 1`;
    expect(area!.tax_rate_bps).not.toBe(750);
    // The build reads the policy from the settings (the cancellation policy page's summary).
    expect((await getSettings(db.sql)).cancellationRefundDays).toBe(14);
  });

  it('will not finish before every step is saved', async () => {
    const early = await post('finish');
    expect(early.status).toBe(409);
    expect(early.body.error.message).toMatch(/Service area.*Opening hours.*Payment mode/);
    expect((await get()).body.state.completedAt).toBeNull();
  });
});

describe('remove the demo', () => {
  let ownerProductId: string;

  beforeAll(async () => {
    // The owner's own rows, made before the removal: a category with a product, a product in a demo
    // category (that category becomes the owner's), a service area and a coupon.
    const [category] = demoCategories;
    await saveCategory(db.sql, { ...category!, slug: 'owner-inflatables', name: 'Owner inflatables' });
    const { units, ...template } = demoProducts.find((p) => p.packageItems.length === 0 && p.units.length > 0)!;
    ownerProductId = await saveProduct(db.sql, { ...template, slug: 'owner-castle', name: 'Owner castle', categorySlug: 'owner-inflatables' });
    await saveUnit(db.sql, ownerProductId, units[0]!);
    await saveProduct(db.sql, { ...template, slug: 'owner-slide', name: 'Owner slide', categorySlug: demoCategories[1]!.slug });
    await saveServiceArea(db.sql, { ...demoServiceAreas[0]!, slug: 'columbus', city: 'Columbus', state: 'OH', zipCodes: ['43215'] });
    await saveCoupon(db.sql, { ...demoCoupons[0]!, code: 'OWNER5' });
  });

  it('asks for a confirmation in the request', async () => {
    const unconfirmed = await post('remove-demo', {});
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error.fields).toMatchObject({ confirm: 'Confirm that the demo is to be removed' });
  });

  it('removes exactly the demo’s rows in one audited step; the owner’s rows and the staff stay', async () => {
    const staffBefore = await db.sql`select id from staff_user order by id`;
    // What hangs off the demo's bookings and customers (a payment with its refund, a quote, a message
    // quoting a booking, the mail queued to its customer), and requests of the owner's own customers.
    const [demoBooking] = await db.sql<{ id: string; number: string; email: string; customer_id: string }[]>`
      select b.id, b.number, c.email, b.customer_id from bookings b join customers c on c.id = b.customer_id where b.demo limit 1`;
    const [paid] = await db.sql<{ id: string }[]>`
      insert into payments (booking_id, kind, method, amount_cents) values (${demoBooking!.id}, 'deposit', 'cash', 5000) returning id`;
    await db.sql`insert into payments (booking_id, kind, method, amount_cents, refund_of) values (${demoBooking!.id}, 'refund', 'cash', 1000, ${paid!.id})`;
    // A credit the demo customer got for the demo booking, part of it spent on it (a trial of the credit screens).
    const [credit] = await db.sql<{ id: string }[]>`
      insert into customer_credits (customer_id, reason, amount_cents, remaining_cents, source_booking_id, note)
      values (${demoBooking!.customer_id}, 'goodwill', 3000, 2000, ${demoBooking!.id}, 'Trying credits') returning id`;
    const [fromCredit] = await db.sql<{ id: string }[]>`
      insert into payments (booking_id, kind, method, amount_cents, note) values (${demoBooking!.id}, 'balance', 'credit', 1000, 'Paid from credit') returning id`;
    await db.sql`insert into credit_uses (credit_id, booking_id, payment_id, amount_cents, used_by) values (${credit!.id}, ${demoBooking!.id}, ${fromCredit!.id}, 1000, 'owner@example.com')`;
    await db.sql`
      insert into quotes (number, customer_id, name, email, event_type, event_date, zip, booking_id) values
        ('Q-DEMO-1', ${demoBooking!.customer_id}, 'Demo Person', ${demoBooking!.email}, 'birthday', ${futureDate(20)}, '78664', ${demoBooking!.id}),
        ('Q-OWNER-1', null, 'Real Person', 'real.person@example.net', 'birthday', ${futureDate(20)}, '43215', null)`;
    await db.sql`
      insert into contact_messages (kind, name, email, message, booking_number) values
        ('support', 'Demo Person', ${demoBooking!.email}, 'About my booking', ${demoBooking!.number}),
        ('contact', 'Real Person', 'real.person@example.net', 'Do you deliver to Dublin?', null)`;
    await db.sql`
      insert into outbound_emails (to_address, subject, template) values
        (${demoBooking!.email}, 'Your booking', 'booking-confirmation'), ('real.person@example.net', 'Your quote', 'quote-received')`;
    const removed = await post('remove-demo', { confirm: true });
    expect(removed.status).toBe(200);
    expect(removed.body.removed).toMatchObject({ payments: 3, quotes: 1, messages: 1, products: demoProducts.length, bookings: demoBookings.length, serviceAreas: demoServiceAreas.length, coupons: demoCoupons.length, categories: demoCategories.length - 1 });

    const left = async (query: string) => (await db.sql.unsafe(query)).map((r) => Object.values(r)[0]);
    expect(await left('select slug from products order by slug')).toEqual(['owner-castle', 'owner-slide']);
    expect(await left('select slug from categories order by slug')).toEqual([demoCategories[1]!.slug, 'owner-inflatables'].sort());
    expect(await left('select count(*)::int from inventory_units')).toEqual([1]);
    expect(await left('select slug from service_areas')).toEqual(['columbus']);
    expect(await left('select code from coupons')).toEqual(['OWNER5']);
    expect(await left('select count(*)::int from bookings')).toEqual([0]);
    expect(await left('select count(*)::int from customers')).toEqual([0]);
    expect(await left('select count(*)::int from trucks')).toEqual([0]);
    expect(await db.sql`select id from staff_user order by id`).toEqual(staffBefore);
    expect(await left('select count(*)::int from payments')).toEqual([0]);
    expect(await left('select count(*)::int from customer_credits')).toEqual([0]);
    expect(await left('select number from quotes')).toEqual(['Q-OWNER-1']);
    expect(await left('select email from contact_messages')).toEqual(['real.person@example.net']);
    expect(await left(`select to_address from outbound_emails where to_address like '%@example.%' order by to_address`)).not.toContain(demoBooking!.email);
    expect(await left(`select to_address from outbound_emails where to_address = 'real.person@example.net'`)).toHaveLength(1);

    const [entry] = await audits('demo.remove');
    expect(entry!.after).toMatchObject({ products: demoProducts.length, bookings: demoBookings.length, customers: expect.any(Number) });
    expect((await rebuilds()).at(-1)).toBe('Demo removed');
    const state = (await get()).body;
    expect(state.state.isDemo).toBe(false);
    expect(state.demo).toMatchObject({ products: 0, bookings: 0, serviceAreas: 0 });
    // Removing again finds nothing to remove.
    const again = await post('remove-demo', { confirm: true });
    expect(again.status).toBe(200);
    expect(again.body.removed).toMatchObject({ products: 0, bookings: 0 });
  });

  it('finishes once every step is saved: marked done, audited, published', async () => {
    for (const [step, body] of [['area', {}], ['hours', ohio.hours], ['payments', ohio.payments]] as const) {
      expect((await put(step, body)).status, step).toBe(200);
    }
    const finished = await post('finish');
    expect(finished.status).toBe(200);
    expect(finished.body.state).toMatchObject({ resumeAt: 'review', completedAt: expect.any(String) });
    expect(await audits('setup.finish')).toHaveLength(1);
    expect((await rebuilds()).at(-1)).toBe('Setup finished');
    expect(await setupForBuild(db.sql)).toMatchObject({ openingSoon: false });
  });
});

describe('the Tax step after the Service area step', () => {
  it('starts from the rate the owner gave their new areas, so Next with it leaves them at that rate', async () => {
    const builder = (await import('../../netlify/functions/admin-area-builder')).default;
    const powell = { mode: 'zips', zipCodes: ['43065'], feeBands: [{ upToMiles: 30, feeCents: 0 }], taxRateBps: 800, minimumOrderCents: 0, towns: ['powell'] };
    expect((await adminCall(builder, 'POST', '/api/admin/area-builder/apply', { cookie: owner, body: powell })).status).toBe(200);
    const shown = (await get()).body.values.tax;
    expect(shown.taxRatePercent).toBe(8);
    expect((await put('tax', { ...ohio.tax, taxRatePercent: shown.taxRatePercent })).status).toBe(200);
    const [area] = await db.sql<{ tax_rate_bps: number }[]>`select tax_rate_bps from service_areas where slug = 'powell'`;
    expect(area!.tax_rate_bps).toBe(800);
  });
});

describe('the empty start', () => {
  let empty: TestDatabase;
  beforeAll(async () => {
    empty = await createMigratedDatabase();
  });
  afterAll(() => empty.drop());

  it('writes neutral starting settings once: valid, naming no business, not the demo, opening soon', async () => {
    expect(await writeStartingSettings(empty.sql, 'founder@example.org')).toBe(true);
    expect(await writeStartingSettings(empty.sql, 'someone-else@example.org')).toBe(false);
    const settings = await getSettings(empty.sql);
    expect(settings).toMatchObject({ businessName: 'Your business', email: 'founder@example.org', paymentMode: 'pay_later' });
    expect(JSON.stringify(settings)).not.toMatch(/Pink Flamingo|Round Rock|Austin|Texas|\bTX\b|"PF"/);
    expect(await setupForBuild(empty.sql)).toEqual({ openingSoon: true });
    expect(settings.cancellationRefundDays).toBe(7);
    const [row] = await empty.sql`select is_demo, setup_completed_at from business_settings`;
    expect(row).toMatchObject({ is_demo: false, setup_completed_at: null });
    expect(await empty.sql`select 1 from products union all select 1 from service_areas`).toHaveLength(0);
  });

  it('is what START_EMPTY=true gives an empty database on start (npm start), instead of the demo', async () => {
    const fresh = await createEmptyDatabase();
    const saved = { DATABASE_URL: process.env.DATABASE_URL, START_EMPTY: process.env.START_EMPTY, ADMIN_EMAIL: process.env.ADMIN_EMAIL };
    try {
      Object.assign(process.env, { DATABASE_URL: fresh.url, START_EMPTY: 'true', ADMIN_EMAIL: 'first.owner@example.org' });
      const { prepareDatabase } = await import('../../src/cli/database');
      await (await prepareDatabase()).stop();
      expect(await getSettings(fresh.sql)).toMatchObject({ businessName: 'Your business', email: 'first.owner@example.org' });
      expect(await fresh.sql`select 1 from products union all select 1 from bookings`).toHaveLength(0);
      expect((await setupForBuild(fresh.sql)).openingSoon).toBe(true);
    } finally {
      Object.assign(process.env, saved);
      for (const [key, value] of Object.entries(saved)) if (value === undefined) delete process.env[key];
      await fresh.drop();
    }
  });
});
