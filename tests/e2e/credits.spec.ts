import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { mailText } from '../support/mail-text';
import { e2eDataDir, e2ePort } from '../support/e2e-env';
import { expect, expectNoAxeViolations, test } from './support/admin';
import { dateFromToday, lookUpBooking, placeTestBooking, withCart } from './support/bookings';
import { useCreditAtCheckout } from './support/mail';
import { answerSetupSpot } from './support/setup-spot';

/**
 * Spending credit (issue #25), on a phone: staff pay a booking from its customer's credit on the
 * booking screen, and a customer with credit proves the e-mail at checkout with the code from the
 * e-mail and books with the credit applied. Signed in as the owner (the checkout does not care).
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const origin = { origin: `http://localhost:${e2ePort}` };

/** A booking of the test's own, the customer given `cents` of credit by staff. */
async function customerWithCredit(page: Page, name: string, cents: number) {
  const booked = await placeTestBooking(page.request, { name, product: 'popcorn-machine' });
  const list = await page.request.get(`/api/admin/bookings?q=${booked.number}`);
  const bookingId: string = (await list.json()).items[0].id;
  const customerId: string = (await (await page.request.get(`/api/admin/bookings/${bookingId}`)).json()).customerId;
  const given = await page.request.post(`/api/admin/customers/${customerId}/credits`, { data: { amountCents: cents, reason: 'rain_check', note: 'Rained out (e2e)' }, headers: origin });
  expect(given.status()).toBe(200);
  return { ...booked, bookingId, customerId };
}

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('staff pay a booking from its customer’s credit on the booking screen', async ({ page }) => {
  const { bookingId } = await customerWithCredit(page, 'Credit Staff', 2500);
  await page.goto(`/admin/bookings/${bookingId}`);
  const form = page.getByRole('form', { name: 'Pay from credit' });
  await expect(form.getByText('The customer has $25 of credit to spend.')).toBeVisible();
  await form.getByLabel('Amount from credit ($)').fill('30');
  await form.getByRole('button', { name: 'Pay from credit' }).click();
  await expect(form.getByText('Pay at most $25 from credit')).toBeVisible();
  await form.getByLabel('Amount from credit ($)').fill('20');
  await form.getByRole('button', { name: 'Pay from credit' }).click();
  const payments = page.getByRole('table', { name: 'Payments and refunds' });
  await expect(payments.getByRole('row').filter({ hasText: 'Paid from credit' }).first()).toBeVisible();
  await expect(page.getByTestId('amount-paid')).toHaveText('$20');
  // $5.00 is left: the form offers that now.
  await expect(page.getByRole('form', { name: 'Pay from credit' }).getByText('The customer has $5 of credit to spend.')).toBeVisible();
  await fitsThePhone(page);
  await expectNoAxeViolations(page);
});

test('a customer with credit proves the e-mail at checkout with the e-mailed code and books with the credit applied', async ({ page }) => {
  test.setTimeout(120_000);
  const { email } = await customerWithCredit(page, 'Credit Customer', 50_000);
  const date = dateFromToday(70 + Math.floor(Math.random() * 200));
  await withCart(page, {
    item: { product: 'popcorn-machine', name: 'Popcorn Machine', fromPriceCents: 5500, image: '/images/products/popcorn-machine.svg' },
    event: { date, start: '10:00', end: '16:00' },
    zip: '78664',
    damageWaiver: false,
  });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const deposit = (await page.locator('[aria-busy="false"]').getByTestId('quote-deposit').textContent())!.trim();
  await page.getByLabel('Full name').fill('Credit Customer');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mobile phone').fill('(512) 555-0166');
  await page.getByLabel('Street address').fill('1401 S Mays St');
  await page.getByLabel('City').fill('Round Rock');
  await answerSetupSpot(page);
  await page.getByLabel(/I accept the rental terms/).check();

  await page.getByRole('button', { name: 'Use your credit' }).click();
  await expect(page.getByLabel('E-mail you booked with before')).toHaveValue(email);
  await page.getByRole('button', { name: 'E-mail me a code' }).click();
  await expect(page.getByText('If that e-mail has credit with us, we’ve sent it a 6-digit code.')).toBeVisible();
  await fitsThePhone(page);
  await expectNoAxeViolations(page);

  // The code, from the e-mail in the local outbox.
  const outbox = path.resolve(e2eDataDir, 'outbox');
  const codeMail = () =>
    existsSync(outbox)
      ? readdirSync(outbox)
          .map((f) => mailText(readFileSync(path.join(outbox, f), 'utf8')))
          .find((text) => text.includes(email) && text.includes('Your code to use your credit'))
      : undefined;
  await expect.poll(codeMail, { timeout: 15_000 }).toBeTruthy();
  const code = /Your code to use your credit: (\d{6})/.exec(codeMail()!)![1]!;
  await page.getByLabel('6-digit code').fill(code === '000000' ? '000001' : '000000');
  await page.getByRole('button', { name: 'Use my credit' }).click();
  await expect(page.getByText('That code isn’t right.', { exact: false })).toBeVisible();
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Use my credit' }).click();
  await expect(page.getByTestId('credit-ready')).toHaveText('Your credit of $500 will be applied to this booking.');
  // The order summary: the deposit comes off, nothing is due today.
  await expect(page.getByTestId('credit-applied')).toHaveText(`−${deposit}`);
  await expect(page.getByTestId('due-after-credit')).toHaveText('$0');
  await fitsThePhone(page);

  await page.getByRole('button', { name: 'Place booking (deposit paid from credit)' }).click();
  // No payment page: the deposit is paid.
  await page.waitForURL(/\/booking-success/);
  const bookingNumber = /[A-Z0-9]{2,4}-[A-Z0-9]{4,10}/.exec(decodeURIComponent(page.url()))?.[0] ?? '';
  const found = await page.request.get(`/api/admin/bookings?q=${bookingNumber}`);
  const booking = (await found.json()).items[0];
  const detail = await (await page.request.get(`/api/admin/bookings/${booking.id}`)).json();
  expect(detail.status).toBe('confirmed');
  expect(detail.payments.map((p: { method: string; note: string }) => [p.method, p.note])).toEqual([['credit', 'Paid from credit']]);
  expect(detail.totals.amountPaidCents).toBe(detail.totals.depositCents);
});

