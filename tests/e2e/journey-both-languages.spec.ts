import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoSettings } from '../../supabase/seed/settings';
import { e2eDataDir, ownerStorageState } from '../support/e2e-env';
import { mailSubject, mailText } from '../support/mail-text';
import { pdfText } from '../support/pdf-text';
import { englishIn, spanishWords } from '../support/read-mail';
import { dateFromToday } from './support/bookings';
import { fitsThePhone } from './support/mail';
import { hydrated } from './support/page-states';
import { answerSetupSpot } from './support/setup-spot';

/**
 * Issue #40's whole journey, once in Spanish and once in English, on a phone (390 × 844): a visitor
 * arrives on a town's landing page (and switches to Spanish there), books a rental from it, pays the
 * deposit on Stripe's page, signs the waiver; then every e-mail they received, the invoice PDF and the
 * signed waiver's PDF are read as they would read them (the suite's MIME and PDF text helpers) and
 * hold no word of the other language; and the office sees the customer's language on the booking and,
 * per guest, the waiver's language, version and the SHA-256 of the exact text the signer had on screen.
 */
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const outbox = path.resolve(e2eDataDir, 'outbox');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

// One product on both journeys, each on a day of its own: its Spanish name is in the demo catalog.
const product = { slug: 'inflatable-axe-throw', en: 'Inflatable Axe Throw', es: 'Lanzamiento de Hachas Inflable' };
/** What the customer gives: stored as typed, so taken out before the words are read. */
const customer = { phone: '(512) 555-0177', street: '1401 Sunrise Rd', city: 'Round Rock' };
/** The business's own words (its name, address, e-mail) and the customer's, shown as stored in either language. */
const storedWords = [demoSettings.businessName, demoSettings.addressLine1, demoSettings.addressCity, demoSettings.email, product.en, customer.street, customer.city];

// Words a Spanish customer message has and an English one must not.
const SPANISH = ['su', 'sus', 'para', 'hola', 'gracias', 'reservación', 'fiesta', 'depósito', 'saldo', 'entrega', 'exención', 'firmada', 'factura', 'cuándo', 'dónde', 'pagado', 'recibimos'];
const spanishIn = (words: string): string[] => words.match(new RegExp(`(?<!\\p{L})(${SPANISH.join('|')})(?!\\p{L})`, 'giu')) ?? [];

const journeys = {
  es: {
    name: 'Lucía Ramírez',
    language: 'Spanish',
    toLanguage: async (page: Page) => {
      await page.getByRole('link', { name: 'Español', exact: true }).click();
      await expect(page).toHaveURL(/\/es\/interactive-games-round-rock-tx$/);
    },
    town: 'Renta de juegos interactivos en Round Rock, TX',
    productName: product.es,
    addToCart: `Agregar al carrito: ${product.es}`,
    added: `Agregado a su carrito: 1 × ${product.es}`,
    viewCart: /^Ver carrito/,
    cartHeading: 'Su carrito',
    zip: 'Código postal de la fiesta',
    toCheckout: 'Continuar al pago',
    checkoutHeading: 'Pago',
    fullName: 'Nombre completo',
    email: 'Correo electrónico',
    phone: 'Teléfono celular',
    street: 'Dirección',
    city: 'Ciudad',
    terms: /Acepto los términos de renta/,
    placeBooking: 'Reservar y pagar el depósito',
    paid: /^Gracias, Lucía: su pago de \$[\d,.]+ está hecho$/,
    signLink: 'Firmar la exención',
    signPath: /\/es\/sign-waiver\?booking=/,
    lookupEmail: 'Correo electrónico de la reservación',
    openWaiver: 'Abrir la exención',
    addGuest: 'Agregar un niño o invitado',
    guestName: 'Invitado 1: nombre',
    guestAge: /^Edad/,
    consent: /acepto firmarla electrónicamente/,
    typed: 'Escribir mi firma',
    typedName: 'Escriba su nombre completo como firma',
    sign: 'Firmar la exención',
    signed: 'Exención firmada',
    version: /^\d{4}-\d{2}-es(\.\d+)?$/,
    pdfHeading: 'Exención de seguridad firmada',
    /** The other language's words found in a text this customer reads (and a time written the English way). */
    otherLanguage: (text: string) => [...englishIn(text), ...(text.match(/\d:\d\d\s?[AP]M\b/g) ?? [])],
    invoiceTitle: /^Factura /m,
  },
  en: {
    name: 'Lucy Ramirez',
    language: 'English',
    toLanguage: async (page: Page) => {
      await expect(page.getByRole('link', { name: 'Español', exact: true })).toBeVisible();
    },
    town: 'Interactive Game Rentals in Round Rock, TX',
    productName: product.en,
    addToCart: `Add to cart: ${product.en}`,
    added: `Added to your cart: 1 × ${product.en}`,
    viewCart: /^View cart/,
    cartHeading: 'Your cart',
    zip: 'ZIP code of the party',
    toCheckout: 'Continue to checkout',
    checkoutHeading: 'Checkout',
    fullName: 'Full name',
    email: 'E-mail',
    phone: 'Mobile phone',
    street: 'Street address',
    city: 'City',
    terms: /I accept the rental terms/,
    placeBooking: 'Place booking and pay deposit',
    paid: /^Thank you, Lucy: your payment of \$[\d,.]+ is paid$/,
    signLink: 'Sign the waiver',
    signPath: /^http:\/\/[^/]+\/sign-waiver\?booking=/,
    lookupEmail: 'E-mail used for the booking',
    openWaiver: 'Open the waiver',
    addGuest: 'Add a child or guest',
    guestName: 'Guest 1: name',
    guestAge: 'Age (optional)',
    consent: /agree to sign it electronically/,
    typed: 'Type my signature',
    typedName: 'Type your full name as your signature',
    sign: 'Sign the waiver',
    signed: 'Waiver signed',
    version: /^\d{4}-\d{2}(\.\d+)?$/,
    pdfHeading: 'Signed Safety Waiver',
    otherLanguage: spanishIn,
    invoiceTitle: /^Invoice /m,
  },
} as const;

