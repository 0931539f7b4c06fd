import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { placeBooking } from '../../src/lib/booking/place-booking.server';
import { formatDayMonth, formatMediumDate } from '../../src/lib/time';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { mailText } from '../support/mail-text';
import { adminCall, closeAdminConnections, SITE, staffSession, TEST_AUTH_SECRET } from '../support/staff';

/**
 * Customers change their own booking (issue #25) through the real functions on a real database (also
 * through PgBouncer): the key decides who may; a move uses the staff edit's engine (one winner when
 * two customers race for the last unit, the loser's booking untouched); a cancellation gives what the
 * owner's policy gives at that moment; the staff edit's own tests stay in staff-bookings.test.ts.
 */

let db: TestDatabase;
let dataDir: string;
let manage: Handler;
let link: Handler;
let track: Handler;
let adminBookings: Handler;
let adminDay: Handler;
let managerCookie = '';

beforeAll(async () => {
  db = await createSeededDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'customer-changes-'));
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    SITE_URL: SITE,
    AUTH_SECRET: TEST_AUTH_SECRET,
    DATA_DIR: dataDir,
  });
  for (const key of ['STRIPE_SECRET_KEY', 'SMTP_URL', 'BUSINESS_NOTIFY_EMAIL']) delete process.env[key];
  manage = (await import('../../netlify/functions/manage-booking')).default;
  link = (await import('../../netlify/functions/manage-link')).default;
  track = (await import('../../netlify/functions/track-order')).default;
  adminBookings = (await import('../../netlify/functions/admin-bookings')).default;
  adminDay = (await import('../../netlify/functions/admin-day')).default;
  managerCookie = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

// The demo policy unless a test says otherwise: refund 7 days ahead, credit 48 hours ahead, changes online until 48 hours before.
const policy = (p: { refundDays?: number; creditHours?: number; cutoffHours?: number } = {}) =>
  db.sql`update business_settings set cancellation_refund_days = ${p.refundDays ?? 7}, cancellation_credit_hours = ${p.creditHours ?? 48},
    change_cutoff_hours = ${p.cutoffHours ?? 48}, credit_expiry_months = 12`;
beforeEach(async () => {
  await policy();
});

let counter = 0;
let ipCounter = 0;
const ip = () => ({ 'x-test-ip': `198.51.100.${(ipCounter++ % 250) + 1}` });
const address = { line1: '12 Oak Lane', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' };

interface Booked {
  id: string;
  number: string;
  key: string;
  email: string;
}

/** A customer's booking, confirmed, with `paid` of it paid (the deposit by default). */
async function book({
  product = 'rainbow-arch-bounce-house',
  date = futureDate(40 + counter),
  start = '10:00',
  end = '16:00',
  paid = 'deposit' as 'deposit' | 'nothing' | 'all',
  /** Another product booked beside it. */
  with: other = null as string | null,
} = {}): Promise<Booked> {
  counter++;
  const email = `customer-${counter}-${Date.now()}@example.com`;
  const request = bookingRequest.parse({
    items: [{ product, quantity: 1 }, ...(other ? [{ product: other, quantity: 1 }] : [])],
    event: { date, start, end },
    customer: { name: `Customer ${counter}`, email, phone: '(512) 555-0142' },
    address,
    acceptTerms: true,
  });
  const placed = await placeBooking(db.sql, request, {
    now: new Date(),
    status: paid === 'nothing' ? 'deposit_due' : 'confirmed',
    source: 'phone',
    staff: true,
  });
  if (paid !== 'nothing') {
    // Money taken at the desk, as a payment line (a credit or a refund moves money off payments, not off a bare total).
    await db.sql`
      with paid as (
        update bookings set amount_paid_cents = ${paid === 'all' ? db.sql`total_cents` : db.sql`deposit_cents`} where id = ${placed.id} returning amount_paid_cents
      )
      insert into payments (booking_id, kind, method, status, amount_cents, recorded_by, note)
      select ${placed.id}, 'deposit', 'cash', 'succeeded', amount_paid_cents, 'desk@example.com', 'Taken at the desk' from paid`;
  }
  const [row] = await db.sql<{ manage_token: string }[]>`select manage_token from bookings where id = ${placed.id}`;
  return { id: placed.id, number: placed.number, key: row!.manage_token, email };
}

const post = (route: string, body: unknown) => call(manage, 'POST', `/api/manage-booking${route}`, body, ip());
const window = (date: string, start = '10:00', end = '16:00') => ({ date, start, end });

/** Everything a move changes: if a refused move leaves this equal, nothing changed. */
async function snapshot(id: string) {
  const [row] = await db.sql`
    select b.status, b.event_start, b.event_end, b.total_cents, b.deposit_cents, b.amount_paid_cents, b.calendar_sequence, b.cancellation_kept_cents,
      (select json_agg(json_build_object('product', bi.product_id, 'quantity', bi.quantity, 'total', bi.line_total_cents) order by bi.product_id) from booking_items bi where bi.booking_id = b.id) as items,
      (select json_agg(json_build_object('unit', a.unit_id, 'during', a.during::text, 'released', a.released_at) order by a.unit_id)
        from unit_allocations a join booking_items bi on bi.id = a.booking_item_id where bi.booking_id = b.id) as allocations
    from bookings b where b.id = ${id}`;
  return row!;
}

/** The readable text of the e-mails sent to this address, oldest first. */
async function mailTo(address: string): Promise<string[]> {
  const files = (await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[]))
    .filter((f) => f.includes(address))
    .sort();
  return Promise.all(files.map(async (f) => mailText(await readFile(path.join(dataDir, 'outbox', f), 'utf8'))));
}

