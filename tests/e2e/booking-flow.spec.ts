import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { e2eDataDir, e2ePort } from '../support/e2e-env';
import { answerSetupSpot } from './support/setup-spot';
import { expectNoAxeViolations } from './support/axe';
import { hydrateEveryIsland, watchApiProblems } from './support/page-states';

/**
 * The customer's booking flow end to end, on the production build with its functions and the
 * local Stripe double (playwright.config.ts): product pages → cart → checkout → Stripe's payment
 * page → /payment-success → /track-order, and the same total everywhere.
 */

const CART_KEY = 'pf-cart';

/** A party day well inside the booking window (lead time 24 h, 365 days ahead). */
function partyDate(daysAhead: number): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

/** Puts a cart in localStorage the way the product pages do, then opens `path`. */
async function openWithCart(page: Page, path: string, cart: object) {
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key!, value!),
    [CART_KEY, JSON.stringify(cart)],
  );
  await page.goto(path);
}

const filledCart = (date: string) => ({
  items: [
    {
      product: 'giant-connect-four',
      name: 'Giant Connect Four',
      quantity: 1,
      image: '/images/products/giant-connect-four.svg',
      fromPriceCents: 12500,
    },
    {
      product: 'popcorn-machine',
      name: 'Popcorn Machine',
      quantity: 1,
      image: '/images/products/popcorn-machine.svg',
      fromPriceCents: 5500,
    },
  ],
  event: { date, start: '10:00', end: '16:00' },
  zip: '78664',
  coupon: '',
  damageWaiver: true,
});

