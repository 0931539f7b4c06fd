import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { placeTestBooking } from './support/bookings';
import { pdfText } from '../support/pdf-text';

/**
 * Issue #40: a guest reads and signs the waiver in Spanish on a phone (390 × 844). The switch on the
 * English signing page keeps the booking; the Spanish page shows the Spanish text and version; the
 * stored hash is the SHA-256 of exactly the text on the screen, and the PDF is in Spanish with the hash.
 */
// A phone set to a zone far from the business's: the time signed is still the business's.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Pacific/Honolulu' });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

test('signs the waiver in Spanish on a phone', async ({ page, request }) => {
  const booking = await placeTestBooking(request, { name: 'Guadalupe Treviño', product: 'sticky-wall' });
  await page.goto(`/sign-waiver?booking=${booking.number}&email=${encodeURIComponent(booking.email)}`);
  await expect(page.getByTestId('waiver-booking-number')).toHaveText(booking.number);

  // The switch on the signing page itself, in Spanish words, keeping the booking in the address.
  const toSpanish = page.getByTestId('waiver-language-switch');
  await expect(toSpanish).toHaveText('Firmar en español');
  await expect(toSpanish).toHaveAttribute('href', `/es/sign-waiver?booking=${booking.number}&email=${encodeURIComponent(booking.email)}`);
  await toSpanish.click();

  await expect(page).toHaveURL(/\/es\/sign-waiver\?booking=/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle('Firmar la exención digital');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Firme la exención digital');
  await expect(page.getByTestId('waiver-booking-number')).toHaveText(booking.number, { timeout: 15_000 });
  await expect(page.getByTestId('waiver-language-switch')).toHaveText('Sign in English');
  await expect(page.getByLabel('Su nombre completo', { exact: true })).toHaveValue('Guadalupe Treviño');
  // The check that a person is signing, under the button, speaks Spanish too: before the form is touched…
  const humanCheck = page.getByTestId('human-check');
  await expect(humanCheck).toHaveText('Mientras llena este formulario, su dispositivo comprueba sin molestarle que usted es una persona: sin acertijos ni rastreo.');

  await page.getByRole('button', { name: 'Agregar un niño o invitado' }).click();
  // The form's own checks speak Spanish too: sent with the rules unticked and the guest unnamed.
  await page.getByRole('button', { name: 'Firmar la exención' }).click();
  await expect(page.getByText('Marque esta casilla para confirmar que leyó esta regla').first()).toBeVisible();
  await expect(page.getByText('Escriba el nombre del invitado o quite esta fila')).toBeVisible();
  await expect(page.getByText('Marque esta casilla para aceptar firmar electrónicamente')).toBeVisible();
  await expect(page.getByText(/Tick this box|Enter the guest|Type your full name/)).toHaveCount(0);
  // …and once it has run, from the first touch of the form.
  await expect(humanCheck).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(humanCheck).toHaveText('Listo: ya puede enviar el formulario.');
  await page.getByLabel('Invitado 1: nombre').fill('Camila Treviño');
  await page.getByLabel(/^Edad/).fill('5');
  // The fields that may stay empty say so in Spanish.
  await expect(page.getByLabel('Su teléfono (opcional)')).toBeVisible();
  await expect(page.getByLabel('Edad (opcional)')).toBeVisible();
  for (const rule of await page.getByRole('checkbox', { name: /^\d+\. / }).all()) await rule.check();
  await page.getByRole('checkbox', { name: /acepto firmarla electrónicamente/ }).check();
  await page.getByRole('radio', { name: 'Escribir mi firma' }).check();
  await page.getByLabel('Escriba su nombre completo como firma').fill('Guadalupe Treviño');

  const shown = page.getByTestId('waiver-text');
  await expect(shown).toContainText('Niños e invitados cubiertos: Camila Treviño (5 años)');
  await expect(shown).toContainText('Versión de la exención 2026-12-es');
  await expect(shown).toContainText('Exención de responsabilidad');
  const text = (await shown.textContent())!;
  expect(text).not.toContain('Safety rules');

  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Firmar la exención' }).click();
  await expect(page.getByRole('heading', { name: 'Exención firmada' })).toBeVisible({ timeout: 30_000 });
  const pdf = await request.get((await page.getByTestId('waiver-pdf-link').getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  const { lines } = await pdfText(new Uint8Array(await pdf.body()));
  const printed = lines.join('\n');
  expect(lines).toContain('Exención de seguridad firmada');
  expect(printed).toContain('(versión 2026-12-es)');
  // The hash printed is the SHA-256 of exactly the text the guest had on the screen.
  expect(lines).toContain('SHA-256 del texto');
  expect(lines).toContain(sha256(text));
  expect(printed).not.toContain('Signed Safety Waiver');
  // The page says the time signed as the PDF does: on the business's clock, not the phone's.
  const oneLine = (text: string) => text.replace(/\s+/g, ' ');
  const signedAt = oneLine((await page.getByTestId('waiver-signed-at').textContent())!);
  expect(signedAt).toMatch(/^\p{L}+, \d{1,2} de \p{L}+ de \d{4}, \d{1,2}:\d\d [ap]\. ?m\.$/u);
  expect(oneLine(printed)).toContain(signedAt);
});
