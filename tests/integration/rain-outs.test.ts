import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { placeBooking } from '../../src/lib/booking/place-booking.server';
import type { DayRun } from '../../src/lib/day/day';
import { answerByWords, lastDayToAnswer } from '../../src/lib/rain-outs';
import { latestCreditExpiry } from '../../src/lib/credits';
import { addMonths } from '../../src/lib/time';
import { lapseRainOuts, RAINED_OUT_NOT_PAYABLE } from '../../src/lib/rain-outs/index.server';
import type { RainCheck, RainOutParty } from '../../src/lib/rain-outs/index.server';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';

let db: TestDatabase;
let day: Handler;
let bookings: Handler;
let rainCheck: Handler;
let manage: Handler;
const cookie = { crew: '', manager: '' };
/** A date of our own, far from the demo bookings around today. */
const DATE = futureDate(90);
const placed: Record<string, { id: string; number: string; email: string }> = {};

let counter = 0;
async function place(product: string, date = DATE) {
  const email = `rain-${++counter}-${Date.now()}@example.com`;
  const request = bookingRequest.parse({
    items: [{ product, quantity: 1 }],
    event: { date, start: '10:00', end: '16:00' },
    customer: { name: `Rain Test ${counter}`, email, phone: '(512) 555-0199' },
    address: { line1: `${counter} Cloud Rd`, city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
    acceptTerms: true,
  });
  const booking = await placeBooking(db.sql, request, { now: new Date(), status: 'confirmed', source: 'phone' });
  return { id: booking.id, number: booking.number, email };
}

beforeAll(async () => {
  db = await createSeededDatabase();
  useAdminEnv(db.url, { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'rain-outs-')) });
  for (const key of ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'SMTP_URL', 'STRIPE_SECRET_KEY']) delete process.env[key];
  day = (await import('../../netlify/functions/admin-day')).default;
  bookings = (await import('../../netlify/functions/admin-bookings')).default;
  rainCheck = (await import('../../netlify/functions/rain-check')).default;
  manage = (await import('../../netlify/functions/manage-booking')).default;
  for (const role of ['crew', 'manager'] as const) cookie[role] = (await staffSession(db.sql, role)).cookie;
  placed.paid = await place('pink-castle-bounce-house');
  placed.unpaid = await place('rainbow-arch-bounce-house');
  placed.late = await place('tidal-drop-27-ft-water-slide');
  placed.racing = await place('toddler-jungle-bounce-house');
  placed.refunder = await place('flamingo-beach-bounce-house');
  placed.otherDay = await place('sports-arena-bounce-house', futureDate(91));
  placed.mover = await place('sports-arena-bounce-house', futureDate(92));
  placed.staffMoved = await place('pink-castle-bounce-house', futureDate(93));
  for (const [booking, cents] of [[placed.paid!, 12_500], [placed.late!, 5_000], [placed.racing!, 7_500], [placed.refunder!, 6_000], [placed.staffMoved!, 8_000]] as const) {
    const paid = await adminCall(bookings, 'POST', `/api/admin/bookings/${booking.id}/payments`, { cookie: cookie.manager, body: { amountCents: cents, method: 'cash', note: 'Deposit at the door' } });
    expect(paid.status).toBe(200);
  }
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

const parties = async (): Promise<RainOutParty[]> => {
  const res = await adminCall(day, 'GET', `/api/admin/day/rain-outs?date=${DATE}`, { cookie: cookie.crew });
  expect(res.status).toBe(200);
  return (res.body as { parties: RainOutParty[] }).parties;
};
const rainOut = (body: unknown, role: keyof typeof cookie = 'manager') => adminCall(day, 'POST', '/api/admin/day/rain-outs', { cookie: cookie[role], body });
const keyOf = async (bookingId: string) => (await db.sql<{ answer_token: string }[]>`select answer_token from rain_out_offers where booking_id = ${bookingId}`)[0]!.answer_token;
const bookingRow = async (id: string) =>
  (await db.sql<{ status: string; amount_paid_cents: number; cancellation_reason: string | null }[]>`select status, amount_paid_cents, cancellation_reason from bookings where id = ${id}`)[0]!;
