import type { Page } from '@playwright/test';
import { expect } from './admin';

/** The phone-booking desk (/admin/bookings/new) with the party's date filled in. */
export async function openDesk(page: Page, date: string) {
  await page.goto('/admin/bookings/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New booking' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Date', { exact: true }).fill(date);
}

/** One product added as staff do during a call: part of its name typed at a person's pace, then Enter. */
export async function addDeskProduct(page: Page, typed: string, option: RegExp) {
  const picker = page.getByRole('combobox', { name: 'Add a product (free for the chosen time)' });
  await picker.pressSequentially(typed, { delay: 40 });
  await expect(page.getByRole('option', { name: option })).toBeVisible();
  await picker.press('Enter');
}
