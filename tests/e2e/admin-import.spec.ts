import { zipSync } from 'fflate';
import { signaturePng } from '../../src/cli/sample-png';
import { expect, expectNoAxeViolations, test } from './support/admin';

const png = () => new Uint8Array(Buffer.from(signaturePng(160, 120).split(',')[1]!, 'base64'));
const header = 'name,category,description,price,units,surfaces,photos';

test('catalog import: a CSV and a zip of photos, the preview shows the error at its row and cell, the fixed file imports', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/products');
  // Other specs change the catalog too: the panel's count has to go up, whatever it was.
  const publishing = page.getByTestId('publishing-status');
  await expect(publishing).toBeVisible();
  const waiting = async () => Number(/(\d+) changes? waiting/.exec((await publishing.textContent()) ?? '')?.[1] ?? 0);
  const waitingBefore = await waiting();
  await page.getByRole('button', { name: 'Import' }).click();
  const zip = Buffer.from(zipSync({ 'photos/ohio-castle.png': png(), 'slide.png': png() }));
  const broken = [header, 'Ohio Castle E2E,Columbus Bouncers,A red castle for eight kids.,175,2,grass,ohio-castle.png', 'Scioto Slide E2E,Columbus Slides,=HYPERLINK("http://x"),325,1,grass,slide.png'].join('\n');

  await page.getByLabel('CSV file').setInputFiles({ name: 'catalog.csv', mimeType: 'text/csv', buffer: Buffer.from(broken) });
  await page.getByLabel('Photos (zip, optional)').setInputFiles({ name: 'photos.zip', mimeType: 'application/zip', buffer: zip });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'row has errors' })).toContainText('1 row has errors');
  const badRow = page.getByRole('row').filter({ hasText: 'Scioto Slide E2E' });
  await expect(badRow).toContainText('description: This starts like a spreadsheet formula');
  await expect(page.getByRole('row').filter({ hasText: 'Ohio Castle E2E' })).toContainText('OK');
  await expect(page.getByText('New categories: Columbus Bouncers, Columbus Slides.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import \d+ product/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const fixed = broken.replace('=HYPERLINK("http://x")', 'A long slide with a splash pool.');
  await page.getByLabel('CSV file').setInputFiles({ name: 'catalog.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Every row is valid' })).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 products' }).click();
  await expect(page.getByText('Imported 2 products.')).toBeVisible();
  // The new products wait to go live, and the panel says so at once (it said "up to date").
  await expect.poll(waiting).toBeGreaterThan(waitingBefore);
  await expect(page.getByRole('button', { name: 'Publish now' })).toBeEnabled();

  await page.getByLabel('Search products').fill('Ohio Castle E2E');
  const row = page.getByRole('row').filter({ hasText: 'Ohio Castle E2E' });
  await expect(row).toContainText('Columbus Bouncers');
  await expect(row).toContainText('$175');
  // The list's thumbnail is decorative (alt=""), so it has no img role.
  await expect(row.locator('img')).toHaveAttribute('src', /^\/api\/product-photos\/[0-9a-f-]{36}\.png$/);
});
