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