const liveUnits = async (id: string) => (await db.sql<{ n: number }[]>`select count(*)::int as n from unit_allocations where booking_id = ${id} and released_at is null`)[0]!.n;
const creditsOf = (bookingId: string) =>
  db.sql<{ reason: string; amount_cents: number; remaining_cents: number; expires_on: string; issued_by: string | null }[]>`
    select reason, amount_cents, remaining_cents, expires_on::text, issued_by from customer_credits where source_booking_id = ${bookingId}`;

describe('staff rain out a date', () => {
  it('refuses crew, bad offers and parties of another date with 400 at the field, and changes nothing', async () => {
    expect((await rainOut({ date: DATE, offers: ['credit'] }, 'crew')).status).toBe(403);
    const none = await rainOut({ date: DATE, offers: [] });
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toEqual({ offers: 'Offer the customers at least one choice' });
    const twice = await rainOut({ date: DATE, offers: ['credit', 'credit'] });
    expect(twice.body.error.fields).toEqual({ offers: 'Each choice once' });
    const wrong = await rainOut({ date: DATE, bookingIds: [placed.otherDay!.id], offers: ['credit'] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ bookingIds: 'That booking is not a party on this date' });
    expect((await db.sql`select 1 from rain_out_offers`).length).toBe(0);
  });

  it('rains out the chosen parties: one e-mail each with its personal link, audited, units and money kept', async () => {
    const before = await parties();
    expect(before.map((p) => p.number).sort()).toEqual([placed.paid, placed.unpaid, placed.late, placed.racing, placed.refunder].map((b) => b!.number).sort());
    expect(before.every((p) => p.offer === null)).toBe(true);

    const ids = [placed.paid, placed.unpaid, placed.late, placed.racing, placed.refunder].map((b) => b!.id);
    const res = await rainOut({ date: DATE, bookingIds: ids, offers: ['credit', 'refund'] });
    expect(res.status).toBe(200);
    expect(res.body.rainedOut.sort()).toEqual([placed.paid, placed.unpaid, placed.late, placed.racing, placed.refunder].map((b) => b!.number).sort());

    const after = await parties();
    expect(after.every((p) => p.offer?.state === 'waiting' && p.offer.offers.join() === 'credit,refund')).toBe(true);
    // Staff and the customer read the same deadline: the end of the last day (not midnight of the next).
    const lastDay = lastDayToAnswer(DATE, 14);
    expect(after.every((p) => p.offer?.lastDayToAnswer === lastDay)).toBe(true);
    for (const id of ids) expect(await liveUnits(id)).toBe(1);
    expect((await bookingRow(placed.paid!.id)).amount_paid_cents).toBe(12_500);

    const mail = await db.sql<{ to_address: string; subject: string; payload: { text: string } }[]>`
      select to_address, subject, payload from outbound_emails where template = 'rain-out-offer' order by to_address`;
    expect(mail.length).toBe(5);
    const paidMail = mail.find((m) => m.to_address === placed.paid!.email)!;
    expect(paidMail.subject).toMatch(/^Weather: your party on .+ can’t go ahead$/);
    expect(paidMail.payload.text).toContain(`/rain-check?booking=${placed.paid!.number}&key=${await keyOf(placed.paid!.id)}`);
    expect(paidMail.payload.text).toContain('Keep the $125 you paid as a credit');
    expect(paidMail.payload.text).toContain(`by ${answerByWords(lastDay)}`);
    expect(paidMail.payload.text).toContain('Get the $125 you paid back');
    // Nothing paid: nothing to keep or give back, so one choice, to cancel free.
    expect(mail.find((m) => m.to_address === placed.unpaid!.email)!.payload.text).toContain('Cancel the booking, at no charge');

    const [audit] = await db.sql<{ action: string; after: { offers: string[] } }[]>`
      select action, after from audit_log where entity_id = ${placed.paid!.id} and action = 'booking.rain_out'`;
    expect(audit!.after.offers).toEqual(['credit', 'refund']);

    const run = (await adminCall(day, 'GET', `/api/admin/day?date=${DATE}`, { cookie: cookie.crew })).body as DayRun;
    const stop = run.routes.flatMap((r) => r.stops).find((s) => s.bookingId === placed.paid!.id && s.kind === 'delivery')!;
    expect(stop).toMatchObject({ rainedOut: true, action: null });
  });

  it('tells the customer looking the booking up that the date was rained out, with the choices and the last day, and asks no payment', async () => {
    const track = (await import('../../netlify/functions/track-order')).default;
    const res = await call(track, 'POST', '/api/track-order', { bookingNumber: placed.late!.number, email: placed.late!.email });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'confirmed', paymentOffer: null, rainOut: { rainedOutOn: DATE, offers: ['credit', 'refund'], lastDayToAnswer: lastDayToAnswer(DATE, 14) } });
    const never = await call(track, 'POST', '/api/track-order', { bookingNumber: placed.otherDay!.number, email: placed.otherDay!.email });
    expect(never.body.rainOut).toBeNull();
    // A tab opened before the rain-out still has its button: paying is refused, in the page's language, by either way in.
    const pay = (await import('../../netlify/functions/booking-payment')).default;
    const refused = await call(pay, 'POST', '/api/booking-payment', { bookingNumber: placed.late!.number, email: placed.late!.email }, { 'x-page-language': 'es' });
    expect([refused.status, refused.body.error.message]).toEqual([409, 'El clima canceló esta fiesta: elija lo que sigue con el enlace de nuestro correo antes de pagar nada. ¿Preguntas? Llámenos.']);
    const key = (await db.sql<{ manage_token: string }[]>`select manage_token from bookings where id = ${placed.late!.id}`)[0]!.manage_token;
    const own = await call(manage, 'POST', '/api/manage-booking/pay', { bookingNumber: placed.late!.number, key, amountCents: 100 });
    expect([own.status, own.body.error.message]).toEqual([409, RAINED_OUT_NOT_PAYABLE]);
  });

  it('refuses a party already rained out, and a date with none left', async () => {
    const again = await rainOut({ date: DATE, bookingIds: [placed.paid!.id], offers: ['credit'] });
    expect(again.status).toBe(400);
    expect(again.body.error.fields).toEqual({ bookingIds: `${placed.paid!.number} is already rained out` });
    const empty = await rainOut({ date: DATE, offers: ['credit'] });
    expect(empty.body.error.fields).toEqual({ date: 'No party on this date is left to rain out' });
  });

  it('keeps the party from going ahead while its customer decides: no delivery move from the booking’s page or a phone’s queue, cancelling still open', async () => {
    const late = placed.late!;
    const view = async (role: keyof typeof cookie) => (await adminCall(bookings, 'GET', `/api/admin/bookings/${late.id}`, { cookie: cookie[role] })).body;
    expect(await view('crew')).toMatchObject({ status: 'confirmed', transitions: [], lockedTransitions: ['cancelled'] });
    expect(await view('manager')).toMatchObject({ transitions: ['cancelled'], lockedTransitions: [] });
    // Marked delivered, the customer's credit would take their money and leave the booking live, owing its total.
    for (const to of ['out_for_delivery', 'delivered', 'completed']) {
      const moved = await adminCall(bookings, 'POST', `/api/admin/bookings/${late.id}/status`, { cookie: cookie.crew, body: { to } });
      expect(moved.status).toBe(409);
      expect(moved.body.error.message).toBe(`${late.number} was rained out and its customer has not answered yet: the party is not going ahead. Wait for their answer, or cancel the booking.`);
    }
    expect((await bookingRow(late.id)).status).toBe('confirmed');
    expect((await db.sql`select 1 from audit_log where entity_id = ${late.id} and action = 'booking.status'`).length).toBe(0);
  });
});

