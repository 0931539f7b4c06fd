import { expect, test } from './support/admin';

/**
 * Every admin screen loads without an error in the browser console. Addresses carry filters, pages and
 * record ids: a screen rendered at build time could not know them, and hydrating it over the browser's
 * own first render threw React's error #418 on exactly those addresses.
 */
test('admin screens, with filters and ids in the address, log no console error', async ({ page }) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));

  const bookings = await page.request.get('/api/admin/bookings?pageSize=1');
  expect(bookings.status()).toBe(200);
  const bookingId: string = (await bookings.json()).items[0].id;
  const products = await page.request.get('/api/admin/products?pageSize=1');
  expect(products.status()).toBe(200);
  const productId: string = (await products.json()).items[0].id;

  const screens: [string, string | RegExp][] = [
    ['/admin', 'Dashboard'],
    ['/admin/bookings?status=confirmed&q=a&sort=total&dir=asc', 'Bookings'],
    [`/admin/bookings/${bookingId}`, /^Booking /],
    [`/admin/bookings/${bookingId}?view=delivery-sheet`, /Delivery sheet/],
    ['/admin/calendar', 'Calendar'],
    ['/admin/quotes?status=new&q=a', 'Quotes'],
    ['/admin/cake-orders?status=new', 'Cake orders'],
    ['/admin/product-suggestions', 'Product Suggestions'],
    ['/admin/inbox?tab=handled&q=a', 'Inbox'],
    ['/admin/waivers?q=a', 'Waivers'],
    ['/admin/products?q=castle', 'Products'],
    [`/admin/products/${productId}`, /.+/],
    [`/admin/products/${productId}/inventory`, /.+/],
    ['/admin/categories', 'Categories'],
    ['/admin/inventory', 'Inventory'],
    ['/admin/blackouts', 'Blackouts'],
    ['/admin/customers?q=a', 'Customers'],
    ['/admin/reports?from=2026-01-01&to=2026-03-31', 'Reports'],
    ['/admin/analytics?from=2026-01-01&to=2026-03-31', 'Analytics'],
    ['/admin/users?role=owner', 'Users'],
    ['/admin/settings', 'Settings'],
    ['/admin/stripe', /Stripe|Payments/],
  ];
  for (const [address, heading] of screens) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first(), address).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
});
