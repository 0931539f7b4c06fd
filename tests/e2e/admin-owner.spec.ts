import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { e2ePort } from '../support/e2e-env';
import { expect, expectNoAxeViolations, signInAtLoginPage, test } from './support/admin';

/** The owner's screens: users, settings, payments. Tests start signed in as the e2e owner. */

// The first data of a screen comes from a function on a shared 2-core machine: allow it time.
const loaded = expect.configure({ timeout: 20_000 });
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A local date `days` ahead (the demo business is in Texas; a few days either way does not matter 40 days out). */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('the owner adds a crew member, who can sign in but is not allowed on owner screens and does not see them in the menu', async ({ page, browser }) => {
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await loaded(page.getByRole('row', { name: /owner@e2e\.test/ })).toBeVisible();
  await expectNoAxeViolations(page);

  const email = `crew-${unique()}@e2e.test`;
  const password = 'crew member password 2026';
  await page.getByRole('button', { name: 'Add staff member' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Casey Crew');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('crew');
  await page.getByLabel('Initial password (optional)').fill(password);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await loaded(page.getByText('Staff member added.')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  await loaded(row).toContainText('Crew');
  await expect(row).toContainText('Active');

  // The manage dialog: the owner's own account cannot be demoted from here.
  await page.getByRole('button', { name: 'Manage Casey Crew' }).click();
  const dialog = page.getByRole('dialog', { name: 'Casey Crew' });
  await expect(dialog.getByRole('button', { name: 'Deactivate' })).toBeEnabled();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A fresh browser with no cookies: the crew member signs in themselves.
  const crew = await browser.newContext({ baseURL: `http://localhost:${e2ePort}`, storageState: { cookies: [], origins: [] } });
  const crewPage = await crew.newPage();
  await signInAtLoginPage(crewPage, { email, password }, { timeout: 20_000 });
  await crewPage.goto('/admin/users');
  await loaded(crewPage.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(crewPage.getByRole('row', { name: /owner@e2e\.test/ })).toHaveCount(0);
  const menu = crewPage.getByRole('navigation', { name: 'Admin sections' });
  await expect(menu.getByRole('link', { name: 'Bookings' })).toBeVisible();
  for (const ownerItem of ['Users', 'Settings', 'Payments (Stripe)']) await expect(menu.getByRole('link', { name: ownerItem })).toBeHidden();
  await crewPage.goto('/admin/settings');
  await loaded(crewPage.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await crew.close();
});

test('the owner changes a setting, sees a field error for a bad one, and the change is there after reload', async ({ page }) => {
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await loaded(page.getByRole('tab', { name: 'Business profile' })).toHaveAttribute('aria-selected', 'true');
  await expectNoAxeViolations(page);

  const email = page.getByLabel('E-mail');
  const original = await email.inputValue();
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Save business profile' }).click();
  await loaded(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter a valid e-mail address').first()).toBeVisible();
  await email.fill(original);

  // A time zone the business's state (Texas, in the demo) does not keep is refused at its field.
  const zone = page.getByLabel('Time zone');
  const zoneBefore = await zone.inputValue();
  await zone.selectOption('America/New_York');
  await page.getByRole('button', { name: 'Save business profile' }).click();
  await loaded(zone).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Texas uses Central or Mountain time: choose one of those.')).toBeVisible();
  await zone.selectOption(zoneBefore);

  const tagline = `Bounce with us ${unique()}`;
  await page.getByLabel('Tagline').fill(tagline);
  await page.getByRole('button', { name: 'Save business profile' }).click();
  await loaded(page.getByText('Business profile saved.')).toBeVisible();
  await page.reload();
  await loaded(page.getByLabel('Tagline')).toHaveValue(tagline);

  // Export everything: the zip is put together in the browser from the spreadsheets and each file they name.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download everything (.zip)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^everything-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByText(`Downloaded ${download.suggestedFilename()}.`)).toBeVisible();
  const exported = unzipSync(readFileSync((await download.path())!));
  const sheet = (name: string) => strFromU8(exported[name]!).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(sheet('bookings.csv')[0]).toMatch(/^Booking,Status,/);
  expect(sheet('bookings.csv').length).toBeGreaterThan(1);
  // Every PDF the waivers sheet names is in the zip.
  const pdfs = sheet('waivers.csv').slice(1).map((line) => line.split(',').at(-1)!).filter(Boolean);
  for (const pdf of pdfs) expect(new TextDecoder().decode(exported[pdf]!.subarray(0, 5))).toBe('%PDF-');

  // The other sections, reached with the keyboard as well as the mouse.
  await page.getByRole('tab', { name: 'Business profile' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Booking rules' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Cake lead time (days)')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Deposit & payments' }).click();
  await expect(page.getByLabel('Deposit percent')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Service areas & fees' }).click();
  await expect(page.getByRole('row', { name: /Round Rock, TX/ })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Round Rock' }).click();
  await expect(page.getByLabel('ZIP codes')).toHaveValue(/78664/);
  await expectNoAxeViolations(page);
});

test('the owner chooses what sales tax applies to and the brand colour, with a field error for a colour that is not one', async ({ page }) => {
  await page.goto('/admin/settings#payments');
  const delivery = page.getByLabel('Charge sales tax on the delivery fee');
  const waiver = page.getByLabel('Charge sales tax on the damage waiver');
  // The demo's state taxes both.
  await loaded(delivery).toBeChecked();
  await expect(waiver).toBeChecked();
  await delivery.uncheck();
  await page.getByRole('button', { name: 'Save deposit, tax and payments' }).click();
  await loaded(page.getByText('Deposit, tax and payments saved.')).toBeVisible();
  await page.reload();
  await loaded(page.getByLabel('Charge sales tax on the delivery fee')).not.toBeChecked();
  await expect(page.getByLabel('Charge sales tax on the damage waiver')).toBeChecked();
  await page.getByLabel('Charge sales tax on the delivery fee').check();
  await page.getByRole('button', { name: 'Save deposit, tax and payments' }).click();
  await loaded(page.getByText('Deposit, tax and payments saved.')).toBeVisible();

  await page.getByRole('tab', { name: 'Business profile' }).click();
  const colour = page.getByRole('textbox', { name: 'Brand colour', exact: true });
  await loaded(colour).toHaveValue('#db2777');
  await colour.fill('pink');
  await page.getByRole('button', { name: 'Save business profile' }).click();
  await loaded(colour).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Use a colour like #db2777').first()).toBeVisible();
  await expect(page.getByText('No logo: the header shows the business name.')).toBeVisible();
  await expect(page.getByLabel('Upload a logo')).toBeVisible();
});

test('the owner sets the change and cancellation policy, reads it as customers will, and gets a field error for a credit limit beyond the refund limit', async ({ page }) => {
  await page.goto('/admin/settings#changes');
  await loaded(page.getByRole('tab', { name: 'Changes & cancellations' })).toHaveAttribute('aria-selected', 'true');
  const credit = page.getByLabel('Deposit as a credit until (hours before the event)');
  const months = page.getByLabel('Credits can be spent for (months)');
  await loaded(page.getByLabel('Full deposit refund until (days before the event)')).toHaveValue('7');
  await expect(page.getByText('Less than 7 days but at least 48 hours before: your deposit as a credit for a future rental.')).toBeVisible();
  await expectNoAxeViolations(page);

  await credit.fill('200');
  await page.getByRole('button', { name: 'Save policy' }).click();
  await loaded(credit).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Must not be more than the full-refund limit in hours')).toBeVisible();
  // The preview does not describe a policy the save refuses.
  await expect(page.getByText('What customers read')).toBeHidden();
  await credit.fill('72');
  await expect(page.getByText('Less than 72 hours before: no refund of the deposit.')).toBeVisible();
  await months.fill('18');
  await page.getByRole('button', { name: 'Save policy' }).click();
  await loaded(page.getByText('Policy saved.')).toBeVisible();
  await page.reload();
  await loaded(page.getByLabel('Deposit as a credit until (hours before the event)')).toHaveValue('72');
  await expect(page.getByLabel('Credits can be spent for (months)')).toHaveValue('18');
  // Back to the demo's policy, which other tests read.
  await page.getByLabel('Deposit as a credit until (hours before the event)').fill('48');
  await page.getByLabel('Credits can be spent for (months)').fill('12');
  await page.getByRole('button', { name: 'Save policy' }).click();
  await loaded(page.getByText('Policy saved.')).toBeVisible();
});

test('the owner creates a coupon that checkout prices accept at once', async ({ page }) => {
  await page.goto('/admin/settings#coupons');
  await loaded(page.getByRole('tab', { name: 'Coupons' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row', { name: /WELCOME10/ })).toBeVisible();
  const code = `E2E-${unique()}`.toUpperCase().slice(0, 20);
  await page.getByRole('button', { name: 'Add coupon' }).click();
  await page.getByLabel('Code').fill(code.toLowerCase());
  await page.getByLabel('Description (for staff)').fill('End-to-end test coupon');
  await page.getByLabel('Percent off').fill('12');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create coupon' }).click();
  await loaded(page.getByText(`Coupon ${code} created.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText('12 % off');

  const quote = await page.request.post('/api/quote-price', {
    data: { items: [{ product: 'sticky-wall', quantity: 1 }], event: { date: daysAhead(40), start: '11:00', end: '17:00' }, zip: '78664', coupon: code },
  });
  const priced = await quote.json();
  expect(priced.coupon).toEqual({ code, error: null });
  expect(priced.discountCents).toBe(Math.round(priced.subtotalCents * 0.12));

  await page.getByRole('button', { name: `Deactivate ${code}` }).click();
  await loaded(page.getByText(`${code} deactivated.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText('Deactivated');
});

test('the owner sees Stripe in test mode with webhook health and payments, and no key anywhere', async ({ page }) => {
  await page.goto('/admin/stripe');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments (Stripe)' })).toBeVisible();
  await expect(page).toHaveTitle(/Payments \(Stripe\)/);
  await loaded(page.getByText('Configured', { exact: true })).toBeVisible();
  await expect(page.getByText('Test', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Webhook health' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payments and refunds' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('sk_test');
  await expect(page.locator('body')).not.toContainText('whsec_');
  await expectNoAxeViolations(page);
});

test('the owner switches a reminder off, fixes a bad review link, and the reminders are there after reload', async ({ page }) => {
  await page.goto('/admin/settings#reminders');
  await loaded(page.getByRole('tab', { name: 'Reminders' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Send day-based reminders from')).toHaveValue('09:00');
  await expectNoAxeViolations(page);

  const waiver = page.getByRole('checkbox', { name: 'Waiver still missing' });
  await expect(page.getByLabel('Hours before the event starts')).toBeVisible();
  await waiver.uncheck();
  await expect(page.getByLabel('Hours before the event starts')).toBeHidden();

  const review = page.getByLabel('Review link');
  await review.fill('not a link');
  await page.getByRole('button', { name: 'Save reminders' }).click();
  await loaded(review).toHaveAttribute('aria-invalid', 'true');
  const link = `https://g.page/r/pink-flamingo-${unique()}/review`;
  await review.fill(link);
  await page.getByLabel('Days before the balance is due').fill('5');
  // The messages' own words (issue #26): an empty one is refused at its field.
  const words = page.getByLabel('On-the-way wording');
  await words.fill('   ');
  await page.getByRole('button', { name: 'Save reminders' }).click();
  await loaded(words).toHaveAttribute('aria-invalid', 'true');
  await words.fill('The crew is coming, {firstName}: about {eta}.');
  await page.getByRole('button', { name: 'Save reminders' }).click();
  await loaded(page.getByText('Reminders saved.')).toBeVisible();

  await page.reload();
  await loaded(page.getByLabel('On-the-way wording')).toHaveValue('The crew is coming, {firstName}: about {eta}.');
  await loaded(page.getByLabel('Review link')).toHaveValue(link);
  await expect(page.getByRole('checkbox', { name: 'Waiver still missing' })).not.toBeChecked();
  await expect(page.getByLabel('Days before the balance is due')).toHaveValue('5');
  // Back to on and the default words, so other tests see the defaults' behaviour.
  await page.getByRole('checkbox', { name: 'Waiver still missing' }).check();
  await page.getByLabel('On-the-way wording').fill('Our crew is on the way to set up your party rental. Estimated arrival: {eta}.');
  await page.getByRole('button', { name: 'Save reminders' }).click();
  await loaded(page.getByText('Reminders saved.')).toBeVisible();
});
