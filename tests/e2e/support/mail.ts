import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { e2eDataDir } from '../../support/e2e-env';
import { mailText } from '../../support/mail-text';

/** Where the e2e server writes the e-mails it sends (no SMTP: one .eml file each). */
const outbox = path.resolve(e2eDataDir, 'outbox');

/** The readable text of the newest e-mail to `email` that contains `needle`, waiting for it to be sent. */
export async function newestMail(email: string, needle: string): Promise<string> {
  const find = () =>
    existsSync(outbox)
      ? readdirSync(outbox)
          .map((f) => mailText(readFileSync(path.join(outbox, f), 'utf8')))
          .filter((m) => m.includes(email) && m.includes(needle))
          .at(-1)
      : undefined;
  await expect.poll(find, { timeout: 15_000 }).toBeTruthy();
  return find()!;
}

/** The page is no wider than a 390 px phone. */
export async function fitsThePhone(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what}: the page is wider than the phone`).toBeLessThanOrEqual(390);
}

/** At checkout, spends the customer's credit the way they do: asks for the e-mailed code, types it from the outbox and uses it. */
export async function useCreditAtCheckout(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Use your credit' }).click();
  await page.getByRole('button', { name: 'E-mail me a code' }).click();
  const codeMail = await newestMail(email, 'Your code to use your credit');
  await page.getByLabel('6-digit code').fill(/Your code to use your credit: (\d{6})/.exec(codeMail)![1]!);
  await page.getByRole('button', { name: 'Use my credit' }).click();
}
