import { expect, test, type Page } from '@playwright/test';
import { dateFromToday } from './support/bookings';
import { newestMail } from './support/mail';
import { hydrated } from './support/page-states';
import { expectNoAxeViolations } from './support/axe';

/**
 * The public forms in Spanish (issue #40), on a phone: a quote request from /es/request-a-quote and a
 * cake order from a cake's Spanish product page. The browser's own check and the server's answer both
 * speak Spanish, and what was sent is acknowledged in Spanish (the request records the page's language).
 */
test.use({ viewport: { width: 390, height: 844 } });

const expectAccessible = (page: Page, state: string, scope: string) => expectNoAxeViolations(page, { state, scope });

test('a quote request from /es/request-a-quote: errors in Spanish, the server’s too, then acknowledged in Spanish', async ({ page }) => {
  const email = `cotizacion-${Date.now()}@example.com`;
  const response = await page.goto('/es/request-a-quote?product=pink-castle-bounce-house');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const form = await hydrated(page, 'quote-request-form');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pida una cotización');
  // The rentals by their Spanish names, as the catalog shows them.
  await expect(page.getByRole('list', { name: 'Rentas en su lista' })).toContainText('Brincolín Castillo Rosa');
  await expect(page.getByRole('option', { name: /^Brincolín Castillo Rosa \(desde \$150/ })).toHaveCount(1);
  await expect(page.getByRole('option', { name: /^Pink Castle Bounce House/ })).toHaveCount(0);

  // The browser's check of the shared schema, in Spanish, at each field.
  await page.getByRole('button', { name: 'Pedir mi cotización' }).click();
  await expect(form.getByText('Elija el tipo de evento')).toBeVisible();
  await expect(form.getByText('Escriba un código postal de 5 dígitos')).toBeVisible();
  await expect(page.getByLabel('Tipo de evento')).toBeFocused();
  await expectAccessible(page, 'Spanish quote form, with errors', '[data-testid="quote-request-form"]');

  await page.getByLabel('Tipo de evento').selectOption('birthday');
  await page.getByLabel('Fecha', { exact: true }).fill(dateFromToday(44));
  await page.getByLabel('¿Cuántos invitados, más o menos?').fill('40');
  await page.getByLabel('Código postal del evento').fill('78664');
  await page.getByLabel('Su nombre').fill('Lucía Herrera');
  await page.getByLabel('Correo electrónico').fill(email);

  // A refusal only the server makes (a date further ahead than the business takes) comes back in Spanish at its field.
  await page.getByLabel('Fecha', { exact: true }).fill(dateFromToday(800));
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/quotes') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Pedir mi cotización' }).click();
  expect((await refused).status()).toBe(400);
  await expect(form.getByText(/^Aceptamos solicitudes con hasta \d+ días de anticipación/)).toBeVisible();

  await page.getByLabel('Fecha', { exact: true }).fill(dateFromToday(44));
  await page.getByRole('button', { name: 'Pedir mi cotización' }).click();
  await expect(page.getByRole('heading', { name: '¡Gracias! Recibimos su solicitud de cotización' })).toBeVisible({ timeout: 30_000 });
  const quoteNumber = (await page.getByTestId('quote-number').textContent())!;
  expect(quoteNumber).toMatch(/^Q-[A-Z0-9]{6}$/);
  await expect(page.getByRole('link', { name: 'Abrir la página de su cotización' })).toHaveAttribute('href', `/es/hi/${quoteNumber}`);
  await expectAccessible(page, 'Spanish quote form, sent', '[data-testid="quote-request-form"]');

  // Sent from the Spanish page: acknowledged in Spanish; the business is told to answer in Spanish.
  // (The business's notice names the customer's address too: the acknowledgement is found by its own words.)
  const acknowledgement = await newestMail(email, 'Revisamos la disponibilidad para su fecha');
  expect(acknowledgement).toContain(`Su página personal para esta cotización: http://localhost`);
  expect(acknowledgement).toContain(`/es/hi/${quoteNumber}`);
  const notice = await newestMail('hello@pinkflamingo.example', `New quote request ${quoteNumber}`);
  expect(notice).toContain('Sent from the Spanish page');
});

