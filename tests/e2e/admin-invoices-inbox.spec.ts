import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { e2ePort } from '../support/e2e-env';
import { pdfText } from '../support/pdf-text';
import { expect, expectNoAxeViolations, test } from './support/admin';
import { humanChecked } from './support/human-check';
import { dateFromToday } from './support/bookings';
import { formatMediumDate } from '../../src/lib/time/format';

/**
 * Staff download a booking's invoice from the booking screen, and work the inbox: a message sent
 * through the contact form is found, read beside the customer's history and marked handled.
 */

const origin = `http://localhost:${e2ePort}`;

test('staff download the invoice of a booking from the booking screen', async ({ page }) => {
  await page.goto('/admin/bookings');
  await page.getByLabel('Search: number, customer name, e-mail or phone').fill('Priya Raman');
  const row = page.getByRole('row').filter({ hasText: 'Priya Raman' }).first();
  await expect(row).toBeVisible();
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /^Booking [A-Z0-9-]+$/ })).toBeVisible();
  const number = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Booking ', '');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download invoice (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  const { lines } = await pdfText(new Uint8Array(await readFile((await download.path())!)));
  expect(lines).toContain(`Invoice INV-${number}`);
  expect(lines).toContain('Priya Raman');
  expect(lines).toContain('Total');
  expect(lines).toContain('Balance due');
});

test('staff see the booking\'s customer links and give the invoice link a new secret, which ends the old one at once', async ({ page }) => {
  await page.goto('/admin/bookings');
  await page.getByLabel('Search: number, customer name, e-mail or phone').fill('Tom Becker');
  const row = page.getByRole('row').filter({ hasText: 'Tom Becker' }).first();
  await expect(row).toBeVisible();
  await row.getByRole('link').click();
  const invoiceLink = page.getByTestId('customer-invoice-link');
  const oldHref = (await invoiceLink.getAttribute('href'))!;
  expect(oldHref).toMatch(/\/invoice\?token=[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId('guest-waiver-link')).toHaveAttribute('href', /^\/sign-waiver\?booking=[A-Z0-9-]+&key=/);
  expect((await page.request.get(oldHref)).status()).toBe(200);

  // Printed and e-mailed links die with it, so staff confirm first; dismissing changes nothing.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByRole('button', { name: 'New invoice link…' }).click();
  await expect(invoiceLink).toHaveAttribute('href', oldHref);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'New invoice link…' }).click();
  await expect(invoiceLink).not.toHaveAttribute('href', oldHref);
  const newHref = (await invoiceLink.getAttribute('href'))!;
  expect((await page.request.get(oldHref)).status()).toBe(404);
  expect((await page.request.get(newHref)).status()).toBe(200);
  await expect(page.getByText('New link').first()).toBeVisible();
});

test('staff find a contact message in the inbox and mark it handled; it reads on a phone', async ({ page }) => {
  const subject = `Tent question ${randomUUID().slice(0, 8)}`;
  const sent = await page.request.post('/api/contact', await humanChecked({
    headers: { origin },
    data: { submissionId: randomUUID(), website: '', kind: 'contact', name: 'Nguyễn Văn An', email: 'an.nguyen@example.com', phone: '', subject, message: 'Can the big tent go up on a sloped lawn next to the pool?', bookingNumber: '' },
  }));
  expect(sent.status()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/inbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await page.getByLabel('Search name, e-mail, phone, subject or message').fill(subject);
  const item = page.getByRole('button', { name: new RegExp(subject) });
  await expect(item).toHaveCount(1);
  await item.click();
  await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  await expect(page.getByRole('paragraph').filter({ hasText: 'Can the big tent go up on a sloped lawn next to the pool?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Also from an.nguyen@example.com' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByText(/^Handled .* by /)).toBeVisible();
  // Gone from New (the list reloads), there under Handled.
  await expect(page.getByRole('button', { name: new RegExp(subject) })).toHaveCount(0);
  await page.getByRole('button', { name: 'Handled', exact: true }).click();
  await expect(page.getByRole('button', { name: new RegExp(subject) })).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test('a message’s history lists the sender’s quote requests with the admin’s date and status words, not the stored codes', async ({ page }) => {
  const email = `quote.history.${randomUUID().slice(0, 8)}@example.com`;
  const eventDate = dateFromToday(90);
  const requested = await page.request.post('/api/quotes', await humanChecked({
    data: { submissionId: randomUUID(), website: '', eventType: 'birthday', eventDate, guestCount: 20, items: [{ product: 'pink-castle-bounce-house', quantity: 1 }], email, name: 'Quin History', zip: '78664' },
  }));
  expect(requested.status(), await requested.text()).toBe(201);
  const quoteNumber = ((await requested.json()) as { quoteNumber: string }).quoteNumber;
  const sent = await page.request.post('/api/contact', await humanChecked({
    headers: { origin },
    data: { submissionId: randomUUID(), website: '', kind: 'contact', name: 'Quin History', email, phone: '', subject: '', message: 'Did you get my quote request?', bookingNumber: '' },
  }));
  expect(sent.status()).toBe(201);

  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/admin/inbox');
  await page.getByLabel('Search name, e-mail, phone, subject or message').fill(email);
  await page.getByRole('button', { name: /Quin History/ }).first().click();
  const quote = page.getByRole('listitem').filter({ hasText: quoteNumber });
  await expect(quote).toHaveText(`${quoteNumber} · for ${formatMediumDate(eventDate)} · New`);
});

test('on a phone a long e-mail address and a name without spaces wrap: the inbox never scrolls sideways', async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  const email = `averyveryveryverylongemailaddressforoverflow${tag}@example-domain-that-is-long.com`;
  const name = `Maximilianbartholomewwolfeschlegelsteinhausen${tag}`;
  const sent = await page.request.post('/api/contact', await humanChecked({
    headers: { origin },
    data: { submissionId: randomUUID(), website: '', kind: 'contact', name, email, phone: '', subject: '', message: 'Do you deliver on Sundays?', bookingNumber: '' },
  }));
  expect(sent.status()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/inbox');
  await page.getByLabel('Search name, e-mail, phone, subject or message').fill(tag);
  const item = page.getByRole('button', { name: new RegExp(tag) });
  await expect(item).toHaveCount(1);
  // The list row: the name in its "Message from …" line and beside the address.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await item.click();
  await expect(page.getByRole('heading', { name: `Also from ${email}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
