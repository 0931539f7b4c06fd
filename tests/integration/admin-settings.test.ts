import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWording } from '../../src/lib/customer-messages/message-rules';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, staffSession, useAdminEnv, closeAdminConnections } from '../support/staff';

let db: TestDatabase;
let settings: Handler;
let quote: Handler;
let cookie: string;

beforeAll(async () => {
  db = await createSeededDatabase();
  useAdminEnv(db.url);
  settings = (await import('../../netlify/functions/admin-settings')).default;
  quote = (await import('../../netlify/functions/quote-price')).default;
  cookie = (await staffSession(db.sql, 'owner')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

const load = async () => (await adminCall(settings, 'GET', '/api/admin/settings', { cookie })).body;
const put = (path: string, body: unknown) => adminCall(settings, 'PUT', path, { cookie, body });
const post = (path: string, body: unknown) => adminCall(settings, 'POST', path, { cookie, body });
const rebuilds = async () => (await db.sql<{ reason: string }[]>`select reason from site_builds order by id`).map((r) => r.reason);
const price = (zip = '78664') =>
  call(quote, 'POST', '/api/quote-price', { items: [{ product: 'sticky-wall', quantity: 1 }], event: { date: futureDate(40), start: '11:00', end: '17:00' }, zip });

describe('business settings', () => {
  it('loads every section, the service areas and the coupons', async () => {
    const body = await load();
    expect(body.settings.profile.businessName).toBe('Pink Flamingo Party Rentals');
    expect(body.settings.payments).toMatchObject({ depositMode: 'percent', paymentMode: 'deposit_online' });
    expect(body.serviceAreas.length).toBeGreaterThan(5);
    expect(body.coupons.map((c: { code: string }) => c.code)).toContain('WELCOME10');
  });

  it('applies a new deposit percent to the next price at once, audited, with a rebuild for the pages that show it', async () => {
    const before = (await price()).body;
    const payments = (await load()).settings.payments;
    const saved = await put('/api/admin/settings/payments', { ...payments, depositPercent: 50, depositMinimumCents: 0 });
    expect(saved.status).toBe(200);
    const after = (await price()).body;
    expect(after.totalCents).toBe(before.totalCents);
    expect(after.depositCents).toBe(Math.round(after.totalCents * 0.5));
    expect(after.depositCents).not.toBe(before.depositCents);

    const [entry] = await db.sql`select action, before, after from audit_log where entity = 'business_settings' order by id desc limit 1`;
    expect(entry).toMatchObject({ action: 'settings.payments', before: { depositPercent: payments.depositPercent }, after: { depositPercent: 50 } });
    expect((await rebuilds()).at(-1)).toMatch(/depositPercent/);
  });

  it('saves the profile without touching other sections, and asks for a rebuild only when pages show a change', async () => {
    const { profile, booking } = (await load()).settings;
    const count = (await rebuilds()).length;
    expect((await put('/api/admin/settings/profile', { ...profile, phone: '(512) 555-0000', officeHours: { ...profile.officeHours, sun: null } })).status).toBe(200);
    const now = await load();
    expect(now.settings.profile).toMatchObject({ phone: '(512) 555-0000', officeHours: { sun: null } });
    expect(now.settings.booking).toEqual(booking);
    expect((await rebuilds()).length).toBe(count + 1);
    // Hold minutes appear on no page: saved and audited, no rebuild.
    expect((await put('/api/admin/settings/booking', { ...booking, holdMinutes: 45 })).status).toBe(200);
    expect(await rebuilds()).toHaveLength(count + 1);
  });

  it('corrects the time zone in the business profile, where a zone chosen wrongly in the setup had no other place', async () => {
    const { profile } = (await load()).settings;
    const saved = await put('/api/admin/settings/profile', { ...profile, timezone: 'America/Denver' });
    expect(saved.status).toBe(200);
    const now = await load();
    expect(now.settings.profile.timezone).toBe('America/Denver');
    expect(now.settings.timezone).toBe('America/Denver');
    const [entry] = await db.sql`select action, before, after from audit_log where entity = 'business_settings' order by id desc limit 1`;
    expect(entry).toMatchObject({ action: 'settings.profile', before: { timezone: profile.timezone }, after: { timezone: 'America/Denver' } });
    expect((await rebuilds()).at(-1)).toMatch(/timezone/);
    const bad = await put('/api/admin/settings/profile', { ...profile, timezone: 'Mars/Olympus_Mons' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ timezone: 'Choose the time zone' });
    expect((await put('/api/admin/settings/profile', profile)).status).toBe(200);
  });

  it('refuses a time zone the business’s state does not keep, at the time-zone field, and saves nothing', async () => {
    const { profile } = (await load()).settings;
    const audited = (await db.sql<{ n: number }[]>`select count(*)::int as n from audit_log`)[0]!.n;
    const texasOnEastern = await put('/api/admin/settings/profile', { ...profile, addressState: 'TX', timezone: 'America/New_York' });
    expect(texasOnEastern.status).toBe(400);
    expect(texasOnEastern.body.error.fields).toEqual({ timezone: 'Texas uses Central or Mountain time: choose one of those.' });
    const arizona = await put('/api/admin/settings/profile', { ...profile, addressState: 'AZ', timezone: 'America/Chicago' });
    expect(arizona.body.error.fields).toEqual({ timezone: 'Arizona uses Mountain (no daylight saving) or Mountain time: choose one of those.' });
    expect((await load()).settings.profile).toMatchObject({ addressState: profile.addressState, timezone: profile.timezone });
    expect((await db.sql<{ n: number }[]>`select count(*)::int as n from audit_log`)[0]!.n).toBe(audited);
    // Arizona's own clock, without daylight saving, is taken.
    expect((await put('/api/admin/settings/profile', { ...profile, addressState: 'AZ', timezone: 'America/Phoenix' })).status).toBe(200);
    expect((await put('/api/admin/settings/profile', profile)).status).toBe(200);
    expect((await load()).settings.timezone).toBe(profile.timezone);
  });

  it('refuses bad values with 400 and the field, and saves nothing', async () => {
    const { profile, booking, payments } = (await load()).settings;
    const badProfile = await put('/api/admin/settings/profile', { ...profile, email: 'not-an-email', addressZip: '123', officeHours: { ...profile.officeHours, mon: { open: '18:00', close: '09:00' } } });
    expect(badProfile.status).toBe(400);
    expect(badProfile.body.error.fields).toMatchObject({ email: 'Enter a valid e-mail address', addressZip: 'Enter a 5-digit ZIP code', 'officeHours.mon.close': 'Closing time must be after opening time' });
    const badBooking = await put('/api/admin/settings/booking', { ...booking, leadTimeHours: -1, deliveryWindowEnd: '06:00' });
    expect(badBooking.status).toBe(400);
    expect(badBooking.body.error.fields).toMatchObject({ leadTimeHours: 'At least 0 hours' });
    const badPayments = await put('/api/admin/settings/payments', { ...payments, depositPercent: 150, paymentMode: 'crypto' });
    expect(badPayments.status).toBe(400);
    expect(badPayments.body.error.fields).toMatchObject({ depositPercent: 'At most 100 percent', paymentMode: 'Choose how deposits are paid' });
    expect((await put('/api/admin/settings/other', {})).status).toBe(404);
    expect((await load()).settings).toMatchObject({ profile: { email: profile.email }, payments: { depositPercent: payments.depositPercent } });
  });
});

describe('the damage waiver', () => {
  it('at 0 % is none: the price has no waiver and says so, so the cart and checkout show no waiver line', async () => {
    expect((await price()).body).toMatchObject({ damageWaiverOffered: true, damageWaiverCents: expect.any(Number) });
    expect((await price()).body.damageWaiverCents).toBeGreaterThan(0);
    const { payments } = (await load()).settings;
    expect((await put('/api/admin/settings/payments', { ...payments, damageWaiverPercent: 0 })).status).toBe(200);
    expect((await price()).body).toMatchObject({ damageWaiverOffered: false, damageWaiverCents: 0 });
    expect((await rebuilds()).at(-1)).toMatch(/damageWaiverPercent/);
    expect((await put('/api/admin/settings/payments', payments)).status).toBe(200);
  });
});

describe('balances charged automatically', () => {
  it('is off by default (2 days), saves with the payments section, audited, with no rebuild (the checkout asks the live price)', async () => {
    const { payments } = (await load()).settings;
    expect(payments).toMatchObject({ autoChargeBalance: false, autoChargeDaysBefore: 2 });
    const count = (await rebuilds()).length;
    const saved = await put('/api/admin/settings/payments', { ...payments, autoChargeBalance: true, autoChargeDaysBefore: 3 });
    expect(saved.status).toBe(200);
    expect((await load()).settings.payments).toMatchObject({ autoChargeBalance: true, autoChargeDaysBefore: 3 });
    const [entry] = await db.sql`select action, before, after from audit_log where entity = 'business_settings' order by id desc limit 1`;
    expect(entry).toMatchObject({ action: 'settings.payments', before: { autoChargeBalance: false, autoChargeDaysBefore: 2 }, after: { autoChargeBalance: true, autoChargeDaysBefore: 3 } });
    expect(await rebuilds()).toHaveLength(count);
    expect((await put('/api/admin/settings/payments', payments)).status).toBe(200);
  });

  it('refuses a missing choice and a day count out of range with 400 and the field', async () => {
    const { payments } = (await load()).settings;
    const bad = await put('/api/admin/settings/payments', { ...payments, autoChargeBalance: 'yes', autoChargeDaysBefore: 31 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ autoChargeBalance: 'Choose whether the balance is charged automatically', autoChargeDaysBefore: 'At most 30 days' });
    expect((await put('/api/admin/settings/payments', { ...payments, autoChargeDaysBefore: 1.5 })).body.error.fields).toMatchObject({ autoChargeDaysBefore: 'Use whole days' });
    expect((await load()).settings.payments).toEqual(payments);
  });
});

describe('change and cancellation policy', () => {
  const track = async (body: Record<string, string>) => {
    const handler = (await import('../../netlify/functions/track-order')).default;
    return call(handler, 'POST', '/api/track-order', body);
  };

  it('saves the policy, audited, with a rebuild for the policy page, and the tracking page answers with it at once', async () => {
    const { changes } = (await load()).settings;
    expect(changes).toEqual({ cancellationRefundDays: 7, cancellationCreditHours: 48, creditExpiryMonths: 12, changeCutoffHours: 48, rainOutAnswerDays: 14 });
    const next = { cancellationRefundDays: 14, cancellationCreditHours: 72, creditExpiryMonths: 6, changeCutoffHours: 24, rainOutAnswerDays: 10 };
    const saved = await put('/api/admin/settings/changes', next);
    expect(saved.status).toBe(200);
    expect(saved.body.values).toEqual(next);
    expect((await load()).settings.changes).toEqual(next);

    const [entry] = await db.sql`select action, before, after from audit_log where entity = 'business_settings' order by id desc limit 1`;
    expect(entry).toMatchObject({ action: 'settings.changes', before: changes, after: next });
    expect((await rebuilds()).at(-1)).toMatch(/^Changes and cancellations changed: cancellationRefundDays/);

    const [booking] = await db.sql<{ number: string; email: string }[]>`
      select b.number, c.email from bookings b join customers c on c.id = b.customer_id order by b.created_at limit 1`;
    const tracked = await track({ bookingNumber: booking!.number, email: booking!.email });
    expect(tracked.status).toBe(200);
    expect(tracked.body.changePolicy).toEqual(next);
    expect((await put('/api/admin/settings/changes', changes)).status).toBe(200);
  });

  it('refuses a credit limit beyond the refund limit and bad numbers with 400 and the field, and saves nothing', async () => {
    const { changes } = (await load()).settings;
    const beyond = await put('/api/admin/settings/changes', { ...changes, cancellationRefundDays: 2, cancellationCreditHours: 49 });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error.fields).toEqual({ cancellationCreditHours: 'Must not be more than the full-refund limit in hours' });
    const bad = await put('/api/admin/settings/changes', { ...changes, creditExpiryMonths: 0, changeCutoffHours: 1.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ creditExpiryMonths: 'At least 1 month', changeCutoffHours: 'Use whole hours' });
    expect((await load()).settings.changes).toEqual(changes);
  });
});

describe('service areas', () => {
  const area = { slug: 'gatesville', city: 'Gatesville', state: 'TX', zipCodes: ['76528'], deliveryFeeCents: 7500, taxRateBps: 825, minimumOrderCents: 0, active: true };

  it('adds an area whose ZIP is then priced with its delivery fee and tax, and requests a rebuild', async () => {
    expect((await price('76528')).body.fields.zip).toMatch(/We don’t deliver to 76528/);
    const created = await post('/api/admin/settings/service-areas', area);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ...area, bookings: 0 });
    const priced = (await price('76528')).body;
    expect(priced.deliveryFeeCents).toBe(7500);
    expect((await rebuilds()).at(-1)).toBe('Service area Gatesville added');

    const changed = await put(`/api/admin/settings/service-areas/${created.body.id}`, { ...area, deliveryFeeCents: 9900, zipCodes: ['76528', '76528'] });
    expect(changed.body).toMatchObject({ deliveryFeeCents: 9900, zipCodes: ['76528'] });
    expect((await price('76528')).body.deliveryFeeCents).toBe(9900);
  });

  it('refuses a ZIP another area serves, a taken city or slug, and bad numbers, with fields', async () => {
    const taken = await post('/api/admin/settings/service-areas', { ...area, slug: 'other', city: 'Other', zipCodes: ['78664'] });
    expect(taken.status).toBe(400);
    expect(taken.body.error.fields.zipCodes).toBe('78664 (Round Rock) already belong to another area. Remove them there first.');
    expect((await post('/api/admin/settings/service-areas', { ...area, zipCodes: ['76529'] })).body.error.fields).toEqual({ slug: 'Another service area already uses this slug.' });
    const bad = await post('/api/admin/settings/service-areas', { ...area, slug: 'Bad Slug', zipCodes: ['7657'], taxRateBps: 5000, deliveryFeeCents: -1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['deliveryFeeCents', 'slug', 'taxRateBps', 'zipCodes.0']);
  });
});

describe('coupons', () => {
  const coupon = { code: 'summer-15', description: 'Summer', kind: 'percent', percentOff: 15, amountOffCents: null, startsOn: null, endsOn: null, usageLimit: 10, minimumOrderCents: 0, active: true };

  it('creates, edits and deactivates a coupon, each audited, and checkout follows', async () => {
    const created = await post('/api/admin/settings/coupons', coupon);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ code: 'SUMMER-15', percentOff: 15, timesUsed: 0, active: true });
    const id = created.body.id;
    const withCoupon = () =>
      call(quote, 'POST', '/api/quote-price', { items: [{ product: 'sticky-wall', quantity: 1 }], event: { date: futureDate(40), start: '11:00', end: '17:00' }, zip: '78664', coupon: 'summer-15' });
    const discounted = (await withCoupon()).body;
    expect(discounted.discountCents).toBe(Math.round(discounted.subtotalCents * 0.15));

    const edited = await put(`/api/admin/settings/coupons/${id}`, { ...coupon, kind: 'amount', percentOff: null, amountOffCents: 2000 });
    expect(edited.body).toMatchObject({ kind: 'amount', amountOffCents: 2000, percentOff: null });
    expect((await withCoupon()).body.discountCents).toBe(2000);

    const off = await put(`/api/admin/settings/coupons/${id}`, { ...edited.body, active: false });
    expect(off.body.active).toBe(false);
    const refused = (await withCoupon()).body;
    expect(refused.discountCents).toBe(0);
    expect(refused.coupon.error).not.toBeNull();
    const actions = await db.sql`select action from audit_log where entity = 'coupon' and entity_id = ${id} order by id`;
    expect(actions.map((a) => a.action)).toEqual(['coupon.create', 'coupon.update', 'coupon.deactivate']);
  });

  it('refuses a taken code, inconsistent amounts and a limit below the uses so far', async () => {
    expect((await post('/api/admin/settings/coupons', { ...coupon, code: 'welcome10' })).body.error.fields).toEqual({ code: 'Another coupon already uses this code.' });
    const bad = await post('/api/admin/settings/coupons', { ...coupon, code: 'x', percentOff: null, endsOn: '2026-01-01', startsOn: '2026-02-01' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['code', 'endsOn', 'percentOff']);
    const inconsistent = await post('/api/admin/settings/coupons', { ...coupon, code: 'OK-CODE', percentOff: null });
    expect(inconsistent.body.error.fields).toEqual({ percentOff: 'Set the percentage' });
    const [used] = await db.sql<{ id: string }[]>`update coupons set times_used = 5 where code = 'WELCOME10' returning id`;
    const low = await put(`/api/admin/settings/coupons/${used!.id}`, { ...coupon, code: 'WELCOME10', usageLimit: 2 });
    expect(low.body.error.fields.usageLimit).toMatch(/used 5 times/);
    expect((await put('/api/admin/settings/coupons/00000000-0000-4000-8000-000000000000', coupon)).status).toBe(404);
  });
});

