import { expect, test as setup } from '@playwright/test';
import { e2eOwner, ownerStorageState } from '../support/e2e-env';
import { enrolTwoFactor, saveOwnerSecret } from './support/two-factor';

setup('the first owner signs in at /admin/login and sets up two-step sign-in, as owners must', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(e2eOwner.email);
  await page.getByLabel('Password').fill(e2eOwner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Nothing in the admin before the second factor: straight to setting it up.
  await expect(page).toHaveURL(/\/admin\/two-factor/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  const { secret } = await enrolTwoFactor(page, e2eOwner.password, 'Continue to the admin');
  await saveOwnerSecret(secret);
  await expect(page).toHaveURL(/\/admin$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === '__Host-staff.session_token');
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
  await page.context().storageState({ path: ownerStorageState });
});
