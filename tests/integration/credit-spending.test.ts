import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { raiseBookingLimits } from '../support/booking-limits';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';
import { addMonths } from '../../src/lib/time';

/**
 * Spending credits (issue #25): proving an e-mail with a one-time code, a credit spent once and only
 * once when two checkouts race for it, staff paying from credit, a refund going back to credit,
 * expired credit not spendable. Runs straight and through PgBouncer.
 */
let db: TestDatabase;
const h = {} as Record<'code' | 'bookings' | 'admin' | 'quote' | 'track', Handler>;
const cookie = { crew: '', manager: '' };
let ipCount = 0;
/**
 * Spend-by days far enough ahead that no run sees them pass, and within the 5 years the database
 * allows a credit from the day it is given (the UTC day the test starts: a midnight during the run only
 * moves that limit later).
 */
const LATER = { threeYears: addMonths(new Date().toISOString().slice(0, 10), 36), fourYears: addMonths(new Date().toISOString().slice(0, 10), 48) };
const ip = () => `10.77.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;

const booking = (email: string, date: string, creditGrant?: string) => ({
  items: [{ product: 'pink-castle-bounce-house', quantity: 1 }],
  event: { date, start: '10:00', end: '16:00' },
  customer: { name: 'Robin Credit', email, phone: '512 555 0199' },
  address: { line1: '9 Oak St', city: 'Georgetown', state: 'TX', zip: '78626' },
  acceptTerms: true,
  ...(creditGrant ? { creditGrant } : {}),
});

async function customerWithCredit(email: string, credits: { cents: number; expiresOn: string | null }[]): Promise<string> {
  const [customer] = await db.sql<{ id: string }[]>`insert into customers (name, email, phone) values ('Robin Credit', ${email}, '512 555 0199') returning id`;
  for (const c of credits) {
    await db.sql`insert into customer_credits (customer_id, reason, amount_cents, remaining_cents, expires_on, note, issued_by)
      values (${customer!.id}, 'rain_check', ${c.cents}, ${c.cents}, ${c.expiresOn}, 'Rained out', 'owner@example.com')`;
  }
  return customer!.id;
}

const codeSentTo = async (email: string) => {
  const [mail] = await db.sql<{ subject: string }[]>`select subject from outbound_emails where template = 'credit-code' and to_address = ${email} order by created_at desc limit 1`;
  return mail ? /(\d{6})$/.exec(mail.subject)![1]! : null;
};

async function prove(email: string): Promise<{ availableCents: number; grant: string | null }> {
  const from = ip();
  expect((await call(h.code, 'POST', '/api/credit-code', { email }, { 'x-test-ip': from })).status).toBe(202);
  const code = await codeSentTo(email);
  const verified = await call(h.code, 'POST', '/api/credit-code/verify', { email, code }, { 'x-test-ip': from });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body;
}

/** "$87.52", "$90": as the site writes amounts. */
const dollars = (cents: number) => `$${Math.floor(cents / 100)}${cents % 100 ? `.${String(cents % 100).padStart(2, '0')}` : ''}`;

const remaining = async (customerId: string) =>
  (await db.sql<{ sum: number }[]>`select coalesce(sum(remaining_cents), 0)::int as sum from customer_credits where customer_id = ${customerId}`)[0]!.sum;

beforeAll(async () => {
  db = await createSeededDatabase();
  await raiseBookingLimits(db.sql);
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'SMTP_URL']) delete process.env[key];
  useAdminEnv(db.url, { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'credits-')) });
  h.code = (await import('../../netlify/functions/credit-code')).default;
  h.bookings = (await import('../../netlify/functions/bookings')).default;
  h.admin = (await import('../../netlify/functions/admin-bookings')).default;
  h.quote = (await import('../../netlify/functions/quote-price')).default;
  h.track = (await import('../../netlify/functions/track-order')).default;
  cookie.crew = (await staffSession(db.sql, 'crew')).cookie;
  cookie.manager = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

describe('proving an e-mail with a one-time code', () => {
  it('answers the same for an e-mail with credit, one without and one nobody has, and e-mails a code only to the first', async () => {
    await customerWithCredit('has.credit@example.com', [{ cents: 4000, expiresOn: null }]);
    await customerWithCredit('no.credit@example.com', []);
    const answers = await Promise.all(
      ['has.credit@example.com', 'no.credit@example.com', 'nobody.here@example.com'].map((email) => call(h.code, 'POST', '/api/credit-code', { email }, { 'x-test-ip': ip() })),
    );
    for (const a of answers) expect({ status: a.status, body: a.body }).toEqual({ status: 202, body: answers[0]!.body });
    expect(await codeSentTo('has.credit@example.com')).toMatch(/^\d{6}$/);
    expect(await codeSentTo('no.credit@example.com')).toBeNull();
    expect(await codeSentTo('nobody.here@example.com')).toBeNull();
    // The code is not stored, only its HMAC.
    const [stored] = await db.sql<{ code_hash: string }[]>`select code_hash from credit_codes where email = 'has.credit@example.com'`;
    expect(stored!.code_hash).not.toContain(await codeSentTo('has.credit@example.com'));
    // An e-mail nobody has answers a code like a wrong one.
    const unknown = await call(h.code, 'POST', '/api/credit-code/verify', { email: 'nobody.here@example.com', code: '123456' }, { 'x-test-ip': ip() });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.code).toBe('That code isn’t right. Check the e-mail we sent, or ask for a new code.');
  });

  it('a right code answers with the credit and a grant, once; five wrong codes lock it', async () => {
    await customerWithCredit('tries@example.com', [{ cents: 2500, expiresOn: LATER.fourYears }]);
    const from = ip();
    await call(h.code, 'POST', '/api/credit-code', { email: 'tries@example.com' }, { 'x-test-ip': from });
    const code = (await codeSentTo('tries@example.com'))!;
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      const answer = await call(h.code, 'POST', '/api/credit-code/verify', { email: 'tries@example.com', code: wrong }, { 'x-test-ip': from });
      expect(answer.status).toBe(400);
    }
    const locked = await call(h.code, 'POST', '/api/credit-code/verify', { email: 'tries@example.com', code }, { 'x-test-ip': from });
    expect(locked.status).toBe(400);
    expect(locked.body.error.fields.code).toBe('Too many wrong codes. Ask for a new code.');

    // A new code works, and only once.
    await call(h.code, 'POST', '/api/credit-code', { email: 'tries@example.com' }, { 'x-test-ip': from });
    const fresh = (await codeSentTo('tries@example.com'))!;
    const ok = await call(h.code, 'POST', '/api/credit-code/verify', { email: 'TRIES@example.com', code: fresh }, { 'x-test-ip': from });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ availableCents: 2500, nextExpiry: LATER.fourYears });
    expect(ok.body.grant).toMatch(/^[\w-]+\.[\w-]+$/);
    expect((await call(h.code, 'POST', '/api/credit-code/verify', { email: 'tries@example.com', code: fresh }, { 'x-test-ip': from })).status).toBe(400);
  });

  it('an expired code is refused', async () => {
    await customerWithCredit('late@example.com', [{ cents: 1000, expiresOn: null }]);
    const from = ip();
    await call(h.code, 'POST', '/api/credit-code', { email: 'late@example.com' }, { 'x-test-ip': from });
    const code = (await codeSentTo('late@example.com'))!;
    await db.sql`update credit_codes set expires_at = now() - interval '1 second' where email = 'late@example.com'`;
    const late = await call(h.code, 'POST', '/api/credit-code/verify', { email: 'late@example.com', code }, { 'x-test-ip': from });
    expect(late.body.error.fields.code).toBe('That code has expired. Ask for a new code.');
  });

  it('limits requests per address and per e-mail, and bad input is a 400 with the field', async () => {
    const from = ip();
    const asks = [];
    for (let i = 0; i < 6; i++) asks.push((await call(h.code, 'POST', '/api/credit-code', { email: `many${i}@example.com` }, { 'x-test-ip': from })).status);
    expect(asks).toEqual([202, 202, 202, 202, 202, 429]);
    const perEmail = [];
    for (let i = 0; i < 4; i++) perEmail.push((await call(h.code, 'POST', '/api/credit-code', { email: 'one.person@example.com' }, { 'x-test-ip': ip() })).status);
    expect(perEmail).toEqual([202, 202, 202, 429]);
    const bad = await call(h.code, 'POST', '/api/credit-code/verify', { email: 'x', code: '12' }, { 'x-test-ip': ip() });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ email: 'Enter a valid e-mail address', code: 'Enter the 6-digit code' });
  });
});

describe('spending credit at checkout', () => {
  it('a credit is spent once and only once when two checkouts race for it', async () => {
    // One booking without credit tells what the deposit is.
    const plain = await call(h.bookings, 'POST', '/api/bookings', booking('plain.booker@example.com', futureDate(40)), { 'x-test-ip': ip() });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body.creditAppliedCents).toBe(0);
    const deposit = plain.body.totals.depositCents as number;
    // Enough for one deposit and half of another, in two credits (the one expiring first is spent first).
    const customerId = await customerWithCredit('racer@example.com', [
      { cents: deposit, expiresOn: LATER.fourYears },
      { cents: Math.floor(deposit / 2), expiresOn: LATER.threeYears },
    ]);
    const total = deposit + Math.floor(deposit / 2);
    const { grant, availableCents } = await prove('racer@example.com');
    expect(availableCents).toBe(total);

    const [a, b] = await Promise.all([
      call(h.bookings, 'POST', '/api/bookings', booking('racer@example.com', futureDate(41), grant!), { 'x-test-ip': ip() }),
      call(h.bookings, 'POST', '/api/bookings', booking('racer@example.com', futureDate(42), grant!), { 'x-test-ip': ip() }),
    ]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([201, 201]);
    const applied = [a.body.creditAppliedCents as number, b.body.creditAppliedCents as number].sort((x, y) => y - x);
    expect(applied).toEqual([deposit, total - deposit]);
    expect(await remaining(customerId)).toBe(0);

    // Each booking's credit payment is what its uses took, counted in its amount paid.
    for (const created of [a, b]) {
      const [row] = await db.sql<{ id: string; amount_paid_cents: number; hold_expires_at: Date | null; status: string }[]>`
        select id, amount_paid_cents, hold_expires_at, status from bookings where number = ${created.body.bookingNumber}`;
      const payments = await db.sql<{ id: string; amount_cents: number; note: string; kind: string }[]>`
        select id, amount_cents, note, kind from payments where booking_id = ${row!.id} and method = 'credit'`;
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({ amount_cents: created.body.creditAppliedCents, note: 'Paid from credit', kind: 'deposit' });
      const [uses] = await db.sql<{ sum: number }[]>`select sum(amount_cents)::int as sum from credit_uses where payment_id = ${payments[0]!.id}`;
      expect(uses!.sum).toBe(created.body.creditAppliedCents);
      expect(row!.amount_paid_cents).toBe(created.body.creditAppliedCents);
      // The deposit paid in full from credit keeps the booking; a part of it does not.
      expect(row!.hold_expires_at === null).toBe(created.body.creditAppliedCents === deposit);
      expect(created.body.totals.amountPaidCents).toBe(created.body.creditAppliedCents);
    }
    // The credit expiring first went first.
    const [first] = await db.sql<{ remaining_cents: number }[]>`select remaining_cents from customer_credits where customer_id = ${customerId} and expires_on = ${LATER.threeYears}`;
    expect(first!.remaining_cents).toBe(0);

    // A third booking with the same grant finds nothing left and is booked without credit.
    const third = await call(h.bookings, 'POST', '/api/bookings', booking('racer@example.com', futureDate(43), grant!), { 'x-test-ip': ip() });
    expect(third.status).toBe(201);
    expect(third.body.creditAppliedCents).toBe(0);
  });

  it('refuses a forged or expired grant on its field and books nothing', async () => {
    const before = (await db.sql`select count(*)::int as n from bookings`)[0]!.n;
    const forged = await call(h.bookings, 'POST', '/api/bookings', booking('forger@example.com', futureDate(44), 'eyJjIjoiIn0.bad'), { 'x-test-ip': ip() });
    expect(forged.status).toBe(400);
    expect(forged.body.error.fields.creditGrant).toBe('Your credit could not be read. Prove your e-mail again to use it.');
    expect((await db.sql`select count(*)::int as n from bookings`)[0]!.n).toBe(before);
  });

  it('an expired credit cannot be spent, at checkout or by staff', async () => {
    const customerId = await customerWithCredit('expired@example.com', [{ cents: 3000, expiresOn: LATER.fourYears }]);
    const { grant } = await prove('expired@example.com');
    await db.sql`update customer_credits set expires_on = '2020-01-01' where customer_id = ${customerId}`;
    const placed = await call(h.bookings, 'POST', '/api/bookings', booking('expired@example.com', futureDate(45), grant!), { 'x-test-ip': ip() });
    expect(placed.status).toBe(201);
    expect(placed.body.creditAppliedCents).toBe(0);
    const [row] = await db.sql<{ id: string }[]>`select id from bookings where number = ${placed.body.bookingNumber}`;
    const staff = await adminCall(h.admin, 'POST', `/api/admin/bookings/${row!.id}/credit-payments`, { cookie: cookie.manager, body: { amountCents: 100 } });
    expect(staff.status).toBe(400);
    expect(staff.body.error.fields.amountCents).toBe('The customer has no credit to spend.');
    expect(await remaining(customerId)).toBe(3000);
  });
});

describe('credit paying part of the deposit (pay-later mode: no Stripe here)', () => {
  it('the checkout’s price, the booking’s answer (the success page), its e-mail and the tracking page all ask for what is left of the deposit', async () => {
    const date = futureDate(48);
    // The checkout's price says the deposit is not paid online: "Place booking", no "due today".
    const quote = await call(h.quote, 'POST', '/api/quote-price', { items: [{ product: 'pink-castle-bounce-house', quantity: 1 }], event: { date, start: '10:00', end: '16:00' }, zip: '78626' }, { 'x-test-ip': ip() });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.depositOnline).toBe(false);
    const deposit = quote.body.depositCents as number;
    const total = quote.body.totalCents as number;
    const creditCents = deposit - 714;
    await customerWithCredit('part.deposit@example.com', [{ cents: creditCents, expiresOn: LATER.fourYears }]);
    const { grant } = await prove('part.deposit@example.com');

    const placed = await call(h.bookings, 'POST', '/api/bookings', booking('part.deposit@example.com', date, grant!), { 'x-test-ip': ip() });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    // What the success page is given: the whole deposit, what is paid of it, and what is left.
    expect(placed.body).toMatchObject({ status: 'deposit_due', creditAppliedCents: creditCents, payment: { url: null } });
    expect(placed.body.totals).toMatchObject({ totalCents: total, depositCents: deposit, amountPaidCents: creditCents, depositOutstandingCents: 714, amountDueCents: total - creditCents });

    // The confirmation e-mail asks for the same $7.14, and says how to pay it in this mode.
    const [mail] = await db.sql<{ payload: { text: string } }[]>`
      select payload from outbound_emails where template = 'booking-customer' and to_address = 'part.deposit@example.com'`;
    // A website booking in pay-later mode is first confirmed from this e-mail (within the hour); then the rest of the deposit confirms it.
    expect(mail!.payload.text).toContain(`paying the $7.14 left of your ${dollars(deposit)} deposit confirms the booking, by calling us at`);
    expect(mail!.payload.text).not.toContain(`Pay your ${dollars(deposit)} deposit`);

    // The tracking page: the credit payment, and the deposit still to pay.
    const tracked = await call(h.track, 'POST', '/api/track-order', { bookingNumber: placed.body.bookingNumber, email: 'part.deposit@example.com' }, { 'x-test-ip': ip() });
    expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
    expect(tracked.body.totals).toMatchObject({ depositCents: deposit, amountPaidCents: creditCents, depositOutstandingCents: 714 });
    expect(tracked.body.payments).toEqual([expect.objectContaining({ kind: 'deposit', method: 'credit', amountCents: creditCents })]);
    // Pay later: the business collects the rest itself, no online deposit button.
    expect(tracked.body.paymentOffer).toBeNull();
  });
});

describe('credit spent on a booking that lapses unpaid', () => {
  it('goes back to the credit by itself when the booking is released', async () => {
    const customerId = await customerWithCredit('lapsing@example.com', [{ cents: 1000, expiresOn: LATER.fourYears }]);
    const { grant } = await prove('lapsing@example.com');
    const placed = await call(h.bookings, 'POST', '/api/bookings', booking('lapsing@example.com', futureDate(47), grant!), { 'x-test-ip': ip() });
    expect(placed.status).toBe(201);
    // Less than the deposit: the booking keeps its deadline.
    expect(placed.body.creditAppliedCents).toBe(1000);
    expect(await remaining(customerId)).toBe(0);
    const [row] = await db.sql<{ id: string; hold_expires_at: Date | null }[]>`select id, hold_expires_at from bookings where number = ${placed.body.bookingNumber}`;
    expect(row!.hold_expires_at).not.toBeNull();

    const later = new Date(row!.hold_expires_at!.getTime() + 60_000);
    const { releaseExpiredHolds } = await import('../../src/lib/booking/index.server');
    const { returnLapsedCredit } = await import('../../src/lib/credits/index.server');
    await releaseExpiredHolds(db.sql as never, later);
    // The scheduled run returns every lapsed booking's credit (another test's half-paid booking lapsed too).
    expect(await returnLapsedCredit(db.sql as never, later)).toBeGreaterThanOrEqual(1);
    expect(await remaining(customerId)).toBe(1000);
    const [after] = await db.sql<{ status: string; amount_paid_cents: number }[]>`select status, amount_paid_cents from bookings where id = ${row!.id}`;
    expect(after).toEqual({ status: 'expired', amount_paid_cents: 0 });
    // Once: a second run finds nothing to return.
    expect(await returnLapsedCredit(db.sql as never, later)).toBe(0);
    expect(await returnLapsedCredit(db.sql as never, later, row!.id)).toBe(0);
    expect(await remaining(customerId)).toBe(1000);
  });
});

describe('staff pay a booking from credit, and a refund of it goes back to credit', () => {
  it('pays at most the balance and the credit, audited with a receipt; crew may not', async () => {
    const placed = await call(h.bookings, 'POST', '/api/bookings', booking('phone.credit@example.com', futureDate(46)), { 'x-test-ip': ip() });
    const [row] = await db.sql<{ id: string; customer_id: string; total_cents: number }[]>`select id, customer_id, total_cents from bookings where number = ${placed.body.bookingNumber}`;
    await db.sql`insert into customer_credits (customer_id, reason, amount_cents, remaining_cents, expires_on, note) values (${row!.customer_id}, 'goodwill', 3000, 3000, ${LATER.fourYears}, 'Sorry')`;
    const pay = (amountCents: number, who = cookie.manager) => adminCall(h.admin, 'POST', `/api/admin/bookings/${row!.id}/credit-payments`, { cookie: who, body: { amountCents } });

    expect((await pay(1000, cookie.crew)).status).toBe(403);
    const tooMuch = await pay(3001);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields.amountCents).toBe('The customer has 30.00 of credit to spend: pay at most that.');
    expect((await pay(0)).body.error.fields.amountCents).toBe('Amount must be more than zero');

    const paid = await pay(2000);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ amountPaidCents: 2000, balanceCents: row!.total_cents - 2000 });
    const [payment] = await db.sql<{ id: string; method: string; note: string; recorded_by: string }[]>`select id, method, note, recorded_by from payments where id = ${paid.body.id}`;
    expect(payment).toMatchObject({ method: 'credit', note: 'Paid from credit' });
    const [audit] = await db.sql<{ after: { payment: { method: string } } }[]>`select after from audit_log where action = 'booking.payment' and entity_id = ${row!.id}`;
    expect(audit!.after.payment.method).toBe('credit');
    const [receipt] = await db.sql<{ subject: string }[]>`select subject from outbound_emails where to_address = 'phone.credit@example.com' and subject like 'Receipt:%'`;
    expect(receipt!.subject).toBe(`Receipt: $20 received for booking ${placed.body.bookingNumber}`);
    const [credit] = await db.sql<{ id: string; remaining_cents: number }[]>`select id, remaining_cents from customer_credits where customer_id = ${row!.customer_id}`;
    expect(credit!.remaining_cents).toBe(1000);

    // A refund of part of it goes back to the same credit (its expiry kept), not to a card.
    const refund = (amountCents: number) =>
      adminCall(h.admin, 'POST', `/api/admin/bookings/${row!.id}/refunds`, { cookie: cookie.manager, body: { paymentId: payment!.id, amountCents, reason: 'Smaller party' } });
    const back = await refund(1500);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const [after] = await db.sql<{ remaining_cents: number; expires_on: string }[]>`select remaining_cents, expires_on::text as expires_on from customer_credits where id = ${credit!.id}`;
    expect(after).toEqual({ remaining_cents: 2500, expires_on: LATER.fourYears });
    const [bookingAfter] = await db.sql<{ amount_paid_cents: number }[]>`select amount_paid_cents from bookings where id = ${row!.id}`;
    expect(bookingAfter!.amount_paid_cents).toBe(500);
    // The rest only once: a second refund of more than is left is refused.
    expect((await refund(600)).status).toBe(400);
    // The last of it after the credit expired becomes a new credit with the policy's months.
    await db.sql`update customer_credits set expires_on = '2020-01-01' where id = ${credit!.id}`;
    expect((await refund(500)).status).toBe(200);
    const fresh = await db.sql<{ reason: string; amount_cents: number; expires_on: string }[]>`
      select reason, amount_cents, expires_on::text as expires_on from customer_credits where customer_id = ${row!.customer_id} and id <> ${credit!.id}`;
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({ reason: 'overpayment', amount_cents: 500 });
    expect(fresh[0]!.expires_on > '2026-01-01').toBe(true);
  });
});

describe('reports count credits issued, used and expired per month', () => {
  it('on screen and in the CSV, in the business calendar; credit payments are not collected money', async () => {
    const reports = (await import('../../netlify/functions/admin-reports')).default;
    const customerId = await customerWithCredit('reports@example.com', []);
    const given = async (cents: number, createdAt: string, expiresOn: string, remaining = cents) =>
      (
        await db.sql<{ id: string }[]>`insert into customer_credits (customer_id, reason, amount_cents, remaining_cents, expires_on, note, created_at)
          values (${customerId}, 'goodwill', ${cents}, ${remaining}, ${expiresOn}, 'Report', ${createdAt}) returning id`
      )[0]!.id;
    // March 2025: two credits given (one on the 31st at 11 pm in Texas, which is April in UTC).
    const a = await given(4000, '2025-03-10T15:00:00Z', '2025-04-30', 1500);
    await given(1000, '2025-04-01T04:00:00Z', '2030-03-31');
    // April 2025: 2,500 of the first spent on a booking; it expires with 1,500 left on 30 April.
    const [b] = await db.sql<{ id: string }[]>`select id from bookings limit 1`;
    const [p] = await db.sql<{ id: string }[]>`insert into payments (booking_id, kind, method, amount_cents, note, created_at)
      values (${b!.id}, 'deposit', 'credit', 2500, 'Paid from credit', '2025-04-12T18:00:00Z') returning id`;
    await db.sql`insert into credit_uses (credit_id, booking_id, payment_id, amount_cents, used_by, created_at) values (${a}, ${b!.id}, ${p!.id}, 2500, 'customer', '2025-04-12T18:00:00Z')`;
    // A voided credit that ran out is not "expired".
    await db.sql`insert into customer_credits (customer_id, reason, amount_cents, remaining_cents, expires_on, note, created_at, voided_at, void_reason)
      values (${customerId}, 'goodwill', 900, 900, '2025-04-15', 'Void', '2025-04-02T15:00:00Z', '2025-04-03T15:00:00Z', 'Given twice')`;

    const answer = await adminCall(reports, 'GET', '/api/admin/reports?from=2025-03-01&to=2025-04-30', { cookie: cookie.manager });
    expect(answer.status).toBe(200);
    expect(answer.body.credits.months).toEqual([
      { month: '2025-03', issuedCount: 2, issuedCents: 5000, usedCount: 0, usedCents: 0, expiredCount: 0, expiredCents: 0 },
      { month: '2025-04', issuedCount: 1, issuedCents: 900, usedCount: 1, usedCents: 2500, expiredCount: 1, expiredCents: 1500 },
    ]);
    // The credit payment is not money that reached the bank.
    expect(answer.body.revenue.months.find((m: { month: string }) => m.month === '2025-04').paidCents).toBe(0);

    const csv = await reports(new Request('http://localhost:4321/api/admin/reports?format=csv&report=credits&from=2025-03-01&to=2025-04-30', { headers: { cookie: cookie.manager } }), {} as never);
    const text = await csv.text();
    expect(text).toContain('Month,Credits issued,Issued ($),Spends,Used ($),Credits expired,Expired ($)');
    expect(text).toContain('2025-04,1,9.00,1,25.00,1,15.00');
  });
});
