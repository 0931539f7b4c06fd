import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/admin';
import { dateFromToday } from './support/bookings';
import { hydrated } from './support/page-states';

/** Sets a product's prices in the admin's product editor, as staff do. */
async function setPrices(page: Page, name: string, prices: { base: string; halfDay?: string }) {
  await page.goto('/admin/products');
  await page.getByLabel('Search products').fill(name);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByLabel('Price', { exact: true }).fill(prices.base);
  if (prices.halfDay !== undefined) await page.getByLabel('Half-day price').fill(prices.halfDay);
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByText('Product saved.')).toBeVisible();
}

test('after staff change a price, the product page and the cart show the new one before any rebuild', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const path = '/products/princess-castle-combo';
  const builtPage = async () => (await page.request.get(path)).text();
  expect(await builtPage()).toContain('data-price-figure="base">$265<');

  await setPrices(page, 'Princess Castle Combo', { base: '289', halfDay: '219' });
  // Nothing was published: the page on the server is still the one built with $265.
  expect(await builtPage()).toContain('data-price-figure="base">$265<');

  const date = dateFromToday(90 + Math.floor(Math.random() * 200));
  await page.goto(`${path}?date=${date}&start=10:00&end=18:00`);
  const priceList = page.getByRole('region', { name: 'Price', exact: true });
  await expect(priceList).toContainText('$289 for up to 8 hours');
  await expect(priceList).toContainText('Half day (up to 4 hours): $219');
  await expect(priceList).not.toContainText('$265');
  const bookingPrice = page.getByTestId('booking-price');
  await expect(bookingPrice).toHaveText('Your price: $289 for up to 8 hours');
  await expectNoAxeViolations(page);

  // A shorter party costs the new half-day price, named with its length.
  await page.getByLabel('Ends').selectOption('13:00');
  await expect(bookingPrice).toHaveText('Your price: $219 for up to 4 hours');
  await expect(page.getByRole('status').filter({ hasText: /available for/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart: Princess Castle Combo' }).click();
  await expect(page.getByText('Added to your cart: 1 × Princess Castle Combo')).toBeVisible();

  // The cart agrees before a ZIP is known (live prices) and after (the exact quote it charges).
  await page.goto('/cart');
  const line = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Princess Castle Combo' }) });
  await expect(line).toContainText('$219 for up to 4 hours');
  await page.getByLabel('ZIP code of the party').fill('78664');
  const price = page.locator('[aria-busy="false"]');
  await expect(price.getByTestId('quote-total')).toBeVisible();
  await expect(price.locator('dt', { hasText: 'Princess Castle Combo' })).toBeVisible();
  await expect(price).toContainText('$219');
  await expect(line).toContainText('$219 for up to 4 hours');
  const quote = await page.request.post('/api/quote-price', {
    data: {
      items: [{ product: 'princess-castle-combo', quantity: 1 }],
      event: { date, start: '10:00', end: '13:00' },
      zip: '78664',
    },
  });
  expect((await quote.json()).lines[0].unitPriceCents).toBe(21_900);
});

test('the quote form and the cake form offer the live prices too', async ({ page }) => {
  await setPrices(page, 'Tropical Splash 18 ft Water Slide', { base: '315', halfDay: '245' });
  await page.goto('/request-a-quote');
  await expect(
    page.getByRole('option', { name: 'Tropical Splash 18 ft Water Slide (from $245 for up to 4 hours)' }),
  ).toHaveCount(1);

  await setPrices(page, 'Three-Tier Celebration Cake', { base: '199' });
  await page.goto('/products/three-tier-celebration-cake');
  await expect(page.getByRole('region', { name: 'Servings and price' })).toContainText('$199');
  // The order form loads as it nears the screen (client:visible): only then can it show the live price.
  await hydrated(page, 'cake-order-form');
  await expect(page.getByTestId('cake-price')).toHaveText('$199');
});
