import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/admin';
import { ownerSession } from './support/two-factor';

// Runs in its own project after every other spec (playwright.config.ts): publishing rebuilds the whole
// site from the database, which other specs change while they run. It signs in by itself when no saved
// session opens the admin, so `npx playwright test --project=publishing --no-deps` runs it alone.
test('"Publish now" under npm start rebuilds the site, and the built page then has the new price', async ({ page }) => {
  test.setTimeout(240_000);
  await ownerSession(page);
  await expect(page).toHaveURL(/\/admin$/);

  const path = '/products/jungle-run-30-ft-obstacle-course';
  const builtPrice = async () =>
    /data-price-figure="base">([^<]+)</.exec(await (await page.request.get(path)).text())?.[1];
  const buildId = async () => ((await (await page.request.get('/build.json')).json()) as { buildId: string }).buildId;
  expect(await builtPrice()).toBe('$375');
  const before = await buildId();

  await page.goto('/admin/products');
  await page.getByLabel('Search products').fill('Jungle Run');
  await page.getByRole('link', { name: 'Jungle Run 30 ft Obstacle Course', exact: true }).click();
  await page.getByLabel('Price', { exact: true }).fill('415');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByText('Product saved.')).toBeVisible();
  await expect(page.getByTestId('publishing-status')).toContainText(/[1-9]\d* changes? waiting/);
  // Here, unlike on Netlify, nothing publishes by itself; the panel says so in an owner's words.
  await expect(page.getByTestId('publishing-status')).not.toContainText('go live by themselves');
  await expect(page.getByText('Publish now updates the public pages with your changes')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Publishing started')).toBeVisible();
  // Nothing waits any more, but the old pages are served until the build is live: not "0 changes waiting".
  await expect(page.getByTestId('publishing-status')).toContainText('Updating your site');
  await expect.poll(builtPrice, { timeout: 180_000, intervals: [2_000] }).toBe('$415');
  expect(await buildId()).not.toBe(before);

  // The page as a visitor gets it, built and live alike.
  await page.goto(path);
  await expect(page.getByRole('region', { name: 'Price', exact: true })).toContainText('$415 for up to 8 hours');
  await page.goto('/admin/products');
  await expect(page.getByTestId('publishing-status')).toContainText('Your public site is up to date');
});