/** A product with exactly one unit, so the last unit can be raced for. */
async function singleUnitProduct(): Promise<string> {
  const [row] = await db.sql<{ slug: string }[]>`
    select p.slug from products p join inventory_units u on u.product_id = p.id
    where p.active and u.status = 'available' and not exists (select 1 from package_items pi where pi.package_id = p.id)
    group by p.id, p.slug having count(*) = 1 order by p.slug limit 1`;
  return row!.slug;
}

describe('the key', () => {
  it('opens the booking with what the customer may do; a wrong key is a 404, a missing one a 403, and neither changes anything', async () => {
    const b = await book();
    const before = await snapshot(b.id);
    const opened = await post('', { bookingNumber: b.number, key: b.key });
    expect(opened.status).toBe(200);
    expect(opened.body.number).toBe(b.number);
    expect(opened.body.manage.open).toBe(true);
    expect(opened.body.manage.cancellation.tier).toBe('refund');
    // Never the secrets, never the id.
    expect(JSON.stringify(opened.body)).not.toContain(b.key);
    expect(opened.body.id).toBeUndefined();

    const wrong = `${b.key.slice(0, -2)}xx`;
    for (const route of ['', '/quote', '/move', '/cancel', '/pay']) {
      const body = { bookingNumber: b.number, event: window(futureDate(200)), expected: 'refund' };
      const bad = await post(route, { ...body, key: wrong });
      expect(bad.status, `${route} with a wrong key`).toBe(404);
      const missing = await post(route, body);
      expect(missing.status, `${route} without a key`).toBe(403);
      // Another booking's key does not open this one.
      const other = await book();
      expect((await post(route, { ...body, key: other.key })).status).toBe(404);
    }
    expect(await snapshot(b.id)).toEqual(before);
    const audit = await db.sql`select 1 from audit_log where entity_id = ${b.id} and actor_kind = 'customer'`;
    expect(audit).toHaveLength(0);
  });

  it('is e-mailed to the booking’s own address from a number + e-mail lookup, which itself opens nothing', async () => {
    const b = await book();
    // The tracking page's lookup never answers the key.
    const tracked = await call(track, 'POST', '/api/track-order', { bookingNumber: b.number, email: b.email }, ip());
    expect(tracked.status).toBe(200);
    expect(JSON.stringify(tracked.body)).not.toContain(b.key);

    const asked = await call(
      link,
      'POST',
      '/api/manage-link',
      { bookingNumber: b.number, email: b.email.toUpperCase() },
      ip(),
    );
    expect(asked.status).toBe(200);
    expect(asked.body.emailedTo).toMatch(/^c•••@example\.com$/);
    const mail = (await mailTo(b.email)).at(-1)!;
    expect(mail).toContain(`Change or cancel booking ${b.number}`);
    expect(mail).toContain(`${SITE}/track-order?booking=${b.number}#key=${b.key}`);
    // A wrong e-mail gets the lookup's one answer and sends nothing.
    const count = (await mailTo(b.email)).length;
    expect(
      (await call(link, 'POST', '/api/manage-link', { bookingNumber: b.number, email: 'someone@example.com' }, ip()))
        .status,
    ).toBe(404);
    // Per booking: three an hour, whatever the address asking.
    await call(link, 'POST', '/api/manage-link', { bookingNumber: b.number, email: b.email }, ip());
    await call(link, 'POST', '/api/manage-link', { bookingNumber: b.number, email: b.email }, ip());
    expect(
      (await call(link, 'POST', '/api/manage-link', { bookingNumber: b.number, email: b.email }, ip())).status,
    ).toBe(429);
    expect((await mailTo(b.email)).length).toBe(count + 2);
  });
});

