import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { e2eDataDir, e2ePort } from '../support/e2e-env';
import { mailText } from '../support/mail-text';
import { dateFromToday, lookUpBooking, placeTestBooking } from './support/bookings';

/**
 * Customers change their own booking (issue #25) on the production build with the local Stripe
 * double: one opens the "Change or cancel" link from their booking e-mail, moves the party to a
 * longer (pricier) window and pays the difference; another asks for the link from a number + e-mail
 * lookup, opens it and cancels, seeing the refund before and after. The new states fit a 390 px phone.
 */

const outbox = path.resolve(e2eDataDir, 'outbox');

/** The readable text of the newest e-mail to `email` that contains `needle`. */
async function newestMail(email: string, needle: string): Promise<string> {
  const find = () =>
    existsSync(outbox)
      ? readdirSync(outbox)
          .filter((f) => f.includes(email))
          .sort()
          .map((f) => mailText(readFileSync(path.join(outbox, f), 'utf8')))
          .filter((m) => m.includes(needle))
          .at(-1)
      : undefined;
  await expect.poll(find, { timeout: 15_000 }).toBeTruthy();
  return find()!;
}

/** The "Change or cancel your booking" link in an e-mail, on this server. */
function manageLink(mail: string, bookingNumber: string): string {
  const match = new RegExp(
    `http://localhost:${e2ePort}/track-order\\?booking=${bookingNumber}#key=[A-Za-z0-9_-]{43}`,
  ).exec(mail);
  expect(match, 'the e-mail carries the change-or-cancel link').not.toBeNull();
  return match![0];
}

/** Pays the deposit on the Stripe double's page and waits for the site to say so. */
async function payDeposit(page: Page, paymentUrl: string) {
  await page.goto(paymentUrl);
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/payment-success\?booking=/);
  await expect(page.getByRole('heading', { name: /your payment of .* is paid/ })).toBeVisible({ timeout: 20_000 });
}