describe('reminder settings', () => {
  it('saves each reminder on/off with its timing and the review link, audited, with no rebuild', async () => {
    const { reminders } = (await load()).settings;
    expect(reminders).toEqual({
      reminderSendTime: '09:00',
      balanceReminderEnabled: true,
      balanceReminderDaysBefore: 3,
      dayBeforeReminderEnabled: true,
      waiverReminderEnabled: true,
      waiverReminderHoursBefore: 24,
      thankYouEnabled: true,
      thankYouDaysAfter: 1,
      reviewUrl: '',
      // The messages a customer gets (issue #26): switches and the owner's words.
      onTheWayEnabled: true,
      cartReminderEnabled: true,
      ...defaultWording,
    });
    const count = (await rebuilds()).length;
    const next = {
      ...reminders,
      reminderSendTime: '08:30',
      balanceReminderEnabled: false,
      waiverReminderHoursBefore: 48,
      reviewUrl: 'https://g.page/r/pink-flamingo/review',
      cartReminderEnabled: false,
      onTheWayWording: 'We are coming, {firstName}! About {eta}.',
    };
    const saved = await put('/api/admin/settings/reminders', next);
    expect(saved.status).toBe(200);
    expect((await load()).settings.reminders).toEqual(next);
    expect(await rebuilds()).toHaveLength(count);
    const [audit] = await db.sql`select after from audit_log where action = 'settings.reminders' order by id desc limit 1`;
    expect(audit!.after).toMatchObject({ waiverReminderHoursBefore: 48, reviewUrl: 'https://g.page/r/pink-flamingo/review' });
  });

  it('refuses bad reminder values with 400 and the field, and saves nothing', async () => {
    const { reminders } = (await load()).settings;
    const bad = await put('/api/admin/settings/reminders', {
      ...reminders,
      reminderSendTime: '25:00',
      balanceReminderDaysBefore: 31,
      waiverReminderHoursBefore: 0,
      thankYouDaysAfter: 1.5,
      thankYouEnabled: 'yes',
      reviewUrl: 'javascript:alert(1)',
      dayBeforeWording: '   ',
      cartReminderEnabled: 'on',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      reminderSendTime: 'Use HH:MM (24-hour)',
      balanceReminderDaysBefore: 'At most 30 days',
      waiverReminderHoursBefore: 'At least 1 hour',
      thankYouDaysAfter: 'Use whole days',
      thankYouEnabled: 'Choose on or off',
      reviewUrl: expect.stringContaining('https://'),
      dayBeforeWording: 'Write the message',
      cartReminderEnabled: 'Choose on or off',
    });
    expect((await load()).settings.reminders).toEqual(reminders);
  });
});