describe('moving a booking', () => {
  it('quotes the exact new price without changing anything, then moves it through the staff edit’s engine', async () => {
    const b = await book({ date: futureDate(50) });
    const before = await snapshot(b.id);
    const longer = window(futureDate(52), '10:00', '20:00');
    const quote = await post('/quote', { bookingNumber: b.number, key: b.key, event: longer });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.bookable).toBe(true);
    expect(quote.body.currentTotalCents).toBe(before.total_cents);
    expect(quote.body.differenceCents).toBe(quote.body.newTotalCents - before.total_cents);
    expect(await snapshot(b.id)).toEqual(before);

    const moved = await post('/move', { bookingNumber: b.number, key: b.key, event: longer });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await snapshot(b.id);
    expect(after.total_cents).toBe(quote.body.newTotalCents);
    expect(after.calendar_sequence).toBe(before.calendar_sequence + 1);
    expect(after.amount_paid_cents).toBe(before.amount_paid_cents);
    expect(moved.body.booking.event.date).toBe(longer.date);
    expect(moved.body.differenceCents).toBe(quote.body.differenceCents);
    // Stripe is not configured here: nothing to pay online, the balance simply follows the new total.
    expect(moved.body.payNowCents).toBe(0);
    expect(moved.body.booking.totals.amountDueCents).toBe(after.total_cents - after.amount_paid_cents);

    // The "has changed" e-mail: same UID, SEQUENCE + 1, and the link to change again.
    const mail = (await mailTo(b.email)).at(-1)!;
    expect(mail).toContain(`Your booking ${b.number} has changed`);
    // The customer's own move: confirmed as their request, not "as agreed" (that is a staff change's wording).
    expect(mail).toContain('As you asked, your booking is now for');
    expect(mail).not.toContain('as agreed');
    // Longer, so dearer: by how much and the new balance (nothing is paid online here), as the page says it.
    expect(mail).toMatch(/The new total is \$[\d,.]+, \$[\d,.]+ more than before\. Your balance is now \$[\d,.]+\./);
    expect(mail).toMatch(new RegExp(`UID:${b.number}@`));
    expect(mail).toContain(`SEQUENCE:${before.calendar_sequence + 1}`);
    expect(mail).toContain(`#key=${b.key}`);
    // The business hears of it.
    const [notice] =
      await db.sql`select subject from outbound_emails where template = 'booking-business-change' and subject like ${`%${b.number}%`}`;
    expect(notice!.subject).toContain('moved by the customer');

    // History and audit: the customer's, with the before and after.
    const screen = await adminCall(adminBookings, 'GET', `/api/admin/bookings/${b.id}`, { cookie: managerCookie });
    const entry = screen.body.history.find((h: { action: string }) => h.action === 'booking.customer_move');
    expect(entry).toMatchObject({ actor: b.email, actorKind: 'customer' });
    expect(entry.before.event.date).not.toBe(entry.after.event.date);
  });

  it('shows money back when the total falls, and the staff screen the refund due', async () => {
    const b = await book({ date: futureDate(56), start: '10:00', end: '20:00', paid: 'all' });
    const shorter = window(futureDate(57), '12:00', '16:00');
    const moved = await post('/move', { bookingNumber: b.number, key: b.key, event: shorter });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.differenceCents).toBeLessThan(0);
    expect(moved.body.refundCents).toBe(-moved.body.differenceCents);
    const screen = await adminCall(adminBookings, 'GET', `/api/admin/bookings/${b.id}`, { cookie: managerCookie });
    expect(screen.body.refundDueCents).toBe(moved.body.refundCents);
  });

  it('gives a reason that is the whole move’s as its problem and on each line it refuses (the page says it once)', async () => {
    const b = await book({ date: futureDate(58), with: 'popcorn-machine' });
    for (const language of ['en', 'es'] as const) {
      const quote = await call(manage, 'POST', '/api/manage-booking/quote', { bookingNumber: b.number, key: b.key, event: window(futureDate(400)) }, { ...ip(), 'x-page-language': language });
      expect(quote.status, JSON.stringify(quote.body)).toBe(200);
      expect(quote.body.bookable).toBe(false);
      expect(quote.body.problem).toContain(language === 'en' ? 'We take bookings up to 365 days ahead' : 'Tomamos reservaciones hasta con 365 días');
      expect(quote.body.lines).toHaveLength(2);
      for (const line of quote.body.lines) expect(line).toMatchObject({ available: false, reason: quote.body.problem });
    }
  });

  it('gives the last unit to one of two customers moving onto it at the same moment; the other gets a 409 and nothing changes', async () => {
    const slug = await singleUnitProduct();
    for (let round = 0; round < 3; round++) {
      const target = window(futureDate(230 + round * 5));
      const a = await book({ product: slug, date: futureDate(231 + round * 5 + 1) });
      const c = await book({ product: slug, date: futureDate(231 + round * 5 + 2) });
      const [beforeA, beforeC] = [await snapshot(a.id), await snapshot(c.id)];
      const [moveA, moveC] = await Promise.all([
        post('/move', { bookingNumber: a.number, key: a.key, event: target }),
        post('/move', { bookingNumber: c.number, key: c.key, event: target }),
      ]);
      expect([moveA.status, moveC.status].sort()).toEqual([200, 409]);
      const [loser, loserBefore] = moveA.status === 409 ? [a, beforeA] : [c, beforeC];
      const refused = moveA.status === 409 ? moveA : moveC;
      // Taken in the same moment, or sold out by the time it looked: either way it says nothing changed.
      expect(refused.body.error.message).toMatch(/Nothing has changed: your booking is as it was/);
      // Items, allocations, totals and the calendar sequence exactly as they were.
      expect(await snapshot(loser.id)).toEqual(loserBefore);
      expect(
        await db.sql`select 1 from audit_log where entity_id = ${loser.id} and action = 'booking.customer_move'`,
      ).toHaveLength(0);
    }
  });

  it('loses the last unit cleanly to a website booking placed at the same moment, or wins it', async () => {
    const slug = await singleUnitProduct();
    const target = window(futureDate(262));
    const a = await book({ product: slug, date: futureDate(260) });
    const beforeA = await snapshot(a.id);
    const web = bookingRequest.parse({
      items: [{ product: slug, quantity: 1 }],
      event: target,
      customer: { name: 'Web Racer', email: `racer-${Date.now()}@example.com`, phone: '(512) 555-0100' },
      address,
      acceptTerms: true,
    });
    const [move, website] = await Promise.allSettled([
      post('/move', { bookingNumber: a.number, key: a.key, event: target }),
      placeBooking(db.sql, web, { now: new Date(), status: 'deposit_due', source: 'web' }),
    ]);
    const moveWon = move.status === 'fulfilled' && move.value.status === 200;
    const webWon = website.status === 'fulfilled';
    expect([moveWon, webWon].filter(Boolean)).toHaveLength(1);
    if (!moveWon) {
      expect(move.status === 'fulfilled' && move.value.status).toBe(409);
      expect(await snapshot(a.id)).toEqual(beforeA);
    }
    // Either way, the window taken: a later move there is a clean 409 too.
    const b = await book({ product: slug, date: futureDate(264) });
    const beforeB = await snapshot(b.id);
    const late = await post('/move', { bookingNumber: b.number, key: b.key, event: target });
    expect(late.status).toBe(409);
    expect(await snapshot(b.id)).toEqual(beforeB);
  });

  it('tells a customer moving from a Spanish page, in Spanish and by its Spanish name, that the unit is taken', async () => {
    const slug = await singleUnitProduct();
    const [product] = await db.sql<{ name: string; name_es: string | null }[]>`select name, name_es from products where slug = ${slug}`;
    const taken = await book({ product: slug, date: futureDate(266) });
    expect(taken.number).toBeTruthy();
    const mover = await book({ product: slug, date: futureDate(268) });
    const before = await snapshot(mover.id);
    const refused = await call(manage, 'POST', '/api/manage-booking/move', { bookingNumber: mover.number, key: mover.key, event: window(futureDate(266)) }, { ...ip(), 'x-page-language': 'es' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(`Lo sentimos, ${product!.name_es ?? product!.name}`);
    expect(refused.body.error.message).not.toMatch(/Sorry|already booked/);
    expect(await snapshot(mover.id)).toEqual(before);
  });

  it('refuses inside the cut-off (call us) and a new date inside it, changing nothing', async () => {
    await policy({ cutoffHours: 72 });
    const soon = await book({ date: futureDate(2) });
    const before = await snapshot(soon.id);
    const opened = await post('', { bookingNumber: soon.number, key: soon.key });
    expect(opened.body.manage.open).toBe(false);
    expect(opened.body.manage.closedReason).toMatch(/close 72 hours before your event.*call us at/);
    const moved = await post('/move', { bookingNumber: soon.number, key: soon.key, event: window(futureDate(30)) });
    expect(moved.status).toBe(409);
    expect(moved.body.error.message).toMatch(/call us/);
    expect(await snapshot(soon.id)).toEqual(before);

    const later = await book({ date: futureDate(30) });
    const toSoon = await post('/move', { bookingNumber: later.number, key: later.key, event: window(futureDate(1)) });
    expect(toSoon.status).toBe(400);
    expect(toSoon.body.error.fields['event.date']).toMatch(/at least 72 hours away/);
  });

  it('answers bad input with a 400 and the field', async () => {
    const b = await book({ date: futureDate(45) });
    const same = await post('/move', { bookingNumber: b.number, key: b.key, event: window(futureDate(45)) });
    expect(same.status).toBe(400);
    expect(same.body.error.fields['event.date']).toMatch(/date and time already/);
    const bad = await post('/move', {
      bookingNumber: b.number,
      key: b.key,
      event: { date: 'tomorrow', start: '25:00', end: '10:00' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).some((f) => f.startsWith('event'))).toBe(true);
  });
});

describe('cancelling a booking', () => {
  const cancel = (b: Booked, expected: string) => post('/cancel', { bookingNumber: b.number, key: b.key, expected });

  it('refunds everything paid in the refund tier: the units go back, refund due recorded, the calendar event cancelled', async () => {
    const b = await book({ date: futureDate(30) });
    const before = await snapshot(b.id);
    const opened = await post('', { bookingNumber: b.number, key: b.key });
    expect(opened.body.manage.cancellation).toEqual({
      tier: 'refund',
      refundCents: before.amount_paid_cents,
      creditCents: 0,
      keptCents: 0,
    });
    const done = await cancel(b, 'refund');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.outcome.refundCents).toBe(before.amount_paid_cents);
    const after = await snapshot(b.id);
    expect(after.status).toBe('cancelled');
    expect(after.cancellation_kept_cents).toBe(0);
    expect(after.calendar_sequence).toBe(before.calendar_sequence + 1);
    expect((after.allocations as { released: string | null }[]).every((a) => a.released !== null)).toBe(true);
    expect(done.body.booking.refundDueCents).toBe(before.amount_paid_cents);

    const mail = (await mailTo(b.email)).at(-1)!;
    expect(mail).toContain(`Your booking ${b.number} is cancelled`);
    expect(mail).toContain('METHOD:CANCEL');
    expect(mail).toContain('STATUS:CANCELLED');
    expect(mail).toContain(`SEQUENCE:${before.calendar_sequence + 1}`);
    expect(mail).toMatch(/We'll refund \$[\d,.]+ to your card/);

    const screen = await adminCall(adminBookings, 'GET', `/api/admin/bookings/${b.id}`, { cookie: managerCookie });
    expect(screen.body.status).toBe('cancelled');
    expect(screen.body.refundDueCents).toBe(before.amount_paid_cents);
    expect(screen.body.history.find((h: { action: string }) => h.action === 'booking.customer_cancel')).toMatchObject({
      actorKind: 'customer',
      actor: b.email,
    });
    // Cancelled is final: a second try is refused.
    expect((await cancel(b, 'refund')).status).toBe(409);
  });

  it('turns the deposit into a credit in the credit tier, with the policy’s expiry and the booking as its source', async () => {
    const b = await book({ date: futureDate(4) });
    const before = await snapshot(b.id);
    const done = await cancel(b, 'credit');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.outcome).toEqual({
      tier: 'credit',
      refundCents: 0,
      creditCents: before.deposit_cents,
      keptCents: 0,
    });
    const [credit] = await db.sql<
      { reason: string; amount_cents: number; remaining_cents: number; expires_on: string; issued_by: string | null }[]
    >`
      select reason, amount_cents, remaining_cents, expires_on::text, issued_by from customer_credits where source_booking_id = ${b.id}`;
    expect(credit).toMatchObject({
      reason: 'cancellation',
      amount_cents: before.deposit_cents,
      remaining_cents: before.deposit_cents,
      issued_by: null,
    });
    expect(credit!.expires_on).toBe(done.body.creditExpiresOn);
    expect(done.body.booking.credit.availableCents).toBeGreaterThanOrEqual(before.deposit_cents);
    // The deposit left the booking for the ledger: nothing is kept, nothing is due back.
    expect(await snapshot(b.id)).toMatchObject({ cancellation_kept_cents: 0, amount_paid_cents: before.amount_paid_cents - before.deposit_cents });
    expect(done.body.booking.refundDueCents).toBe(0);
    expect((await mailTo(b.email)).at(-1)).toMatch(/becomes a credit for a future rental, valid for 12 months/);
    // The staff screen: the cancelled booking owes nothing, and the deposit's line reads as moved to a credit.
    const screen = await adminCall(adminBookings, 'GET', `/api/admin/bookings/${b.id}`, { cookie: managerCookie });
    expect(screen.body.totals).toMatchObject({ amountDueCents: 0, depositOutstandingCents: 0 });
    expect(screen.body.totals.totalCents).toBeGreaterThan(screen.body.totals.amountPaidCents);
    expect(screen.body.payments.filter((p: { kind: string; method: string }) => p.kind === 'refund' && p.method === 'credit')).toHaveLength(1);
  });

  it('keeps the deposit in the last tier (the owner allows changes online until the party)', async () => {
    await policy({ cutoffHours: 0 });
    const b = await book({ date: futureDate(1), paid: 'deposit' });
    const before = await snapshot(b.id);
    const done = await cancel(b, 'none');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.outcome).toEqual({
      tier: 'none',
      refundCents: 0,
      creditCents: 0,
      keptCents: before.deposit_cents,
    });
    expect(await db.sql`select 1 from customer_credits where source_booking_id = ${b.id}`).toHaveLength(0);
    expect((await snapshot(b.id)).status).toBe('cancelled');
  });

  it('refuses when the terms changed while the page was open (the server’s answer wins), and inside the cut-off', async () => {
    const b = await book({ date: futureDate(4) });
    const before = await snapshot(b.id);
    // The page still showed the refund tier; at the moment of confirming it is the credit tier.
    const stale = await cancel(b, 'refund');
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(
      /passed a limit .* deposit now becomes a credit.*Nothing is cancelled yet/,
    );
    expect(await snapshot(b.id)).toEqual(before);

    await policy({ cutoffHours: 120 });
    const inside = await cancel(b, 'credit');
    expect(inside.status).toBe(409);
    expect(inside.body.error.message).toMatch(/call us at/);
    expect(await snapshot(b.id)).toEqual(before);
    expect(await db.sql`select 1 from customer_credits where source_booking_id = ${b.id}`).toHaveLength(0);
  });

  it('answers a missing or unknown tier with a 400', async () => {
    const b = await book();
    const bad = await post('/cancel', { bookingNumber: b.number, key: b.key, expected: 'everything' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.expected).toBeTruthy();
  });
});

