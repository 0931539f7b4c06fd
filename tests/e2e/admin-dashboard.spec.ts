import { test as anonymous } from '@playwright/test';
import { e2eOwner } from '../support/e2e-env';
import { expect, expectNoAxeViolations, test } from './support/admin';
import { ownerCode } from './support/two-factor';

test('the dashboard shows the day at a glance and the way into every screen', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveTitle('Dashboard | Admin');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Owner', { exact: false }).first()).toBeVisible();
  for (const name of ['Deliveries today', 'Pick-ups today', 'This week', 'Deposits due', 'Waivers missing', 'New quote requests', 'New cake orders']) {
    await expect(page.getByRole('heading', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  // The owner sees every section, owner-only ones included.
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  for (const name of ['Bookings', 'Calendar', 'Reports', 'Users', 'Settings', 'Payments (Stripe)']) {
    await expect(sections.getByRole('link', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) })).toBeVisible();
  }
  // The demo business has upcoming bookings (seeded), so the coming week or deposits list has rows.
  await expect(page.getByRole('link', { name: /^[A-Z0-9-]{6,20}$/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

anonymous('a visitor without a session is sent to sign in, and comes back after signing in; sign-out ends the session', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin$/, { timeout: 20_000 });
  await expect(page).toHaveTitle(/Staff sign-in/);
  await expectNoAxeViolations(page);

  await page.getByLabel('E-mail').fill(e2eOwner.email);
  await page.getByLabel('Password').fill('not the password at all');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('That e-mail and password don’t match a staff account.');

  await page.getByLabel('Password').fill(e2eOwner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The owner's second step: a code from the app (its key was saved when admin.setup.ts set it up).
  await page.getByLabel('Code from your authenticator app').fill(await ownerCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin$/);
});
