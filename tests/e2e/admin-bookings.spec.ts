import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { e2ePort } from '../support/e2e-env';
import { expect, expectNoAxeViolations, test } from './support/admin';
import { moveBookingsToAPastDay, placePhoneBooking } from './support/bookings';
import { humanChecked } from './support/human-check';
import { islandReady } from './support/page-states';
import { addDays, formatMediumDate } from '../../src/lib/time';

/**
 * Staff run a booking from the admin: find it, take a cash payment, print the delivery sheet, see that
 * its delivery path opens only on its day, move a party that has happened through delivery to completed,
 * and refund a card deposit through Stripe (the local double the e2e server runs with, see playwright.config.ts).
 */

const origin = `http://localhost:${e2ePort}`;
const partyDate = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

/**
 * A customer books through the public API and pays the deposit on the Stripe double's page; the webhook
 * confirms it. Each test books a day of its own: the demo has one soccer darts unit, and two tests on one
 * day ran side by side and the second was told it was taken (409).
 */
async function bookAndPayOnline(request: APIRequestContext, email: string, daysAhead: number): Promise<string> {
  const created = await request.post('/api/bookings', await humanChecked({
    headers: { origin },
    data: {
      items: [{ product: 'inflatable-soccer-darts', quantity: 1 }],
      event: { date: partyDate(daysAhead), start: '10:00', end: '15:00' },
      customer: { name: 'Refund Rita', email, phone: '(512) 555-0150' },
      address: { line1: '77 Refund Rd', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      acceptTerms: true,
    },
  }));
  expect(created.status()).toBe(201);
  const { bookingNumber, payment } = (await created.json()) as { bookingNumber: string; payment: { url: string } };
  // The double's payment page: posting its form pays, sends the signed webhook and redirects to the site.
  const paid = await request.post(payment.url, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  return bookingNumber;
}

/** A booking paid online, found in the admin once the webhook has confirmed it, and opened. */
async function openPaidBooking(page: Page, emailPrefix: string, daysAhead: number): Promise<string> {
  const email = `${emailPrefix}-${Date.now()}@example.com`;
  const number = await bookAndPayOnline(page.request, email, daysAhead);
  await page.goto(`/admin/bookings?q=${encodeURIComponent(email)}`);
  const row = page.getByRole('row').filter({ hasText: number });
  // The webhook confirms the booking moments after the payment.
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('Confirmed', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await row.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Booking ${number}` })).toBeVisible();
  return number;
}

/** The Refund button sits inside the Payments card, seen without scrolling the table sideways (#24: it was beyond the card at 1280 px). */
async function expectRefundInsideCard(page: Page) {
  const card = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Payments', exact: true }) });
  const button = card.getByRole('button', { name: /^Refund \$/ });
  await expect(button).toBeVisible();
  const [b, c] = [(await button.boundingBox())!, (await card.boundingBox())!];
  expect(b.x).toBeGreaterThanOrEqual(c.x);
  expect(b.x + b.width).toBeLessThanOrEqual(c.x + c.width);
}

test('staff find a booking, take cash, print the delivery sheet, and move a party through delivery to completed from its day', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/admin/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page);

  // Search the seeded booking by the customer's phone number.
  await page.getByLabel('Search: number, customer name, e-mail or phone').fill('555-0134');
  const row = page.getByRole('row').filter({ hasText: 'Tom Becker' });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page).toHaveURL(/q=555-0134/);
  // The party's day with its year, as the Booked column writes a day: the list runs across years.
  const found = await page.request.get('/api/admin/bookings?q=555-0134');
  await expect(row.getByRole('cell').first()).toContainText(formatMediumDate((await found.json()).items[0].event.date));
  // What was found downloads as CSV: every row of the search, not only this page.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV of the bookings found' }).click();
  const csv = readFileSync((await (await downloading).path())!, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain('Tom Becker');
  await row.getByRole('link').click();

  await expect(page.getByRole('heading', { level: 1, name: /^Booking [A-Z0-9-]+$/ })).toBeVisible();
  const number = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Booking ', '');
  await expect(page).toHaveTitle(`Booking ${number} | Admin`);
  await expect(page.getByRole('heading', { name: 'Items and units' })).toBeVisible();
  await expect(page.getByText('Backyard Birthday Package')).toBeVisible();
  await expect(page.getByTestId('unit-label').filter({ hasText: /^BH-CASTLE-\d$/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // A cash payment of $50 raises the amount paid.
  const paidBefore = (await page.getByTestId('amount-paid').textContent()) ?? '';
  expect(paidBefore).toBe('$0');
  await page.getByLabel('Amount collected ($)').fill('50');
  await page.getByLabel('Method').selectOption('cash');
  await page.getByLabel('Note (optional)').fill('Paid at the door');
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment of $50 recorded.')).toBeVisible();
  await expect(page.getByTestId('amount-paid')).toHaveText('$50');
  await expect(page.getByRole('cell', { name: 'Paid at the door' })).toBeVisible();
  const balance = (await page.getByTestId('balance-due').textContent()) ?? '';

  // A bad amount is refused beside the field, before anything is sent.
  await page.getByLabel('Amount collected ($)').fill('ten dollars');
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Enter an amount in dollars, e.g. 125.00')).toBeVisible();
  await expect(page.getByLabel('Amount collected ($)')).toHaveAttribute('aria-invalid', 'true');

  // Staff note for the crew.
  await page.getByLabel('Add a note').fill('Side gate code 4411');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByTestId('staff-notes')).toContainText('Side gate code 4411');

  // Move the bounce house to another free unit of the same product.
  const castle = ((await page.getByTestId('unit-label').filter({ hasText: /^BH-CASTLE-\d$/ }).textContent()) ?? '').trim();
  const move = page.getByLabel(`Move Pink Castle Bounce House ${castle} to another unit`);
  const freeUnit = (await move.locator('option:not([disabled]):not([value=""])').first().textContent())!.trim();
  await move.selectOption({ label: freeUnit });
  await page.getByRole('button', { name: `Move Pink Castle Bounce House ${castle}` }).click();
  await expect(page.getByText(`Pink Castle Bounce House moved to unit ${freeUnit}.`)).toBeVisible();
  await expect(page.getByTestId('unit-label').filter({ hasText: /^BH-CASTLE-\d$/ })).toHaveText(freeUnit);

  // The delivery sheet: customer, address, units, notes and the balance to collect; prints alone.
  await page.getByRole('link', { name: 'Delivery sheet' }).click();
  await expect(page).toHaveURL(/\?view=delivery-sheet$/);
  await expect(page.getByRole('heading', { level: 1, name: `Delivery sheet · ${number}` })).toBeVisible();
  await expect(page.getByText('Tom Becker')).toBeVisible();
  await expect(page.getByText('(512) 555-0134')).toBeVisible();
  await expect(page.getByText('407 Rock St, Georgetown, TX 78626')).toBeVisible();
  await expect(page.getByText('Side gate code 4411')).toBeVisible();
  await expect(page.getByTestId('sheet-balance')).toHaveText(`Collect ${balance}`);
  await expect(page.getByRole('button', { name: 'Print delivery sheet' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print delivery sheet' })).toBeHidden();
  await expect(page.getByTestId('sheet-balance')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('link', { name: '← Back to booking' }).click();

  // The party is days away: none of the delivery path is open yet, and the screen says from when at each button.
  for (const [button, words] of [
    ['Mark out for delivery', 'out for delivery before the day of its drop-off'],
    ['Mark delivered', 'delivered before the day of its drop-off'],
    ['Mark completed', 'completed before the day of its party'],
  ] as const) {
    await expect(page.getByRole('button', { name: button })).toBeDisabled();
    await expect(page.getByRole('button', { name: button })).toHaveAccessibleDescription(new RegExp(`^${number} cannot be marked ${words}.*\\. Today is `));
  }
  await expectNoAxeViolations(page);
  const history = page.getByRole('region', { name: 'History' }).or(page.locator('section', { has: page.getByRole('heading', { name: 'History' }) }));
  await expect(history.getByText('$50 cash')).toBeVisible();

  // A party that has happened (moved to a past day of its own): along the delivery path to completed; each step is in the history.
  const party = await placePhoneBooking(page.request, { name: 'Path Walker', product: 'toddler-jungle-bounce-house', from: 300 });
  await moveBookingsToAPastDay([party.id]);
  await page.goto(`/admin/bookings/${party.id}`);
  for (const [button, label] of [
    ['Mark out for delivery', 'out for delivery'],
    ['Mark delivered', 'delivered'],
    ['Mark completed', 'completed'],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByText(`Booking is now ${label}.`)).toBeVisible();
  }
  await expect(page.getByText('This booking is finished: its status can’t change any more.')).toBeVisible();
  await expect(history.getByText('Delivered → Completed')).toBeVisible();

  // Back in the list, the status filter finds it among completed bookings.
  await page.goto('/admin/bookings?status=completed');
  await expect(page.getByRole('row').filter({ hasText: party.number })).toHaveCount(1);
});

test('a rental over several days cannot be marked completed before its last day: the booking screen says until when', async ({ page }) => {
  const rental = await placePhoneBooking(page.request, { name: 'Long Weekend', product: 'big-top-carnival-bounce-house', from: 200, days: 3 });
  await page.goto(`/admin/bookings/${rental.id}`);
  const complete = page.getByRole('button', { name: 'Mark completed' });
  await expect(complete).toBeDisabled();
  await expect(complete).toHaveAccessibleDescription(
    new RegExp(`^${rental.number}: this rental runs until ${formatMediumDate(addDays(rental.date, 2))}; it can be marked completed from that day\\. Today is `),
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the booking screen shows the total, what was paid, the balance and "Record a payment" without scrolling', async ({ page }) => {
    test.setTimeout(120_000);
    await openPaidBooking(page, 'phone-money', 50);

    // The same figures as the Payments card, about 1,900 px further down.
    const money = page.getByTestId('money-summary');
    const paid = (await page.getByTestId('amount-paid').textContent()) ?? '';
    const balance = (await page.getByTestId('balance-due').textContent()) ?? '';
    await expect(money).toContainText(`Paid ${paid} · Balance due ${balance}`);
    await expect(money).toBeInViewport();
    const record = money.getByRole('link', { name: 'Record a payment' });
    await expect(record).toBeInViewport();
    await record.click();
    await expect(page.getByLabel('Amount collected ($)')).toBeFocused();
    await expect(page.getByLabel('Amount collected ($)')).toBeInViewport();
  });

  test('after a payment, a status move or a cancel, the buttons wait for the booking to come back, and the cancel form goes', async ({ page }) => {
    test.setTimeout(120_000);
    const placed = await placePhoneBooking(page.request, { name: 'Slow Signal', product: 'rainbow-arch-bounce-house', status: 'deposit_due' });
    await page.goto(`/admin/bookings/${placed.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Booking ${placed.number}` })).toBeVisible({ timeout: 30_000 });
    const status = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Status', exact: true }) });
    // A dollar taken at the door, the booking's read held: "Record payment" stays off until it comes (a
    // second tap on it, switched on again, recorded the same dollar twice).
    const heldPayment = await holdBookingReads(page, placed.id);
    await page.getByLabel('Amount collected ($)').fill('1');
    const record = page.getByRole('button', { name: 'Record payment' });
    await record.click();
    await expect(page.getByText('Payment of $1 recorded.')).toBeVisible();
    await expect(record).toBeDisabled();
    // The read never comes (the signal lost): the form says the payment went through, keeps "Record
    // payment" off (the balance shown is from before it), and reads the booking again on request.
    await heldPayment.release('lost');
    const paymentReadAgain = page.getByRole('alert').filter({ hasText: 'Payment of $1 recorded. The booking could not be read again' });
    await expect(paymentReadAgain).toBeVisible();
    await expect(record).toBeDisabled();
    await paymentReadAgain.getByRole('button', { name: 'Read the booking again' }).click();
    await expect(page.getByTestId('amount-paid')).toHaveText('$1');
    await expect(paymentReadAgain).toHaveCount(0);
    // On a slow line the booking read again after the move is held: the screen still shows the booking as it was.
    const held = await holdBookingReads(page, placed.id);
    const confirm = status.getByRole('button', { name: 'Confirm booking' });
    await confirm.click();
    await expect(page.getByText('Booking is now confirmed.')).toBeVisible();
    // Switched on again there, a second tap sent the move again (refused: it is confirmed already).
    await expect(confirm).toBeDisabled();
    await expect(status.getByRole('button', { name: 'Cancel booking…' })).toBeDisabled();
    // The read never comes (the signal lost): the card says so, the buttons come back on but the move
    // made (a second tap would send it twice), and the booking is read again on request.
    await held.release('lost');
    const readAgain = status.getByRole('alert').filter({ hasText: 'The booking could not be read again' });
    await expect(readAgain).toContainText('Booking is now confirmed.');
    await expect(status.getByRole('button', { name: 'Cancel booking…' })).toBeEnabled();
    await expect(confirm).toBeDisabled();
    await readAgain.getByRole('button', { name: 'Read the booking again' }).click();
    await expect(status.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(readAgain).toHaveCount(0);

    await status.getByRole('button', { name: 'Cancel booking…' }).click();
    await status.getByLabel('Reason for cancelling').fill('Customer called to cancel');
    await status.getByLabel('E-mail the customer that it is cancelled').uncheck();
    const heldAgain = await holdBookingReads(page, placed.id);
    await status.getByRole('button', { name: 'Cancel booking', exact: true }).click();
    await expect(page.getByText('Booking is now cancelled.')).toBeVisible();
    heldAgain.release();
    await expect(status.getByText(/Cancelled on .*: Customer called to cancel/)).toBeVisible();
    // The form goes with the cancel: no "Keep booking" or a second "Cancel booking" on a cancelled booking.
    await expect(status.getByLabel('Reason for cancelling')).toHaveCount(0);
    await expect(status.getByRole('button', { name: /^(Keep booking|Cancel booking)$/ })).toHaveCount(0);
    // Found again in the list, it owes nothing, and nothing was paid: not "Paid".
    await page.goto(`/admin/bookings?q=${placed.number}`);
    const row = page.getByRole('row').filter({ hasText: placed.number });
    await expect(row).toContainText('Nothing due');
    await expect(row).not.toContainText('Paid');

    // At 360 × 640 the status and date filters fold behind one button that says how many are on, so the
    // first booking is on the first screen: open, they took the whole of it.
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto('/admin/bookings?status=cancelled');
    const filters = await islandReady(page.getByRole('button', { name: /^Filters/ }));
    await expect(filters).toHaveAccessibleName('Filters 1 on');
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Status', { exact: true })).toBeHidden();
    const first = page.getByRole('table', { name: /^Bookings/ }).getByRole('row').nth(1);
    await expect(first).toBeVisible();
    await expect(first.getByRole('rowheader')).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // A disclosure: the button opens them with focus kept on it; Escape in them folds them, focus back on the button.
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('cancelled');
    await expect(filters).toBeFocused();
    await page.getByLabel('Status', { exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(filters).toBeFocused();
    // A search typed and made (the box's pause run out on the page's own clock, no time waited here).
    await page.clock.install();
    const box = page.getByLabel('Search: number, customer name, e-mail or phone');
    await box.fill(placed.number);
    await page.clock.runFor(300);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${placed.number}`));
    // "Clear filters" goes once pressed: focus goes to the button, which has nothing on any more.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(filters).toHaveAccessibleName('Filters');
    await expect(filters).toBeFocused();
    // The search goes with them: the box had kept the number and searched it again after its pause.
    await expect(box).toHaveValue('');
    await page.clock.runFor(1000);
    await expect(box).toHaveValue('');
    await expect(page).toHaveURL(/\/admin\/bookings$/);
  });
});

