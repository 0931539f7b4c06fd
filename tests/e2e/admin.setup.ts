import { expect, test as setup } from '@playwright/test';
import { e2eOwner, ownerStorageState } from '../support/e2e-env';

setup('the first owner signs in at /admin/login', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(e2eOwner.email);
  await page.getByLabel('Password').fill(e2eOwner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === '__Host-staff.session_token');
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
  await page.context().storageState({ path: ownerStorageState });
});
