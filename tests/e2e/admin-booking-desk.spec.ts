import { formatMediumDate } from '../../src/lib/time/format';
import { expect, expectNoAxeViolations, test } from './support/admin';
import { placePhoneBooking } from './support/bookings';

/**
 * A caller books on the phone and later moves the party, all in the browser: staff take the order on
 * the New booking screen (live free counts and price, a returning customer found by phone number, a
 * surcharge, the deposit taken by card), then change the date and add an item on Change booking,
 * seeing old and new prices side by side.
 */

const partyDate = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

test('staff take a phone booking, then move the party and add an item', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/admin/bookings');
  await page.getByRole('link', { name: 'New booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New booking' })).toBeVisible();

  await page.getByLabel('Date', { exact: true }).fill(partyDate(120));
  const picker = page.getByRole('combobox', { name: 'Add a product (free for the chosen time)' });
  await picker.fill('rainbow arch');
  await expect(page.getByRole('option', { name: /^Rainbow Arch.*free/ })).toBeVisible();
  await page.getByRole('option', { name: /^Rainbow Arch/ }).click();

  await page.getByLabel('Find a customer (name, e-mail or phone)').fill('555-0188');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('list', { name: 'Customers found' }).getByRole('button', { name: /Priya Raman/ }).click();
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(/priya/i);

  await page.getByLabel('Street address').fill('18 Lantern Way');
  await page.getByLabel('City').fill('Round Rock');
  await page.getByLabel('ZIP').fill('78664');

  await page.getByRole('button', { name: 'Add an adjustment' }).click();
  await page.getByLabel('Adjustment name').fill('Stairs');
  await page.getByLabel('Discount or surcharge').selectOption('surcharge');
  await page.getByLabel('Adjustment amount').fill('25');
  await page.getByLabel('Reason').fill('Two flights to the back yard');

  const price = page.getByRole('region', { name: 'Price' });
  await expect(price.getByRole('row', { name: /Adjustments/ })).toContainText('$25');
  const total = (await price.getByRole('row', { name: /^Total/ }).getByRole('cell').last().textContent())!.trim();
  await expectNoAxeViolations(page);

  await page.getByLabel('Payment taken on the phone').check();
  await page.getByLabel('Amount paid').fill('50');
  await page.getByLabel('Payment method').selectOption('card_in_person');
  await page.getByRole('button', { name: 'Book it' }).click();

  await expect(page.getByRole('heading', { level: 1, name: /^Booking / })).toBeVisible();
  const payments = page.locator('section', { has: page.getByRole('heading', { name: 'Payments' }) });
  await expect(payments).toContainText('Stairs');
  await expect(payments).toContainText(total);
  await expect(page.getByTestId('amount-paid')).toHaveText('$50');

  // The party moves two days later and gains a table set.
  await page.getByRole('link', { name: 'Change booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Change booking / })).toBeVisible();
  await expect(page.getByLabel('Street address')).toHaveValue('18 Lantern Way');
  await page.getByLabel('Date', { exact: true }).fill(partyDate(122));
  const changePicker = page.getByRole('combobox', { name: 'Add a product (free for the chosen time)' });
  await changePicker.fill('table & chair');
  await expect(page.getByRole('option', { name: /^Table & Chair Set/ })).toHaveCount(1);
  await page.getByRole('option', { name: /^Table & Chair Set/ }).click();
  // The preview names what moves besides money: the new date and the added item.
  const changes = page.getByRole('list', { name: 'What changes' });
  await expect(changes).toContainText(`Date: ${formatMediumDate(partyDate(120))} → ${formatMediumDate(partyDate(122))}`);
  await expect(changes).toContainText('+ Table & Chair Set');
  const changed = page.getByRole('region', { name: 'Price' });
  await expect(changed.getByRole('columnheader', { name: 'After the change' })).toBeVisible();
  await expect(changed.getByRole('row', { name: /^Subtotal/ }).getByRole('cell').last()).not.toHaveText('');
  await expect(page.getByText(/Paid so far \$50\. Balance after the change/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expect(page.getByRole('heading', { level: 1, name: /^Booking / })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Table & Chair Set');
  await expect(page.getByTestId('amount-paid')).toHaveText('$50');
  await expect(page.getByRole('main')).toContainText('Booking changed');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

  test('a move to a day already past is refused at the Date field, once, and the refusal goes once the date changes', async ({ page }) => {
    const { id, number } = await placePhoneBooking(page.request, { name: 'Pat Past', product: 'giant-connect-four' });
    await page.goto(`/admin/bookings/${id}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: `Change booking ${number}` })).toBeVisible({ timeout: 30_000 });
    // Nothing changed yet: the bar says so, not "· $0".
    await expect(page.getByRole('region', { name: 'Total and save' })).toContainText(/Was \$[\d,.]+ · no change/);
    const date = page.getByLabel('Date', { exact: true });
    await date.fill(partyDate(-2));
    await page.getByRole('region', { name: 'Total and save' }).getByRole('button', { name: 'Save changes' }).click();
    const refusal = 'That time has already passed. Choose a later date.';
    await expect(date).toHaveAccessibleDescription(refusal);
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/edit$/);
    // The save's refusal is the price's: said at the field, not again under the times or on the item.
    await expect(page.getByText(refusal)).toHaveCount(1);
    await date.fill(partyDate(90));
    await expect(page.getByText(refusal)).toHaveCount(0);
    await expect(date).not.toHaveAttribute('aria-invalid', 'true');
  });
});
