import type { Dialog, Page } from '@playwright/test';
import { expect, test } from './support/admin';

/** Admin forms keep what staff typed until they save it or agree to drop it. */

const loaded = expect.configure({ timeout: 20_000 });
const UNSAVED = 'You have unsaved changes. Leave without saving them?';

/** Runs `act`, answers the dialog it opens, and returns that dialog. */
async function answerDialog(page: Page, act: () => Promise<unknown>, answer: 'accept' | 'dismiss'): Promise<Dialog> {
  const opened = page.waitForEvent('dialog');
  const acting = act().catch(() => undefined);
  const dialog = await opened;
  await dialog[answer]();
  await acting;
  return dialog;
}

test('a settings form with unsaved changes asks before a link, a tab or a reload drops them, and not once they are saved back', async ({
  page,
}) => {
  await page.goto('/admin/settings');
  const tagline = page.getByLabel('Tagline');
  await loaded(tagline).toBeEditable();
  const original = await tagline.inputValue();
  await tagline.fill(`${original} (draft)`);

  // A link in the admin menu: our own question; staying keeps the page and the text.
  const onLink = await answerDialog(
    page,
    () => page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Products' }).click(),
    'dismiss',
  );
  expect(onLink.type()).toBe('confirm');
  expect(onLink.message()).toBe(UNSAVED);
  await expect(page).toHaveURL(/\/admin\/settings/);
  await expect(tagline).toHaveValue(`${original} (draft)`);

  // Another settings tab would unmount the form: the same question, and the tab stays.
  const onTab = await answerDialog(page, () => page.getByRole('tab', { name: 'Booking rules' }).click(), 'dismiss');
  expect(onTab.message()).toBe(UNSAVED);
  await expect(page.getByRole('tab', { name: 'Business profile' })).toHaveAttribute('aria-selected', 'true');

  // Reloading (or closing the tab) gets the browser's own prompt.
  const onReload = await answerDialog(page, () => page.evaluate(() => location.reload()), 'dismiss');
  expect(onReload.type()).toBe('beforeunload');
  await expect(tagline).toHaveValue(`${original} (draft)`);

  // Typed back to what is saved, the form is clean again: the tab and the menu change without asking.
  let asked = false;
  page.on('dialog', (dialog) => {
    asked = true;
    void dialog.dismiss();
  });
  await tagline.fill(original);
  await page.getByRole('tab', { name: 'Booking rules' }).click();
  await expect(page.getByRole('tab', { name: 'Booking rules' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  expect(asked).toBe(false);
});

test('leaving a product form with unsaved changes goes ahead once staff agree, and a saved form leaves without asking', async ({
  page,
}) => {
  await page.goto('/admin/products?q=toddler%20jungle');
  await page.getByRole('link', { name: 'Toddler Jungle Bounce House' }).click();
  const sortOrder = page.getByLabel('Sort order');
  await loaded(sortOrder).toBeEditable();
  const saved = await sortOrder.inputValue();
  const productPage = page.url();

  await sortOrder.fill(String(Number(saved) + 1));
  const menu = page.getByRole('navigation', { name: 'Admin sections' });
  const agreed = await answerDialog(page, () => menu.getByRole('link', { name: 'Products' }).click(), 'accept');
  expect(agreed.message()).toBe(UNSAVED);
  await expect(page).toHaveURL(/\/admin\/products$/);

  // Back on the product, the change was not saved. Saved, the form lets staff leave without asking.
  await page.goto(productPage);
  await loaded(sortOrder).toHaveValue(saved);
  let asked = false;
  page.on('dialog', (dialog) => {
    asked = true;
    void dialog.dismiss();
  });
  await sortOrder.fill(String(Number(saved) + 1));
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByText('Product saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save product' })).toBeEnabled();
  await menu.getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  expect(asked).toBe(false);
});
