import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { e2eDataDir } from '../support/e2e-env';
import { mailText } from '../support/mail-text';
import { placeTestBooking } from './support/bookings';
import { fitsThePhone } from './support/mail';

/**
 * A customer who booked in Spanish (issue #40), on a phone: Stripe's page sends them back to
 * /es/payment-success, and /es/track-order finds the booking, e-mails the change-or-cancel link and
 * cancels it, every word in Spanish (the policy's refund shown before and after), the server's
 * answers too.
 */
test.use({ viewport: { width: 390, height: 844 } });

const outbox = path.resolve(e2eDataDir, 'outbox');

/** The change-or-cancel keys in the e-mails to `email`, oldest first (each new link replaces the last). */
function manageKeys(email: string, bookingNumber: string): string[] {
  const pattern = new RegExp(`booking=${bookingNumber}#key=([A-Za-z0-9_-]{43})`);
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((f) => f.includes(email))
    .sort()
    .map((f) => pattern.exec(mailText(readFileSync(path.join(outbox, f), 'utf8')))?.[1])
    .filter((key): key is string => Boolean(key));
}

// Words no Spanish sentence uses (as tests/e2e/translations.spec.ts reads built pages; here the islands' own words).
const ENGLISH = ['the', 'and', 'with', 'your', 'our', 'you', 'we', 'booking', 'paid', 'payment', 'pay', 'deposit', 'due', 'cancel', 'cancelled', 'change', 'move', 'track', 'order', 'waiver', 'sign', 'signed', 'photos', 'party', 'items', 'received', 'invoice', 'status', 'refund', 'free', 'sales', 'tax', 'still', 'of', 'to', 'by', 'on', 'not', 'yet', 'next', 'step', 'find'];

/** The English words left in the page's main column, after the stored product name (shown as stored). */
async function englishLeft(page: Page, stored: string[]): Promise<string[]> {
  let text = await page.locator('main').innerText();
  for (const s of stored) text = text.replaceAll(s, ' ');
  const tokens = new Set(text.toLowerCase().split(/[^a-záéíóúüñ]+/));
  return ENGLISH.filter((w) => tokens.has(w));
}

test('a Spanish booking’s Stripe payment comes back to /es/payment-success, in Spanish', async ({ page }) => {
  const booked = await placeTestBooking(page.request, { name: 'María Pago', product: 'giant-connect-four', language: 'es' });
  await page.goto(booked.paymentUrl!);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/es\/payment-success\?booking=/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Su pago' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Gracias, María: su pago de \$[\d,.]+ está hecho$/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Seguir su pedido' })).toHaveAttribute('href', `/es/track-order?booking=${booked.number}`);
  await expect(page.getByRole('link', { name: 'Firmar la exención' })).toHaveAttribute('href', new RegExp(`^/es/sign-waiver\\?booking=${booked.number}`));
  // The next step, signing the waiver, is on the phone's first screen with the payment it follows.
  await expect(page.getByRole('link', { name: 'Firmar la exención' })).toBeInViewport();
  expect(await englishLeft(page, ['Giant Connect Four'])).toEqual([]);
  await fitsThePhone(page, 'the payment page');
});