async function fitsThePhone(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what}: the page is wider than the phone`).toBeLessThanOrEqual(390);
}

test('a customer moves their booking from the tracking page and pays the difference', async ({ page }) => {
  const booked = await placeTestBooking(page.request, { name: 'Mover Customer', product: 'giant-connect-four' });
  await payDeposit(page, booked.paymentUrl!);

  // The booking e-mail's personal link opens the booking with what can be done online.
  const confirmation = await newestMail(booked.email, `Your booking ${booked.number} is confirmed`);
  expect(confirmation).toContain('Change or cancel your booking:');
  await page.goto(manageLink(confirmation, booked.number));
  const card = page.getByTestId('manage-card');
  await expect(card.getByRole('heading', { name: 'Change or cancel your booking' })).toBeVisible();
  const totalBefore = (await page.getByTestId('booking-total').textContent())!.trim();
  const paidBefore = (await page.getByTestId('booking-paid').textContent())!.trim();

  // A date past the booking window: the reason is the whole move's, said once under the lines.
  const date = card.getByLabel('New date');
  const bookedOn = await date.inputValue();
  await date.fill(dateFromToday(400));
  const quote = card.getByTestId('move-quote');
  await expect(quote).toContainText('We take bookings up to 365 days ahead', { timeout: 15_000 });
  expect((await quote.textContent())!.split('We take bookings up to').length - 1).toBe(1);
  await expect(quote).not.toContainText('Not available then');
  await date.fill(bookedOn);

  // A longer party (11 AM to 9 PM, over the 8 hours the price covers): the exact new price and difference before confirming.
  await card.getByLabel('Ends').selectOption('21:00');
  await expect(card.getByTestId('move-difference')).toContainText('more: you pay the difference', { timeout: 15_000 });
  const newTotal = (await card.getByTestId('move-new-total').textContent())!.trim();
  expect(newTotal).not.toBe(totalBefore);
  await card.getByRole('button', { name: 'Move my booking' }).click();

  const moved = page.getByTestId('moved-notice');
  await expect(moved).toContainText('Your booking is moved to');
  await expect(page.getByTestId('booking-total')).toHaveText(newTotal);
  await expect(page.getByTestId('booking-paid')).toHaveText(paidBefore);
  const payButton = moved.getByRole('button', { name: /Pay the difference \(\$[\d,.]+\)/ });
  // On screen where the customer confirmed, not a page away under the booking's heading.
  await expect(payButton).toBeInViewport();
  const difference = /\((\$[\d,.]+)\)/.exec((await payButton.textContent())!)![1]!;

  // The calendar update came by e-mail: same booking, new SEQUENCE.
  const changed = await newestMail(booked.email, `Your booking ${booked.number} has changed`);
  expect(changed).toContain('SEQUENCE:1');
  expect(changed).toContain('9:00 PM');
  // And asks for the same difference as the page.
  expect(changed).toContain(`Please pay the difference (${difference}) from the tracking page or by calling us.`);

  // The difference, through the same payment path as the tracking page's pay button.
  await payButton.click();
  await page.waitForURL(/\/pay\/cs_/);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/payment-success\?booking=/);
  await expect(
    page.getByRole('heading', { name: `Thank you, Mover: your payment of ${difference} is paid` }),
  ).toBeVisible({ timeout: 20_000 });
});

test('a customer who pays the whole balance from their booking’s page is not asked to pay it again', async ({ page }) => {
  const booked = await placeTestBooking(page.request, { name: 'Settler Customer', product: 'giant-connect-four' });
  await payDeposit(page, booked.paymentUrl!);
  // After the deposit something is left: the page says how to pay it.
  const next = page.getByRole('region', { name: 'Next: sign the safety waiver' });
  await expect(next).toContainText('You can pay the remaining balance from the tracking page');

  const confirmation = await newestMail(booked.email, `Your booking ${booked.number} is confirmed`);
  await page.goto(manageLink(confirmation, booked.number));
  const due = (await page.getByTestId('booking-due').textContent())!.trim();
  await page.getByRole('button', { name: `Pay balance (${due})` }).click();
  await page.waitForURL(/\/pay\/cs_/);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/payment-success\?booking=/);
  await expect(page.getByRole('heading', { name: `Thank you, Settler: your payment of ${due} is paid` })).toBeVisible({ timeout: 20_000 });

  // Nothing left: no sentence about paying the rest, and the page says it is all paid.
  await expect(page.getByRole('region', { name: 'Your booking', exact: true })).toContainText(/Still to pay\s*\$0(\.00)?(?![\d.])/);
  await expect(next).toContainText('Your booking is paid in full: there is nothing left to pay.');
  await expect(next).not.toContainText('remaining balance');
});

test('a customer asks for the link, opens it and cancels, seeing the refund before and after (on a phone)', async ({
  page,
}) => {
  const booked = await placeTestBooking(page.request, { name: 'Canceller Customer', product: 'popcorn-machine' });
  await payDeposit(page, booked.paymentUrl!);
  await page.setViewportSize({ width: 390, height: 844 });

  // The number and e-mail find the booking but only send the link to the booking's address.
  await lookUpBooking(page, booked.number, booked.email);
  await expect(page.getByRole('heading', { name: `Booking ${booked.number}` })).toBeVisible();
  await expect(page.getByTestId('manage-card')).toHaveCount(0);
  await page.getByRole('button', { name: 'Change or cancel' }).click();
  await expect(page.getByTestId('change-link-sent')).toContainText("We've e-mailed you a link");
  await fitsThePhone(page, 'the lookup with the link sent');

  const mail = await newestMail(booked.email, `Change or cancel booking ${booked.number}`);
  await page.goto(manageLink(mail, booked.number));
  const card = page.getByTestId('manage-card');
  await expect(card).toBeVisible();
  const paid = (await page.getByTestId('booking-paid').textContent())!.trim();
  // Months ahead: the demo policy refunds the deposit, shown before confirming.
  await expect(card.getByTestId('cancel-outcome')).toContainText(`We'll refund ${paid} to your card`);
  await fitsThePhone(page, 'the change-or-cancel card');
  await card.getByRole('button', { name: 'Cancel my booking…' }).click();
  await fitsThePhone(page, 'the cancellation to confirm');
  await card.getByRole('button', { name: 'Yes, cancel my booking' }).click();

  // Paid by card through Stripe: refunded at once (refundFromBooking through the Stripe double).
  const done = page.getByTestId('manage-cancelled');
  await expect(done.getByRole('heading', { name: 'Your booking is cancelled' })).toBeVisible();
  await expect(done).toContainText(`We've refunded ${paid} to your card`);
  await expect(page.locator('article header').getByText('Cancelled', { exact: true })).toBeVisible();
  await fitsThePhone(page, 'the cancelled booking');

  const cancelled = await newestMail(booked.email, `Your booking ${booked.number} is cancelled`);
  expect(cancelled).toContain('METHOD:CANCEL');

  expect(cancelled).toContain(`We've refunded ${paid} to your card`);
  // Opened again, the link shows the booking cancelled and refunded, nothing left to refund.
  await page.reload();
  await expect(page.getByTestId('manage-cancelled')).toContainText(`We've refunded ${paid} to your card.`);
  await expect(page.getByTestId('manage-cancelled')).not.toContainText("We'll refund");
});
