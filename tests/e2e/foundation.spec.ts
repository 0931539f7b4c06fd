import { expect, test } from '@playwright/test';

test('the home page shows the demo business catalog with no console error', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Pink Flamingo Party Rentals');
  await expect(page.getByRole('link', { name: 'Bounce Houses' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('GET /api/health reports the database, migration level and build', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ status: 'ok', database: 'reachable' });
  expect(body.migrationLevel).toMatch(/^\d{14}$/);
  expect(body.buildId).toMatch(/^local-/);
});

test('an unknown path answers 404', async ({ request }) => {
  const response = await request.get('/no-such-page-here');
  expect(response.status()).toBe(404);
});
