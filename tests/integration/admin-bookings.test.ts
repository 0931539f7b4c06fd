import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { placeBooking } from '../../src/lib/booking/place-booking.server';
import { journalLines } from '../../src/lib/reports/journal.server';
import { addDays, formatMediumDate, wallClockToInstant } from '../../src/lib/time';
import { call, futureDate, type Handler } from '../support/api';
import { withClockAt } from '../support/clock';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, staffSession, closeAdminConnections } from '../support/staff';
import { startStripeDouble, type StripeDouble } from '../support/stripe-double';
import { SITE, TEST_AUTH_SECRET } from '../support/staff';

const WEBHOOK_SECRET = 'whsec_admin_bookings';
let db: TestDatabase;
let stripe: StripeDouble;
let bookings: Handler;
let manager: Handler;
const cookie = { crew: '', manager: '', owner: '' };

beforeAll(async () => {
  db = await createSeededDatabase();
  stripe = await startStripeDouble();
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    SITE_URL: SITE,
    AUTH_SECRET: TEST_AUTH_SECRET,
    STRIPE_SECRET_KEY: 'sk_test_admin',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'admin-bookings-')),
  });
  bookings = (await import('../../netlify/functions/admin-bookings')).default;
  manager = (await import('../../netlify/functions/admin-bookings')).default;
  for (const role of ['crew', 'manager', 'owner'] as const) cookie[role] = (await staffSession(db.sql, role)).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await stripe.close();
  await db.drop();
});

