import { expect, test } from './support/admin';
import { addDeskProduct, openDesk } from './support/desk';
import { watchApiProblems } from './support/page-states';
import { e2ePort } from '../support/e2e-env';

/**
 * A date the business cannot take (too far ahead) is said once, at the Date field, however many
 * products are on the booking; a product booked out for the date is still said at its own line.
 */

const partyDate = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
const origin = { origin: `http://localhost:${e2ePort}` };

test('a date too far ahead is one error at the Date field, not one on every item', async ({ page }) => {
  test.setTimeout(180_000);
  const watching = watchApiProblems(page);
  await openDesk(page, partyDate(150));
  await addDeskProduct(page, 'rainbow', /^Rainbow Arch.*free/);
  await addDeskProduct(page, 'tropical', /^Tropical Splash.*free/);
  await page.getByLabel('ZIP').fill('78664');
  const items = page.getByRole('list', { name: 'Items on the booking' });
  await expect(page.getByRole('region', { name: 'Price' }).getByRole('row', { name: /^Total/ })).toBeVisible();
  await expect(items.getByRole('listitem')).toHaveCount(2);

  const date = page.getByLabel('Date', { exact: true });
  await date.fill(partyDate(500));
  const tooFar = /up to 365 days ahead/;
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(date).toHaveAccessibleDescription(tooFar);
  // Said once on the whole screen: not on the items, not again in the Price card.
  await expect(page.getByText(tooFar)).toHaveCount(1);
  await expect(items).not.toContainText(tooFar);
  await expect(items.getByText(/\$\d/)).toHaveCount(2);

  // The bar beside "Book it" says what to change and takes staff there.
  const bar = page.getByRole('region', { name: 'Total and save' });
  await bar.getByRole('button', { name: 'change the date' }).click();
  await expect(date).toBeFocused();

  // A quantity half typed (no new price asked) while the date is put right: the price kept from the
  // old date says nothing about that date any more.
  const quantity = page.getByLabel('Quantity').first();
  await quantity.fill('');
  await date.fill(partyDate(152));
  await expect(date).not.toHaveAttribute('aria-invalid', 'true');
  await expect(bar.getByTestId('desk-blocked')).toHaveCount(0);
  await quantity.fill('1');
  await date.fill(partyDate(500));
  await expect(date).toHaveAttribute('aria-invalid', 'true');

  // Before any product is chosen too: the Date field says it, the list only points to it.
  await page.getByRole('button', { name: /^Remove Rainbow Arch/ }).click();
  await page.getByRole('button', { name: /^Remove Tropical Splash/ }).click();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('combobox', { name: 'Add a product (free for the chosen time)' }).pressSequentially('rainbow', { delay: 40 });
  await expect(page.getByRole('option', { name: /^Rainbow Arch.*not for this date or time \(see When\)/ })).toBeVisible();
  await expect(page.getByText(tooFar)).toHaveCount(1);

  // A date that can be booked: the error goes.
  await date.fill(partyDate(151));
  await expect(date).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(tooFar)).toHaveCount(0);
  await watching.settled();
  expect(watching.problems).toEqual([]);
});

