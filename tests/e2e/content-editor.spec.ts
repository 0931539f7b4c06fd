import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eContentDir } from '../support/e2e-env';
import { ownerSession } from './support/two-factor';

// In the "publishing" project (playwright.config.ts): it rebuilds the site, which must not happen
// while other specs run. The server edits its own copy of src/content (CONTENT_DIR), so the
// repository's files stay as they are.
test('a city page edited in the content editor shows the change on the rebuilt page', async ({ page }) => {
  test.setTimeout(240_000);
  const terrain = `Hard caliche on the west side, checked ${Date.now()}`;
  const repositoryCopy = await readFile('src/content/cities/round-rock.md', 'utf8');
  const cityPage = async () => (await page.request.get('/locations/round-rock')).text();
  expect(await cityPage()).not.toContain(terrain);
  // The editor's code stays off the public pages.
  expect(await cityPage()).not.toContain('decap-cms');

  await ownerSession(page);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/content');
  // Decap's sign-in step: the session is already this site's, so it only opens the editor.
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('complementary').getByRole('link', { name: 'City pages', exact: true }).click();
  await page.getByRole('heading', { name: 'Round Rock', exact: true }).click();
  // Decap names a field the schema leaves optional "… (optional)".
  const field = page.getByLabel('Terrain (optional)', { exact: true });
  await expect(field).toHaveValue(/limestone/);
  await field.fill(terrain);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 20_000 });

  // Saved to the server's content folder, checked and in the front matter the build reads.
  const saved = await readFile(path.join(e2eContentDir, 'cities/round-rock.md'), 'utf8');
  expect(saved).toContain(terrain);
  expect(saved).toMatch(/^---\n[\s\S]*city: Round Rock[\s\S]*\n---\n/);
  expect(await readFile('src/content/cities/round-rock.md', 'utf8')).toBe(repositoryCopy);

  // The save waits for the next publish, as staff changes do; "Publish now" rebuilds the site here.
  await page.goto('/admin/products');
  await expect(page.getByTestId('publishing-status')).toContainText(/[1-9]\d* changes? waiting/);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Publishing started')).toBeVisible();
  await expect.poll(cityPage, { timeout: 180_000, intervals: [2_000] }).toContain(terrain);
  await page.goto('/locations/round-rock');
  await expect(page.getByText(terrain)).toBeVisible();
});