describe('a cake ordered with the booking (the cancellation policy’s cake deadline)', () => {
  let cakes = 0;
  /** A cake to be delivered with the booking, on its date; the lead time decides its last day to change. */
  async function cakeFor(b: Booked, status = 'confirmed') {
    const number = `CK-C${String(++cakes).padStart(4, '0')}Z`;
    await db.sql`
      insert into cake_orders (number, product_id, name, email, phone, servings, tiers, flavour, frosting, fulfilment, booking_id, needed_on, price_cents, status)
      select ${number}, p.id, 'Cake Customer', ${b.email}, '5125550142', 24, 2, 'vanilla', 'buttercream', 'delivery', ${b.id},
        (select (b.event_start at time zone s.timezone)::date from bookings b, business_settings s where b.id = ${b.id} and s.id), 8500, ${status}
      from products p where p.slug = 'classic-round-birthday-cake'`;
    return number;
  }
  const cake = async (number: string) => (await db.sql<{ status: string; needed_on: string }[]>`select status, needed_on::text from cake_orders where number = ${number}`)[0]!;
  // The business's days, counted from the dates the tests choose (futureDate: days from today), so no hour of the day matters.
  const leadDays = (days: number) => db.sql`update business_settings set cake_lead_time_days = ${days}`;
  const cancel = (b: Booked, expected: string) => post('/cancel', { bookingNumber: b.number, key: b.key, expected });
  afterAll(async () => {
    await leadDays(3);
  });
  // A product no other test here books, so these dates are free whatever the other tests booked.
  const booked = (date: string) => book({ product: 'mega-20x20-bounce-house', date });

  it('refuses a move once the cake is past its last day to change, in English and Spanish, changing nothing', async () => {
    // The party is 40 days away and a cake needs 45: its last day to change was 5 days ago.
    await leadDays(45);
    const b = await booked(futureDate(40));
    const number = await cakeFor(b);
    const before = { booking: await snapshot(b.id), cake: await cake(number) };
    for (const route of ['/quote', '/move']) {
      const refused = await post(route, { bookingNumber: b.number, key: b.key, event: window(futureDate(50)) });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.error.fields['event.date']).toMatch(new RegExp(`Your cake order ${number} could be changed free of charge until .*, and we have started on it, so the party can’t be moved online\\. Call us at`));
    }
    const es = await call(manage, 'POST', '/api/manage-booking/move', { bookingNumber: b.number, key: b.key, event: window(futureDate(50)) }, { ...ip(), 'x-page-language': 'es' });
    expect(es.status).toBe(400);
    expect(es.body.error.fields['event.date']).toMatch(new RegExp(`Su pedido de pastel ${number} se podía cambiar sin costo hasta el .* Llámenos al`));
    expect(es.body.error.fields['event.date']).not.toMatch(/cake|Call us/);
    // Another time the same day keeps the cake's day: allowed.
    const sameDay = await post('/move', { bookingNumber: b.number, key: b.key, event: window(futureDate(40), '11:00', '17:00') });
    expect(sameDay.status, JSON.stringify(sameDay.body)).toBe(200);
    expect(await cake(number)).toEqual(before.cake);
    expect((await snapshot(b.id)).status).toBe(before.booking.status);
  });

  it('moves the cake with the party before its last day, to a date that leaves the baking time', async () => {
    await leadDays(3);
    // The owner allows changes online until the party: only the cake's baking time refuses the nearer date.
    await policy({ cutoffHours: 0 });
    const b = await booked(futureDate(42));
    const number = await cakeFor(b);
    const tooSoon = await post('/move', { bookingNumber: b.number, key: b.key, event: window(futureDate(2)) });
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.error.fields['event.date']).toBe(`We need 3 days to bake your cake order ${number}: choose a later date, or call us at ${(await db.sql<{ phone: string }[]>`select phone from business_settings`)[0]!.phone}.`);
    const moved = await post('/move', { bookingNumber: b.number, key: b.key, event: window(futureDate(46)) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await cake(number)).toEqual({ status: 'confirmed', needed_on: futureDate(46) });
  });

  it('cancelling before the cake’s last day cancels the cake with it, free; after it the cake stays, unrefunded, and the preview and e-mail say so', async () => {
    await leadDays(3);
    const early = await booked(futureDate(30));
    const free = await cakeFor(early);
    const opened = await post('', { bookingNumber: early.number, key: early.key });
    expect(opened.body.manage.cancellation.cakes).toEqual([{ number: free, priceCents: 8500, lastDay: futureDate(27), refundable: true }]);
    const done = await cancel(early, 'refund');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await cake(free)).status).toBe('cancelled');
    expect((await mailTo(early.email)).at(-1)).toContain(`Your cake order ${free} is cancelled with it, free of charge.`);

    await leadDays(45);
    const late = await booked(futureDate(31));
    const kept = await cakeFor(late, 'baking');
    const preview = await post('', { bookingNumber: late.number, key: late.key });
    const before = await snapshot(late.id);
    expect(preview.body.manage.cancellation).toEqual({
      tier: 'refund',
      refundCents: before.amount_paid_cents,
      creditCents: 0,
      keptCents: 0,
      cakes: [{ number: kept, priceCents: 8500, lastDay: futureDate(-14), refundable: false }],
    });
    const lateDone = await cancel(late, 'refund');
    expect(lateDone.status, JSON.stringify(lateDone.body)).toBe(200);
    // The refund is the booking's money only: the cake's price is not in it, and the cake is still being baked.
    expect(lateDone.body.outcome.refundCents).toBe(before.amount_paid_cents);
    expect(lateDone.body.booking.refundDueCents).toBe(before.amount_paid_cents);
    expect((await cake(kept)).status).toBe('baking');
    // Staff see the same: the cake past its last day, not refundable (they may still cancel it by hand on the cake orders screen).
    const screen = await adminCall(adminBookings, 'GET', `/api/admin/bookings/${late.id}`, { cookie: managerCookie });
    expect(screen.body.refundDueCents).toBe(before.amount_paid_cents);
    expect(screen.body.cakes).toEqual([expect.objectContaining({ number: kept, priceCents: 8500, lastChangeDay: futureDate(-14), changeClosed: true })]);
    expect((await mailTo(late.email)).at(-1)).toMatch(new RegExp(`Your cake order ${kept} \\(\\$85(\\.00)?\\) could be changed or cancelled free of charge until .*\\. We have started on it, so it is not refunded`));
  });

  // Staff cancel and move through the admin endpoints: the cakes follow the booking as they do for the customer's own changes.
  const staffCall = (method: string, route: string, body: unknown) => adminCall(adminBookings, method, `/api/admin/bookings${route}`, { cookie: managerCookie, body });
  const auditOf = async (id: string, action: string) =>
    (await db.sql<{ after: Record<string, unknown> }[]>`select after from audit_log where entity_id = ${id} and action = ${action} order by created_at`).map((a) => a.after);

  it('a staff cancellation cancels a cake before its last day and keeps one past it, saying which in the answer, the screen and the audit', async () => {
    await leadDays(3);
    const early = await booked(futureDate(33));
    const free = await cakeFor(early);
    const cancelled = await staffCall('POST', `/${early.id}/status`, { to: 'cancelled', reason: 'The customer called it off' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await cake(free)).toEqual({ status: 'cancelled', needed_on: futureDate(33) });
    expect(cancelled.body.cakeNotices).toEqual([`Cake order ${free} is cancelled with the booking.`]);
    expect((await auditOf(early.id, 'booking.status')).at(-1)).toMatchObject({ status: 'cancelled', cakesCancelled: [free], cakesKept: [] });
    // The customer is told, with the cake in the words of their own cancellation's e-mail; the staff's reason stays in the office.
    expect(cancelled.body.emailedTo).toBe(early.email);
    const mail = (await mailTo(early.email)).at(-1)!;
    expect(mail).toMatch(/We have cancelled your booking for .*\. The attached calendar update removes it from your calendar\./);
    expect(mail).toContain(`Your cake order ${free} is cancelled with it, free of charge.`);
    expect(mail).not.toContain('called it off');

    await leadDays(45);
    const late = await booked(futureDate(34));
    const kept = await cakeFor(late, 'baking');
    const lateCancelled = await staffCall('POST', `/${late.id}/status`, { to: 'cancelled', reason: 'The customer called it off' });
    expect(lateCancelled.status, JSON.stringify(lateCancelled.body)).toBe(200);
    // Being baked: staff decide by hand (the cake orders screen); the answer and the booking screen say it is still ordered.
    expect((await cake(kept)).status).toBe('baking');
    expect(lateCancelled.body.cakeNotices).toEqual([expect.stringMatching(new RegExp(`^Cake order ${kept} stays ordered: it is past its last day to change or cancel \\(.+\\)\\. Cancel it by hand on the cake orders screen`))]);
    const screen = await staffCall('GET', `/${late.id}`, undefined);
    expect(screen.body.cakes).toEqual([expect.objectContaining({ number: kept, status: 'baking', changeClosed: true })]);
    expect((await auditOf(late.id, 'booking.status')).at(-1)).toMatchObject({ status: 'cancelled', cakesCancelled: [], cakesKept: [kept] });
    expect((await mailTo(late.email)).at(-1)).toMatch(new RegExp(`Your cake order ${kept} \\(\\$85(\\.00)?\\) could be changed or cancelled free of charge until .*\\. We have started on it, so it is not refunded`));
  });

  it('a staff cancellation e-mails a Spanish booking’s customer in Spanish, and nobody when staff say not to', async () => {
    await leadDays(3);
    const spanish = await booked(futureDate(52));
    await db.sql`update bookings set language = 'es' where id = ${spanish.id}`;
    const free = await cakeFor(spanish);
    const cancelled = await staffCall('POST', `/${spanish.id}/status`, { to: 'cancelled', reason: 'La clienta llamó' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const mail = (await mailTo(spanish.email)).at(-1)!;
    expect(mail).toMatch(/Cancelamos su reservación para el .*\. La actualización de calendario adjunta la quita de su calendario\./);
    expect(mail).toContain(`Su pedido de pastel ${free} se cancela junto con ella, sin costo.`);

    const quiet = await booked(futureDate(53));
    await cakeFor(quiet);
    const sent = (await mailTo(quiet.email)).length;
    const unsent = await staffCall('POST', `/${quiet.id}/status`, { to: 'cancelled', reason: 'A duplicate of another booking', notifyCustomer: false });
    expect(unsent.status, JSON.stringify(unsent.body)).toBe(200);
    expect(unsent.body.emailedTo).toBeNull();
    expect((await mailTo(quiet.email)).length).toBe(sent);
    const refused = await staffCall('POST', `/${quiet.id}/status`, { to: 'cancelled', reason: 'Again', notifyCustomer: 'yes' });
    expect(refused.status).toBe(400);
  });

  it('a staff move takes the cake to the party’s new date, even past its last day, and says so', async () => {
    const staffMove = (b: Booked, date: string) =>
      staffCall('PUT', `/${b.id}`, {
        items: [{ product: 'mega-20x20-bounce-house', quantity: 1 }],
        event: window(date),
        address,
        coupon: '',
        damageWaiver: false,
        adjustments: [],
        notifyCustomer: false,
      });
    await leadDays(3);
    const open = await booked(futureDate(35));
    const movable = await cakeFor(open);
    const moved = await staffMove(open, futureDate(36));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await cake(movable)).toEqual({ status: 'confirmed', needed_on: futureDate(36) });
    expect(moved.body.booking.cakeNotices).toEqual([expect.stringMatching(new RegExp(`^Cake order ${movable} moved with the party to [^.]+\\.$`))]);

    await leadDays(45);
    const closed = await booked(futureDate(37));
    const baking = await cakeFor(closed, 'baking');
    const overridden = await staffMove(closed, futureDate(38));
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
    expect(await cake(baking)).toEqual({ status: 'baking', needed_on: futureDate(38) });
    expect(overridden.body.booking.cakeNotices).toEqual([expect.stringMatching(new RegExp(`^Cake order ${baking} moved with the party to .+ It was past its last day to change \\(.+\\): check with the bakery`))]);
    expect((await auditOf(closed.id, 'booking.edit')).at(-1)).toMatchObject({ cakesMoved: [{ number: baking, from: futureDate(37), to: futureDate(38), pastLastDay: true }] });
  });

  // A rain check's free move (the weather called the party off): the page's and the e-mail's words on the cakes.
  const rainOut = async (b: Booked, date: string) => {
    const marked = await adminCall(adminDay, 'POST', '/api/admin/day/rain-outs', { cookie: managerCookie, body: { date, bookingIds: [b.id], offers: ['move', 'credit'] } });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
  };
  const rainCheckMail = async (b: Booked) => (await mailTo(b.email)).find((m) => m.includes('moves with the party') || m.includes('stays ordered for'));

  it('a rain check’s free move takes a cake before its last day to the new date, when it leaves the baking time, and says so', async () => {
    await leadDays(3);
    const b = await booked(futureDate(55));
    const number = await cakeFor(b);
    await rainOut(b, futureDate(55));
    // Inside the cake's baking time: refused as on any move, nothing changed.
    const tooSoon = await post('/quote', { bookingNumber: b.number, key: b.key, event: window(futureDate(2)) });
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.error.fields['event.date']).toMatch(new RegExp(`^We need 3 days to bake your cake order ${number}: choose a later date`));
    const said = `Your cake order ${number} moves with the party to ${formatDayMonth(futureDate(58))}.`;
    const quote = await post('/quote', { bookingNumber: b.number, key: b.key, event: window(futureDate(58)) });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.cakes).toEqual([said]);
    const moved = await post('/move', { bookingNumber: b.number, key: b.key, event: window(futureDate(58)) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.cakes).toEqual([said]);
    expect(await cake(number)).toEqual({ status: 'confirmed', needed_on: futureDate(58) });
    expect(await rainCheckMail(b)).toContain(said);
    expect((await db.sql<{ answer: string }[]>`select answer from rain_out_offers where booking_id = ${b.id}`)[0]!.answer).toBe('moved');
    expect((await db.sql<{ after: Record<string, unknown> }[]>`select after from audit_log where entity_id = ${b.id} and action = 'booking.customer_move'`)[0]!.after).toMatchObject({ rainCheck: true, cakesMoved: [number] });
  });

  it('a rain check’s free move goes ahead past a cake’s last day: the cake stays ordered for its day, and the page and e-mails say so', async () => {
    // The party is 56 days away and a cake needs 60: its last day to change was 4 days ago.
    await leadDays(60);
    const b = await booked(futureDate(56));
    const number = await cakeFor(b, 'baking');
    await rainOut(b, futureDate(56));
    const staying = new RegExp(
      `^Your cake order ${number} \\(\\$85(\\.00)?\\) could be changed free of charge until ${formatDayMonth(futureDate(-4))}, and we have started on it: it stays ordered for ${formatDayMonth(futureDate(56))} and is not refunded\\. Call us to pick it up`,
    );
    const quote = await post('/quote', { bookingNumber: b.number, key: b.key, event: window(futureDate(59)) });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.cakes).toEqual([expect.stringMatching(staying)]);
    const moved = await post('/move', { bookingNumber: b.number, key: b.key, event: window(futureDate(59)) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.cakes).toEqual([expect.stringMatching(staying)]);
    expect(moved.body.booking.event.date).toBe(futureDate(59));
    expect(await cake(number)).toEqual({ status: 'baking', needed_on: futureDate(56) });
    expect(await rainCheckMail(b)).toMatch(new RegExp(staying.source.slice(1)));
    // The business's notice tells the bakery to arrange it.
    const [notice] = await db.sql<{ payload: { text: string } }[]>`
      select payload from outbound_emails where template = 'booking-business-change' and payload->>'text' like ${`%${number}%`}`;
    expect(notice!.payload.text).toContain(`Cake order ${number} stays ordered for ${formatMediumDate(futureDate(56))}: it was past its last day to change`);
    expect((await db.sql<{ after: Record<string, unknown> }[]>`select after from audit_log where entity_id = ${b.id} and action = 'booking.customer_move'`)[0]!.after).toMatchObject({ rainCheck: true, cakesKept: [number] });
  });
});
