import { e2ePort } from '../support/e2e-env';
import { expect, expectNoAxeViolations, test } from './support/admin';

/**
 * The staff side of the yard check (issue #38) on a phone: the owner's site rules (Settings → Site
 * rules) and a product's site requirements in its editor. Each test puts back what it changed: other
 * specs price and book against the same rules and catalog.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

// The first data of a screen comes from a function on a shared 2-core machine: allow it time.
const loaded = expect.configure({ timeout: 20_000 });

/** The page scrolls only up and down at phone width. */
async function expectNoSidewaysScroll(page: import('@playwright/test').Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('the owner sets the site rules on a phone: surfaces, fees in dollars, the generator and the help, with errors at the field', async ({ page }) => {
  // The demo's rules, put back at the end whatever happens: the checkout specs price with them.
  const demoRules = ((await (await page.request.get('/api/admin/settings')).json()) as { settings: { site: { siteRules: unknown } } }).settings.site.siteRules;
  try {
    await setSiteRules(page);
  } finally {
    const restored = await page.request.put('/api/admin/settings/site', { data: { siteRules: demoRules }, headers: { origin: `http://localhost:${e2ePort}` } });
    expect(restored.status()).toBe(200);
  }
});

async function setSiteRules(page: import('@playwright/test').Page) {
  await page.goto('/admin/settings#site');
  // On a phone the sections are a select (the tabs from sm up).
  await loaded(page.getByRole('combobox', { name: 'Settings section' })).toHaveValue('site');
  const card = page.locator('form', { has: page.getByRole('button', { name: 'Save site rules' }) });
  const grass = card.getByLabel('Grass', { exact: true });
  await loaded(grass).toBeChecked();
  const generator = card.getByLabel('Generator when no outlet is in reach');
  await expect(generator).toHaveValue('quiet-inverter-generator');
  await expect(generator.getByRole('option', { name: 'None: we can’t serve without power' })).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  const overnight = card.getByLabel('Each night overnight ($)');
  const sandbags = card.getByLabel('Sandbag set ($)');
  const ceilingHelp = card.getByLabel('Under “the ceiling height” (indoors)');
  const original = { sandbags: await sandbags.inputValue() };

  // Wrong: an amount that is not one, and no ground at all. Each says so beside its field.
  await sandbags.fill('-25');
  const surfaceBoxes = card.getByRole('group', { name: 'Ground you set up on' }).getByRole('checkbox');
  for (const box of await surfaceBoxes.all()) await box.uncheck();
  await card.getByRole('button', { name: 'Save site rules' }).click();
  await loaded(sandbags).toHaveAttribute('aria-invalid', 'true');
  await expect(card.getByText('Enter an amount in dollars, e.g. 125.00')).toBeVisible();
  await expect(card.getByText('Choose at least one surface')).toBeVisible();

  // Right: saved, and there after a reload.
  for (const box of await surfaceBoxes.all()) await box.check();
  await sandbags.fill(original.sandbags);
  await overnight.fill('65');
  await generator.selectOption({ label: 'None: we can’t serve without power' });
  await ceilingHelp.fill('From the floor to the lowest beam or fan. Measure it before you book.');
  await card.getByRole('button', { name: 'Save site rules' }).click();
  await loaded(page.getByText('Site rules saved.')).toBeVisible();
  await page.reload();
  await loaded(page.getByLabel('Each night overnight ($)')).toHaveValue('65');
  await expect(page.getByLabel('Generator when no outlet is in reach')).toHaveValue('');
  await expect(page.getByLabel('Under “the ceiling height” (indoors)')).toHaveValue('From the floor to the lowest beam or fan. Measure it before you book.');

}

test('staff set a product’s site requirements on a phone: empty is no rule, an impossible one is refused at its field', async ({ page }) => {
  await page.goto('/admin/products');
  await loaded(page.getByLabel('Search products')).toBeVisible();
  await page.getByLabel('Search products').fill('bungee');
  await loaded(page.getByRole('link', { name: 'Bungee Run' })).toBeVisible();
  await page.getByRole('link', { name: 'Bungee Run' }).click();
  await loaded(page.getByRole('heading', { level: 2, name: 'Site requirements' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  const stakes = page.getByLabel('Stakes (on grass or turf)');
  const sandbags = page.getByLabel('Sandbags (on hard ground)');
  const access = page.getByLabel('Narrowest access (inches)');
  const stairs = page.getByLabel('Most flights of stairs');
  const overnight = page.getByLabel('May stay set up overnight');
  const original = { stakes: await stakes.inputValue(), sandbags: await sandbags.inputValue(), access: await access.inputValue(), stairs: await stairs.inputValue(), overnight: await overnight.inputValue() };
  expect(original.stakes).not.toBe('');

  await stairs.fill('99');
  await access.fill('8');
  await page.getByRole('button', { name: 'Save product' }).click();
  await loaded(stairs).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('At most 10 flights').first()).toBeVisible();
  await expect(page.getByText('At least 12 inches').first()).toBeVisible();

  await stairs.fill('0');
  await access.fill('40');
  await sandbags.fill('');
  await overnight.selectOption('no');
  await page.getByRole('button', { name: 'Save product' }).click();
  await loaded(page.getByText(/Product saved/)).toBeVisible();
  await page.reload();
  await loaded(page.getByLabel('Most flights of stairs')).toHaveValue('0');
  await expect(page.getByLabel('Narrowest access (inches)')).toHaveValue('40');
  await expect(page.getByLabel('Sandbags (on hard ground)')).toHaveValue('');
  await expect(page.getByLabel('May stay set up overnight')).toHaveValue('no');

  // Back to the demo's requirements.
  await page.getByLabel('Most flights of stairs').fill(original.stairs);
  await page.getByLabel('Narrowest access (inches)').fill(original.access);
  await page.getByLabel('Sandbags (on hard ground)').fill(original.sandbags);
  await page.getByLabel('May stay set up overnight').selectOption(original.overnight);
  await page.getByRole('button', { name: 'Save product' }).click();
  await loaded(page.getByText(/Product saved/)).toBeVisible();
});
