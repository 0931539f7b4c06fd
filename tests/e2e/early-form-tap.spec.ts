import { expect, test, type Locator, type Route } from '@playwright/test';
import { dateFromToday } from './support/bookings';

/**
 * The customer forms that are sent once (contact, support, the quote request, a cake's order, in both
 * languages) on a phone, tapped the moment the visitor reaches them: before their island's script has
 * arrived. The page's form takes typing and taps at once, so the tap must send the form (with what was
 * typed) once the script is there, and the browser must never send the form itself (a page load with
 * what was typed in its address or body).
 *
 * The island's script is held back until after the tap, so "before the script" is a state the test
 * makes, not a race it hopes to win on a fast or slow machine.
 */
// No service worker: once the site's worker controls the page (it claims open pages as it activates), the
// page's requests go through it and the test could no longer hold the form's script back.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });

interface EarlyForm {
  path: string;
  testId: string;
  /** The island's own module (ContactForm.<hash>.js): without it the island cannot hydrate. */
  module: RegExp;
  button: string;
  success: string;
  /** Fills the form as the visitor would, before its script; returns what the sent form must show of it. */
  fill(form: Locator, email: string): Promise<string>;
}

const contactFields = (name: string, email: string, phone?: string) => async (form: Locator, address: string) => {
  await form.getByLabel(name).fill('Casey Early');
  if (phone) await form.getByLabel(phone).fill('(512) 555-0142');
  await form.getByLabel(email).fill(address);
};

const messageForm = (path: string, testId: string, button: string, message: string, success: string): EarlyForm => ({
  path,
  testId,
  module: /\/_astro\/ContactForm\.[\w-]+\.js$/,
  button,
  success,
  async fill(form, email) {
    await contactFields('Your name', 'E-mail')(form, email);
    await form.getByLabel(message).fill('Tapped before the page had finished loading.');
    return email;
  },
});

// A ZIP no area serves: the sent panel names it, so it shows the typed form was the one sent.
const quoteForm = (path: string, words: { kind: string; date: string; guests: string; zip: string; name: string; email: string; button: string; success: string; outside: string }): EarlyForm => ({
  path: `${path}?product=pink-castle-bounce-house`,
  testId: 'quote-request-form',
  module: /\/_astro\/QuoteRequestForm\.[\w-]+\.js$/,
  button: words.button,
  success: words.success,
  async fill(form) {
    await form.getByLabel(words.kind).selectOption('birthday');
    await form.getByLabel(words.date, { exact: true }).fill(dateFromToday(47));
    await form.getByLabel(words.guests).fill('30');
    await form.getByLabel(words.zip).fill('10001');
    await contactFields(words.name, words.email)(form, `early.tap+quote${path.replaceAll('/', '.')}@example.com`);
    return words.outside;
  },
});

// The largest size: the sent panel's total ($65 against the base $45) shows the typed choice was kept.
const cakeForm = (path: string, words: { size: string; pickup: string; name: string; phone: string; email: string; button: string; success: string }): EarlyForm => ({
  path,
  testId: 'cake-order-form',
  module: /\/_astro\/CakeOrderForm\.[\w-]+\.js$/,
  button: words.button,
  success: words.success,
  async fill(form, email) {
    await form.getByLabel(words.size).selectOption('24');
    await form.getByLabel(words.pickup).fill(dateFromToday(12));
    await contactFields(words.name, words.email, words.phone)(form, email);
    return '$65';
  },
});

const forms: EarlyForm[] = [
  messageForm('/contact', 'contact-form', 'Send message', 'Your message', 'Thanks, your message is on its way'),
  messageForm('/support', 'support-form', 'Send support request', 'How can we help?', 'Thanks, we have your support request'),
  quoteForm('/request-a-quote', { kind: 'Kind of event', date: 'Date', guests: 'About how many guests?', zip: 'ZIP code of the event', name: 'Your name', email: 'E-mail', button: 'Request my quote', success: 'Thank you! Your quote request is in', outside: 'ZIP 10001' }),
  quoteForm('/es/request-a-quote', { kind: 'Tipo de evento', date: 'Fecha', guests: '¿Cuántos invitados, más o menos?', zip: 'Código postal del evento', name: 'Su nombre', email: 'Correo electrónico', button: 'Pedir mi cotización', success: '¡Gracias! Recibimos su solicitud de cotización', outside: '10001' }),
  cakeForm('/products/classic-round-birthday-cake', { size: 'Size', pickup: 'Pickup date', name: 'Your name', phone: 'Phone', email: 'E-mail', button: 'Order this cake', success: 'Thank you! Your cake order is in' }),
  cakeForm('/es/products/classic-round-birthday-cake', { size: 'Tamaño', pickup: 'Fecha para recoger', name: 'Su nombre', phone: 'Teléfono', email: 'Correo electrónico', button: 'Ordenar este pastel', success: '¡Gracias! Recibimos su pedido de pastel' }),
];

for (const f of forms) {
  test(`${f.path}: a tap on the send button before the form's script has arrived sends the form`, async ({ page }) => {
    const held: Route[] = [];
    let holding = true;
    await page.route(f.module, (route) => (holding ? void held.push(route) : route.continue()));
    // Every page the browser asks for: a form the browser sent itself would be a second one.
    const pageLoads: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) pageLoads.push(`${request.method()} ${request.url()}`);
    });

    await page.goto(f.path, { waitUntil: 'domcontentloaded' });
    const form = page.getByTestId(f.testId);
    await form.scrollIntoViewIfNeeded();
    // Coming into view (or the page's load) asked for the script, which is held: the form on screen is the page's own.
    await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect(page.locator(`astro-island[ssr] [data-testid="${f.testId}"]`)).toBeAttached();

    const email = `early.tap+${f.testId}${f.path.startsWith('/es/') ? '.es' : ''}@example.com`;
    const shown = await f.fill(form, email);
    await form.getByRole('button', { name: f.button }).tap();

    // The tap is held, not sent by the browser: the page is where it was, loaded once.
    await expect(form.locator('form[data-submit-held]')).toBeAttached({ timeout: 30_000 });
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(f.path);

    holding = false;
    for (const route of held) await route.continue();

    // The island takes over with what was typed and sends it: no second tap.
    await expect(form.getByRole('heading', { name: f.success })).toBeVisible({ timeout: 30_000 });
    await expect(form).toContainText(shown);
    expect(pageLoads).toEqual([`GET ${new URL(f.path, page.url()).href}`]);
  });
}
