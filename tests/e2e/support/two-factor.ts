import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { e2eDataDir, e2eOwner, ownerStorageState } from '../../support/e2e-env';
import { totpCode } from '../../support/totp';
import { submitSignIn } from './admin';

/** Where admin.setup.ts keeps the e2e owner's authenticator secret, for specs that sign in again. */
const ownerSecretFile = `${e2eDataDir}/owner-totp.json`;

/**
 * Turns on two-step sign-in on the enrolment shown (the setup page or the account menu's dialog), as
 * a person with an authenticator app does: the password, the key typed into the "app" (here a TOTP
 * computed from it), the code, then the recovery codes, shown once. Returns the key and the codes.
 */
export async function enrolTwoFactor(page: Page, password: string, doneLabel: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.getByLabel('Your password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Scan this code with your authenticator app' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  await page.getByLabel('The 6-digit code your app shows').fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('heading', { name: /Two-step sign-in is on/ })).toBeVisible();
  const recoveryCodes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  await page.getByRole('button', { name: doneLabel }).click();
  return { secret, recoveryCodes };
}

/** Signs in at /admin/login with the password, then a code from the app (or a recovery code). */
export async function signInWithCode(page: Page, account: { email: string; password: string }, code: () => Promise<string>) {
  await submitSignIn(page, account);
  const field = page.getByLabel('Code from your authenticator app');
  await expect(field).toBeVisible();
  await field.fill(await code());
  await page.getByRole('button', { name: 'Verify' }).click();
}

export const saveOwnerSecret = (secret: string) => writeFile(ownerSecretFile, JSON.stringify({ secret }));
const ownerSecret = async () => (JSON.parse(await readFile(ownerSecretFile, 'utf8')) as { secret: string }).secret;

/** The e2e owner's current code from the app. */
export const ownerCode = async () => totpCode(await ownerSecret());

/** The e2e owner signs in again (its second factor was set up by admin.setup.ts). */
export async function signInAsOwner(page: Page) {
  const secret = await ownerSecret();
  await signInWithCode(page, e2eOwner, () => totpCode(secret));
}

/**
 * The e2e owner, signed in: with the session admin.setup.ts saved when it still opens the admin, else by
 * signing in again. Each sign-in counts against the staff limit of 10 per 10 minutes per address, which
 * one whole run of the suite (every request from 127.0.0.1) would otherwise reach.
 */
export async function ownerSession(page: Page) {
  if (existsSync(ownerStorageState)) {
    const state = JSON.parse(await readFile(ownerStorageState, 'utf8')) as { cookies: Parameters<ReturnType<Page['context']>['addCookies']>[0] };
    await page.context().addCookies(state.cookies);
    if ((await page.request.get('/api/admin/session')).ok()) {
      await page.goto('/admin');
      return;
    }
    await page.context().clearCookies();
  }
  await signInAsOwner(page);
}
