import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { e2ePort } from '../support/e2e-env';
import { expect, expectNoAxeViolations, test } from './support/admin';
import { e2eDatabase } from './support/e2e-database';
import { fitsThePhone } from './support/mail';
import { islandReady } from './support/page-states';
import { dateFromToday, placePhoneBooking } from './support/bookings';

/**
 * The messages a customer gets (issue #26), on a phone: the crew's "On the way" tap on the day screen
 * (twice), a saved cart's link putting the same cart back with today's prices, and an unhappy answer to
 * the review request landing in the admin inbox through the private feedback form.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const origin = { origin: `http://localhost:${e2ePort}` };

async function bookingOf(page: Page, number: string) {
  const found = (await (await page.request.get(`/api/admin/bookings?q=${number}`)).json()).items[0];
  return (await (await page.request.get(`/api/admin/bookings/${found.id}`)).json()) as {
    id: string;
    event: { date: string };
  };
}

test('"On the way" is offered only on the drop-off’s day; a phone whose clock is wrong is told why by the server, and nothing is sent', async ({ page }) => {
  // Confirmed by the owner on a phone call: a hold is not on the road. (Sending on the day, by text or
  // e-mail and in quiet hours, is tested with the server's clock set: tests/integration/customer-messages
  // and texts; this server's clock is the real one.)
  const booked = await placePhoneBooking(page.request, { name: 'On The Way', product: 'popcorn-machine' });
  const booking = await bookingOf(page, booked.number);
  const run = await (await page.request.get(`/api/admin/day?date=${booking.event.date}`)).json();
  expect(JSON.stringify(run.routes), `the day of ${booking.event.date} has the drop-off`).toContain(booked.number);
  await page.goto(`/admin/day?date=${booking.event.date}`);
  const stop = page.getByRole('article', { name: new RegExp(`Drop-off ${booked.number}`) });
  await expect(stop.getByRole('button', { name: `Add note ${booked.number}` })).toBeVisible();
  // Weeks before the party: nothing to tap that would tell the customer the crew is coming now.
  await expect(stop.getByRole('button', { name: `On the way ${booked.number}` })).toHaveCount(0);

  // A phone whose clock says it is the party's morning: it offers the button, the server refuses at its own clock.
  await page.clock.setFixedTime(new Date(`${booking.event.date}T15:00:00Z`));
  await page.reload();
  await stop.getByRole('button', { name: `On the way ${booked.number}` }).click();
  await expect(stop.getByRole('status')).toContainText(/^“On the way” can be sent only on the day of the drop-off \(.+\); today is .+\.$/);
  const after = (await (await page.request.get(`/api/admin/bookings/${booking.id}`)).json()) as { history: { action: string }[] };
  expect(after.history.filter((h) => h.action === 'booking.on_the_way')).toEqual([]);
  await fitsThePhone(page, 'the day screen');
  await expectNoAxeViolations(page);
});

test('the link in the unfinished-checkout reminder puts the same cart back with today’s prices, and checkout saves it beside a typed address', async ({ page }) => {
  const email = `left.cart.${Date.now()}@example.com`;
  const cart = {
    items: [{ product: 'giant-connect-four', quantity: 2 }],
    event: { date: dateFromToday(200), start: '11:00', end: '16:00' },
    zip: '78664',
    damageWaiver: true,
  };
  expect((await page.request.post('/api/checkout-cart', { data: { email, cart }, headers: origin })).status()).toBe(
    200,
  );
  const sql = e2eDatabase();
  try {
    const [saved] = await sql<{ key: string }[]>`select key from saved_carts where email = ${email}`;
    expect(saved, 'the cart was saved').toBeTruthy();
    const priced = await (await page.request.post('/api/quote-price', { data: cart, headers: origin })).json();
    await page.context().clearCookies();
    await page.goto(`/saved-cart?key=${saved!.key}`);
    await expect(page.getByRole('heading', { name: /Your cart is back/ })).toBeVisible();
    await expect(page.getByTestId('saved-cart-total')).toHaveText(
      new RegExp(`\\$${(priced.totalCents / 100).toFixed(2).replace(/\.00$/, '')}`),
    );
    await fitsThePhone(page, 'the saved-cart page');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Continue to checkout' }).click();
    await page.waitForURL(/\/checkout$/);
    await expect(page.getByText('Giant Connect Four').first()).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('pf-cart') ?? '{}'));
    expect(stored).toMatchObject({
      items: [{ product: 'giant-connect-four', quantity: 2 }],
      event: cart.event,
      zip: '78664',
    });

    // Checkout itself saves the cart beside an address once the customer has typed it and left the field.
    await expect(page.getByText('Working out your exact price…')).toHaveCount(0, { timeout: 15_000 });
    const typed = `typed.cart.${Date.now()}@example.com`;
    const captured = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/checkout-cart' && r.request().method() === 'POST');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(typed);
    await page.getByRole('textbox', { name: 'Full name' }).focus();
    expect((await captured).status()).toBe(200);
    const [again] = await sql<{ cart: unknown }[]>`select cart from saved_carts where email = ${typed}`;
    expect(again?.cart).toMatchObject({ items: [{ product: 'giant-connect-four', quantity: 2 }], event: cart.event, zip: '78664' });
  } finally {
    await sql.end();
  }
});

test('an unhappy answer to the review request opens the private form, which lands in the inbox', async ({ page }) => {
  const booked = await placePhoneBooking(page.request, { name: 'Unhappy Customer', product: 'snow-cone-machine' });
  const booking = await bookingOf(page, booked.number);
  const key = `e2e${'f'.repeat(40)}`;
  const sql = e2eDatabase();
  try {
    // The review request's key, as housekeeping makes it when the thank-you goes (tests/integration/customer-messages).
    await sql`insert into review_requests (booking_id, key) values (${booking.id}, ${key})`;
  } finally {
    await sql.end();
  }
  await page.goto(`/api/review?booking=${booked.number}&key=${key}&answer=unhappy`);
  await page.waitForURL(/\/feedback\?booking=/);
  await expect(page.getByRole('heading', { name: 'Tell us what went wrong' })).toBeVisible();
  // From the keyboard: the refused message takes the customer back to the box, its error read with it.
  await page.getByRole('button', { name: 'Send to the team' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Tell us a little more (at least 10 characters)')).toBeVisible();
  await expect(page.getByLabel('What went wrong?')).toBeFocused();
  await expect(page.getByLabel('What went wrong?')).toHaveAccessibleDescription('Tell us a little more (at least 10 characters)');
  await page.getByLabel('What went wrong?').fill('The machine arrived an hour late and without its cones.');
  await fitsThePhone(page, 'the feedback page');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send to the team' }).click();
  await expect(page.getByRole('status')).toContainText('Your message went straight to our team');

  await page.goto('/admin/inbox?tab=new&kind=feedback');
  await expect(page.getByText(`Private feedback on booking ${booked.number}`)).toBeVisible();
  await fitsThePhone(page, 'the inbox');
});

test('the unsubscribe link’s page: one button, and the address gets no more review requests or cart reminders', async ({
  page,
}) => {
  const address = `unsubscribe.${Date.now()}@example.com`;
  // A key of its own each run (43 characters, as the site makes them): the column is unique, and a fixed key
  // failed the test when run again on the same server.
  const key = randomBytes(32).toString('base64url');
  const sql = e2eDatabase();
  try {
    // The address's key, as the first review request or cart reminder to it makes it.
    await sql`insert into customer_mail_preferences (address, unsubscribe_key) values (${address}, ${key})`;
    await page.context().clearCookies();
    await page.goto(`/unsubscribe?address=${encodeURIComponent(address)}&key=${key}`);
    await expect(page.getByRole('heading', { name: 'Unsubscribe', level: 1 })).toBeVisible();
    await fitsThePhone(page, 'the unsubscribe page');
    await expectNoAxeViolations(page);
    // The button is the server's markup until the island hydrates: a tap before that does nothing.
    await (await islandReady(page.getByRole('button', { name: 'Unsubscribe' }))).click();
    await expect(page.getByRole('status')).toContainText('You’re unsubscribed.');
    const [row] = await sql<
      { suppressed_by: string | null }[]
    >`select suppressed_by from customer_mail_preferences where address = ${address}`;
    expect(row!.suppressed_by).toBe('page');
  } finally {
    await sql.end();
  }
});
