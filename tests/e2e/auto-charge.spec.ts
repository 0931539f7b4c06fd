import type { Page } from '@playwright/test';
import { expect, test } from './support/admin';
import { withCart } from './support/bookings';
import { answerSetupSpot } from './support/setup-spot';

/**
 * Balances that collect themselves (issue #25): the owner turns the automatic balance charge on in the
 * payments tab, and a customer's checkout page then shows what they agree to: the balance, the day it
 * is charged to the card saved with the deposit, and that they may pay another way; Stripe's page shows
 * the same words, and once paid the booking screen (at phone width too) shows the card on file. Tests
 * start signed in as the e2e owner; the setting is turned off again at the end.
 */

const loaded = expect.configure({ timeout: 20_000 });
const partyDate = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
const save = (page: Page) => page.getByRole('button', { name: 'Save deposit, tax and payments' }).click();

async function setAutoCharge(page: Page, on: boolean, days?: string) {
  await page.goto('/admin/settings#payments');
  // Going to the same address only moves to the hash: reload, so a refused value typed earlier is gone.
  await page.reload();
  const box = page.getByLabel('Charge the balance automatically to the card saved at checkout');
  await loaded(box).toBeVisible();
  await box.setChecked(on);
  if (on && days !== undefined) await page.getByLabel('Charge it (days before the event)').fill(days);
  await save(page);
  await loaded(page.getByText('Deposit, tax and payments saved.')).toBeVisible();
}

test('the owner turns on the automatic balance charge and the checkout page shows the customer’s consent wording', async ({ page, context }) => {
  await setAutoCharge(page, true, '3');
  try {
    // A day count out of range is refused at its field.
    const days = page.getByLabel('Charge it (days before the event)');
    await days.fill('31');
    await save(page);
    await loaded(days).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('At most 30 days').first()).toBeVisible();

    const customer = await context.newPage();
    const date = partyDate(45);
    await withCart(customer, {
      item: { product: 'giant-connect-four', name: 'Giant Connect Four', fromPriceCents: 12500, image: '/images/products/giant-connect-four.svg' },
      event: { date, start: '10:00', end: '16:00' },
      zip: '78664',
      damageWaiver: true,
    });
    await customer.goto('/checkout');
    await loaded(customer.locator('[aria-busy="false"]').getByTestId('quote-total')).toHaveText(/^\$\d/);
    const consent = customer.getByTestId('auto-charge-consent');
    await loaded(consent).toHaveText(
      /^We’ll save this card and charge the balance of \$[\d,.]+ to it on \w+day, \w+ \d{1,2}, \d{4} \(3 days before your party\)\. You can pay it another way before then\.$/,
    );
    const wording = (await consent.textContent())!;

    // The customer books and pays the deposit; Stripe's page shows the same words above its Pay button.
    await customer.getByLabel('Full name').fill('Casey Cardholder');
    await customer.getByLabel('E-mail').fill(`cardholder-${Date.now()}@example.com`);
    await customer.getByLabel('Mobile phone').fill('(512) 555-0177');
    await customer.getByLabel('Street address').fill('7 Saved Card Way');
    await customer.getByLabel('City').fill('Round Rock');
    await answerSetupSpot(customer);
    await customer.getByLabel(/I accept the rental terms/).check();
    await customer.getByRole('button', { name: 'Place booking and pay deposit' }).click();
    await customer.waitForURL(/\/pay\/cs_/, { timeout: 30_000 });
    await expect(customer.getByTestId('stripe-consent')).toHaveText(wording);
    await customer.getByRole('button', { name: 'Pay' }).click();
    await customer.waitForURL(/\/payment-success\?booking=/);
    const bookingNumber = new URL(customer.url()).searchParams.get('booking')!;

    // Staff see the card on file on the booking screen, also on a phone.
    const list = await page.request.get(`/api/admin/bookings?q=${bookingNumber}`);
    const bookingId: string = (await list.json()).items[0].id;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/bookings/${bookingId}`);
    await loaded(page.getByTestId('auto-charge')).toContainText(/^Card on file: Visa •••• 4242, balance charged automatically on \w{3} \d{1,2}, \d{4}$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 720 });
  } finally {
    await setAutoCharge(page, false);
  }
});
