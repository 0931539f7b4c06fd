import type { Browser, Page } from '@playwright/test';
import { e2ePort } from '../support/e2e-env';
import { totpCode } from '../support/totp';
import { createStaffViaApi, expect, expectNoAxeViolations, submitSignIn, test } from './support/admin';
import { enrolTwoFactor, signInWithCode } from './support/two-factor';

/** A fresh phone-sized browser with no cookies. */
async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: `http://localhost:${e2ePort}`,
    storageState: { cookies: [], origins: [] },
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a manager on a phone turns on two-step sign-in from the account menu, then signs in with a code and with a recovery code', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const manager = await createStaffViaApi(page, 'manager');
  const mobile = await phone(browser);
  await submitSignIn(mobile, manager);
  // Offered, not required, for a manager: the admin opens at once.
  await expect(mobile).toHaveURL(/\/admin$/, { timeout: 30_000 });

  // On a phone the account's buttons are behind "Account".
  await mobile.getByRole('button', { name: 'Account', exact: true }).click();
  await mobile.getByRole('button', { name: 'Two-step sign-in' }).click();
  const dialog = mobile.getByRole('dialog', { name: 'Two-step sign-in' });
  await expect(dialog.getByLabel('Your password', { exact: true })).toBeVisible();
  await expectNoAxeViolations(mobile);
  const { secret, recoveryCodes } = await enrolTwoFactor(mobile, manager.password, 'Done');
  await expect(mobile.getByRole('button', { name: 'Two-step sign-in: on' })).toBeVisible();
  expect(await noSidewaysScroll(mobile)).toBe(true);

  await mobile.getByRole('button', { name: 'Sign out' }).click();
  await expect(mobile).toHaveURL(/\/admin\/login$/);

  // The password alone is not enough now: one field asks for the code, and a wrong one is refused.
  await signInWithCode(mobile, manager, async () => '000000');
  await expect(mobile.getByRole('alert')).toHaveText('That code did not work. Enter the newest code from your app, or an unused recovery code.');
  await expect(mobile.getByLabel('Code from your authenticator app')).toHaveAttribute('autocomplete', 'one-time-code');
  expect(await noSidewaysScroll(mobile)).toBe(true);
  await expectNoAxeViolations(mobile);
  await mobile.getByLabel('Code from your authenticator app').fill(await totpCode(secret));
  await mobile.getByRole('button', { name: 'Verify' }).click();
  await expect(mobile).toHaveURL(/\/admin$/, { timeout: 30_000 });
  await expect(mobile.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 30_000 });

  // A recovery code instead of the phone, typed into the same field.
  await mobile.getByRole('button', { name: 'Account', exact: true }).click();
  await mobile.getByRole('button', { name: 'Sign out' }).click();
  await expect(mobile).toHaveURL(/\/admin\/login$/, { timeout: 30_000 });
  await signInWithCode(mobile, manager, async () => recoveryCodes[0]!);
  await expect(mobile).toHaveURL(/\/admin$/, { timeout: 30_000 });
  await mobile.context().close();
});

test('a new owner is taken to set up two-step sign-in right after signing in and can open nothing else until then', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const owner = await createStaffViaApi(page, 'owner');
  const mobile = await phone(browser);
  const consoleErrors: string[] = [];
  mobile.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await submitSignIn(mobile, owner, '/admin/login?next=%2Fadmin%2Fusers');
  await expect(mobile).toHaveURL(/\/admin\/two-factor\?next=%2Fadmin%2Fusers$/, { timeout: 30_000 });
  await expect(mobile.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  // Straight from the sign-in to the setup: nothing on the way asked for what the owner would be refused.
  expect(consoleErrors).toEqual([]);
  expect(await noSidewaysScroll(mobile)).toBe(true);
  await expectNoAxeViolations(mobile);

  // The server refuses the owner everything meanwhile, whatever the page does.
  const refused = await mobile.request.get('/api/admin/users');
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: { code: 'two_factor_required', message: 'Owners must set up two-step sign-in before using the admin.' } });
  await mobile.goto('/admin/settings');
  await expect(mobile).toHaveURL(/\/admin\/two-factor\?next=%2Fadmin%2Fsettings$/, { timeout: 30_000 });

  await enrolTwoFactor(mobile, owner.password, 'Continue to the admin');
  await expect(mobile).toHaveURL(/\/admin\/settings$/, { timeout: 30_000 });
  await expect(mobile.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 30_000 });
  expect((await mobile.request.get('/api/admin/users')).status()).toBe(200);
  await mobile.context().close();
});