test('the setup spot on /es/request-a-quote: its questions, their help and a refusal in Spanish', async ({ page }) => {
  await page.goto('/es/request-a-quote?product=tropical-splash-water-slide');
  await hydrated(page, 'quote-request-form');
  const spot = page.getByTestId('site-questions');
  await expect(spot.getByText('Unas preguntas sobre el lugar')).toBeVisible();
  const ground = spot.getByLabel('¿Cómo es el suelo donde instalamos?');
  await expect(ground).toHaveAccessibleDescription(/^Donde se instalará la unidad\./);
  await expect(ground.getByRole('option', { name: 'Concreto' })).toHaveCount(1);
  await ground.selectOption('concrete');
  await expect(ground).toHaveAccessibleDescription(/Resbaladilla de Agua Tropical de 18 pies no se puede instalar sobre concreto\. Necesita pasto o pasto artificial\./);
  await expect(spot.getByLabel(/^¿Hay un enchufe a menos de 75 pies del lugar/)).toBeVisible();
  // Nothing in the section is left in English.
  expect(await spot.innerText()).not.toMatch(/\b(the|spot|ground|outlet|gate|stairs|needs|can’t|Choose|Yes|Not sure)\b/);
  await expectAccessible(page, 'Spanish quote form, setup spot refused', '[data-testid="site-questions"]');
});

test('a cake order from a cake’s Spanish page: errors in Spanish, then acknowledged in Spanish', async ({ page }) => {
  const email = `pastel-${Date.now()}@example.com`;
  const response = await page.goto('/es/products/classic-round-birthday-cake');
  expect(response?.status()).toBe(200);
  const form = await hydrated(page, 'cake-order-form');
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByTestId('cake-price')).toHaveText('$45');
  await expectAccessible(page, 'Spanish cake form, empty', '[data-testid="cake-order-form"]');

  // Hydrated (above): the island answers the first tap, so one is enough.
  await form.getByRole('button', { name: 'Ordenar este pastel' }).click();
  await expect(form.getByText('Elija la fecha para recoger')).toBeVisible();
  await expect(form.getByText('Escriba su nombre completo')).toBeVisible();
  await expectAccessible(page, 'Spanish cake form, with errors', '[data-testid="cake-order-form"]');

  await form.getByLabel('Tamaño').selectOption('24');
  await form.getByLabel('Relleno').selectOption('chocolate-ganache');
  await expect(form.getByTestId('cake-price')).toHaveText('$77');
  await expect(form.getByText('Relleno de ganache de chocolate')).toBeVisible();
  await form.getByLabel('Mensaje en el pastel (opcional)').fill('¡Feliz cumpleaños, Sofía!');
  await form.getByLabel('Su nombre').fill('Sofía Martínez');
  await form.getByLabel('Teléfono').fill('(512) 555-0177');
  await form.getByLabel('Correo electrónico').fill(email);

  // A date inside the baking lead time: the server's refusal in Spanish, its earliest date written in Spanish too.
  await expect(form.getByText(/^La fecha más próxima para recoger es .+ de .+ de \d{4}\.$/)).toBeVisible();
  await form.getByLabel('Fecha para recoger').fill(dateFromToday(1));
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/cake-orders') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Ordenar este pastel' }).click();
  expect((await refused).status()).toBe(400);
  await expect(form.getByText(/^Necesitamos \d+ días? para hornear su pastel: elija el \d{1,2} de [a-z]+ de \d{4} o después$/)).toBeVisible();

  await form.getByLabel('Fecha para recoger').fill(dateFromToday(13));
  await form.getByRole('button', { name: 'Ordenar este pastel' }).click();

  await expect(form.getByRole('heading', { name: '¡Gracias! Recibimos su pedido de pastel' })).toBeVisible({ timeout: 30_000 });
  const orderNumber = (await form.getByTestId('cake-order-number').textContent())!;
  expect(orderNumber).toMatch(/^CK-[A-Z0-9]{6}$/);
  await expect(form).toContainText('Total del pastel: $77');
  await expectAccessible(page, 'Spanish cake form, sent', '[data-testid="cake-order-form"]');

  const acknowledgement = await newestMail(email, 'Nuestra repostera revisa cada pedido');
  expect(acknowledgement).toContain(`Número de pedido: ${orderNumber}`);
  expect(acknowledgement).toContain('Total del pastel: $77');
  const notice = await newestMail('hello@pinkflamingo.example', `New cake order ${orderNumber}`);
  expect(notice).toContain('Ordered on the Spanish page');
});