test('a product booked out for the date is said at its line, and the date is not flagged', async ({ page }) => {
  test.setTimeout(180_000);
  const booked = partyDate(170);
  const window = `start=10:00&end=16:00`;
  const listed = await page.request.get(`/api/admin/booking-desk/availability?date=${booked}&${window}`);
  expect(listed.status()).toBe(200);
  const { products } = (await listed.json()) as { products: { product: string; name: string; freeCount: number | null }[] };
  // A product with one unit left that day, not a package (whose name would match its items').
  const single = products.find((p) => p.freeCount === 1 && !/package/i.test(p.name))!;
  expect(single).toBeDefined();
  const taken = await page.request.post('/api/admin/bookings', {
    headers: origin,
    data: {
      items: [{ product: single.product, quantity: 1 }],
      event: { date: booked, start: '10:00', end: '16:00' },
      customer: { name: 'Someone Else', email: `someone-${Date.now()}@example.com`, phone: '(512) 555-0123' },
      address: { line1: '9 Elm St', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      coupon: '',
      damageWaiver: true,
      adjustments: [],
      status: 'deposit_due',
      payment: null,
      sendConfirmation: false,
    },
  });
  expect(taken.status()).toBe(201);

  await openDesk(page, partyDate(171));
  await addDeskProduct(page, single.name, new RegExp(`^${single.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*free`));
  await page.getByLabel('ZIP').fill('78664');
  await expect(page.getByRole('region', { name: 'Price' }).getByRole('row', { name: /^Total/ })).toBeVisible();
  const date = page.getByLabel('Date', { exact: true });
  await date.fill(booked);
  const line = page.getByRole('list', { name: 'Items on the booking' }).getByRole('listitem');
  await expect(line).toContainText(/already booked/);
  await expect(date).not.toHaveAttribute('aria-invalid', 'true');
});

/** The caller and the address, so that "Book it" reaches the server (the form checks these first). */
async function fillCallerAndAddress(page: import('@playwright/test').Page) {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Window Caller');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`window-${Date.now()}@example.com`);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('(512) 555-0144');
  await page.getByLabel('Street address').fill('4 Willow Bend');
  await page.getByLabel('City').fill('Round Rock');
  await page.getByLabel('ZIP').fill('78664');
}

test('a save refused for a closure added after the price is said once, at the Date field', async ({ page }) => {
  test.setTimeout(180_000);
  const date = partyDate(213);
  await openDesk(page, date);
  await addDeskProduct(page, 'rainbow', /^Rainbow Arch.*free/);
  await fillCallerAndAddress(page);
  await expect(page.getByRole('region', { name: 'Price' }).getByRole('row', { name: /^Total/ })).toBeVisible();
  const field = page.getByLabel('Date', { exact: true });
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');

  // The business closes that day while the caller is still on the line: the price said it could be booked.
  const closed = await page.request.post('/api/admin/blackouts', { headers: origin, data: { scope: 'business', startsOn: date, endsOn: date, reason: 'Owner’s wedding' } });
  expect(closed.status()).toBe(200);
  const { id } = (await closed.json()) as { id: string };
  try {
    await page.getByRole('region', { name: 'Total and save' }).getByRole('button', { name: 'Book it' }).click();
    const reason = /Owner’s wedding/;
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(reason);
    await expect(field).toBeFocused();
    // Once on the whole screen: not again under the date and times, nor in the toast.
    await expect(page.getByText('Not saved: see the fields marked in red.')).toBeVisible();
    await expect(page.getByText(reason)).toHaveCount(1);
    await expect(page.getByTestId('when-problem')).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/bookings\/new$/);
  } finally {
    expect((await page.request.delete(`/api/admin/blackouts/${id}`, { headers: origin })).status()).toBe(200);
  }
});

test('"Book it" pressed before the price for a date too far ahead arrives: the date error once, at the Date field', async ({ page }) => {
  test.setTimeout(180_000);
  await openDesk(page, partyDate(214));
  await addDeskProduct(page, 'rainbow', /^Rainbow Arch.*free/);
  await fillCallerAndAddress(page);
  await expect(page.getByRole('region', { name: 'Price' }).getByRole('row', { name: /^Total/ })).toBeVisible();

  // The desk's questions about the new date are held until the refused save has been seen.
  const held: (() => Promise<void>)[] = [];
  await page.route(/\/api\/admin\/booking-desk\//, (route) => void held.push(() => route.continue()));
  const date = page.getByLabel('Date', { exact: true });
  await date.fill(partyDate(500));
  await page.getByRole('region', { name: 'Total and save' }).getByRole('button', { name: 'Book it' }).click();
  const tooFar = /up to 365 days ahead/;
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(date).toHaveAccessibleDescription(tooFar);
  await expect(page.getByText('Not saved: see the fields marked in red.')).toBeVisible();
  await expect(page.getByText(tooFar)).toHaveCount(1);
  // The free counts and the price for the new date asked, not yet answered: still once.
  await expect.poll(() => held.length).toBe(2);
  await expect(page.getByText(tooFar)).toHaveCount(1);

  // Their answers then say the same: still once.
  await Promise.all(held.map((go) => go()));
  await page.unroute(/\/api\/admin\/booking-desk\//);
  await expect(page.getByRole('region', { name: 'Total and save' }).getByRole('button', { name: 'change the date' })).toBeVisible();
  await expect(page.getByText(tooFar)).toHaveCount(1);
  await expect(date).toHaveAccessibleDescription(tooFar);
});
