import { expect, expectNoAxeViolations, test } from './support/admin';
import { placeTestBooking } from './support/bookings';

/**
 * The owner publishes a new version of the Spanish waiver on a phone (issue #40), and a guest opening
 * the Spanish signing page is shown it. In the `publishing` project, after the other specs: they sign
 * the shipped Spanish version (2026-12-es) and expect it to be the current one.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the owner publishes a new Spanish waiver text at phone size, and guests are shown it', async ({ page, browser }) => {
  await page.goto('/admin/waivers');
  await page.getByRole('button', { name: 'Waiver text' }).click();
  const spanish = page.getByTestId('waiver-text-es');
  await expect(spanish).toContainText('Guests sign version 2026-12-es');
  await expect(spanish.getByRole('note')).toContainText('Needs your lawyer’s review.');
  await expectNoAxeViolations(page);

  await spanish.getByRole('button', { name: 'Write a new Spanish version' }).click();
  const form = page.getByRole('form', { name: 'New Spanish waiver text' });
  await expect(form.getByLabel('Title')).toHaveValue('Reglas de seguridad de la renta, aceptación de riesgos y exención de responsabilidad');
  await form.getByLabel('Title').fill('Reglas de seguridad y exención de responsabilidad');
  await form.getByLabel('Rule 1: name').fill('Un adulto siempre vigila');
  // An empty rule is refused beside it, and nothing is published.
  await form.getByLabel('Rule 2: text').fill('');
  await form.getByRole('button', { name: 'Publish the new Spanish version' }).click();
  await expect(form.getByText('Enter the rule', { exact: true })).toBeVisible();
  await form.getByLabel('Rule 2: text').fill('Respetamos el número de usuarios y el rango de edad de la etiqueta de la unidad.');
  await form.getByLabel('My lawyer has reviewed this text').check();
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Publish the new Spanish version' }).click();

  await expect(spanish).toContainText(/Guests sign version \d{4}-\d{2}-\d{2}-es/);
  await expect(spanish.getByRole('note')).toHaveCount(0);
  // The shipped version stays listed with its signatures: a new version never changes it.
  await expect(spanish.getByRole('listitem').filter({ hasText: '2026-12-es' })).toContainText('shipped with the site');

  // A guest on the Spanish signing page is shown the new text.
  const booking = await placeTestBooking(page.request, { name: 'Lucía Torres', product: 'sticky-wall' });
  const guest = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await guest.goto(`/es/sign-waiver?booking=${booking.number}&email=${encodeURIComponent(booking.email)}`);
  await expect(guest.getByRole('checkbox', { name: /^1\. Un adulto siempre vigila/ })).toBeVisible();
  await expect(guest.getByText('Reglas de seguridad y exención de responsabilidad', { exact: false }).first()).toBeVisible();
  await guest.close();
});