/** Every message in the outbox addressed to `email`, decoded as its reader reads it. */
const messagesTo = (email: string): { file: string; text: string }[] =>
  existsSync(outbox)
    ? readdirSync(outbox)
        .filter((file) => file.includes(email))
        .sort()
        .map((file) => ({ file, text: mailText(readFileSync(path.join(outbox, file), 'utf8')) }))
    : [];

async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...phone, storageState: ownerStorageState });
  return context.newPage();
}

for (const [language, w] of Object.entries(journeys) as [keyof typeof journeys, (typeof journeys)[keyof typeof journeys]][]) {
  test(`the whole journey in ${w.language}: a town page, booking, the waiver, every e-mail and PDF, and the office`, async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    const email = `journey.${language}.${Date.now()}@example.com`;
    // Each journey on days of its own, far enough ahead that no other spec books them.
    const date = dateFromToday((language === 'es' ? 120 : 121) + 2 * Math.floor(Math.random() * 90));

    // ── A town's landing page (and the switch to Spanish on it) ─────────────────────────────────────
    await page.goto('/interactive-games-round-rock-tx');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await w.toLanguage(page);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.town);
    await fitsThePhone(page, 'the town page');

    // ── The rental from the town page, into the cart, through checkout and Stripe's page ─────────────
    await page.getByRole('link', { name: w.productName }).first().click();
    await expect(page).toHaveURL(new RegExp(`${language === 'es' ? '/es' : ''}/products/${product.slug}$`));
    await page.goto(`${page.url()}?date=${date}&start=11:00&end=16:00`);
    await page.locator('#book').scrollIntoViewIfNeeded(); // the booking box hydrates as it comes into view
    await page.getByRole('button', { name: w.addToCart }).click();
    await expect(page.getByText(w.added)).toBeVisible();
    await page.getByRole('link', { name: w.viewCart }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: w.cartHeading })).toBeVisible();
    await page.getByLabel(w.zip).fill('78664');
    const price = page.locator('[aria-busy="false"]');
    const total = (await price.getByTestId('quote-total').textContent())!.trim();
    await page.getByRole('link', { name: w.toCheckout }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.checkoutHeading })).toBeVisible();
    await expect(price.getByTestId('quote-total')).toHaveText(total);
    await page.getByLabel(w.fullName).fill(w.name);
    await page.getByLabel(w.email, { exact: true }).fill(email);
    await page.getByLabel(w.phone).fill(customer.phone);
    await page.getByLabel(w.street, { exact: true }).fill(customer.street);
    await page.getByLabel(w.city).fill(customer.city);
    await answerSetupSpot(page);
    await page.getByLabel(w.terms).check();
    await fitsThePhone(page, 'checkout');
    await page.getByRole('button', { name: w.placeBooking }).click();
    await page.waitForURL(/\/pay\/cs_/);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/payment-success\?booking=/);
    const number = new URL(page.url()).searchParams.get('booking')!;
    await expect(page.getByRole('heading', { name: w.paid })).toBeVisible({ timeout: 20_000 });
    await fitsThePhone(page, 'the payment page');

    // ── The waiver, signed in the booking's language from the link on the payment page ───────────────
    await page.getByRole('link', { name: w.signLink }).click();
    await expect(page).toHaveURL(w.signPath);
    // The payment page knows the booking's number; the signer gives the booking's e-mail.
    await hydrated(page, 'waiver-signing');
    await page.getByLabel(w.lookupEmail).fill(email);
    await page.getByRole('button', { name: w.openWaiver }).click();
    await expect(page.getByTestId('waiver-booking-number')).toHaveText(number, { timeout: 15_000 });
    await page.getByRole('button', { name: w.addGuest }).click();
    await page.getByLabel(w.guestName).fill('Sofía Ramírez');
    await page.getByLabel(w.guestAge).fill('6');
    for (const rule of await page.getByRole('checkbox', { name: /^\d+\. / }).all()) await rule.check();
    await page.getByRole('checkbox', { name: w.consent }).check();
    await page.getByRole('radio', { name: w.typed }).check();
    await page.getByLabel(w.typedName).fill(w.name);
    const shownText = (await page.getByTestId('waiver-text').textContent())!;
    await fitsThePhone(page, 'the waiver');
    await page.getByRole('button', { name: w.sign, exact: true }).click();
    await expect(page.getByRole('heading', { name: w.signed })).toBeVisible({ timeout: 30_000 });
    const waiverPdf = await page.request.get((await page.getByTestId('waiver-pdf-link').getAttribute('href'))!);
    expect(waiverPdf.status()).toBe(200);
    const waiverLines = (await pdfText(new Uint8Array(await waiverPdf.body()))).lines;
    expect(waiverLines).toContain(w.pdfHeading);
    expect(waiverLines).toContain(sha256(shownText));
    expect(w.otherLanguage(spanishWords(waiverLines.join('\n'), [...storedWords, w.name, 'Sofía Ramírez'])), 'the waiver PDF').toEqual([]);

    // ── Every e-mail the customer received, and the invoice PDF their e-mail links to ────────────────
    // The booking's e-mail, the deposit's confirmation and the signed waiver's copy (the webhook and the
    // signing send them as they happen: wait for all three).
    await expect.poll(() => messagesTo(email).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    const mails = messagesTo(email);
    for (const { file, text } of mails) {
      // The names first (an address run would take a name's last word along), and the calendar's PRODID,
      // which names the software, not anything a reader sees.
      const named = [...storedWords, w.name, 'Sofía Ramírez', email].reduce((t, name) => t.replaceAll(name, ''), text);
      const words = spanishWords(named.replace(/^PRODID:.*$/gm, ''), []);
      expect(w.otherLanguage(words), `e-mail ${file} (${mailSubject(text)})`).toEqual([]);
      expect(w.otherLanguage(mailSubject(text)), `subject of ${file}`).toEqual([]);
      expect(mailSubject(text), file).toContain(number);
    }
    const invoiceLink = mails.map(({ text }) => /https?:\/\/\S+\/api\/bookings\/[^/\s]+\/invoice\?token=[\w-]+/.exec(text)?.[0]).find(Boolean);
    expect(invoiceLink, 'an e-mail links to the invoice').toBeTruthy();
    const invoice = await page.request.get(new URL(invoiceLink!).pathname + new URL(invoiceLink!).search);
    expect(invoice.status()).toBe(200);
    const invoiceText = (await pdfText(new Uint8Array(await invoice.body()))).lines.join('\n');
    expect(invoiceText).toMatch(w.invoiceTitle);
    expect(w.otherLanguage(spanishWords(invoiceText, [...storedWords, w.name, email])), 'the invoice PDF').toEqual([]);
    await context.close();

    // ── The office (in English): the customer's language, and what each guest signed ─────────────────
    const staff = await staffPage(browser);
    const id = ((await (await staff.request.get(`/api/admin/bookings?q=${number}`)).json()).items[0] as { id: string }).id;
    await staff.goto(`/admin/bookings/${id}`);
    await expect(staff.getByTestId('booking-language')).toHaveText(new RegExp(`^${w.language}: `));
    const signedText = staff.getByTestId('waiver-signed-text');
    await expect(signedText).toContainText(`${w.language}, version `);
    const [, version, hash] = /version (\S+) · SHA-256 ([0-9a-f]{64})/.exec((await signedText.textContent())!)!;
    expect(version).toMatch(w.version);
    expect(hash).toBe(sha256(shownText));
    await staff.context().close();
  });
}
