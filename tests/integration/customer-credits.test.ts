import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';
import { addDays, addMonths, localDate } from '../../src/lib/time';
import { latestCreditExpiry } from '../../src/lib/credits';

let db: TestDatabase;
const h = {} as Record<'customers' | 'track', Handler>;
const cookie = { crew: '', manager: '' };
let customer: { id: string; email: string; number: string; bookingId: string };
let other: { id: string; number: string };

beforeAll(async () => {
  db = await createSeededDatabase();
  useAdminEnv(db.url);
  h.customers = (await import('../../netlify/functions/admin-customers')).default;
  h.track = (await import('../../netlify/functions/track-order')).default;
  cookie.crew = (await staffSession(db.sql, 'crew')).cookie;
  cookie.manager = (await staffSession(db.sql, 'manager')).cookie;
  // Two seeded customers with a booking each.
  const rows = await db.sql<{ id: string; email: string; number: string; booking_id: string }[]>`
    select distinct on (c.id) c.id, c.email, b.number, b.id as booking_id
    from customers c join bookings b on b.customer_id = c.id order by c.id, b.created_at limit 2`;
  customer = { id: rows[0]!.id, email: rows[0]!.email, number: rows[0]!.number, bookingId: rows[0]!.booking_id };
  other = { id: rows[1]!.id, number: rows[1]!.number };
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

const give = (body: unknown, who = cookie.manager, origin?: string) =>
  adminCall(h.customers, 'POST', `/api/admin/customers/${customer.id}/credits`, { cookie: who, body, ...(origin && { origin }) });
const detail = async () => (await adminCall(h.customers, 'GET', `/api/admin/customers/${customer.id}`, { cookie: cookie.manager })).body;
const today = () => new Date().toISOString().slice(0, 10);

describe('customer credits', () => {
  it('a manager gives a credit: listed with what is left, audited, its expiry from the policy, and the tracking page shows what can be spent', async () => {
    const given = await give({ amountCents: 5000, reason: 'goodwill', note: 'Blower was late', bookingNumber: customer.number.toLowerCase() });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.availableCents).toBe(5000);
    const [credit] = given.body.credits;
    expect(credit).toMatchObject({ reason: 'goodwill', amountCents: 5000, remainingCents: 5000, state: 'available', note: 'Blower was late', booking: { number: customer.number }, voidedAt: null });
    // The demo's policy: credits last 12 months.
    const year = Number(today().slice(0, 4)) + 1;
    expect(credit.expiresOn.slice(0, 4)).toBe(String(year));
    expect((await detail()).credits.availableCents).toBe(5000);

    const [audit] = await db.sql`select action, entity_id, after from audit_log where action = 'customer.credit_issued' order by id desc limit 1`;
    expect(audit).toMatchObject({ entity_id: customer.id, after: { amountCents: 5000, reason: 'goodwill', bookingNumber: customer.number } });

    const tracked = await call(h.track, 'POST', '/api/track-order', { bookingNumber: customer.number, email: customer.email });
    expect(tracked.status).toBe(200);
    expect(tracked.body.credit).toEqual({ availableCents: 5000, nextExpiry: credit.expiresOn, nextExpiryCents: 5000 });
    expect(JSON.stringify(tracked.body)).not.toContain('Blower was late');
  });

  it('refuses bad input with the field, another customer’s booking and a past expiry, and gives nothing', async () => {
    const before = (await detail()).credits.credits.length;
    const bad = await give({ amountCents: 0, reason: 'bribe', note: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ amountCents: 'Enter an amount above $0', reason: 'Choose why the credit is given', note: 'Say why (at least 3 characters)' });
    const notTheirs = await give({ amountCents: 1000, reason: 'goodwill', note: 'Wrong booking', bookingNumber: other.number });
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.error.fields).toEqual({ bookingNumber: `This customer has no booking ${other.number}` });
    const past = await give({ amountCents: 1000, reason: 'rain_check', note: 'Storm', expiresOn: '2020-01-01' });
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toEqual({ expiresOn: 'Choose today or a later day' });
    // "For ever" typed as a far date, or just past 5 years from the business's today (two days past, so a
    // midnight between this line and the server's clock changes nothing; the exact last day is the rule's unit test).
    const [{ timezone }] = await db.sql<[{ timezone: string }]>`select timezone from business_settings`;
    for (const expiresOn of ['9999-12-31', addDays(addMonths(localDate(new Date(), timezone), 60), 2)]) {
      const far = await give({ amountCents: 1000, reason: 'rain_check', note: 'Storm', expiresOn });
      expect(far.status, expiresOn).toBe(400);
      expect(far.body.error.fields).toEqual({ expiresOn: 'Choose an expiry within 5 years' });
    }
    expect((await detail()).credits.credits).toHaveLength(before);
    expect(await db.sql`select 1 from customer_credits where expires_on > now() + interval '5 years 1 day'`).toHaveLength(0);
  });

  it('is held to 5 years by the database too, whatever writes it; the app’s own longest expiries still go in', async () => {
    const insert = (expiresOn: string, createdAt: string) =>
      db.sql`insert into customer_credits (customer_id, reason, amount_cents, remaining_cents, expires_on, note, created_at)
        values (${customer.id}, 'goodwill', 100, 100, ${expiresOn}, 'Straight into the database', ${createdAt})`;
    const refused = { code: '23514', constraint_name: 'customer_credits_expiry_within_5_years' };
    await expect(insert('9999-12-31', '2026-03-10T12:00:00Z')).rejects.toMatchObject(refused);
    // Given at 11:30 pm UTC, already March 11 where the business may be (UTC+14): 60 months from its
    // today is one day past 5 years from the UTC day, the slack the database leaves; a day more is refused.
    await insert('2031-03-11', '2026-03-10T23:30:00Z');
    await expect(insert('2031-03-12', '2026-03-10T23:30:00Z')).rejects.toMatchObject(refused);
    // No expiry stays allowed, as before.
    await db.sql`insert into customer_credits (customer_id, reason, amount_cents, remaining_cents, note) values (${customer.id}, 'goodwill', 100, 100, 'No end')`;

    // Staff's latest day, and the policy's longest months (60) when they leave the date empty.
    const [{ timezone, months }] = await db.sql<[{ timezone: string; months: number }]>`select timezone, credit_expiry_months as months from business_settings where id`;
    const latest = await give({ amountCents: 1200, reason: 'goodwill', note: 'Longest allowed', expiresOn: latestCreditExpiry(localDate(new Date(), timezone)) });
    expect(latest.status, JSON.stringify(latest.body)).toBe(200);
    await db.sql`update business_settings set credit_expiry_months = 60`;
    try {
      const policy = await give({ amountCents: 1300, reason: 'goodwill', note: 'The policy’s longest' });
      expect(policy.status, JSON.stringify(policy.body)).toBe(200);
      expect(policy.body.credits.find((c: { amountCents: number }) => c.amountCents === 1300).expiresOn > addMonths(localDate(new Date(), timezone), 59)).toBe(true);
    } finally {
      await db.sql`update business_settings set credit_expiry_months = ${months}`;
    }
    await db.sql`delete from customer_credits where customer_id = ${customer.id} and amount_cents in (100, 1200, 1300)`;
  });

  it('is for managers, from this site only', async () => {
    expect((await give({ amountCents: 1000, reason: 'goodwill', note: 'Crew try' }, cookie.crew)).status).toBe(403);
    expect((await give({ amountCents: 1000, reason: 'goodwill', note: 'Forged' }, cookie.manager, 'https://evil.example')).status).toBe(403);
    expect((await adminCall(h.customers, 'POST', `/api/admin/customers/00000000-0000-4000-8000-000000000000/credits`, { cookie: cookie.manager, body: { amountCents: 1000, reason: 'goodwill', note: 'Nobody' } })).status).toBe(404);
  });

  it('voids what is left once, audited; the customer can no longer spend it', async () => {
    const { credits } = (await give({ amountCents: 2500, reason: 'rain_check', note: 'Rained out', expiresOn: addMonths(today(), 48) })).body;
    const credit = credits.find((c: { amountCents: number }) => c.amountCents === 2500);
    const path = `/api/admin/customers/${customer.id}/credits/${credit.id}/void`;
    expect((await adminCall(h.customers, 'POST', path, { cookie: cookie.manager, body: { reason: '' } })).body.error.fields).toEqual({ reason: 'Say why (at least 3 characters)' });
    const voided = await adminCall(h.customers, 'POST', path, { cookie: cookie.manager, body: { reason: 'Given twice' } });
    expect(voided.status).toBe(200);
    expect(voided.body.credits.find((c: { id: string }) => c.id === credit.id)).toMatchObject({ state: 'void', voidReason: 'Given twice', remainingCents: 2500 });
    expect(voided.body.availableCents).toBe(5000);
    const again = await adminCall(h.customers, 'POST', path, { cookie: cookie.manager, body: { reason: 'Given twice' } });
    expect(again.status).toBe(409);
    expect(await db.sql`select 1 from audit_log where action = 'customer.credit_voided'`).toHaveLength(1);
  });

  it('moves with the person when two customer records are merged', async () => {
    const merged = await adminCall(h.customers, 'POST', `/api/admin/customers/${other.id}/merge`, { cookie: cookie.manager, body: { from: customer.id } });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const kept = (await adminCall(h.customers, 'GET', `/api/admin/customers/${other.id}`, { cookie: cookie.manager })).body;
    expect(kept.credits.availableCents).toBe(5000);
    expect(kept.credits.credits).toHaveLength(2);
  });
});