/**
 * Holds the booking screen's reads of one booking (GET /api/admin/bookings/{id}) until `release()`;
 * `release('lost')` fails the reads held (no signal) instead of answering them. In place once it
 * resolves: a route still being set up let the read after a payment through on a busy machine.
 */
async function holdBookingReads(page: Page, id: string) {
  let release!: (outcome: 'answered' | 'lost') => void;
  const released = new Promise<'answered' | 'lost'>((resolve) => (release = resolve));
  const reads = (url: URL) => url.pathname === `/api/admin/bookings/${id}`;
  const held: Promise<void>[] = [];
  await page.route(reads, (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const handled = released.then((outcome) => (outcome === 'lost' ? route.abort('internetdisconnected') : route.fallback()));
    held.push(handled);
    return handled;
  });
  // The reads held are answered (or failed) before the route goes, so none is left to the next handler.
  return {
    release: async (outcome: 'answered' | 'lost' = 'answered') => {
      release(outcome);
      await Promise.all(held);
      await page.unroute(reads);
    },
  };
}

test('a manager refunds part of a card deposit through Stripe', async ({ page }) => {
  test.setTimeout(120_000);
  await openPaidBooking(page, 'refund', 52);
  await expect(page.getByRole('cell', { name: 'Card (Stripe)', exact: true })).toBeVisible();
  const paid = (await page.getByTestId('amount-paid').textContent()) ?? '';
  const paidCents = Math.round(Number(paid.replace(/[$,]/g, '')) * 100);
  expect(paidCents).toBeGreaterThan(1000);

  // The payments table fits: at the desktop width and on a phone, Refund is inside the card.
  await expectRefundInsideCard(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectRefundInsideCard(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(page.getByText('The money goes back to the customer’s card through Stripe.')).toBeVisible();
  await page.getByLabel('Refund amount ($)').fill('10');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText('Say why the money is refunded (at least 3 characters)')).toBeVisible();
  await page.getByLabel('Reason').fill('Arrived late, goodwill');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText('Refunded $10 to the customer’s card.')).toBeVisible();
  const left = paidCents - 1000;
  await expect(page.getByTestId('amount-paid')).toHaveText(`$${(left / 100).toFixed(left % 100 === 0 ? 0 : 2)}`);
  await expect(page.getByText('$10 refunded')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Arrived late, goodwill' })).toBeVisible();

  // Cancelling needs a reason and frees the units.
  await page.getByRole('button', { name: 'Cancel booking…' }).click();
  await page.getByRole('button', { name: 'Cancel booking', exact: true }).click();
  await expect(page.getByText('Say why the booking is cancelled (at least 3 characters)')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Reason for cancelling').fill('Customer called to cancel');
  // The customer is told unless staff untick it (a duplicate, a test booking).
  await expect(page.getByLabel('E-mail the customer that it is cancelled')).toBeChecked();
  await page.getByRole('button', { name: 'Cancel booking', exact: true }).click();
  await expect(page.getByText(/Booking is now cancelled\. Cancellation e-mailed to \S+@\S+\./)).toBeVisible();
  await expect(page.getByText(/Cancelled on .*: Customer called to cancel/)).toBeVisible();
});

test('after an edit lowers the total below what was paid, a manager refunds the refund due from the booking screen', async ({ page }) => {
  test.setTimeout(150_000);
  const number = await openPaidBooking(page, 'refund-due', 54);

  // The balance is paid in cash at the desk: the booking is paid in full.
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByTestId('balance-due')).toHaveText('$0');
  await expect(page.getByTestId('refund-due')).toHaveCount(0);

  // A $20 rain discount after the fact (sales tax comes off too): the customer has paid more than the new total.
  await page.getByRole('link', { name: 'Change booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Change booking / })).toBeVisible();
  await page.getByRole('button', { name: 'Add an adjustment' }).click();
  await page.getByLabel('Adjustment name').fill('Rain discount');
  await page.getByLabel('Discount or surcharge').selectOption('discount');
  await page.getByLabel('Adjustment amount').fill('20');
  await page.getByLabel('Reason').fill('Light rain during the party');
  const preview = page.getByText(/Refund due: \$\d+(\.\d\d)?\./);
  await expect(preview).toBeVisible();
  const amount = /Refund due: (\$\d+(?:\.\d\d)?)\./.exec((await preview.textContent())!)![1]!;
  expect(Number(amount.slice(1))).toBeGreaterThanOrEqual(20);
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Booking ${number}` })).toBeVisible();
  const due = page.getByTestId('refund-due');
  await expect(due).toContainText(`Refund due ${amount}`);
  // The card goes first, through Stripe; the cash paid later is not touched.
  await expect(due).toContainText(`Goes back as: ${amount} to the card through Stripe.`);
  await expectNoAxeViolations(page);
  // On a phone the refund due and its button are on screen without scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  const button = due.getByRole('button', { name: `Refund ${amount}` });
  await expect(button).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
  await button.dblclick();
  await expect(page.getByText(`Refunded ${amount}.`)).toBeVisible();
  await expect(page.getByTestId('refund-due')).toHaveCount(0);
  await expect(page.getByTestId('balance-due')).toHaveText('$0');
  const payments = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Payments', exact: true }) });
  // Refunded once, however many clicks: one refund line.
  await expect(payments.getByRole('cell', { name: 'Refund due: paid more than the booking’s total' })).toHaveCount(1);
  await expect(payments.getByText(`${amount} refunded`)).toBeVisible();
});

test('customers: search, open one with their bookings and lifetime value, save a note', async ({ page }) => {
  await page.goto('/admin/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Search: name, e-mail or phone').fill('alicia');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Alicia Moreno' }).click();
  await expect(page).toHaveURL(/id=[0-9a-f-]{36}/);
  const panel = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Alicia Moreno' }) });
  await expect(panel.getByText('Lifetime value')).toBeVisible();
  const bookings = panel.getByRole('table', { name: 'Bookings of Alicia Moreno' });
  await expect(bookings.getByRole('link')).toHaveCount(1);
  // The party's day with its year: a customer's bookings run across years.
  const alicia = await page.request.get('/api/admin/bookings?q=alicia');
  await expect(bookings.getByRole('cell').first()).toHaveText(formatMediumDate((await alicia.json()).items[0].event.date));
  await panel.getByLabel('Staff notes about this customer').fill('Prefers morning deliveries');
  await panel.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByText('Customer notes saved.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByLabel('Staff notes about this customer')).toHaveValue('Prefers morning deliveries');
});

test('customers at 1280 px: name, e-mail, phone and bookings of each customer in sight, the list not scrolling sideways in its box', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/customers');
  const box = page.getByRole('region', { name: 'Customers' });
  const row = box.getByRole('row').filter({ hasText: 'alicia.moreno@example.com' });
  await expect(row).toBeVisible();
  // With no customer open, then with one open beside the list (the list keeps the same half of the screen).
  for (const opened of [false, true]) {
    if (opened) {
      await page.getByRole('button', { name: 'Alicia Moreno' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Alicia Moreno' })).toBeVisible();
    }
    expect(await box.evaluate((e) => e.scrollWidth - e.clientWidth), `opened: ${opened}`).toBeLessThanOrEqual(0);
    await expect(row).toContainText(/\(\d{3}\) \d{3}-\d{4}/);
    // The count of bookings, with the last one's date under it.
    await expect(row).toContainText(/\d+\s*last [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    const right = (await box.boundingBox())!;
    for (const cell of await row.locator('th, td').all()) {
      // Columns kept for a wider list are not shown here.
      if (!(await cell.isVisible())) continue;
      const cellBox = (await cell.boundingBox())!;
      expect(cellBox.x + cellBox.width, await cell.innerText()).toBeLessThanOrEqual(right.x + right.width + 1);
    }
  }
});

test('customers: a manager gives a credit with field errors first (a far expiry among them), sees what is left, and voids it', async ({ page }) => {
  await page.goto('/admin/customers');
  await page.getByLabel('Search: name, e-mail or phone').fill('alicia');
  await page.getByRole('button', { name: 'Alicia Moreno' }).click();
  const panel = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Alicia Moreno' }) });
  await expect(panel.getByRole('heading', { name: /^Credits: \$[\d,.]+ available/ })).toBeVisible();
  await panel.getByRole('button', { name: 'Give a credit' }).click();
  const form = panel.getByRole('form', { name: 'Give a credit' });
  await form.getByLabel('Credit amount ($)').fill('25');
  await form.getByLabel('Reason').selectOption('rain_check');
  await form.getByRole('button', { name: 'Give the credit' }).click();
  await expect(form.getByLabel('Why (the customer does not see this)')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Why (the customer does not see this)').fill('Rained out in the e2e test');
  // "For ever" typed as a far date: the server refuses it, and the form says why at the field.
  const spendBy = form.getByLabel('Spend by (empty: the policy’s months)');
  await spendBy.fill('9999-12-31');
  await form.getByRole('button', { name: 'Give the credit' }).click();
  await expect(spendBy).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Choose an expiry within 5 years')).toBeVisible();
  await expectNoAxeViolations(page);
  await spendBy.fill('');
  await form.getByRole('button', { name: 'Give the credit' }).click();
  await expect(page.getByText('Credit of $25 given.')).toBeVisible();
  const row = panel.getByRole('table', { name: 'Credits' }).getByRole('row', { name: /Rain check/ }).first();
  await expect(row).toContainText('Available');
  page.once('dialog', (dialog) => void dialog.accept('Given by mistake in the test'));
  await row.getByRole('button', { name: /^Void/ }).click();
  await expect(page.getByText('Credit voided.')).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Credits' }).getByRole('row', { name: /Voided/ }).first()).toBeVisible();
});
