import { adminScreens, expect, test } from './support/admin';

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

  const screens = await adminScreens(page);
  for (const [address, heading] of screens) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first(), address).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
});
