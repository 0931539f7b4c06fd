import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eContentDir } from '../support/e2e-env';
import { redirectsFileProblems } from './support/redirects-file';
import { expectNoAxeViolations } from './support/admin';
import { ownerSession } from './support/two-factor';

// In the publishing project (its name ends in publishing.spec.ts): it rebuilds the whole site, after
// every other spec. Runs alone, with the owner's sign-in it needs (the server clears a saved one when it starts), with
// `npx playwright test tests/e2e/admin.setup.ts tests/e2e/area-builder-publishing.spec.ts --project=admin-sign-in --project=publishing --no-deps --workers=1`.
test('the owner adds a town by ZIP list in Settings → Service areas, publishes, and the town has its pages from the data; renamed, its pages keep its words file and its old addresses redirect to its new ones; switched off, all of them to the service areas', async ({ page }) => {
  // Three publishes, each a whole build.
  test.setTimeout(900_000);
  // Temple, TX has no service area and no content file in the demo.
  expect((await page.request.get('/locations/temple')).status()).toBe(404);
  await ownerSession(page);
  await expect(page).toHaveURL(/\/admin$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/settings#areas');
  // On a phone the sections are a select (the tabs from sm up).
  await expect(page.getByRole('combobox', { name: 'Settings section' })).toHaveValue('areas');
  await page.getByRole('button', { name: 'Add towns by radius or ZIP list' }).click();
  await page.getByRole('radio', { name: 'A list of ZIP codes' }).check();
  await page.getByRole('textbox', { name: 'ZIP codes to add' }).fill('76501, 76502 00000');
  // Nothing is checked while typing; Preview names the empty tax field.
  await page.getByRole('button', { name: 'Preview towns' }).click();
  await expect(page.getByText('Enter a number')).toBeVisible();
  await page.getByLabel('Sales tax for these towns (%)').fill('8.25');
  await page.getByRole('button', { name: 'Preview towns' }).click();

  const temple = page.getByRole('checkbox', { name: 'Temple, TX' });
  await expect(temple).toBeChecked();
  await expect(page.getByText('Not in the ZIP data, left out: 00000')).toBeVisible();
  await expect(page.getByText(/mi · about \d+ min · Bell County · \$45 delivery/)).toBeVisible();
  await expect(page.getByText('ZIP 76501, 76502')).toBeVisible();
  const apply = page.getByRole('button', { name: 'Apply 1 town' });
  await expect(apply).toBeInViewport();
  await expectNoAxeViolations(page);
  await apply.click();
  await expect(page.getByText('Service areas saved: 1 added, 0 updated.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Temple, TX/ })).toContainText('Bell County');

  // Someone writes the town's own words (its content file, by its address name): the server's copy of
  // src/content, which the publish builds from.
  const templeFile = path.resolve(e2eContentDir, 'cities/temple.md');
  const story = 'Temple grew up around the railroad, and its parks fill with birthday parties all summer.';
  await writeFile(templeFile, `---\ncity: Temple\nstate: TX\ncounty: Bell\nparks: [Miller Park]\n---\n\n${story}\n`);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Publishing started')).toBeVisible();
  await expect.poll(async () => (await page.request.get('/locations/temple')).status(), { timeout: 240_000, intervals: [3_000] }).toBe(200);

  await page.goto('/locations/temple');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Party rentals in Temple, TX');
  await expect(page.getByText(story)).toBeVisible();
  const facts = page.getByRole('complementary', { name: 'Temple delivery at a glance' });
  await expect(facts).toContainText('$45 per booking');
  await expect(facts).toContainText('Bell County');
  await expect(facts).toContainText('76501, 76502');
  await expect(facts).toContainText(/About \d+ minutes \(\d+ miles\)/);
  await expect(page.getByRole('main')).not.toContainText(/undefined|null|NaN/);
  // Its landing pages and checklist pages too, linked from the city page.
  await page.getByRole('link', { name: 'Bounce House Rentals in Temple, TX' }).click();
  await expect(page).toHaveURL(/\/bounce-houses-temple-tx$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bounce House Rentals in Temple, TX');
  expect((await page.request.get('/locations/temple/bounce-houses')).status()).toBe(200);
  await page.goto('/locations');
  await expect(page.getByRole('link', { name: 'Temple, TX' })).toHaveAttribute('href', '/locations/temple');

  const movedTo = async (address: string) => {
    const response = await page.request.get(address, { maxRedirects: 0 });
    return `${response.status()} ${response.headers()['location'] ?? ''}`;
  };
  // The build's _redirects, read with Netlify's parser: every rule one permanent hop to a built page.
  const redirectsProblems = async () => (await redirectsFileProblems(path.resolve('dist'))).problems;

  // Its address name changed and published: the pages move, and each old address a search engine or a
  // printed flyer kept answers with a permanent redirect to the same page at the new one.
  await page.goto('/admin/settings#areas');
  await page.getByRole('button', { name: 'Edit Temple' }).click();
  await page.getByLabel('Slug (used in page addresses)').fill('temple-bell');
  await page.getByRole('button', { name: 'Save service area' }).click();
  await expect(page.getByText('Temple saved.')).toBeVisible();
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Publishing started')).toBeVisible();
  await expect.poll(() => movedTo('/locations/temple'), { timeout: 240_000, intervals: [3_000] }).toBe('301 /locations/temple-bell');
  expect(await movedTo('/locations/temple-bell')).toBe('200 ');
  expect(await movedTo('/bounce-houses-temple-tx')).toBe('301 /bounce-houses-temple-bell-tx');
  expect(await movedTo('/bounce-houses-temple-bell-tx')).toBe('200 ');
  expect(await movedTo('/locations/temple/bounce-houses')).toBe('301 /locations/temple-bell/bounce-houses');
  expect(await movedTo('/es/bounce-houses-temple-tx')).toBe('301 /es/bounce-houses-temple-bell-tx');
  expect(await movedTo('/es/locations/temple')).toBe('301 /es/locations/temple-bell');
  expect(await redirectsProblems()).toEqual([]);
  // Its words file is still named by the old address: the renamed town's pages keep its story.
  await page.goto('/locations/temple-bell');
  await expect(page.getByText(story)).toBeVisible();
  await page.goto('/bounce-houses-temple-bell-tx');
  await expect(page.getByText(story)).toBeVisible();

  // Switched off again, and published: the rebuilt site has no Temple pages, and each old address a
  // search engine or a visitor kept answers with a permanent redirect to the service areas in its
  // language (the build's _redirects, served here as Netlify serves it), not a 404.
  await page.goto('/admin/settings#areas');
  await page.getByRole('button', { name: 'Edit Temple' }).click();
  await page.getByLabel('Active (we deliver here)').uncheck();
  await page.getByRole('button', { name: 'Save service area' }).click();
  await expect(page.getByText('Temple saved.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Temple, TX/ })).toContainText('Inactive');
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Publishing started')).toBeVisible();
  // Both its addresses, the one before the rename and the one after.
  await expect.poll(() => movedTo('/locations/temple-bell'), { timeout: 240_000, intervals: [3_000] }).toBe('301 /service-areas');
  expect(await movedTo('/locations/temple')).toBe('301 /service-areas');
  expect(await movedTo('/bounce-houses-temple-bell-tx')).toBe('301 /service-areas');
  expect(await movedTo('/bounce-houses-temple-tx')).toBe('301 /service-areas');
  expect(await movedTo('/locations/temple/bounce-houses')).toBe('301 /service-areas');
  expect(await movedTo('/es/bounce-houses-temple-tx')).toBe('301 /es/service-areas');
  expect(await movedTo('/es/locations/temple')).toBe('301 /es/service-areas');
  // A town still served keeps its page.
  expect(await movedTo('/bounce-houses-round-rock-tx')).toBe('200 ');
  expect(await redirectsProblems()).toEqual([]);
  await page.goto('/es/bounce-houses-temple-tx');
  await expect(page).toHaveURL(/\/es\/service-areas$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await rm(templeFile);
});