describe('warehouse and trucks (the day screen)', () => {
  it('saves the warehouse address, audited, with no rebuild, and refuses a bad ZIP naming the field', async () => {
    const { warehouse } = (await load()).settings;
    expect(warehouse).toEqual({ warehouseLine1: '1200 Sam Bass Rd', warehouseCity: 'Round Rock', warehouseState: 'TX', warehouseZip: '78681' });
    const count = (await rebuilds()).length;
    const next = { warehouseLine1: '900 Industrial Blvd', warehouseCity: 'Pflugerville', warehouseState: 'TX', warehouseZip: '78660' };
    expect((await put('/api/admin/settings/warehouse', next)).status).toBe(200);
    expect((await load()).settings.warehouse).toEqual(next);
    expect(await rebuilds()).toHaveLength(count);
    const [audit] = await db.sql`select after from audit_log where action = 'settings.warehouse' order by id desc limit 1`;
    expect(audit!.after).toEqual(next);

    const bad = await put('/api/admin/settings/warehouse', { ...next, warehouseZip: '7866', warehouseCity: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ warehouseZip: 'Enter a 5-digit ZIP code', warehouseCity: 'Enter the city' });
    expect((await load()).settings.warehouse).toEqual(next);
  });

  it('adds, renames and deactivates trucks, names unique whatever their case', async () => {
    const seeded = (await load()).trucks.map((t: { name: string }) => t.name);
    expect(seeded).toEqual(['Pink truck', 'White van']);
    const created = await post('/api/admin/settings/trucks', { name: 'Trailer 3', active: true, sortOrder: 2 });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Trailer 3', active: true, bookings: 0 });
    const clash = await post('/api/admin/settings/trucks', { name: 'pink TRUCK', active: true });
    expect(clash.status).toBe(400);
    expect(clash.body.error.fields).toEqual({ name: 'Another truck already has this name.' });
    const empty = await post('/api/admin/settings/trucks', { name: '  ', active: true });
    expect(empty.body.error.fields).toEqual({ name: 'Enter the truck’s name' });

    const off = await put(`/api/admin/settings/trucks/${created.body.id}`, { name: 'Trailer three', active: false, sortOrder: 2 });
    expect(off.status).toBe(200);
    const [audit] = await db.sql`select action, before, after from audit_log where entity = 'truck' and entity_id = ${created.body.id} order by id desc limit 1`;
    expect(audit).toMatchObject({ action: 'truck.deactivate', before: { name: 'Trailer 3', active: true }, after: { name: 'Trailer three', active: false } });
    expect((await load()).trucks.at(-1)).toMatchObject({ name: 'Trailer three', active: false });
  });
});