let counter = 0;
/** A booking placed through the real booking path, confirmed by staff on the phone. */
async function place(product: string, date: string, status: 'confirmed' | 'deposit_due' = 'confirmed', endDate?: string) {
  const request = bookingRequest.parse({
    items: [{ product, quantity: 1 }],
    event: { date, start: '10:00', end: '16:00', ...(endDate ? { endDate } : {}) },
    customer: { name: `Admin Test ${++counter}`, email: `admin-test-${counter}-${Date.now()}@example.com`, phone: '(512) 555-0142' },
    address: { line1: '1 Test Way', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
    acceptTerms: true,
  });
  return placeBooking(db.sql, request, { now: new Date(), status, source: 'phone' });
}

/** An instant on the demo business's wall clock (its settings' zone). */
const chicago = (date: string, time: string) => wallClockToInstant(date, time, 'America/Chicago');

const get = (url: string, role: keyof typeof cookie = 'crew') => adminCall(bookings, 'GET', url, { cookie: cookie[role] });
const post = (url: string, body: unknown, role: keyof typeof cookie = 'crew') =>
  adminCall(/\/(payments|refunds|units)$/.test(url) ? manager : bookings, 'POST', url, { cookie: cookie[role], body });
const auditFor = (id: string, action: string) => db.sql`select before, after, actor_email from audit_log where entity = 'booking' and entity_id = ${id} and action = ${action} order by id`;

describe('GET /api/admin/bookings', () => {
  it('lists bookings for crew with search by name, e-mail, number and phone digits', async () => {
    const all = await get('/api/admin/bookings?pageSize=100');
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(5);
    const priya = all.body.items.find((b: { customer: { name: string } }) => b.customer.name === 'Priya Raman');
    expect(priya).toMatchObject({ status: 'confirmed', statusLabel: 'Confirmed', city: 'Cedar Park', items: expect.stringContaining('Flamingo Lagoon') });
    expect(priya.balanceCents).toBe(priya.totalCents - priya.amountPaidCents);

    for (const q of ['priya', 'PRIYA.RAMAN@example', priya.number.slice(-6), '555-0188', '5125550188']) {
      const found = await get(`/api/admin/bookings?q=${encodeURIComponent(q)}`);
      expect(found.body.items.map((b: { number: string }) => b.number), q).toEqual([priya.number]);
    }
    expect((await get('/api/admin/bookings?q=nobody-like-this')).body).toMatchObject({ items: [], total: 0 });
  });

  it('filters by status and event date, sorts and pages', async () => {
    const completed = await get('/api/admin/bookings?status=completed');
    expect(completed.body.items.length).toBeGreaterThanOrEqual(2);
    expect(completed.body.items.every((b: { status: string }) => b.status === 'completed')).toBe(true);

    const from = futureDate(1);
    const upcoming = await get(`/api/admin/bookings?from=${from}&to=${futureDate(20)}&sort=eventDate&dir=asc`);
    const dates = upcoming.body.items.map((b: { event: { date: string } }) => b.event.date);
    expect(dates.length).toBeGreaterThanOrEqual(3);
    expect(dates.every((d: string) => d >= from && d <= futureDate(20))).toBe(true);
    expect([...dates].sort()).toEqual(dates);

    const byTotal = await get('/api/admin/bookings?sort=total&dir=desc&pageSize=100');
    const totals = byTotal.body.items.map((b: { totalCents: number }) => b.totalCents);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);

    const numbers = (r: { body: { items: { number: string }[] } }) => r.body.items.map((b) => b.number);
    const firstFour = await get('/api/admin/bookings?sort=number&pageSize=4&page=1');
    const page1 = await get('/api/admin/bookings?sort=number&pageSize=2&page=1');
    const page2 = await get('/api/admin/bookings?sort=number&pageSize=2&page=2');
    expect(page2.body).toMatchObject({ page: 2, pageSize: 2, total: firstFour.body.total });
    expect([...numbers(page1), ...numbers(page2)]).toEqual(numbers(firstFour));
  });

  it('downloads the list as filtered and sorted on screen as CSV, every row rather than one page', async () => {
    const from = futureDate(1);
    const to = futureDate(20);
    const shown = await get(`/api/admin/bookings?from=${from}&to=${to}&sort=eventDate&dir=asc&pageSize=100`);
    const csv = await get(`/api/admin/bookings?from=${from}&to=${to}&sort=eventDate&dir=asc&pageSize=1&page=2&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="bookings_${from}_${to}.csv"`);
    const lines = (csv.body as string).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Booking,Status,Event date,Start,End,Customer,E-mail,Phone,City,Items,Total ($),Paid ($),Balance ($),Booked at');
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows.map((r) => r[0])).toEqual(shown.body.items.map((b: { number: string }) => b.number));
    const first = shown.body.items[0];
    // The items may hold commas (a quoted field); the amounts and the time are the last four fields.
    expect(rows[0]!.slice(-4, -1)).toEqual([first.totalCents, first.amountPaidCents, first.balanceCents].map((c: number) => (c / 100).toFixed(2)));

    const completed = await get('/api/admin/bookings?status=completed&format=csv');
    expect((completed.body as string).trimEnd().split('\r\n').slice(1).every((line) => line.split(',')[1] === 'Completed')).toBe(true);
    const bad = await get('/api/admin/bookings?format=xlsx');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.format).toBe('Format is json or csv');
  });

  it('answers 400 with the field for a bad filter or sort', async () => {
    const bad = await get('/api/admin/bookings?sort=amount;drop&status=lost&from=2026-02-30');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(['sort', 'status', 'from']));
    const reversed = await get('/api/admin/bookings?from=2026-12-10&to=2026-12-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.fields.to).toMatch(/on or after/);
  });

  it('shows one booking with its units, payments and the moves this role may make; 404 for an unknown id', async () => {
    const placed = await place('rainbow-arch-bounce-house', futureDate(30));
    const crew = await get(`/api/admin/bookings/${placed.id}`);
    expect(crew.status).toBe(200);
    expect(crew.body).toMatchObject({ number: placed.number, status: 'confirmed', transitions: ['out_for_delivery', 'delivered', 'completed'], lockedTransitions: ['cancelled'] });
    // A month ahead, none of the crew's moves is open yet: the screen says why at each button.
    expect(Object.keys(crew.body.tooEarly)).toEqual(['out_for_delivery', 'delivered', 'completed']);
    expect(crew.body.tooEarly.completed).toMatch(new RegExp(`^${placed.number} cannot be marked completed before the day of its party, \\w{3} \\d+, \\d{4}\\. Today is `));
    expect(crew.body.items[0].units[0]).toMatchObject({ label: expect.stringMatching(/^BH-RAINBOW-/), released: false });
    expect(crew.body.items[0].units[0].alternatives).toEqual([expect.objectContaining({ label: expect.stringMatching(/^BH-RAINBOW-/), free: true })]);
    expect((await get(`/api/admin/bookings/${placed.id}`, 'manager')).body.transitions).toContain('cancelled');

    expect((await get('/api/admin/bookings/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('/api/admin/bookings/not-a-uuid')).status).toBe(404);
  });
});

describe('status changes', () => {
  it('crew move a booking along the delivery path on its day, each move audited', async () => {
    const date = futureDate(31);
    const placed = await place('toddler-jungle-bounce-house', date);
    // The crew's own clock: the morning of the party on the business's clock (the crew member signs in on it too).
    await withClockAt(chicago(date, '08:00'), async () => {
      const crew = (await staffSession(db.sql, 'crew')).cookie;
      expect((await adminCall(bookings, 'GET', `/api/admin/bookings/${placed.id}`, { cookie: crew })).body.tooEarly).toEqual({});
      for (const to of ['out_for_delivery', 'delivered', 'completed']) {
        const moved = await adminCall(bookings, 'POST', `/api/admin/bookings/${placed.id}/status`, { cookie: crew, body: { to } });
        expect(moved.status, to).toBe(200);
        expect(moved.body.status).toBe(to);
      }
    });
    const audit = await auditFor(placed.id, 'booking.status');
    expect(audit.map((a) => [a.before.status, a.after.status])).toEqual([
      ['confirmed', 'out_for_delivery'],
      ['out_for_delivery', 'delivered'],
      ['delivered', 'completed'],
    ]);
    expect(audit[0]!.actor_email).toMatch(/^crew-/);

    // A completed booking goes nowhere: 409, and nothing changes.
    const back = await post(`/api/admin/bookings/${placed.id}/status`, { to: 'confirmed' }, 'owner');
    expect(back.status).toBe(409);
    expect(back.body.error.message).toBe('A booking that is completed cannot become confirmed.');
  });

  it('refuses completing a booking before its party’s day, and delivering it before its drop-off’s day, on the business’s clock (409 naming the day)', async () => {
    const date = futureDate(34);
    const placed = await place('rainbow-arch-bounce-house', date);
    const dayBefore = addDays(date, -1);
    const move = (cookieOf: string, to: string) => adminCall(bookings, 'POST', `/api/admin/bookings/${placed.id}/status`, { cookie: cookieOf, body: { to } });

    // A week before: neither crew nor the owner may mark it completed, with the balance unpaid.
    await withClockAt(chicago(addDays(date, -7), '12:00'), async () => {
      const crew = (await staffSession(db.sql, 'crew')).cookie;
      const owner = (await staffSession(db.sql, 'owner')).cookie;
      for (const who of [crew, owner]) {
        const early = await move(who, 'completed');
        expect(early.status).toBe(409);
        expect(early.body.error.message).toBe(
          `${placed.number} cannot be marked completed before the day of its party, ${formatMediumDate(date)}. Today is ${formatMediumDate(addDays(date, -7))}.`,
        );
      }
      const out = await move(crew, 'out_for_delivery');
      expect(out.status).toBe(409);
      expect(out.body.error.message).toBe(
        `${placed.number} cannot be marked out for delivery before the day of its drop-off and party, ${formatMediumDate(date)}. Today is ${formatMediumDate(addDays(date, -7))}.`,
      );
    });
    // 23:30 the evening before on the business's clock is already the party's day in UTC: still refused.
    await withClockAt(chicago(dayBefore, '23:30'), async () => {
      const crew = (await staffSession(db.sql, 'crew')).cookie;
      expect((await move(crew, 'completed')).status).toBe(409);
    });
    expect((await db.sql`select status from bookings where id = ${placed.id}`)[0]!.status).toBe('confirmed');
    expect(await auditFor(placed.id, 'booking.status')).toHaveLength(0);

    // Set-up starting the evening before (a long set-up for an early party): the drop-off is on that
    // evening's run, so out for delivery and delivered open then; completed still waits for the party.
    await db.sql`update unit_allocations set during = tstzrange(${chicago(dayBefore, '20:00')}, upper(during), '[)') where booking_id = ${placed.id}`;
    await withClockAt(chicago(dayBefore, '20:00'), async () => {
      const crew = (await staffSession(db.sql, 'crew')).cookie;
      const view = await adminCall(bookings, 'GET', `/api/admin/bookings/${placed.id}`, { cookie: crew });
      expect(view.body.tooEarly).toEqual({
        completed: `${placed.number} cannot be marked completed before the day of its party, ${formatMediumDate(date)}. Today is ${formatMediumDate(dayBefore)}.`,
      });
      expect((await move(crew, 'out_for_delivery')).status).toBe(200);
      expect((await move(crew, 'delivered')).status).toBe(200);
      expect((await move(crew, 'completed')).status).toBe(409);
    });
    await withClockAt(chicago(date, '00:00'), async () => {
      const crew = (await staffSession(db.sql, 'crew')).cookie;
      expect((await move(crew, 'completed')).status).toBe(200);
    });
    expect((await auditFor(placed.id, 'booking.status')).map((a) => a.after.status)).toEqual(['out_for_delivery', 'delivered', 'completed']);
  });

  it('refuses completing a rental over several days before its last day (400 at `to`), and delivers it on its first', async () => {
    const date = futureDate(35);
    const lastDay = addDays(date, 2);
    const placed = await place('big-top-carnival-bounce-house', date, 'confirmed', lastDay);
    const move = (cookieOf: string, to: string) => adminCall(bookings, 'POST', `/api/admin/bookings/${placed.id}/status`, { cookie: cookieOf, body: { to } });
    const refusal = (today: string) => `${placed.number}: this rental runs until ${formatMediumDate(lastDay)}; it can be marked completed from that day. Today is ${formatMediumDate(today)}.`;

    await withClockAt(chicago(date, '08:00'), async () => {
      const crew = (await staffSession(db.sql, 'crew')).cookie;
      const owner = (await staffSession(db.sql, 'owner')).cookie;
      // The booking screen says it at the button before anyone presses it.
      expect((await adminCall(bookings, 'GET', `/api/admin/bookings/${placed.id}`, { cookie: crew })).body.tooEarly).toEqual({ completed: refusal(date) });
      expect((await move(crew, 'out_for_delivery')).status).toBe(200);
      expect((await move(crew, 'delivered')).status).toBe(200);
      for (const who of [crew, owner]) {
        const early = await move(who, 'completed');
        expect(early.status).toBe(409);
        expect(early.body.error).toMatchObject({ code: 'conflict', message: refusal(date) });
      }
    });
    // 23:30 on the day before the last, on the business's clock (already the last day in UTC): still out.
    await withClockAt(chicago(addDays(lastDay, -1), '23:30'), async () => {
      const crew = (await staffSession(db.sql, 'crew')).cookie;
      expect((await move(crew, 'completed')).body.error?.message).toBe(refusal(addDays(lastDay, -1)));
    });
    expect((await db.sql`select status from bookings where id = ${placed.id}`)[0]!.status).toBe('delivered');
    await withClockAt(chicago(lastDay, '00:00'), async () => {
      const crew = (await staffSession(db.sql, 'crew')).cookie;
      expect((await move(crew, 'completed')).status).toBe(200);
    });
    expect((await auditFor(placed.id, 'booking.status')).map((a) => a.after.status)).toEqual(['out_for_delivery', 'delivered', 'completed']);
  });

  it('judges a move queued on a phone at when it was taken, by its age on the phone’s clock, and stamps it with its own time', async () => {
    const date = futureDate(36);
    const placed = await place('rainbow-arch-bounce-house', date);
    const queued = (cookieOf: string, to: string, age: string) =>
      adminCall(bookings, 'POST', `/api/admin/bookings/${placed.id}/status`, { cookie: cookieOf, body: { to }, headers: { 'Action-Age': age } });
    const hour = 3600;
    const arrival = chicago(date, '09:00');

    await withClockAt(arrival, async () => {
      const crew = (await staffSession(db.sql, 'crew')).cookie;
      // Taken offline at 21:00 the evening before (its phone's clock a day ahead offered the button),
      // sent on the party's morning: refused, as it was when taken, naming the day it was taken.
      const early = await queued(crew, 'out_for_delivery', String(12 * hour));
      expect(early.status).toBe(409);
      expect(early.body.error.message).toBe(
        `${placed.number} cannot be marked out for delivery before the day of its drop-off and party, ${formatMediumDate(date)}. It was marked on the phone on ${formatMediumDate(addDays(date, -1))}.`,
      );
      // Stamped in the future by a phone whose clock went back between taking and sending: refused at the header.
      const future = await queued(crew, 'out_for_delivery', String(-5 * hour));
      expect(future.status).toBe(400);
      expect(future.body.error.fields['Action-Age']).toMatch(/^This phone's clock says the move was taken after it was sent/);
      // Waited longer than any phone keeps a day: refused.
      expect((await queued(crew, 'out_for_delivery', String(73 * hour))).body.error.fields['Action-Age']).toMatch(/waited on the phone for over 72 hours/);
      expect((await queued(crew, 'out_for_delivery', 'yesterday')).status).toBe(400);
      expect((await db.sql`select status from bookings where id = ${placed.id}`)[0]!.status).toBe('confirmed');

      // Taken at 08:00 on the party's day and sent at 09:00: done, stamped with the server's time.
      const onTheDay = await queued(crew, 'out_for_delivery', String(hour));
      expect(onTheDay.status).toBe(200);
    });
    const [row] = await db.sql<{ updated_at: Date }[]>`select updated_at from bookings where id = ${placed.id}`;
    // The server's own clock, not the phone's moment an hour before.
    expect(row!.updated_at.toISOString()).toBe(arrival.toISOString());
  });

  it('refuses crew a cancellation (403), wants a reason (400), and a cancellation frees the units', async () => {
    const placed = await place('sports-arena-bounce-house', futureDate(32));
    const crew = await post(`/api/admin/bookings/${placed.id}/status`, { to: 'cancelled', reason: 'Rain' });
    expect(crew.status).toBe(403);
    expect(Object.keys(crew.body)).toEqual(['error']);

    const noReason = await post(`/api/admin/bookings/${placed.id}/status`, { to: 'cancelled' }, 'manager');
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.reason).toMatch(/why/);
    expect((await post(`/api/admin/bookings/${placed.id}/status`, { to: 'lost' }, 'manager')).body.error.fields.to).toBeTruthy();
    expect((await post(`/api/admin/bookings/${placed.id}/status`, '{oops', 'manager')).status).toBe(400);

    const cancelled = await post(`/api/admin/bookings/${placed.id}/status`, { to: 'cancelled', reason: 'Customer moved the party indoors' }, 'manager');
    expect(cancelled.status).toBe(200);
    const [row] = await db.sql`select status, cancellation_reason, cancelled_at from bookings where id = ${placed.id}`;
    expect(row).toMatchObject({ status: 'cancelled', cancellation_reason: 'Customer moved the party indoors' });
    expect(row!.cancelled_at).not.toBeNull();
    const live = await db.sql`select 1 from unit_allocations where booking_id = ${placed.id} and released_at is null`;
    expect(live).toHaveLength(0);
    // The customer is e-mailed that it is cancelled (the audit names the e-mail), without the staff's reason.
    expect((await auditFor(placed.id, 'booking.status'))[0]!.after).toEqual({ status: 'cancelled', reason: 'Customer moved the party indoors', emailId: expect.any(String) });
    expect(cancelled.body.emailedTo).toEqual(expect.stringContaining('@'));
  });

  it('lets only a manager confirm a booking whose deposit is due, and e-mails the customer the confirmation', async () => {
    const date = futureDate(33);
    const placed = await place('flamingo-beach-bounce-house', date, 'deposit_due');
    const customerMail = () => db.sql`select subject, status from outbound_emails where template = 'booking-customer' and to_address = ${placed.customer.email} order by created_at`;
    const before = (await customerMail()).length;
    expect((await post(`/api/admin/bookings/${placed.id}/status`, { to: 'confirmed' })).status).toBe(403);
    expect((await post(`/api/admin/bookings/${placed.id}/status`, { to: 'delivered' }, 'manager')).status).toBe(409);
    expect(await customerMail()).toHaveLength(before); // refused moves send nothing

    const confirmed = await post(`/api/admin/bookings/${placed.id}/status`, { to: 'confirmed' }, 'manager');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.emailedTo).toBe(placed.customer.email);
    const mail = await customerMail();
    expect(mail).toHaveLength(before + 1);
    expect(mail.at(-1)!.subject).toBe(`Your booking ${placed.number} is confirmed`);
    // Sent at once, as after paying online, not left for the scheduled retry.
    expect(mail.at(-1)!.status).toBe('sent');
    expect((await auditFor(placed.id, 'booking.status'))[0]!.after).toMatchObject({ status: 'confirmed', emailId: expect.any(String) });

    // Moves after that (on the drop-off's day) are not news by e-mail.
    await withClockAt(chicago(date, '08:00'), async () => {
      const crew = (await staffSession(db.sql, 'crew')).cookie;
      const out = await adminCall(bookings, 'POST', `/api/admin/bookings/${placed.id}/status`, { cookie: crew, body: { to: 'out_for_delivery' } });
      expect(out.status).toBe(200);
      expect(out.body.emailedTo).toBeNull();
    });
    expect(await customerMail()).toHaveLength(before + 1);
  });
});

