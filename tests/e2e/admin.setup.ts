import { expect, test as setup } from '@playwright/test';
import { crewStorageState, e2eOwner, e2ePort, ownerStorageState } from '../support/e2e-env';
import { createStaffViaApi, signInAtLoginPage } from './support/admin';
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

  // The specs book many times as a few customers, all from this one machine's address: the owner's
  // limits on one visitor (issue #22) are raised once, through the Limits settings, before any spec
  // runs, as an owner could. Their shipped defaults are tested in tests/integration/unpaid-holds.test.ts.
  const saved = await page.evaluate(async () => {
    const current = (await (await fetch('/api/admin/settings')).json()) as { settings: { protection: Record<string, number> } };
    const raised = { ...current.settings.protection, maxOpenUnpaidPerEmail: 50, maxOpenUnpaidPerPhone: 50, maxOpenUnpaidPerClient: 10_000, maxUnitsPerProduct: 100, maxItemsPerBooking: 100 };
    const response = await fetch('/api/admin/settings/protection', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(raised) });
    return response.status;
  });
  expect(saved).toBe(200);

  // One crew member, signed in once, for the specs that work on the crew's phone (crewPhone).
  const credentials = await createStaffViaApi(page, 'crew');
  const crew = await page.context().browser()!.newContext({ baseURL: `http://localhost:${e2ePort}`, storageState: { cookies: [], origins: [] } });
  await signInAtLoginPage(await crew.newPage(), credentials, { timeout: 30_000 });
  await crew.storageState({ path: crewStorageState });
  await crew.close();
});