test('a customer books two items with a coupon, pays the deposit and finds the same total on the tracking page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const date = partyDate(40);
  const email = `booking-flow-${Date.now()}@example.com`;

  // Product page: the date comes from the link, the checker says how many are free.
  await page.goto(`/products/giant-connect-four?date=${date}&start=10:00&end=16:00`);
  await expect(page.getByRole('status').filter({ hasText: /\d+ available for/ })).toBeVisible();
  // The island asks the site runtime to count the addition (first-party analytics).
  const added = page.waitForRequest((r) => r.url().endsWith('/api/events') && /"add_to_cart".*"giant-connect-four"/.test(r.postData() ?? ''));
  await page.getByRole('button', { name: 'Add to cart: Giant Connect Four' }).click();
  await expect(page.getByText('Added to your cart: 1 × Giant Connect Four')).toBeVisible();
  await added;
  await expect(page.getByRole('link', { name: 'Cart (1 item)', exact: true })).toBeVisible();

  // The second product takes the cart's date and window.
  await page.goto('/products/popcorn-machine');
  await expect(page.getByRole('status').filter({ hasText: /\d+ available for/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart: Popcorn Machine' }).click();
  await expect(page.getByText('Added to your cart: 1 × Popcorn Machine')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart (2 items)', exact: true })).toBeVisible();

  // Cart: ZIP and coupon, then the itemised price from the server.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(page.getByLabel('Party date')).toHaveValue(date);
  await page.getByLabel('ZIP code of the party').fill('78664');
  await page.getByLabel('Coupon code').fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon WELCOME10 applied.')).toBeVisible();
  const price = page.locator('[aria-busy="false"]');
  await expect(price.getByTestId('quote-discount')).toBeVisible();
  for (const line of [
    'Giant Connect Four',
    'Popcorn Machine',
    'Rentals subtotal',
    'Discount (WELCOME10)',
    'Damage waiver',
    'Delivery, setup and pickup',
    'Sales tax',
    'Total',
    'Deposit due today',
    'Balance',
  ]) {
    await expect(price.locator('dt', { hasText: line }).first()).toBeVisible();
  }
  const total = (await price.getByTestId('quote-total').textContent())?.trim() ?? '';
  const deposit = (await price.getByTestId('quote-deposit').textContent())?.trim() ?? '';
  expect(total).toMatch(/^\$\d[\d,]*(\.\d\d)?$/);
  expect(deposit).toMatch(/^\$\d[\d,]*(\.\d\d)?$/);
  await expect(page.getByText(/Available: \d+ free for your date/)).toHaveCount(2);

  // Checkout: the same price, the ZIP carried over, the shared schema's fields.
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.locator('[aria-busy="false"]').getByTestId('quote-total')).toHaveText(total);
  await expect(page.getByLabel('ZIP code')).toHaveValue('78664');
  await expect(page.getByLabel('State')).toHaveValue('TX');
  await page.getByLabel('Full name').fill('Maria Gonzalez');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mobile phone').fill('(512) 555-0199');
  await page.getByLabel('Street address').fill('1401 Sunrise Rd');
  await page.getByLabel('City').fill('Round Rock');
  await answerSetupSpot(page);
  await page.getByLabel('Setup notes').fill('Park on the street; the dog stays inside.');
  await page.getByLabel(/I accept the rental terms/).check();
  await page.getByRole('button', { name: 'Place booking and pay deposit' }).click();

  // Stripe's hosted page (the local double): pay the deposit.
  await page.waitForURL(/\/pay\/cs_/);
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back on the site, which asks the server before it says "paid".
  await page.waitForURL(/\/payment-success\?booking=/);
  const bookingNumber = new URL(page.url()).searchParams.get('booking') ?? '';
  expect(bookingNumber).toMatch(/^[A-Z0-9]{2,4}-[A-Z0-9]{4,10}$/);
  // The page asks the server (which asks Stripe) and may poll while the webhook lands.
  await expect(
    page.getByRole('heading', { name: `Thank you, Maria: your payment of ${deposit} is paid` }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(bookingNumber).first()).toBeVisible();
  // The cart was emptied when the booking was placed.
  await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();

  // Tracking page: same booking, same total, the deposit paid.
  await page.getByRole('main').getByRole('link', { name: 'Track your order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();
  await expect(page.getByLabel('Booking number')).toHaveValue(bookingNumber);
  await page.getByLabel('E-mail or phone number').fill(email);
  await page.getByRole('button', { name: 'Find my booking' }).click();
  await expect(page.getByRole('heading', { name: `Booking ${bookingNumber}` })).toBeVisible();
  await expect(page.getByTestId('booking-total')).toHaveText(total);
  await expect(page.getByTestId('booking-paid')).toHaveText(deposit);
  // The invoice opens from the tracking page with the booking's own invoice token (not the guests' key).
  const invoiceHref = (await page.getByTestId('invoice-link').getAttribute('href'))!;
  expect(invoiceHref).toMatch(new RegExp(`^/api/bookings/${bookingNumber}/invoice\\?token=[A-Za-z0-9_-]{43}$`));
  const invoice = await page.request.get(invoiceHref);
  expect(invoice.status()).toBe(200);
  expect(invoice.headers()['content-type']).toBe('application/pdf');

  // The confirmation e-mail (written to the outbox, as no SMTP server is configured) says the same.
  const outbox = path.resolve(e2eDataDir, 'outbox');
  // The confirmation, not the deposit's receipt that is sent beside it.
  const mailFile = () =>
    existsSync(outbox)
      ? readdirSync(outbox).find((f) => f.includes(email) && !readFileSync(path.join(outbox, f), 'utf8').includes('Subject: Receipt'))
      : undefined;
  await expect.poll(mailFile, { timeout: 15_000 }).toBeTruthy();
  const mail = readFileSync(path.join(outbox, mailFile()!), 'utf8').replace(/=\r?\n/g, '');
  expect(mail).toContain(`Total: ${total}`);
  expect(mail).toContain(`Paid so far: ${deposit}`);
  expect(mail).toContain('BEGIN:VCALENDAR');
  // The e-mail's invoice link is the tracking page's.
  expect(mail.replace(/=3D/g, '=')).toContain(`Your invoice (PDF): http://localhost:${e2ePort}${invoiceHref}`);
  await expect(page.getByText('Discount (WELCOME10)')).toBeVisible();
  // The waiver link keeps the booking number and e-mail just given, as the confirmation e-mail's link does.
  await expect(page.getByRole('link', { name: 'Sign the waiver' })).toHaveAttribute(
    'href',
    `/sign-waiver?booking=${bookingNumber}&email=${encodeURIComponent(email)}`,
  );
  await expect(page.getByRole('link', { name: 'Read the full cancellation policy' })).toHaveAttribute(
    'href',
    '/cancellation-policy',
  );
  // The owner's policy, worded for this booking (the demo refunds the deposit 7 days or more ahead).
  await expect(page.getByRole('listitem').filter({ hasText: '7 days or more before your event: a full refund of your deposit.' })).toBeVisible();

  // A cancellation request opens the support form with the booking already filled in.
  await page.getByRole('link', { name: 'send a cancellation request' }).click();
  await expect(page).toHaveURL(/\/support\?booking=/);
  // The form hydrates once it comes into view, and fills the number in then: wait for that state.
  await hydrateEveryIsland(page);
  await expect(page.getByTestId('support-form').getByLabel(/Booking number/)).toHaveValue(bookingNumber);
});

test('the empty cart points to the catalog and passes axe', async ({ page }) => {
  const response = await page.goto('/cart');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse rentals' })).toHaveAttribute('href', '/products');
  await expect(page.getByRole('link', { name: 'See what is free on your date' })).toHaveAttribute('href', '/at');
  await expectNoAxeViolations(page);
});

test('a filled cart shows live availability and the itemised price, and passes axe', async ({ page }) => {
  await openWithCart(page, '/cart', filledCart(partyDate(45)));
  await expect(page.locator('[aria-busy="false"]').getByTestId('quote-total')).toHaveText(/^\$\d/);
  await expect(page.getByRole('link', { name: 'Continue to checkout' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Quantity of Popcorn Machine' })).toBeVisible();
  // Each line says what it costs for the chosen 6-hour window and which length that pays for.
  const connectFour = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Giant Connect Four' }) });
  await expect(connectFour).toContainText(/\$\d[\d,]* for up to \d+ hours/);
  await expect(page.getByText(/^from \$\d+$/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A ZIP code outside the service area: the server's message names the cities served.
  await page.getByLabel('ZIP code of the party').fill('10001');
  await expect(page.getByText(/We don’t deliver to 10001 yet\. We serve .*Round Rock/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to checkout' })).toBeDisabled();
});

test('checkout shows the schema’s errors on the fields, focuses the first one, and passes axe', async ({ page }) => {
  await openWithCart(page, '/checkout', filledCart(partyDate(50)));
  await expect(page.locator('[aria-busy="false"]').getByTestId('quote-total')).toHaveText(/^\$\d/);
  await page.getByRole('button', { name: 'Place booking and pay deposit' }).click();
  await expect(page.getByLabel('Full name')).toBeFocused();
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter your full name')).toBeVisible();
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
  await expect(page.getByText('Please accept the rental terms and cancellation policy')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expectNoAxeViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a first tap on "Place booking" with nothing filled in shows what is missing', async ({ page }) => {
    await openWithCart(page, '/checkout', filledCart(partyDate(51)));
    await expect(page.locator('[aria-busy="false"]').getByTestId('quote-total')).toHaveText(/^\$\d/);
    // The tap is the form's first focus: it starts the human check, whose status line changes as the tap lands.
    await page.getByRole('button', { name: 'Place booking and pay deposit' }).click();
    await expect(page.getByLabel('Full name')).toBeFocused();
    await expect(page.getByText('Enter your full name')).toBeVisible();
  });

  test('what the customer typed at checkout is still there after a reload and a trip back to the cart; the ticks are not', async ({ page }) => {
    await openWithCart(page, '/checkout', filledCart(partyDate(53)));
    await expect(page.locator('[aria-busy="false"]').getByTestId('quote-total')).toHaveText(/^\$\d/);
    const typed: [string | RegExp, string][] = [
      ['Full name', 'Maria Gonzalez'],
      ['E-mail', 'maria.draft@example.com'],
      ['Mobile phone', '(512) 555-0199'],
      ['Street address', '1401 Sunrise Rd'],
      ['City', 'Round Rock'],
      [/^Setup notes/, 'Gate code 2468'],
    ];
    for (const [label, value] of typed) await page.getByLabel(label).fill(value);
    await page.getByLabel(/I accept the rental terms/).check();

    await page.reload();
    for (const [label, value] of typed) await expect(page.getByLabel(label)).toHaveValue(value);
    await expect(page.getByLabel(/I accept the rental terms/)).not.toBeChecked();

    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await page.goBack();
    for (const [label, value] of typed) await expect(page.getByLabel(label)).toHaveValue(value);
  });

  test('Back from the payment page, before paying, comes to the booking placed, whose deposit is paid from there, not to an empty checkout', async ({ page }) => {
    await openWithCart(page, '/checkout', filledCart(partyDate(57)));
    await expect(page.locator('[aria-busy="false"]').getByTestId('quote-total')).toHaveText(/^\$\d/);
    await page.getByLabel('Full name').fill('Maria Gonzalez');
    await page.getByLabel('E-mail').fill(`back-from-payment-${Date.now()}@example.com`);
    await page.getByLabel('Mobile phone').fill('(512) 555-0199');
    await page.getByLabel('Street address').fill('1401 Sunrise Rd');
    await page.getByLabel('City').fill('Round Rock');
    await answerSetupSpot(page);
    await page.getByLabel(/I accept the rental terms/).check();
    await page.getByRole('button', { name: 'Place booking and pay deposit' }).click();
    await page.waitForURL(/\/pay\/cs_/);

    await page.goBack();
    // Where the payment page's own back link leads (its cancel_url): the booking, with word that nothing was charged.
    await expect(page).toHaveURL(/\/track-order\?booking=[A-Z0-9-]+&payment=cancelled$/);
    await expect(page.getByText('You left the payment page before paying, so nothing was charged.', { exact: false })).toBeVisible();
    const bookingNumber = new URL(page.url()).searchParams.get('booking')!;
    // The tab that placed it knows its e-mail: the booking and its payment button show without a lookup to type.
    await expect(page.getByRole('heading', { name: `Booking ${bookingNumber}` })).toBeVisible();
    // While the booking holds the units, its deposit is paid from here.
    await page.getByRole('button', { name: /^Pay deposit \(\$\d/ }).click();
    await page.waitForURL(/\/pay\/cs_/);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/payment-success\?booking=/);
    await expect(page.getByRole('heading', { name: /^Thank you, Maria: your payment of \$[\d.,]+ is paid$/ })).toBeVisible({ timeout: 30_000 });
  });
});

test('checkout says at the ZIP field itself that a ZIP is outside the service area, also after leaving the field', async ({ page }) => {
  await openWithCart(page, '/checkout', filledCart(partyDate(52)));
  await expect(page.locator('[aria-busy="false"]').getByTestId('quote-total')).toHaveText(/^\$\d/);
  const zip = page.getByLabel('ZIP code', { exact: true });
  // The price asked while it is typed answers, not refuses: a 400 would be an error in the console.
  const watching = watchApiProblems(page);
  await zip.fill('10001');
  await expect(zip).toHaveAccessibleDescription(/We don’t deliver to 10001 yet\./);
  await watching.settled();
  expect(watching.problems).toEqual([]);
  // Leaving the field runs its own format check, which must not drop the server's answer.
  await zip.press('Tab');
  await expect(zip).not.toBeFocused();
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(zip).toHaveAccessibleDescription(/We don’t deliver to 10001 yet\./);
});

test('an empty checkout loads no form code, points to the catalog, passes axe, and shows the form once the cart fills', async ({
  page,
  context,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse rentals' })).toHaveAttribute('href', '/products');
  await expect(page.getByText('Loading your order…')).toBeHidden();
  await expectNoAxeViolations(page);
  // client:cart (src/scripts/cart-directive.ts): neither the form nor React is fetched for an empty cart.
  const island = page.locator('astro-island[client="cart"]');
  const componentUrl = await island.getAttribute('component-url');
  const rendererUrl = await island.getAttribute('renderer-url');
  expect(componentUrl).toBeTruthy();
  expect(rendererUrl).toBeTruthy();
  expect(scripts).not.toContain(componentUrl);
  expect(scripts).not.toContain(rendererUrl);

  // The customer fills the cart in another tab: this one shows the form and the price without a reload.
  const other = await context.newPage();
  await other.goto('/offline');
  await other.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [CART_KEY, JSON.stringify(filledCart(partyDate(55)))]);
  await expect(page.getByLabel('Full name')).toBeVisible();
  await expect(page.locator('[aria-busy="false"]').getByTestId('quote-total')).toHaveText(/^\$\d/);
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeHidden();
  await expectNoAxeViolations(page);
});

test('track-order answers an unknown booking with one generic message and passes axe', async ({ page }) => {
  const response = await page.goto('/track-order?booking=PF-ZZZZ99');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();
  await expect(page.getByLabel('Booking number')).toHaveValue('PF-ZZZZ99');
  await expectNoAxeViolations(page);
  await page.getByLabel('E-mail or phone number').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Find my booking' }).click();
  await expect(page.getByRole('alert')).toHaveText(/We couldn’t find a booking with that number and e-mail or phone/);
});