describe('notes and e-mail', () => {
  it('appends dated, signed staff notes; an empty note is a 400', async () => {
    const placed = await place('mega-20x20-bounce-house', futureDate(34));
    expect((await post(`/api/admin/bookings/${placed.id}/notes`, { note: 'Gate code 4411' })).status).toBe(200);
    const second = await post(`/api/admin/bookings/${placed.id}/notes`, { note: 'Dog in the yard' }, 'manager');
    expect(second.body.staffNotes.split('\n')).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d · Test crew: Gate code 4411$/),
      expect.stringMatching(/· Test manager: Dog in the yard$/),
    ]);
    const empty = await post(`/api/admin/bookings/${placed.id}/notes`, { note: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.note).toBe('Write a note');
    expect(await auditFor(placed.id, 'booking.note')).toHaveLength(2);
  });

  it('names staff in the history as the rest of the booking screen does, by name; by e-mail once the account is gone', async () => {
    const placed = await place('mega-20x20-bounce-house', futureDate(36));
    expect((await post(`/api/admin/bookings/${placed.id}/notes`, { note: 'Gate code 4411' })).status).toBe(200);
    const leaver = await staffSession(db.sql, 'crew');
    expect((await adminCall(bookings, 'POST', `/api/admin/bookings/${placed.id}/notes`, { cookie: leaver.cookie, body: { note: 'Side gate sticks' } })).status).toBe(200);
    await db.sql`delete from staff_user where id = ${leaver.id}`;
    const { history } = (await get(`/api/admin/bookings/${placed.id}`, 'manager')).body as { history: { action: string; actor: string | null; actorKind: string }[] };
    const notes = history.filter((h) => h.action === 'booking.note');
    expect(notes.map((h) => [h.actorKind, h.actor])).toEqual([
      ['staff', leaver.email],
      ['staff', 'Test crew'],
    ]);
  });

  it('resends the customer e-mail through the outbox, not for a cancelled booking', async () => {
    const placed = await place('lil-splash-toddler-water-slide', futureDate(35));
    const sent = await post(`/api/admin/bookings/${placed.id}/resend`, {});
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ to: placed.customer.email, subject: `Your booking ${placed.number} is confirmed` });
    const [mail] = await db.sql`select template, to_address, status from outbound_emails where id = ${sent.body.emailId}`;
    expect(mail).toMatchObject({ template: 'booking-customer', to_address: placed.customer.email, status: 'sent' });
    expect(await auditFor(placed.id, 'booking.resend_confirmation')).toHaveLength(1);

    await post(`/api/admin/bookings/${placed.id}/status`, { to: 'cancelled', reason: 'Duplicate booking' }, 'manager');
    expect((await post(`/api/admin/bookings/${placed.id}/resend`, {})).status).toBe(409);
  });
});