test('a Spanish customer finds their booking on /es/track-order and cancels it in Spanish', async ({ page }) => {
  const booked = await placeTestBooking(page.request, { name: 'Rosa Cancela', product: 'popcorn-machine', language: 'es' });
  await page.goto(booked.paymentUrl!);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: /^Gracias, Rosa/ })).toBeVisible({ timeout: 20_000 });

  // The lookup: a wrong contact gets the server's answer in Spanish, the right one the booking.
  await page.getByRole('link', { name: 'Seguir su pedido' }).click();
  await expect(page).toHaveURL(/\/es\/track-order\?booking=/);
  await expect(page.getByLabel('Número de reservación')).toHaveValue(booked.number);
  await page.getByLabel('Correo electrónico o teléfono').fill('alguien.mas@example.com');
  await page.getByRole('button', { name: 'Buscar mi reservación' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^No encontramos una reservación con ese número/);
  await page.getByLabel('Correo electrónico o teléfono').fill(booked.email);
  await page.getByRole('button', { name: 'Buscar mi reservación' }).click();
  await expect(page.getByRole('heading', { name: `Reservación ${booked.number}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pagos' })).toBeVisible();
  expect(await englishLeft(page, ['Popcorn Machine'])).toEqual([]);
  await fitsThePhone(page, 'the booking found');

  // The personal link by e-mail, then the booking's own page: the refund shown before confirming.
  const keysBefore = manageKeys(booked.email, booked.number).length;
  await page.getByRole('button', { name: 'Cambiar o cancelar' }).click();
  await expect(page.getByTestId('change-link-sent')).toContainText('Le enviamos por correo un enlace');
  await expect.poll(() => manageKeys(booked.email, booked.number).length, { timeout: 15_000 }).toBeGreaterThan(keysBefore);
  const key = manageKeys(booked.email, booked.number).at(-1)!;
  const paid = (await page.getByTestId('booking-paid').textContent())!.trim();
  await page.goto(`/es/track-order?booking=${booked.number}#key=${key}`);
  const card = page.getByTestId('manage-card');
  await expect(card.getByRole('heading', { name: 'Cambiar o cancelar su reservación' })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Cambiar a otra fecha u hora' })).toBeVisible();
  await expect(card.getByTestId('cancel-outcome')).toContainText(`Le reembolsaremos ${paid} a su tarjeta`);
  expect(await englishLeft(page, ['Popcorn Machine'])).toEqual([]);
  await fitsThePhone(page, 'the change-or-cancel card');
  await card.getByRole('button', { name: 'Cancelar mi reservación…' }).click();
  await card.getByRole('button', { name: 'Sí, cancelar mi reservación' }).click();

  const done = page.getByTestId('manage-cancelled');
  await expect(done.getByRole('heading', { name: 'Su reservación está cancelada' })).toBeVisible();
  // What the cancellation gave back is on screen where they confirmed, not a page away under the booking's heading.
  await expect(done).toBeInViewport();
  await expect(done).toContainText(`Le reembolsamos ${paid} a su tarjeta`);
  await expect(page.locator('article header').getByText('Cancelada', { exact: true })).toBeVisible();
  expect(await englishLeft(page, ['Popcorn Machine'])).toEqual([]);
  await fitsThePhone(page, 'the cancelled booking');
});

test('on /es/track-order a cancellation or a move that cannot reach the server says so in Spanish', async ({ page }) => {
  const booked = await placeTestBooking(page.request, { name: 'Elena Sinred', product: 'cotton-candy-machine', language: 'es' });
  // Paid: a booking still waiting for its deposit is changed by phone only.
  await page.goto(booked.paymentUrl!);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: /^Gracias, Elena/ })).toBeVisible({ timeout: 20_000 });
  await page.goto(`/es/track-order?booking=${booked.number}`);
  await expect(page.getByLabel('Número de reservación')).toHaveValue(booked.number);
  await page.getByLabel('Correo electrónico o teléfono').fill(booked.email);
  await page.getByRole('button', { name: 'Buscar mi reservación' }).click();
  const keysBefore = manageKeys(booked.email, booked.number).length;
  await page.getByRole('button', { name: 'Cambiar o cancelar' }).click();
  await expect.poll(() => manageKeys(booked.email, booked.number).length, { timeout: 15_000 }).toBeGreaterThan(keysBefore);
  await page.goto(`/es/track-order?booking=${booked.number}#key=${manageKeys(booked.email, booked.number).at(-1)!}`);
  const card = page.getByTestId('manage-card');
  await expect(card.getByRole('heading', { name: 'Cambiar o cancelar su reservación' })).toBeVisible();
  // The phone loses its connection as the customer confirms: a later end first, then the cancellation.
  await page.route(/\/api\/manage-booking\/(move|cancel)$/, (route) => route.abort('internetdisconnected'));
  const offline = 'No pudimos comunicarnos con nuestro sistema de reservaciones. Revise su conexión a internet e intente otra vez.';
  await card.locator('#move-end').selectOption('17:00');
  await expect(card.getByTestId('move-new-total')).toBeVisible({ timeout: 15_000 });
  await card.getByRole('button', { name: 'Cambiar mi reservación' }).click();
  await expect(card.getByRole('form').getByRole('alert')).toHaveText(offline);
  await card.getByRole('button', { name: 'Cancelar mi reservación…' }).click();
  await card.getByRole('button', { name: 'Sí, cancelar mi reservación' }).click();
  await expect(card.getByRole('group').getByRole('alert')).toHaveText(offline);
});
