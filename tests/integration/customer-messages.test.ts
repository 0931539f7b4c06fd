import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { placeBooking } from '../../src/lib/booking/place-booking.server';
import type { BusinessSettings } from '../../src/lib/business/schema';
import { getSettings, saveSettings } from '../../src/lib/business/settings.server';
import { queueDueCartReminders } from '../../src/lib/customer-messages/carts.server';
import { listInbox } from '../../src/lib/inbox/inbox.server';
import { inboxListQuery } from '../../src/lib/inbox/inbox';
import { queueDueReminders } from '../../src/lib/reminders/reminders.server';
import { addDays, wallClockToInstant } from '../../src/lib/time/event-window';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, SITE, staffSession, useAdminEnv } from '../support/staff';
import { withClockAt } from '../support/clock';

/**
 * The messages a customer gets (issue #26) against a real database: the unfinished-checkout reminder
 * (captured through the public function, due after an hour, once, cancelled by a booking, held back by
 * the suppression list, its link restoring the cart priced again), the review request's routing (happy
 * to the review link, unhappy to the private form and the inbox), the day-before window from the route,
 * "on the way" twice, and each sent once however often housekeeping runs.
 */
const tz = 'America/Chicago';
const chicago = (date: string, time: string) => wallClockToInstant(date, time, tz);
const REVIEW_URL = 'https://g.page/r/example-review';

let db: TestDatabase;
let defaults: BusinessSettings;
let checkoutCart: Handler;
let review: Handler;
let unsubscribeFn: Handler;
let day: Handler;
let crew = '';
let ipCounter = 0;
const ip = () => `10.26.0.${++ipCounter}`;

