import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';
import { storedPhone } from '../../src/lib/texts/phone';

/**
 * Issue #36, "holds a script can squat": in pay-later mode a website booking holds its units for an
 * hour until its customer confirms it with the link in the booking e-mail; then the owner's pay-later
 * window applies. A script's bookings under made-up addresses never confirm, so they cannot keep a
 * product's last units past the hour. The clock is moved by giving the scheduled run (and the confirm
 * service) a later `now`. Through the real handlers, straight to PostgreSQL and through PgBouncer.
 */

let db: TestDatabase;
let h: Record<'bookings' | 'confirm' | 'track' | 'dashboard' | 'manager', Handler>;
let crew: string;

let ipCounter = 0;
const freshIp = () => `203.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let customerCounter = 0;
/** Someone nobody else books as: own e-mail and phone. */
const customer = (name = 'Pat Doe') => {
  const n = ++customerCounter;
  return { name, email: `confirm${n}@example.com`, phone: `737-555-${String(1000 + n).padStart(4, '0')}` };
};

const booking = (date: string, who = customer(), product = 'big-top-carnival-bounce-house') => ({
  items: [{ product, quantity: 1 }],
  event: { date, start: '10:00', end: '16:00' },
  customer: who,
  address: { line1: '5 Pine St', city: 'Round Rock', state: 'TX', zip: '78664' },
  acceptTerms: true,
});

const book = (body: unknown, ip = freshIp()) => call(h.bookings, 'POST', '/api/bookings', body, { 'x-test-ip': ip });
const confirm = (body: unknown, ip = freshIp()) => call(h.confirm, 'POST', '/api/confirm-booking', body, { 'x-test-ip': ip });
const row = async (number: string) =>
  (await db.sql<{ id: string; status: string; hold_expires_at: Date | null; created_at: Date; email_confirmed_at: Date | null }[]>`
    select id, status, hold_expires_at, created_at, email_confirmed_at from bookings where number = ${number}`)[0]!;
const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);

/** The confirmation link in the booking's e-mail to the customer, and what it carries. */
async function confirmLink(email: string) {
  const [mail] = await db.sql<{ subject: string; payload: { text: string } }[]>`
    select subject, payload from outbound_emails where to_address = ${email} and template = 'booking-customer'`;
  const href = /Confirm your booking request: (\S+)/.exec(mail!.payload.text)?.[1];
  expect(href, mail!.payload.text).toBeTruthy();
  const url = new URL(href!);
  expect(url.pathname).toBe('/confirm-booking');
  return { subject: mail!.subject, text: mail!.payload.text, body: { bookingNumber: url.searchParams.get('booking'), key: url.searchParams.get('key') } };
}

/** What the scheduled run (netlify/functions/housekeeping.ts) does about unpaid bookings, at `now`. */
async function housekeeping(now: Date) {
  const { releaseExpiredHolds } = await import('../../src/lib/booking/holds.server');
  return releaseExpiredHolds(db.sql, now);
}

async function dashboard() {
  const answer = await adminCall(h.dashboard, 'GET', '/api/admin/dashboard', { cookie: crew });
  expect(answer.status).toBe(200);
  return answer.body as { unconfirmedRequests: { number: string; customerPhone: string; customerEmail: string; releasesAt: string }[]; unconfirmedRequestCount: number };
}

beforeAll(async () => {
  db = await createSeededDatabase();
  delete process.env.SMTP_URL;
  // No Stripe: every website booking is "pay deposit later".
  useAdminEnv(db.url, { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'confirmed-holds-')) });
  delete process.env.STRIPE_SECRET_KEY;
  h = {
    bookings: (await import('../../netlify/functions/bookings')).default,
    confirm: (await import('../../netlify/functions/confirm-booking')).default,
    track: (await import('../../netlify/functions/track-order')).default,
    dashboard: (await import('../../netlify/functions/admin-dashboard')).default as Handler,
    manager: (await import('../../netlify/functions/admin-bookings')).default as Handler,
  };
  crew = (await staffSession(db.sql, 'crew')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

describe('a pay-later booking from the website', () => {
  it('is held for an hour, says so in the answer and the e-mail, shows on the dashboard, and is released after the hour unless confirmed', async () => {
    const pat = customer();
    const created = await book(booking(futureDate(30), pat));
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('deposit_due');
    const placed = await row(created.body.bookingNumber);
    const hour = minutes(placed.created_at, 60);
    expect(placed).toMatchObject({ hold_expires_at: hour, email_confirmed_at: null });
    // The success page is told until when.
    expect(created.body.confirmBy).toBe(hour.toISOString());

    const link = await confirmLink(pat.email);
    expect(link.subject).toBe(`Please confirm your booking request ${created.body.bookingNumber}`);
    expect(link.text).toMatch(/Confirm your booking request within the hour, by .+: one click on the link below\./);
    expect(link.body.bookingNumber).toBe(created.body.bookingNumber);
    const [notice] = await db.sql<{ payload: { text: string } }[]>`
      select payload from outbound_emails where template = 'booking-business' and subject like ${`New booking ${created.body.bookingNumber}:%`}`;
    expect(notice!.payload.text).toMatch(/a booking request from the website: released .+ unless the customer confirms it from our e-mail/);

    const listed = (await dashboard()).unconfirmedRequests.find((r) => r.number === created.body.bookingNumber);
    expect(listed).toMatchObject({ customerPhone: storedPhone(pat.phone), customerEmail: pat.email, releasesAt: hour.toISOString() });
    expect((await dashboard()).unconfirmedRequestCount).toBeGreaterThanOrEqual(1);

    // Not a minute early; then released, with an e-mail saying why.
    expect((await housekeeping(minutes(hour, -1))).map((r) => r.number)).not.toContain(created.body.bookingNumber);
    const released = await housekeeping(minutes(hour, 1));
    expect(released).toEqual([expect.objectContaining({ number: created.body.bookingNumber, was: 'deposit_due', unconfirmed: true })]);
    expect(await row(created.body.bookingNumber)).toMatchObject({ status: 'expired', hold_expires_at: null });
    const [mail] = await db.sql<{ payload: { text: string } }[]>`
      select payload from outbound_emails where to_address = ${pat.email} and template = 'booking-released'`;
    expect(mail!.payload.text).toContain(`Booking request ${created.body.bookingNumber} was not confirmed from our e-mail by`);
    expect((await dashboard()).unconfirmedRequests.map((r) => r.number)).not.toContain(created.body.bookingNumber);

    // The unit is free again.
    expect((await book(booking(futureDate(30)))).status).toBe(201);

    // The link opened now says so clearly and offers the product again for that date.
    const late = await confirm(link.body);
    expect(late.status).toBe(200);
    expect(late.body).toEqual({
      state: 'released',
      bookingNumber: created.body.bookingNumber,
      bookAgain: [{ name: 'Big Top Carnival Bounce House', href: `/products/big-top-carnival-bounce-house?date=${futureDate(30)}` }],
    });
    expect((await row(created.body.bookingNumber)).status).toBe('expired');
  });

  it('confirmed from the e-mail: kept for the pay-later window from when it was placed; the link works once and is harmless twice', async () => {
    const pat = customer();
    const created = await book(booking(futureDate(31), pat));
    const placed = await row(created.body.bookingNumber);
    const link = await confirmLink(pat.email);
    // The booking's screen tells staff it waits for the customer's click.
    const screen = async () => (await adminCall(h.manager, 'GET', `/api/admin/bookings/${placed.id}`, { cookie: crew })).body as { awaitingEmailConfirmation: boolean };
    expect((await screen()).awaitingEmailConfirmation).toBe(true);

    const first = await confirm(link.body);
    expect(first.status).toBe(200);
    const payBy = new Date(placed.created_at.getTime() + 48 * 3_600_000);
    expect(first.body).toEqual({ state: 'confirmed', bookingNumber: created.body.bookingNumber, payBy: payBy.toISOString(), depositPaid: false });
    const confirmed = await row(created.body.bookingNumber);
    expect(confirmed.hold_expires_at).toEqual(payBy);
    expect(confirmed.email_confirmed_at).not.toBeNull();
    expect((await dashboard()).unconfirmedRequests.map((r) => r.number)).not.toContain(created.body.bookingNumber);
    expect((await screen()).awaitingEmailConfirmation).toBe(false);

    // Twice (a second tab, a mail client opening it again): the same answer, nothing changed.
    const second = await confirm(link.body);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ state: 'already_confirmed', bookingNumber: created.body.bookingNumber, payBy: payBy.toISOString(), depositPaid: false });
    expect(await row(created.body.bookingNumber)).toEqual(confirmed);
    // Confirming sends nothing more: the customer has read the e-mail already.
    const [resend] = await db.sql<{ n: number }[]>`select count(*)::int as n from outbound_emails where to_address = ${pat.email}`;
    expect(resend!.n).toBe(1);

    // The hour passes: kept. The pay-later window passes: released like any unpaid booking.
    // (Other tests' bookings may be released by these runs: only this one is looked at.)
    const numbers = (released: { number: string }[]) => released.map((r) => r.number);
    expect(numbers(await housekeeping(minutes(placed.created_at, 61)))).not.toContain(created.body.bookingNumber);
    expect(numbers(await housekeeping(minutes(payBy, -1)))).not.toContain(created.body.bookingNumber);
    expect((await row(created.body.bookingNumber)).status).toBe('deposit_due');
    const released = await housekeeping(minutes(payBy, 1));
    expect(released).toContainEqual(expect.objectContaining({ number: created.body.bookingNumber, unconfirmed: false }));
    // Then the link says it was released.
    expect((await confirm(link.body)).body).toMatchObject({ state: 'released' });
  });

  it('opened after its hour but before the scheduled run: released by the click itself, never confirmed late', async () => {
    const pat = customer();
    const created = await book(booking(futureDate(32), pat));
    const placed = await row(created.body.bookingNumber);
    const link = await confirmLink(pat.email);
    const { confirmBookingRequest } = await import('../../src/lib/booking/confirm-request.server');
    const { confirmRequestBody } = await import('../../src/lib/booking/confirm-request');
    const answer = await confirmBookingRequest(db.sql, confirmRequestBody.parse(link.body), minutes(placed.created_at, 61));
    expect(answer).toMatchObject({ state: 'released', bookingNumber: created.body.bookingNumber });
    expect(await row(created.body.bookingNumber)).toMatchObject({ status: 'expired', email_confirmed_at: null });
    const [mail] = await db.sql<{ status: string }[]>`select status from outbound_emails where to_address = ${pat.email} and template = 'booking-released'`;
    expect(mail).toBeTruthy();
  });

  it('refuses a wrong or incomplete link: 404 without the right key, 400 naming the field', async () => {
    const pat = customer();
    const created = await book(booking(futureDate(33), pat));
    const link = await confirmLink(pat.email);
    const forged = await confirm({ ...link.body, key: 'A'.repeat(43) });
    expect(forged.status).toBe(404);
    expect(forged.body.error.message).toMatch(/couldn’t find that link/);
    // Another booking's key does not open this one.
    const other = customer();
    await book(booking(futureDate(34), other));
    expect((await confirm({ ...(await confirmLink(other.email)).body, bookingNumber: created.body.bookingNumber })).status).toBe(404);
    expect((await row(created.body.bookingNumber)).email_confirmed_at).toBeNull();

    const incomplete = await confirm({ bookingNumber: created.body.bookingNumber, key: link.body.key!.slice(0, 20) });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error.fields.key).toMatch(/link is incomplete/);
    const noNumber = await confirm({ bookingNumber: 'nonsense', key: link.body.key });
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.error.fields.bookingNumber).toBeTruthy();
  });

  it('staff phone bookings keep their rules: no hour, no link', async () => {
    const { placeBooking } = await import('../../src/lib/booking/place-booking.server');
    const pat = customer();
    const phoned = await placeBooking(db.sql, { ...booking(futureDate(35), pat), damageWaiver: true }, { now: new Date(), status: 'deposit_due', source: 'phone', staff: true });
    expect(phoned.holdExpiresAt).toBeNull();
    expect(phoned.awaitingEmailConfirmation).toBe(false);
    expect((await dashboard()).unconfirmedRequests.map((r) => r.number)).not.toContain(phoned.number);
  });
});

describe('a script squatting a product in pay-later mode', () => {
  it('holds every free unit with three made-up bookings from one address, and loses them all after the hour', async () => {
    const product = 'pink-castle-bounce-house';
    const date = futureDate(36);
    const [stock] = await db.sql<{ units: number }[]>`
      select count(*)::int as units from inventory_units u join products p on p.id = u.product_id
      where p.slug = ${product} and u.status = 'available'`;
    expect(stock!.units).toBe(3);

    // Three bookings under made-up names and e-mails, within the caps (3 per address).
    const ip = freshIp();
    const squatted: string[] = [];
    for (const name of ['Aaa Bbb', 'Ccc Ddd', 'Eee Fff']) {
      const placed = await book(booking(date, customer(name), product), ip);
      expect(placed.status).toBe(201);
      squatted.push(placed.body.bookingNumber);
    }
    const placedAt = (await row(squatted[0]!)).created_at;
    // A real customer finds nothing free meanwhile; staff see the three to call.
    expect((await book(booking(date, customer('Real Parent'), product))).status).toBe(409);
    const listed = (await dashboard()).unconfirmedRequests.map((r) => r.number);
    for (const number of squatted) expect(listed).toContain(number);

    // Nobody confirms: after the hour the scheduled run gives every unit back.
    const released = await housekeeping(minutes(placedAt, 61));
    expect(released.map((r) => r.number).sort()).toEqual(expect.arrayContaining([...squatted].sort()));
    for (const number of squatted) expect((await row(number)).status).toBe('expired');
    const [held] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from unit_allocations a join bookings b on b.id = a.booking_id
      where b.number = any(${squatted}) and a.released_at is null`;
    expect(held!.n).toBe(0);

    // The real customer books the last units now.
    for (const name of ['Real Parent', 'Second Parent', 'Third Parent']) expect((await book(booking(date, customer(name), product))).status).toBe(201);
  });

  it('cannot keep the units past the hour without a real inbox, even by booking again: the next booking releases what is past its hour', async () => {
    const product = 'princess-castle-combo';
    const date = futureDate(37);
    const ip = freshIp();
    const squatted: string[] = [];
    for (const name of ['Ggg Hhh', 'Iii Jjj', 'Kkk Lll']) {
      const placed = await book(booking(date, customer(name), product), ip);
      expect(placed.status).toBe(201);
      squatted.push(placed.body.bookingNumber);
    }
    // Without the scheduled run: a genuine booking an hour later releases them inside its own transaction.
    const placedAt = (await row(squatted[0]!)).created_at;
    const { createBooking } = await import('../../src/lib/booking/booking-service.server');
    const { bookingRequest } = await import('../../src/lib/booking/booking-request');
    const genuine = await createBooking(db.sql, bookingRequest.parse(booking(date, customer('Real Parent'), product)), minutes(placedAt, 61));
    expect(genuine.status).toBe('deposit_due');
    for (const number of squatted) expect((await row(number)).status).toBe('expired');
  });
});