describe('payments and refunds', () => {
  it('a paid booking staff cancel keeps what was paid (no refund due), and the accountant’s journal moves it out of the deposits held', async () => {
    const placed = await place('double-lane-slip-and-dip', futureDate(39), 'deposit_due');
    const paid = await post(`/api/admin/bookings/${placed.id}/payments`, { amountCents: placed.price.depositCents, method: 'cash', note: 'Deposit at the office' }, 'manager');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const cancelled = await post(`/api/admin/bookings/${placed.id}/status`, { to: 'cancelled', reason: 'Customer called it off' }, 'manager');
    expect(cancelled.status).toBe(200);
    const [row] = await db.sql<{ kept: number; cancelled_on: string }[]>`
      select cancellation_kept_cents as kept, to_char(cancelled_at at time zone 'UTC', 'YYYY-MM-DD') as cancelled_on from bookings where id = ${placed.id}`;
    expect(row!.kept).toBe(placed.price.depositCents);
    expect((await get(`/api/admin/bookings/${placed.id}`, 'manager')).body.refundDueCents).toBe(0);
    const day = row!.cancelled_on;
    const all = await journalLines(db.sql, { from: addDays(day, -1), to: addDays(day, 1) }, 'UTC', day);
    const kept = all.filter((l) => l.booking === placed.number && l.type === 'Cancellation: amount kept');
    expect(kept.map((l) => [l.account, l.debitCents, l.creditCents])).toEqual([
      ['Customer deposits (liability)', placed.price.depositCents, 0],
      ['Cancellation income', 0, placed.price.depositCents],
    ]);
  });

  it('records a cash payment (manager), raising the amount paid; crew get 409 for a booking that is not theirs to collect at the door; bad amounts are 400', async () => {
    const placed = await place('double-lane-slip-and-dip', futureDate(36), 'deposit_due');
    const total = placed.price.totalCents;
    const deposit = placed.price.depositCents;
    // The door rule (src/lib/day/door-money.ts): a completed booking's leftover is the office's.
    const done = await place('double-lane-slip-and-dip', futureDate(38), 'deposit_due');
    await db.sql`update bookings set status = 'completed' where id = ${done.id}`;
    expect((await post(`/api/admin/bookings/${done.id}/payments`, { amountCents: 100, method: 'cash' }, 'crew')).status).toBe(409);

    const paid = await post(`/api/admin/bookings/${placed.id}/payments`, { amountCents: deposit, method: 'cash', note: 'Paid at the door' }, 'manager');
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ kind: 'deposit', amountPaidCents: deposit, balanceCents: total - deposit });
    const cheque = await post(`/api/admin/bookings/${placed.id}/payments`, { amountCents: total - deposit, method: 'check' }, 'owner');
    expect(cheque.body).toMatchObject({ kind: 'balance', amountPaidCents: total, balanceCents: 0 });
    const [row] = await db.sql`select amount_paid_cents from bookings where id = ${placed.id}`;
    expect(row!.amount_paid_cents).toBe(total);

    const over = await post(`/api/admin/bookings/${placed.id}/payments`, { amountCents: 1, method: 'cash' }, 'manager');
    expect(over.status).toBe(400);
    expect(over.body.error.fields.amountCents).toBe('This booking is paid in full.');
    const bad = await post(`/api/admin/bookings/${placed.id}/payments`, { amountCents: -5, method: 'bitcoin', note: 'x'.repeat(600) }, 'manager');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['amountCents', 'method', 'note']);
    expect((await post(`/api/admin/bookings/${placed.id}/payments`, { amountCents: 1.5, method: 'cash' }, 'manager')).status).toBe(400);

    const audit = await auditFor(placed.id, 'booking.payment');
    expect(audit[0]!.before).toEqual({ amountPaidCents: 0 });
    expect(audit[0]!.after).toMatchObject({ amountPaidCents: deposit, payment: { kind: 'deposit', method: 'cash', amountCents: deposit, note: 'Paid at the door' } });
  });

  it('refunds a Stripe payment through Stripe, partially then the rest, never more than was paid', async () => {
    const bookingsApi = (await import('../../netlify/functions/bookings')).default;
    const webhook = (await import('../../netlify/functions/stripe-webhook')).default;
    const created = await call(bookingsApi, 'POST', '/api/bookings', {
      items: [{ product: 'inflatable-axe-throw', quantity: 1 }],
      event: { date: futureDate(37), start: '11:00', end: '17:00' },
      customer: { name: 'Stripe Payer', email: `stripe-payer-${Date.now()}@example.com`, phone: '(512) 555-0177' },
      address: { line1: '9 Pay St', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      acceptTerms: true,
    });
    expect(created.status).toBe(201);
    const sessionId = created.body.payment.url.split('/pay/')[1];
    const payload = JSON.stringify(stripe.complete(sessionId));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await call(webhook, 'POST', '/api/stripe-webhook', payload, { 'stripe-signature': signature })).status).toBe(200);

    const [booking] = await db.sql`select id, amount_paid_cents from bookings where number = ${created.body.bookingNumber}`;
    const detail = await get(`/api/admin/bookings/${booking!.id}`, 'manager');
    const payment = detail.body.payments[0];
    expect(payment).toMatchObject({ kind: 'deposit', method: 'stripe', refundable: true, refundableCents: booking!.amount_paid_cents });
    const deposit = payment.amountCents as number;

    expect((await post(`/api/admin/bookings/${booking!.id}/refunds`, { paymentId: payment.id, amountCents: 1000, reason: 'Goodwill' }, 'crew')).status).toBe(403);
    const partial = await post(`/api/admin/bookings/${booking!.id}/refunds`, { paymentId: payment.id, amountCents: 1000, reason: 'Goodwill for a late delivery' }, 'manager');
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ amountPaidCents: deposit - 1000, stripeRefundId: expect.stringMatching(/^re_test_/) });
    const refund = stripe.refunds.get(partial.body.stripeRefundId)!;
    expect(refund).toMatchObject({ amount: 1000, payment_intent: stripe.sessions.get(sessionId)!.payment_intent });
    expect(refund.metadata).toMatchObject({ bookingId: booking!.id, paymentId: payment.id });

    const tooMuch = await post(`/api/admin/bookings/${booking!.id}/refunds`, { paymentId: payment.id, amountCents: deposit, reason: 'Cancel' }, 'manager');
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields.amountCents).toMatch(/^At most /);
    const rest = await post(`/api/admin/bookings/${booking!.id}/refunds`, { paymentId: payment.id, amountCents: deposit - 1000, reason: 'Party cancelled' }, 'owner');
    expect(rest.status).toBe(200);
    expect(rest.body.amountPaidCents).toBe(0);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === refund.payment_intent).map((r) => r.amount)).toEqual([1000, deposit - 1000]);

    const after = await get(`/api/admin/bookings/${booking!.id}`, 'manager');
    expect(after.body.payments.find((p: { id: string }) => p.id === payment.id)).toMatchObject({ refundedCents: deposit, refundableCents: 0, refundable: false });
    expect(after.body.payments.filter((p: { kind: string }) => p.kind === 'refund')).toHaveLength(2);
    const audit = await auditFor(booking!.id, 'booking.refund');
    expect(audit.map((a) => a.after.refund.amountCents)).toEqual([1000, deposit - 1000]);
    expect(after.body.history.map((h: { action: string }) => h.action)).toContain('booking.refund');
  });

  it('records a cash refund without Stripe; refuses refunds of another booking’s payment and bad input', async () => {
    const placed = await place('all-star-sports-combo', futureDate(38));
    const other = await place('toddler-town-combo', futureDate(38));
    const paid = await post(`/api/admin/bookings/${placed.id}/payments`, { amountCents: 8000, method: 'cash' }, 'manager');
    const refunds = stripe.refunds.size;
    const back = await post(`/api/admin/bookings/${placed.id}/refunds`, { paymentId: paid.body.id, amountCents: 3000, reason: 'Overpaid' }, 'manager');
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ amountPaidCents: 5000, stripeRefundId: null });
    expect(stripe.refunds.size).toBe(refunds);

    const wrong = await post(`/api/admin/bookings/${other.id}/refunds`, { paymentId: paid.body.id, amountCents: 100, reason: 'Test it' }, 'manager');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.paymentId).toMatch(/does not belong/);
    const bad = await post(`/api/admin/bookings/${placed.id}/refunds`, { paymentId: 'x', amountCents: 0, reason: '' }, 'manager');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['amountCents', 'paymentId', 'reason']);
  });
});