describe('the customer answers from their personal link', () => {
  const read = (body: unknown) => call(rainCheck, 'POST', '/api/rain-check', body);
  const answer = (body: unknown) => call(rainCheck, 'POST', '/api/rain-check/answer', body);

  it('answers 404 with one message for a wrong key or a booking never rained out, 400 for a malformed one', async () => {
    const wrong = await read({ bookingNumber: placed.paid!.number, key: 'x'.repeat(43) });
    const never = await read({ bookingNumber: placed.otherDay!.number, key: 'x'.repeat(43) });
    expect(wrong.status).toBe(404);
    expect(never.status).toBe(404);
    expect(never.body.error.message).toBe(wrong.body.error.message);
    const malformed = await read({ bookingNumber: placed.paid!.number, key: 'short' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields).toEqual({ key: 'The link is incomplete' });
  });

  it('shows the offer, then keeps what was paid as a rain-check credit: booking cancelled, units freed, e-mailed, once', async () => {
    const access = { bookingNumber: placed.paid!.number, key: await keyOf(placed.paid!.id) };
    const shown = await read(access);
    expect(shown.status).toBe(200);
    const check = shown.body as RainCheck;
    expect(check).toMatchObject({ number: placed.paid!.number, rainedOutOn: DATE, state: 'waiting', amountPaidCents: 12_500 });
    expect(check.choices.map((c) => c.offer)).toEqual(['credit', 'refund']);

    const taken = await answer({ ...access, answer: 'credit' });
    expect(taken.status).toBe(200);
    expect((taken.body as RainCheck).state).toBe('credit');
    expect(await bookingRow(placed.paid!.id)).toEqual({ status: 'cancelled', amount_paid_cents: 0, cancellation_reason: 'Rained out' });
    expect(await liveUnits(placed.paid!.id)).toBe(0);
    const [credit] = await creditsOf(placed.paid!.id);
    expect(credit).toMatchObject({ reason: 'rain_check', amount_cents: 12_500, remaining_cents: 12_500, issued_by: null });
    const [line] = await db.sql<{ kind: string; method: string; amount_cents: number }[]>`
      select kind, method, amount_cents from payments where booking_id = ${placed.paid!.id} and kind = 'refund'`;
    expect(line).toEqual({ kind: 'refund', method: 'credit', amount_cents: 12_500 });
    // The staff screen: a booking cancelled into a credit owes nothing (its total is not a balance due).
    const staffView = await adminCall(bookings, 'GET', `/api/admin/bookings/${placed.paid!.id}`, { cookie: cookie.manager });
    expect(staffView.status).toBe(200);
    expect(staffView.body.totals.totalCents).toBeGreaterThan(0);
    expect(staffView.body.totals).toMatchObject({ amountPaidCents: 0, amountDueCents: 0, depositOutstandingCents: 0 });
    expect(staffView.body.refundDueCents).toBe(0);
    const listed = await adminCall(bookings, 'GET', `/api/admin/bookings?q=${placed.paid!.number}`, { cookie: cookie.manager });
    expect(listed.body.items[0]).toMatchObject({ status: 'cancelled', balanceCents: 0 });
    const [settled] = await db.sql<{ subject: string; payload: { text: string } }[]>`
      select subject, payload from outbound_emails where template = 'rain-out-settled' and to_address = ${placed.paid!.email}`;
    expect(settled!.payload.text).toContain('Your credit of $125 is ready');

    const again = await answer({ ...access, answer: 'credit' });
    expect(again.status).toBe(409);
    expect((await creditsOf(placed.paid!.id)).length).toBe(1);
  });

  it('settles a party once when its customer answers twice at the same moment', async () => {
    const access = { bookingNumber: placed.racing!.number, key: await keyOf(placed.racing!.id) };
    const answers = await Promise.all([answer({ ...access, answer: 'credit' }), answer({ ...access, answer: 'credit' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await creditsOf(placed.racing!.id)).map((c) => c.amount_cents)).toEqual([7_500]);
  });

  it('caps a rain check’s credit at 5 years from the day of the offer, however far ahead the party was', async () => {
    // The policy's longest credit life (60 months) counted from a party months ahead would run past
    // what any credit may; the database refuses such a credit, so the answer would fail.
    const [{ months }] = await db.sql<[{ months: number }]>`select credit_expiry_months as months from business_settings where id`;
    await db.sql`update business_settings set credit_expiry_months = 60`;
    try {
      const date = futureDate(95);
      const far = await place('pink-castle-bounce-house', date);
      const paid = await adminCall(bookings, 'POST', `/api/admin/bookings/${far.id}/payments`, { cookie: cookie.manager, body: { amountCents: 4_000, method: 'cash', note: 'Deposit at the door' } });
      expect(paid.status).toBe(200);
      expect((await rainOut({ date, bookingIds: [far.id], offers: ['credit'] })).status).toBe(200);
      const [offer] = await db.sql<{ offered_on: string }[]>`
        select (o.created_at at time zone s.timezone)::date::text as offered_on from rain_out_offers o, business_settings s where o.booking_id = ${far.id} and s.id`;
      const until = latestCreditExpiry(offer!.offered_on);
      expect(until < addMonths(date, 60)).toBe(true);

      const access = { bookingNumber: far.number, key: await keyOf(far.id) };
      expect(((await read(access)).body as RainCheck).creditUntil).toBe(until);
      const taken = await answer({ ...access, answer: 'credit' });
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
      expect(await creditsOf(far.id)).toMatchObject([{ reason: 'rain_check', amount_cents: 4_000, expires_on: until }]);
    } finally {
      await db.sql`update business_settings set credit_expiry_months = ${months}`;
    }
  });

  it('takes the refund: cash paid is left as a refund due for staff, the booking is cancelled, no credit', async () => {
    const access = { bookingNumber: placed.refunder!.number, key: await keyOf(placed.refunder!.id) };
    const taken = await answer({ ...access, answer: 'refund' });
    expect(taken.status).toBe(200);
    expect((taken.body as RainCheck).state).toBe('refund');
    // Cash goes back by hand: the amount paid stays on the booking as its refund due.
    expect(await bookingRow(placed.refunder!.id)).toEqual({ status: 'cancelled', amount_paid_cents: 6_000, cancellation_reason: 'Rained out' });
    expect(await creditsOf(placed.refunder!.id)).toEqual([]);
    const [audit] = await db.sql<{ actor_email: string | null; actor_kind: string; after: { answer: string; refundDueCents: number } }[]>`
      select actor_email, actor_kind, after from audit_log where entity_id = ${placed.refunder!.id} and action = 'booking.rain_out_answer'`;
    expect(audit).toEqual({ actor_email: placed.refunder!.email, actor_kind: 'customer', after: expect.objectContaining({ answer: 'refund', refundDueCents: 6_000 }) });
  });

  it('refuses a choice that was not offered', async () => {
    await rainOut({ date: futureDate(91), bookingIds: [placed.otherDay!.id], offers: ['move'] });
    const refused = await answer({ bookingNumber: placed.otherDay!.number, key: await keyOf(placed.otherDay!.id), answer: 'credit' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ answer: 'That choice was not offered for this booking' });
    expect((await bookingRow(placed.otherDay!.id)).status).toBe('confirmed');
  });

  it('cancels at no charge when nothing was paid (no credit), answered from a page that re-read the offer more times than answers may be sent', async () => {
    const access = { bookingNumber: placed.unpaid!.number, key: await keyOf(placed.unpaid!.id) };
    // The page reads the offer again each time its tab comes back into view: a customer going back and
    // forth to their calendar 40 times from one address still gets their choice through.
    const fromPhone = { 'x-test-ip': '198.51.100.40' };
    for (let i = 0; i < 40; i++) expect((await call(rainCheck, 'POST', '/api/rain-check', access, fromPhone)).status).toBe(200);
    const taken = await call(rainCheck, 'POST', '/api/rain-check/answer', { ...access, answer: 'credit' }, fromPhone);
    expect(taken.status).toBe(200);
    expect((await bookingRow(placed.unpaid!.id)).status).toBe('cancelled');
    expect(await creditsOf(placed.unpaid!.id)).toEqual([]);
  });
});

describe('a free move, made on the booking’s own page', () => {
  it('opens the move past the cut-off, up to the policy’s months, answers the offer, and refuses a cancellation there', async () => {
    const rained = futureDate(92);
    const marked = await rainOut({ date: rained, bookingIds: [placed.mover!.id], offers: ['move', 'credit'] });
    expect(marked.status).toBe(200);
    expect(marked.body.rainedOut).toEqual([placed.mover!.number]);
    // The party is tomorrow as far as the cut-off knows: only the rain-out keeps the move open.
    await db.sql`update bookings set event_start = now() + interval '20 hours', event_end = now() + interval '26 hours' where id = ${placed.mover!.id}`;
    const check = (await call(rainCheck, 'POST', '/api/rain-check', { bookingNumber: placed.mover!.number, key: await keyOf(placed.mover!.id) })).body as RainCheck;
    const key = decodeURIComponent(/#key=(.+)$/.exec(check.moveUrl!)![1]!);
    const access = { bookingNumber: placed.mover!.number, key };

    const opened = await call(manage, 'POST', '/api/manage-booking', access);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.manage).toMatchObject({ open: true, rainOut: { moveUntil: check.moveUntil } });
    const cancel = await call(manage, 'POST', '/api/manage-booking/cancel', { ...access, expected: 'none' });
    expect(cancel.status).toBe(409);

    const tooLate = await call(manage, 'POST', '/api/manage-booking/move', { ...access, event: { date: futureDate(800), start: '10:00', end: '16:00' } });
    expect(tooLate.status).toBe(400);
    expect(Object.keys(tooLate.body.error.fields)).toEqual(['event.date']);

    const moved = await call(manage, 'POST', '/api/manage-booking/move', { ...access, event: { date: futureDate(120), start: '10:00', end: '16:00' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = (await call(rainCheck, 'POST', '/api/rain-check', { bookingNumber: placed.mover!.number, key: await keyOf(placed.mover!.id) })).body as RainCheck;
    expect(after).toMatchObject({ state: 'moved', moveUrl: null, event: { date: futureDate(120) } });
    expect(await liveUnits(placed.mover!.id)).toBe(1);
    // Answered: the cut-off applies again.
    expect((await call(manage, 'POST', '/api/manage-booking', access)).body.manage.rainOut).toBeNull();
  });
});

describe('a move staff make with the booking edit', () => {
  const edit = (id: string, date: string, items = [{ product: 'pink-castle-bounce-house', quantity: 1 }]) =>
    adminCall(bookings, 'PUT', `/api/admin/bookings/${id}`, {
      cookie: cookie.manager,
      body: {
        items,
        event: { date, start: '10:00', end: '16:00' },
        address: { line1: '6 Cloud Rd', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
        coupon: '',
        damageWaiver: false,
        adjustments: [],
        notifyCustomer: false,
      },
    });
  const offerOf = async (id: string) => (await db.sql<{ answer: string | null }[]>`select answer from rain_out_offers where booking_id = ${id}`)[0]!.answer;

  it('answers the offer as the customer’s own move would: the credit and the refund are refused afterwards', async () => {
    const party = placed.staffMoved!;
    const rained = futureDate(93);
    expect((await rainOut({ date: rained, bookingIds: [party.id], offers: ['move', 'credit', 'refund'] })).status).toBe(200);
    // An edit that keeps the party on its day (another item) is no move: the customer still chooses.
    const sameDay = await edit(party.id, rained, [{ product: 'pink-castle-bounce-house', quantity: 1 }, { product: 'rainbow-arch-bounce-house', quantity: 1 }]);
    expect(sameDay.status, JSON.stringify(sameDay.body)).toBe(200);
    expect(await offerOf(party.id)).toBeNull();

    const moved = await edit(party.id, futureDate(125));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await offerOf(party.id)).toBe('moved');
    const [audit] = await db.sql<{ after: { rainCheck?: boolean } }[]>`
      select after from audit_log where entity_id = ${party.id} and action = 'booking.edit' order by created_at desc, id desc limit 1`;
    expect(audit!.after.rainCheck).toBe(true);

    const access = { bookingNumber: party.number, key: await keyOf(party.id) };
    const shown = (await call(rainCheck, 'POST', '/api/rain-check', access)).body as RainCheck;
    expect(shown).toMatchObject({ state: 'moved', choices: [], moveUrl: null, event: { date: futureDate(125) } });
    for (const answer of ['credit', 'refund']) {
      const refused = await call(rainCheck, 'POST', '/api/rain-check/answer', { ...access, answer });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe('Your party has been moved to its new date, so a credit or a refund is no longer on offer. Questions? Call us.');
    }
    expect(await bookingRow(party.id)).toEqual({ status: 'confirmed', amount_paid_cents: 8_000, cancellation_reason: null });
    expect(await creditsOf(party.id)).toEqual([]);
    expect(await liveUnits(party.id)).toBe(1);
    // Settled: the booking's status buttons are back, and nothing is left for housekeeping to lapse.
    expect((await adminCall(bookings, 'GET', `/api/admin/bookings/${party.id}`, { cookie: cookie.manager })).body.lockedTransitions).toEqual([]);
  });
});

describe('housekeeping', () => {
  it('keeps what was paid as a rain check once the time to answer has passed, once, and refuses a late answer', async () => {
    const access = { bookingNumber: placed.late!.number, key: await keyOf(placed.late!.id) };
    expect(await lapseRainOuts(db.sql, new Date())).toBe(0);
    await db.sql`update rain_out_offers set answer_by = now() - interval '1 minute' where booking_id = ${placed.late!.id}`;
    const late = await call(rainCheck, 'POST', '/api/rain-check/answer', { ...access, answer: 'credit' });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('The time to choose has passed: what you paid is kept for you as a rain check.');

    const [first, second] = await Promise.all([lapseRainOuts(db.sql, new Date()), lapseRainOuts(db.sql, new Date())]);
    expect(first! + second!).toBe(1);
    expect((await creditsOf(placed.late!.id)).map((c) => [c.reason, c.amount_cents])).toEqual([['rain_check', 5_000]]);
    expect((await bookingRow(placed.late!.id)).status).toBe('cancelled');
    const [lapse] = await db.sql<{ actor_email: string | null; actor_kind: string }[]>`
      select actor_email, actor_kind from audit_log where entity_id = ${placed.late!.id} and action = 'booking.rain_out_answer'`;
    expect(lapse).toEqual({ actor_email: null, actor_kind: 'system' });
    const shown = await call(rainCheck, 'POST', '/api/rain-check', access);
    expect((shown.body as RainCheck).state).toBe('lapsed');
    const states = Object.fromEntries((await parties()).map((p) => [p.number, p.offer?.state]));
    expect(states[placed.late!.number]).toBe('lapsed');
    expect(states[placed.paid!.number]).toBe('credit');
  });
});