/** "$79.40" → 7940. */
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
/** 7940 → "$79.40", 9000 → "$90": as the site writes amounts. */
const money = (c: number) => `$${Math.floor(c / 100)}${c % 100 ? `.${String(c % 100).padStart(2, '0')}` : ''}`;

test('credit paying part of the deposit: checkout, the payment page, the success page and the tracking page ask only for what is left', async ({ page }) => {
  test.setTimeout(150_000);
  const date = dateFromToday(70 + Math.floor(Math.random() * 200));
  await withCart(page, {
    item: { product: 'popcorn-machine', name: 'Popcorn Machine', fromPriceCents: 5500, image: '/images/products/popcorn-machine.svg' },
    event: { date, start: '10:00', end: '16:00' },
    zip: '78664',
    damageWaiver: false,
  });
  await page.goto('/checkout');
  const deposit = cents((await page.locator('[aria-busy="false"]').getByTestId('quote-deposit').textContent())!.trim());
  // Credit for all of the deposit but $7.14.
  const { email } = await customerWithCredit(page, 'Part Credit', deposit - 714);
  await page.getByLabel('Full name').fill('Part Credit');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mobile phone').fill('(512) 555-0166');
  await page.getByLabel('Street address').fill('1401 S Mays St');
  await page.getByLabel('City').fill('Round Rock');
  await answerSetupSpot(page);
  await page.getByLabel(/I accept the rental terms/).check();
  await useCreditAtCheckout(page, email);
  await expect(page.getByTestId('credit-ready')).toBeVisible();

  // One amount due today, the deposit less the credit; the button and the words under it name it.
  await expect(page.getByTestId('credit-applied')).toHaveText(`−${money(deposit - 714)}`);
  await expect(page.getByTestId('due-after-credit')).toHaveText('$7.14');
  await expect(page.getByText(/due today/i)).toHaveCount(1);
  await expect(page.getByTestId('checkout-next')).toContainText(`Next you pay the $7.14 left of your ${money(deposit)} deposit on Stripe’s secure payment page.`);
  await fitsThePhone(page);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Place booking and pay $7.14' }).click();

  // The payment page asks for $7.14.
  await expect(page.getByText('Amount: 7.14 USD')).toBeVisible();
  const paymentUrl = page.url();
  const found = (await (await page.request.get(`/api/admin/bookings?q=${encodeURIComponent(email)}`)).json()).items as { id: string; number: string; status: string }[];
  const booking = found.find((b) => b.status === 'hold')!;
  expect(booking, 'the new booking waits for its payment').toBeTruthy();

  // The success page of this tab (what the checkout kept) asks for what is left, not the whole deposit.
  await page.goto(`/booking-success?booking=${booking.number}`);
  await expect(page.getByTestId('deposit-to-pay')).toContainText(`Pay the $7.14 left of your ${money(deposit)} deposit to confirm the booking`);
  await expect(page.getByText(`Pay your ${money(deposit)} deposit`)).toHaveCount(0);

  // The tracking page: the deposit paid from credit, and the $7.14 still to pay.
  await lookUpBooking(page, booking.number, email);
  await expect(page.getByTestId('booking-deposit-due')).toHaveText('$7.14');
  await expect(page.getByTestId('booking-paid')).toHaveText(money(deposit - 714));
  await expect(page.getByText(`${money(deposit - 714)} deposit from your credit on`)).toBeVisible();
  await expect(page.getByText(/; \$7\.14 still to pay/)).toBeVisible();
  await fitsThePhone(page);

  // Paid: the deposit is complete and the booking confirmed.
  await page.goto(paymentUrl);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/payment-success\?booking=/);
  await expect.poll(async () => (await (await page.request.get(`/api/admin/bookings/${booking.id}`)).json()).status, { timeout: 15_000 }).toBe('confirmed');
  const detail = await (await page.request.get(`/api/admin/bookings/${booking.id}`)).json();
  expect(detail.totals.amountPaidCents).toBe(deposit);
});