describe('unit assignment', () => {
  it('moves an item to a free unit of the same product; a taken unit is a 409 from the exclusion constraint', async () => {
    const date = futureDate(39);
    const a = await place('rainbow-arch-bounce-house', date);
    const b = await place('rainbow-arch-bounce-house', date);
    const detailA = (await get(`/api/admin/bookings/${a.id}`, 'manager')).body;
    const unitA = detailA.items[0].units[0];
    const [other] = unitA.alternatives;
    expect(other).toMatchObject({ free: false });

    expect((await post(`/api/admin/bookings/${a.id}/units`, { allocationId: unitA.allocationId, unitId: other.unitId }, 'crew')).status).toBe(403);
    const taken = await post(`/api/admin/bookings/${a.id}/units`, { allocationId: unitA.allocationId, unitId: other.unitId }, 'manager');
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(`Unit ${other.label} is already booked for an overlapping time. Choose another unit.`);

    const same = await post(`/api/admin/bookings/${a.id}/units`, { allocationId: unitA.allocationId, unitId: unitA.unitId }, 'manager');
    expect(same.status).toBe(400);
    const [foreign] = await db.sql`select u.id from inventory_units u join products p on p.id = u.product_id where p.slug = 'sticky-wall'`;
    const wrongProduct = await post(`/api/admin/bookings/${a.id}/units`, { allocationId: unitA.allocationId, unitId: foreign!.id }, 'manager');
    expect(wrongProduct.status).toBe(400);
    expect(wrongProduct.body.error.fields.unitId).toBe('Choose a unit of the same product.');
    expect((await post(`/api/admin/bookings/${b.id}/units`, { allocationId: unitA.allocationId, unitId: other.unitId }, 'manager')).status).toBe(400);
    expect((await post(`/api/admin/bookings/${a.id}/units`, { allocationId: 'nope' }, 'manager')).body.error.fields).toHaveProperty('unitId');

    // Once the other booking is cancelled its unit is free, and the move goes through.
    await post(`/api/admin/bookings/${b.id}/status`, { to: 'cancelled', reason: 'Changed their mind' }, 'manager');
    const moved = await post(`/api/admin/bookings/${a.id}/units`, { allocationId: unitA.allocationId, unitId: other.unitId }, 'manager');
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ allocationId: unitA.allocationId, unitId: other.unitId, label: other.label });
    const [allocation] = await db.sql`select unit_id from unit_allocations where id = ${unitA.allocationId}`;
    expect(allocation!.unit_id).toBe(other.unitId);
    const [audit] = await auditFor(a.id, 'booking.unit');
    expect(audit).toMatchObject({ before: { unit: unitA.label }, after: { unit: other.label } });
  });
});
