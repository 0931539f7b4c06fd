import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/admin';
import { placePhoneBooking } from './support/bookings';
import { e2eDatabase } from './support/e2e-database';
import { fitsThePhone } from './support/mail';
import { ownerSession } from './support/two-factor';

/**
 * Settings → Accounting on a phone (issue #41), against the QuickBooks double (Intuit's consent screen,
 * token service and Accounting API: tests/support/quickbooks-double.ts): the demo business is shown to
 * send nothing; the owner connects through Intuit's redirect, maps QuickBooks' own items and accounts,
 * sees a booking reach QuickBooks in the sync log, a failed invoice with QuickBooks' message (from the
 * dashboard's notice), retries it, and disconnects.
 *
 * Nothing of the demo business is ever sent, so the spec makes the site a business of its own in the
 * database for its run (and the demo again after): it runs last, in a project of its own
 * (playwright.config.ts: `accounting`). Alone: `npx playwright test tests/e2e/admin.setup.ts
 * tests/e2e/accounting.spec.ts --project=admin-sign-in --project=accounting`.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const quickbooksDouble = `http://127.0.0.1:${Number(process.env.QUICKBOOKS_DOUBLE_PORT ?? Number(process.env.STRIPE_DOUBLE_PORT ?? 12111) + 2)}`;

const logItem = (page: Page, what: string) => page.getByTestId('sync-item').filter({ hasText: what });

/** The sync log as the server has it now: the items are sent right after the change, so the page is read again until they show. */
async function expectInLog(page: Page, what: string, state: 'Sent' | 'Failed') {
  await expect(async () => {
    await page.reload();
    await expect(logItem(page, what).getByText(state, { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('an owner connects QuickBooks on a phone, maps it, sees a booking sent, a failure with its message, and retries it', async ({ page }) => {
  test.setTimeout(180_000);
  const sql = e2eDatabase();
  await ownerSession(page);
  try {
    // The demo business: the screen says nothing is ever sent, and what to do next is in sight.
    await page.goto('/admin/settings#accounting');
    await expect(page.getByTestId('accounting-state')).toHaveText('Not connected');
    await expect(page.getByTestId('accounting-demo')).toContainText('This is the demo business: nothing is ever sent to QuickBooks.');
    await expect(page.getByRole('button', { name: 'Connect to QuickBooks' })).toBeInViewport({ ratio: 1 });
    await fitsThePhone(page, 'Settings → Accounting');
    await expectNoAxeViolations(page);

    await sql`update business_settings set is_demo = false where id`;
    await page.reload();
    await expect(page.getByTestId('accounting-state')).toHaveText('Not connected');
    await expect(page.getByTestId('accounting-demo')).toHaveCount(0);

    // Intuit's consent screen (the double) sends the owner back to Settings with a code, which the
    // screen posts to the site's callback (the Strict session cookie does not come with Intuit's redirect).
    await page.getByRole('button', { name: 'Connect to QuickBooks' }).click();
    await expect(page.getByText('QuickBooks connected.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/settings\?tab=accounting$/);
    await expect(page.getByTestId('accounting-state')).toHaveText('Connected');
    await expect(page.getByText('Next: choose where each kind of money goes in QuickBooks.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose accounts' })).toBeInViewport({ ratio: 1 });

    // The mapping, from QuickBooks' own lists: a missing choice is refused at its field.
    await page.getByRole('button', { name: 'Choose accounts' }).click();
    await expect(page.getByLabel('Move deposits to income on the event date')).toBeChecked();
    await page.getByLabel('Rentals', { exact: true }).selectOption({ label: 'Rentals' });
    await page.getByRole('button', { name: 'Save mapping' }).click();
    await expect(page.getByLabel('Damage waiver')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Choose an item or account from QuickBooks.').first()).toBeVisible();
    await page.getByLabel('Damage waiver').selectOption({ label: 'Damage waiver' });
    await page.getByLabel('Delivery', { exact: true }).selectOption({ label: 'Delivery' });
    await page.getByLabel('Adjustments, credits and refunds').selectOption({ label: 'Adjustments' });
    await page.getByLabel('Sales tax').selectOption({ label: 'Sales tax' });
    await page.getByLabel('Deposits for parties to come').selectOption({ label: 'Customer deposits (unearned revenue) (Other Current Liability)' });
    await page.getByLabel('Card payments land in').selectOption({ label: 'Undeposited Funds (Other Current Asset)' });
    await page.getByLabel('Cash and checks land in').selectOption({ label: 'Checking (Bank)' });
    await page.getByLabel('Stripe fees').selectOption({ label: 'Merchant fees (Expense)' });
    await page.getByLabel('Accounts Receivable', { exact: true }).selectOption({ label: 'Accounts Receivable (A/R) (Accounts Receivable)' });
    await page.getByRole('button', { name: 'Save mapping' }).click();
    await expect(page.getByText('Mapping saved.')).toBeVisible();
    await expect(page.getByTestId('accounting-counts')).toHaveText(/\d+ sent · \d+ waiting · \d+ failed/);
    await fitsThePhone(page, 'the mapping');
    await expectNoAxeViolations(page);

    // A booking taken by phone reaches QuickBooks: its customer, then its invoice.
    const first = await placePhoneBooking(page.request, { name: 'Quinn Ledger', product: 'giant-connect-four' });
    await expectInLog(page, `Invoice · ${first.number}`, 'Sent');
    await expect(logItem(page, `Invoice · ${first.number}`)).toContainText(/as Invoice \d+/);
    await expect(logItem(page, 'Customer').filter({ hasText: 'Quinn Ledger' }).getByText('Sent', { exact: true })).toBeVisible();

    // QuickBooks refuses the next invoice: the item fails with QuickBooks' own words.
    const refusal = 'The accounting period is closed. Ask your accountant to reopen it.';
    const failing = await page.request.post(`${quickbooksDouble}/double/fail-entity`, { data: { entity: 'Invoice', failure: { kind: 'validation', message: refusal } } });
    expect(failing.ok()).toBe(true);
    const second = await placePhoneBooking(page.request, { name: 'Rory Ledger', product: 'giant-connect-four' });
    await expectInLog(page, `Invoice · ${second.number}`, 'Failed');

    // The dashboard says so, and its link opens the log at the failed items.
    await page.goto('/admin');
    const notice = page.getByRole('alert').filter({ hasText: 'Changes stuck on the way to QuickBooks' });
    await expect(notice).toBeVisible();
    await notice.getByRole('link', { name: 'Open the QuickBooks sync log' }).click();
    await page.waitForURL(/\/admin\/settings\?tab=accounting&log=failed#sync-log$/);
    await expect(page.getByRole('button', { name: /^Failed \(\d+\)$/ })).toHaveAttribute('aria-pressed', 'true');
    const failed = logItem(page, `Invoice · ${second.number}`);
    await expect(failed.getByTestId('sync-item-error')).toContainText(refusal);
    await expect(failed.getByRole('button', { name: 'Retry' })).toBeInViewport();
    await fitsThePhone(page, 'the sync log');
    await expectNoAxeViolations(page);

    // Retry: the same request id, and this time QuickBooks takes it.
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Sent again.')).toBeVisible();
    // The log's filter lives in the address only when a link set it: the sent items, read again until the retry has gone.
    await page.goto('/admin/settings?tab=accounting&log=sent');
    await expectInLog(page, `Invoice · ${second.number}`, 'Sent');

    // A broken connection: Connect again and Disconnect sit in one row with the admin's gap between them (they touched on a phone).
    await sql`update accounting_connections set status = 'broken', broken_reason = 'QuickBooks refused the connection: test' where id`;
    await page.reload();
    await expect(page.getByTestId('accounting-state')).toHaveText('Connection broken');
    const again = (await page.getByRole('button', { name: 'Connect again' }).boundingBox())!;
    const off = (await page.getByRole('button', { name: 'Disconnect' }).boundingBox())!;
    const apart = Math.max(off.x - (again.x + again.width), off.y - (again.y + again.height));
    expect(apart, 'the gap between Connect again and Disconnect').toBeGreaterThanOrEqual(8);

    // Disconnect: the grant is revoked; nothing more is sent.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByTestId('accounting-state')).toHaveText('Not connected');
    await expect(page.getByRole('button', { name: 'Connect to QuickBooks' })).toBeVisible();
  } finally {
    await sql`update business_settings set is_demo = true where id`;
    await sql`update accounting_connections set status = 'disconnected', access_token_enc = null, refresh_token_enc = null where id`;
    await sql.end();
  }
});