beforeAll(async () => {
  db = await createSeededDatabase();
  useAdminEnv(db.url, { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'customer-messages-')) });
  for (const key of ['SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) delete process.env[key];
  defaults = await getSettings(db.sql);
  checkoutCart = (await import('../../netlify/functions/checkout-cart')).default;
  review = (await import('../../netlify/functions/review')).default;
  unsubscribeFn = (await import('../../netlify/functions/unsubscribe')).default;
  day = (await import('../../netlify/functions/admin-day')).default;
  crew = (await staffSession(db.sql, 'crew')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});
beforeEach(() => saveSettings(db.sql, { ...defaults, reviewUrl: REVIEW_URL }));

let counter = 0;
async function place(
  product: string,
  date: string,
  email = `messages-${++counter}-${Date.now()}@example.com`,
  start = '14:00',
  zip = '78664',
) {
  const request = bookingRequest.parse({
    items: [{ product, quantity: 1 }],
    event: { date, start, end: '18:00' },
    customer: { name: `Robin Party${counter}`, email, phone: '(512) 555-0199' },
    address: { line1: `${counter} Message Rd`, city: 'Round Rock', state: 'TX', zip, surface: 'grass', notes: '' },
    acceptTerms: true,
  });
  const booking = await placeBooking(db.sql, request, { now: new Date(), status: 'confirmed', source: 'phone' });
  return { id: booking.id, number: booking.number, email };
}

const mailTo = (email: string) =>
  db.sql<{ template: string; subject: string; text: string; headers: Record<string, string> | null }[]>`
    select template, subject, payload ->> 'text' as text, payload -> 'headers' as headers from outbound_emails
    where to_address = ${email} order by created_at, template`;

const cartOf = (date: string, product = 'pink-castle-bounce-house') => ({
  items: [{ product, quantity: 1 }],
  event: { date, start: '10:00', end: '16:00' },
  zip: '78664',
  damageWaiver: true,
});
const capture = (email: string, cart: unknown, from = ip()) =>
  call(checkoutCart, 'POST', '/api/checkout-cart', { email, cart }, { 'x-test-ip': from });
const savedCart = async (email: string) => {
  const [row] = await db.sql<
    {
      id: string;
      key: string;
      captured_at: Date;
      reminded_at: Date | null;
      cancelled_at: Date | null;
      cancel_reason: string | null;
    }[]
  >`
    select id, key, captured_at, reminded_at, cancelled_at, cancel_reason from saved_carts where email = ${email}`;
  return row!;
};
const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

describe('the unfinished checkout', () => {
  it('captures a cart that prices, reminds once an hour later with a link back and an unsubscribe, and never again', async () => {
    const email = `left-${Date.now()}@example.com`;
    const date = futureDate(40);
    expect((await capture(email, cartOf(date))).status).toBe(200);
    const cart = await savedCart(email);

    await queueDueCartReminders(db.sql, minutesAfter(cart.captured_at, 59), SITE);
    expect(await mailTo(email)).toEqual([]);
    const first = await queueDueCartReminders(db.sql, minutesAfter(cart.captured_at, 61), SITE);
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const [reminder] = await mailTo(email);
    expect(reminder!.template).toBe('customer_cart_reminder');
    expect(reminder!.text).toContain(`${SITE}/saved-cart?key=${cart.key}`);
    expect(reminder!.text).toContain(`${SITE}/unsubscribe?address=`);
    // RFC 8058: the one-click address and the POST header.
    expect(reminder!.headers!['List-Unsubscribe']).toMatch(
      new RegExp(`^<${SITE}/api/unsubscribe\\?address=.+&key=[A-Za-z0-9_-]{43}>$`),
    );
    expect(reminder!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Later runs, and the same cart typed again, bring nothing more.
    await queueDueCartReminders(db.sql, minutesAfter(cart.captured_at, 200), SITE);
    expect((await capture(email, cartOf(date))).status).toBe(200);
    await queueDueCartReminders(db.sql, minutesAfter(cart.captured_at, 400), SITE);
    expect(await mailTo(email)).toHaveLength(1);
    expect(await db.sql`select 1 from customer_messages where saved_cart_id = ${cart.id}`).toHaveLength(1);
  });

  it('refuses a cart checkout would refuse, at its field, and a bad address', async () => {
    const bad = await capture(`x-${Date.now()}@example.com`, { ...cartOf(futureDate(40)), zip: '1' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty(['cart.zip']);
    const notAnAddress = await capture('not-an-address', cartOf(futureDate(40)));
    expect(notAnAddress.status).toBe(400);
    expect(notAnAddress.body.error.fields).toHaveProperty(['email']);
    const unknownProduct = await capture(`y-${Date.now()}@example.com`, cartOf(futureDate(40), 'no-such-product'));
    expect(unknownProduct.status).toBe(400);
  });

  it('is cancelled by a booking made with the same address', async () => {
    const email = `booked-${Date.now()}@example.com`;
    const date = futureDate(41);
    await capture(email, cartOf(date, 'rainbow-arch-bounce-house'));
    await place('rainbow-arch-bounce-house', date, email);
    const cart = await savedCart(email);
    await queueDueCartReminders(db.sql, minutesAfter(cart.captured_at, 61), SITE);
    expect(await mailTo(email).then((m) => m.filter((x) => x.template === 'customer_cart_reminder'))).toEqual([]);
    expect(await savedCart(email)).toMatchObject({ cancel_reason: 'booked' });
  });

  it('is never sent to a suppressed address; one-click unsubscribe needs the address’s own key', async () => {
    const email = `stop-${Date.now()}@example.com`;
    await capture(email, cartOf(futureDate(42)));
    const cart = await savedCart(email);
    // A first reminder for another cart gives the address its key; then the customer unsubscribes in one click.
    await db.sql`insert into customer_mail_preferences (address, unsubscribe_key) values (${email}, ${'k'.repeat(43)})`;
    const wrong = await call(
      unsubscribeFn,
      'POST',
      `/api/unsubscribe?address=${encodeURIComponent(email)}&key=${'x'.repeat(43)}`,
      'List-Unsubscribe=One-Click',
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(wrong.status).toBe(404);
    const right = await call(
      unsubscribeFn,
      'POST',
      `/api/unsubscribe?address=${encodeURIComponent(email)}&key=${'k'.repeat(43)}`,
      'List-Unsubscribe=One-Click',
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(right.status).toBe(200);
    const [prefs] = await db.sql<
      { suppressed_by: string }[]
    >`select suppressed_by from customer_mail_preferences where address = ${email}`;
    expect(prefs!.suppressed_by).toBe('one-click');
    await queueDueCartReminders(db.sql, minutesAfter(cart.captured_at, 61), SITE);
    expect(await mailTo(email)).toEqual([]);
    expect(await savedCart(email)).toMatchObject({ cancel_reason: 'suppressed' });
  });

  it('restores the same cart from the link, priced again by the normal pricing', async () => {
    const email = `restore-${Date.now()}@example.com`;
    const date = futureDate(43);
    await capture(email, cartOf(date, 'toddler-jungle-bounce-house'));
    const { key } = await savedCart(email);
    const before = await call(checkoutCart, 'POST', '/api/checkout-cart/restore', { key }, { 'x-test-ip': ip() });
    expect(before.status).toBe(200);
    expect(before.body.cart).toMatchObject({
      items: [{ product: 'toddler-jungle-bounce-house', quantity: 1 }],
      event: { date },
      zip: '78664',
    });
    // The owner raises the price after the capture: the link shows today's price, not the old one.
    await db.sql`update products set base_price_cents = base_price_cents + 5000 where slug = 'toddler-jungle-bounce-house'`;
    const after = await call(checkoutCart, 'POST', '/api/checkout-cart/restore', { key }, { 'x-test-ip': ip() });
    expect(after.body.quote.lines[0].unitPriceCents).toBe(before.body.quote.lines[0].unitPriceCents + 5000);
    expect(after.body.quote.totalCents).toBeGreaterThan(before.body.quote.totalCents);
    const unknown = await call(
      checkoutCart,
      'POST',
      '/api/checkout-cart/restore',
      { key: 'z'.repeat(43) },
      { 'x-test-ip': ip() },
    );
    expect(unknown.status).toBe(404);
  });
});

describe('the review request after pickup', () => {
  it('asks "how did we do?" once: happy goes to the review link, unhappy to a private form that lands in the inbox', async () => {
    const date = futureDate(50);
    const party = await place('sports-arena-bounce-house', date);
    await db.sql`update bookings set status = 'completed', updated_at = ${chicago(date, '19:30')} where id = ${party.id}`;
    await db.sql`
      insert into audit_log (actor_email, action, entity, entity_id, before, after, created_at)
      values ('crew@example.com', 'booking.status', 'booking', ${party.id}, '{"status":"delivered"}', '{"status":"completed"}', ${chicago(date, '19:30')})`;
    const morning = chicago(addDays(date, 1), '09:05');
    await queueDueReminders(db.sql, morning, SITE);
    await queueDueReminders(db.sql, minutesAfter(morning, 5), SITE);
    const mails = await mailTo(party.email);
    expect(mails.map((m) => m.template)).toEqual(['reminder_thank_you']);
    expect(mails[0]!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const [request] = await db.sql<{ key: string }[]>`select key from review_requests where booking_id = ${party.id}`;
    expect(mails[0]!.text).toContain(`${SITE}/api/review?booking=${party.number}&key=${request!.key}&answer=happy`);

    const happy = await call(
      review,
      'GET',
      `/api/review?booking=${party.number}&key=${request!.key}&answer=happy`,
      undefined,
      { 'x-test-ip': ip() },
    );
    expect(happy.status).toBe(303);
    expect(happy.headers.get('location')).toBe(REVIEW_URL);
    const unhappy = await call(
      review,
      'GET',
      `/api/review?booking=${party.number}&key=${request!.key}&answer=unhappy`,
      undefined,
      { 'x-test-ip': ip() },
    );
    expect(unhappy.status).toBe(303);
    expect(unhappy.headers.get('location')).toBe(`/feedback?booking=${party.number}&key=${request!.key}`);
    const guessed = await call(
      review,
      'GET',
      `/api/review?booking=${party.number}&key=${'g'.repeat(43)}&answer=happy`,
      undefined,
      { 'x-test-ip': ip() },
    );
    expect(guessed.status).toBe(404);

    const feedback = {
      submissionId: crypto.randomUUID(),
      booking: party.number,
      key: request!.key,
      message: 'The slide arrived late and was dirty.',
    };
    const sent = await call(review, 'POST', '/api/review', feedback, { 'x-test-ip': ip() });
    expect(sent.status).toBe(200);
    const inbox = await listInbox(db.sql, inboxListQuery.parse({ kind: 'feedback' }));
    expect(inbox.items).toEqual([
      expect.objectContaining({
        kind: 'feedback',
        email: party.email,
        bookingNumber: party.number,
        message: feedback.message,
      }),
    ]);
    const again = await call(
      review,
      'POST',
      '/api/review',
      { ...feedback, submissionId: crypto.randomUUID() },
      { 'x-test-ip': ip() },
    );
    expect(again.status).toBe(409);
    // From /es/feedback, in Spanish.
    const againInSpanish = await call(review, 'POST', '/api/review', { ...feedback, submissionId: crypto.randomUUID() }, { 'x-test-ip': ip(), 'x-page-language': 'es' });
    expect(againInSpanish.body.error.message).toBe('Ya tenemos su opinión sobre esta fiesta. ¡Gracias!');
    const short = await call(review, 'POST', '/api/review', { ...feedback, message: 'bad' }, { 'x-test-ip': ip() });
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toHaveProperty('message');
  });

  it('sends a Spanish customer’s answer on to the Spanish pages', async () => {
    const date = futureDate(52);
    const party = await place('rainbow-arch-bounce-house', date);
    await db.sql`update bookings set language = 'es' where id = ${party.id}`;
    const { reviewRequestKey } = await import('../../src/lib/customer-messages/index.server');
    const key = await reviewRequestKey(db.sql, party.id);
    const answer = async (a: 'happy' | 'unhappy') =>
      (await call(review, 'GET', `/api/review?booking=${party.number}&key=${key}&answer=${a}`, undefined, { 'x-test-ip': ip() })).headers.get('location');
    expect(await answer('unhappy')).toBe(`/es/feedback?booking=${party.number}&key=${key}`);
    // Without the owner's review link (each test starts with it again), a happy answer goes to the rentals, in Spanish too.
    await saveSettings(db.sql, { ...defaults, reviewUrl: '' });
    expect(await answer('happy')).toBe('/es/products');
  });

  it('is held back from a suppressed address, and the thank-you is not retried', async () => {
    const date = futureDate(51);
    const party = await place('flamingo-beach-bounce-house', date);
    await db.sql`insert into customer_mail_preferences (address, unsubscribe_key, suppressed_at, suppressed_by) values (${party.email}, ${'s'.repeat(43)}, now(), 'page')`;
    await db.sql`update bookings set status = 'completed', updated_at = ${chicago(date, '19:30')} where id = ${party.id}`;
    await queueDueReminders(db.sql, chicago(addDays(date, 1), '09:05'), SITE);
    await queueDueReminders(db.sql, chicago(addDays(date, 1), '10:05'), SITE);
    expect(await mailTo(party.email)).toEqual([]);
    const [row] = await db.sql<
      { outcome: string }[]
    >`select outcome from customer_messages where booking_id = ${party.id} and kind = 'review_request'`;
    expect(row!.outcome).toBe('suppressed');
  });
});

describe('on the day', () => {
  it('the day before: the delivery window follows the saved route order, sent once', async () => {
    const date = futureDate(60);
    const first = await place('pink-castle-bounce-house', date, undefined, '10:00', '78664');
    const second = await place('tidal-drop-27-ft-water-slide', date, undefined, '10:00', '78613');
    const [truck] = await db.sql<{ id: string }[]>`select id from trucks order by sort_order limit 1`;
    for (const b of [first, second]) {
      expect(
        (
          await adminCall(day, 'PUT', `/api/admin/day/bookings/${b.id}/truck`, {
            cookie: crew,
            body: { truckId: truck!.id },
          })
        ).status,
      ).toBe(200);
    }
    const order = await adminCall(day, 'PUT', '/api/admin/day/routes', {
      cookie: crew,
      body: {
        date,
        truckId: truck!.id,
        stops: [
          { bookingId: first.id, kind: 'delivery' },
          { bookingId: second.id, kind: 'delivery' },
          { bookingId: first.id, kind: 'pickup' },
          { bookingId: second.id, kind: 'pickup' },
        ],
      },
    });
    expect(order.status).toBe(200);
    const eve = chicago(addDays(date, -1), '09:05');
    await queueDueReminders(db.sql, eve, SITE);
    await queueDueReminders(db.sql, minutesAfter(eve, 60), SITE);
    const dayBefore = async (email: string) =>
      (await mailTo(email)).filter((m) => m.template === 'reminder_day_before');
    const [firstMail] = await dayBefore(first.email);
    const secondMails = await dayBefore(second.email);
    expect(secondMails).toHaveLength(1);
    // The first stop: its set-up start (45 minutes before 10:00). The second: after the first stop's 30
    // minutes on site and the drive, or its own set-up start (90 minutes before 10:00) if later.
    expect(firstMail!.text).toContain('Our crew expects to arrive between 9:15 AM and 10:15 AM to set up.');
    const window = /arrive between (\d+:\d\d [AP]M) and (\d+:\d\d [AP]M)/.exec(secondMails[0]!.text);
    expect(window).not.toBeNull();
    const [h, m] = window![1]!
      .replace(/ [AP]M$/, '')
      .split(':')
      .map(Number) as [number, number];
    // Its own set-up would start at 8:30 AM; behind the first stop it cannot be before 9:15 + 30 minutes on site.
    expect(h * 60 + m).toBeGreaterThanOrEqual(9 * 60 + 45);
    const [sent] = await db.sql<
      { n: number }[]
    >`select count(*)::int as n from customer_messages where booking_id in ${db.sql([first.id, second.id])} and kind = 'day_before'`;
    expect(sent!.n).toBe(2);
  });

  it('"on the way": one tap on the day sends the estimated arrival; a second says it was already sent', async () => {
    const date = futureDate(61);
    const party = await place('rainbow-arch-bounce-house', date, undefined, '12:00');
    const url = `/api/admin/day/bookings/${party.id}/on-the-way`;
    // The crew's own clock: the morning of the drop-off, on the business's clock.
    await withClockAt(chicago(date, '09:00'), async () => {
      const cookie = (await staffSession(db.sql, 'crew')).cookie;
      const sent = await adminCall(day, 'POST', url, { cookie, body: { date } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body).toMatchObject({ bookingId: party.id, eta: expect.stringMatching(/^\d\d:\d[05]$/), delivery: 'sent', emailId: expect.any(String) });
      const mails = await mailTo(party.email);
      expect(mails.map((m) => m.template)).toEqual(['customer_on_the_way']);
      expect(mails[0]!.text).toContain('Our crew is on the way to set up your party rental. Estimated arrival:');
      // Transactional: no unsubscribe.
      expect(mails[0]!.headers).toBeNull();
      const twice = await adminCall(day, 'POST', url, { cookie, body: { date } });
      expect(twice.status).toBe(409);
      expect(twice.body.error.message).toMatch(/^Already sent at 9:00 AM: the customer knows you are on the way\.$/);
      expect(await mailTo(party.email)).toHaveLength(1);
      const bad = await adminCall(day, 'POST', url, { cookie, body: { date: 'soon' } });
      expect(bad.status).toBe(400);
    });
    const [audit] = await db.sql<
      { n: number }[]
    >`select count(*)::int as n from audit_log where action = 'booking.on_the_way' and entity_id = ${party.id}`;
    expect(audit!.n).toBe(1);
    // On another day with no drop-off of this booking: 404.
    await withClockAt(chicago(addDays(date, 3), '09:00'), async () => {
      const cookie = (await staffSession(db.sql, 'crew')).cookie;
      const offDay = await adminCall(day, 'POST', url, { cookie, body: { date: addDays(date, 3) } });
      expect(offDay.status).toBe(404);
    });
  });

  it('"on the way" is refused before the drop-off’s day (and after it) with 400 at `date`, and nothing is sent', async () => {
    const date = futureDate(63);
    const party = await place('pink-castle-bounce-house', date, undefined, '10:00');
    const url = `/api/admin/day/bookings/${party.id}/on-the-way`;
    for (const today of [addDays(date, -2), addDays(date, 1)]) {
      await withClockAt(chicago(today, '10:00'), async () => {
        const cookie = (await staffSession(db.sql, 'crew')).cookie;
        const early = await adminCall(day, 'POST', url, { cookie, body: { date } });
        expect(early.status).toBe(400);
        expect(early.body.error.fields.date).toMatch(/^“On the way” can be sent only on the day of the drop-off \(.+\); today is .+\.$/);
      });
    }
    expect(await mailTo(party.email)).toEqual([]);
    expect(await db.sql`select 1 from customer_messages where booking_id = ${party.id}`).toHaveLength(0);
    expect(await db.sql`select 1 from audit_log where action = 'booking.on_the_way' and entity_id = ${party.id}`).toHaveLength(0);
  });

  it('"on the way" is refused while the owner has it switched off', async () => {
    const date = futureDate(62);
    const party = await place('pink-castle-bounce-house', date);
    await saveSettings(db.sql, { ...defaults, onTheWayEnabled: false });
    const off = await adminCall(day, 'POST', `/api/admin/day/bookings/${party.id}/on-the-way`, {
      cookie: crew,
      body: { date },
    });
    expect(off.status).toBe(409);
    expect(await mailTo(party.email)).toEqual([]);
  });
});
