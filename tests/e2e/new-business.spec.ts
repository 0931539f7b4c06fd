import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { WAIVER_RULES } from '../../src/lib/waivers/waiver-text';
import { demoServiceAreas } from '../../supabase/seed/service-areas';
import { newBusinessDataDir, newBusinessOwner } from '../support/e2e-env';
import { mailText } from '../support/mail-text';
import { pdfText } from '../support/pdf-text';
import { signaturePng } from '../../src/cli/sample-png';
import { submitSignIn } from './support/admin';
import { dateFromToday, lookUpBooking, withCart } from './support/bookings';
import { humanChecked } from './support/human-check';
import { enrolTwoFactor } from './support/two-factor';
import { answerSetupSpot } from './support/setup-spot';

/**
 * "A new business" (issue #23): from an empty database (`START_EMPTY=true npm start`, a server of its
 * own: see playwright.config.ts), the owner of a bounce-house business in Columbus, Ohio signs in,
 * goes through the setup (25 miles around the warehouse), imports 30 products with photos from a CSV
 * and a zip, finds no demo to remove, and publishes. Then
 * the public site is that business — its name, its Ohio towns, its products and prices — and nothing
 * the site builds or sends (every page in the sitemap, the sitemap, the manifest, the JSON-LD in the
 * pages, a booking's e-mails, its invoice and a signed waiver) names the demo business or its state.
 */
const business = { name: 'Buckeye Bounce Co.', phone: '(614) 555-0199', email: 'hello@buckeye-bounce.example' };
const demoWords = ['Pink Flamingo', 'Round Rock', 'Austin', 'Texas', 'TX'];
/** Each demo word found in a text, as a word (so "TX" is not found inside "TXT" or a token). */
const demoWordsIn = (text: string) => demoWords.filter((w) => new RegExp(`\\b${w}\\b`).test(text));

/** Some of the Ohio towns within 25 miles of the Columbus warehouse (ZIP 43215), as the ZIP data names them. */
const ohioTowns = [
  { slug: 'columbus', city: 'Columbus' },
  { slug: 'dublin', city: 'Dublin' },
  { slug: 'westerville', city: 'Westerville' },
  { slug: 'grove-city', city: 'Grove City' },
];

test.describe.configure({ mode: 'serial' });

/** Its server starts beside the main one and is ready later (playwright.config.ts): the spec waits for it. */
const SERVER_START = 10 * 60_000;
test.beforeAll(async ({ request }) => {
  test.setTimeout(SERVER_START);
  await expect
    .poll(async () => (await request.get('/api/health').catch(() => null))?.status(), {
      message: 'the new business’s server answers /api/health (its output is the [WebServer] lines)',
      timeout: SERVER_START,
      intervals: [500, 1_000],
    })
    .toBe(200);
});

test('a new business in Columbus, Ohio: setup, 30 products, publish, and no trace of the demo', async ({ page }) => {
  test.setTimeout(25 * 60_000);
  const found: Record<string, string[]> = {};
  const scan = (where: string, text: string) => {
    const words = demoWordsIn(text);
    if (words.length) found[where] = words;
  };

  // The first owner (ADMIN_EMAIL/ADMIN_PASSWORD of the empty start) signs in and sets up two-step sign-in.
  await submitSignIn(page, newBusinessOwner);
  await expect(page).toHaveURL(/\/admin\/two-factor/, { timeout: 30_000 });
  await enrolTwoFactor(page, newBusinessOwner.password, 'Continue to the admin');
  await expect(page).toHaveURL(/\/admin$/, { timeout: 30_000 });

  // An empty start is not a business yet: the dashboard offers the setup, and the public site is "opening soon".
  await expect(page.getByRole('heading', { name: 'Finish setting up your business' })).toBeVisible();
  const before = await (await page.request.get('/')).text();
  expect(before).toContain('Opening soon');
  expect(before).toContain('noindex');
  await page.getByRole('link', { name: 'Make it yours' }).click();
  await expect(page).toHaveURL(/\/admin\/setup$/);

  const next = async (saved: string) => {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`${saved} saved.`)).toBeVisible();
  };
  await expect(page.getByText('Step 1 of 10: Business name and contact')).toBeVisible();
  await page.getByLabel('Business name').fill(business.name);
  await page.getByLabel('Tagline').fill('Bounce houses and water slides for central Ohio');
  await page.getByLabel('Phone').fill(business.phone);
  await page.getByLabel('E-mail').fill(business.email);
  // A look at another step and back keeps what was typed and not yet saved.
  const steps = page.getByRole('navigation', { name: 'Setup steps' });
  await steps.getByRole('button', { name: /^2\. / }).click();
  await expect(page.getByText('Step 2 of 10: Address and time zone')).toBeVisible();
  await steps.getByRole('button', { name: /^1\. / }).click();
  await expect(page.getByLabel('Business name')).toHaveValue(business.name);
  await expect(page.getByLabel('Phone')).toHaveValue(business.phone);
  await next('Business name and contact');

  await page.getByLabel('Street address').fill('100 N High St');
  await page.getByLabel('City').fill('Columbus');
  await page.getByLabel('State').fill('oh');
  // A wrong ZIP is refused at its field, and nothing moves on.
  await page.getByLabel('ZIP code').fill('4321');
  await page.getByLabel('Time zone').selectOption('America/New_York');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Enter a 5-digit ZIP code')).toBeVisible();
  await page.getByLabel('ZIP code').fill('43215');
  // A zone Ohio does not keep is refused at the time-zone field, the state named.
  await page.getByLabel('Time zone').selectOption('America/Chicago');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Time zone')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Ohio uses Eastern time: choose Eastern (New York), Eastern (Detroit), Eastern (Indianapolis) or Eastern (Louisville).')).toBeVisible();
  await page.getByLabel('Time zone').selectOption('America/New_York');
  await next('Address and time zone');

  await page.getByLabel('Colour code').fill('#1d4ed8');
  await next('Logo and brand colour');

  await page.getByLabel('Warehouse street address').fill('200 Warehouse Way');
  await page.getByLabel('Warehouse city').fill('Columbus');
  await page.getByLabel('Warehouse state').fill('OH');
  await page.getByLabel('Warehouse ZIP code').fill('43215');
  await next('Warehouse');

  // Service area: every town within 25 miles of the warehouse, from the ZIP data, the fee by distance band.
  await expect(page.getByText('Towns you deliver to now (0)')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Add at least one service area: the site takes bookings only where you deliver.').first()).toBeVisible();
  await page.getByLabel('Radius (miles)').fill('25');
  await page.getByLabel('Sales tax for these towns (%)').fill('7.5');
  await page.getByRole('button', { name: 'Preview towns' }).click();
  // The preview reads the ZIP data on its first use: on a busy machine that takes longer than an expectation's 5 s.
  await expect(page.getByRole('button', { name: /^Apply \d+ towns$/ })).toBeVisible({ timeout: 60_000 });
  for (const town of ohioTowns) await expect(page.getByRole('checkbox', { name: `${town.city}, OH` })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^Cincinnati/ })).toHaveCount(0);
  await page.getByRole('button', { name: /^Apply \d+ towns$/ }).click();
  await expect(page.getByText(/Service areas saved: \d+ added, 0 updated\./)).toBeVisible();
  await expect(page.getByTestId('setup-areas')).toContainText('Dublin, OH');
  await next('Service area');

  // The Tax step starts from the rate just given to the towns: Next keeps them at it.
  await expect(page.getByLabel('Sales tax rate (%)')).toHaveValue('7.5');
  await next('Tax');
  await page.getByLabel('Full deposit refund until (days before the event)').fill('14');
  await next('Deposit and cancellation policy');
  await next('Opening hours');
  await page.getByRole('radio', { name: /Pay later/ }).check();
  await next('Payment mode');

  // Coming back later opens the review: every step is saved.
  await page.goto('/admin/setup');
  await expect(page.getByText('Step 10 of 10: Review and finish')).toBeVisible();
  // Nothing to remove on an empty start (the removal itself is tested on the demo: tests/integration/admin-setup.test.ts).
  await expect(page.getByText('There is no demo data left: everything in the admin is yours.')).toBeVisible();

  // 30 products with photos: one CSV and a zip of the photos, checked, then imported.
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Import' }).click();
  const photo = new Uint8Array(Buffer.from(signaturePng(64, 48).split(',')[1]!, 'base64'));
  const rows = Array.from({ length: 30 }, (_, k) => k + 1).map(
    (i) => `Buckeye Castle ${i},Bounce houses,Our Buckeye Castle ${i} fits most Columbus backyards and comes with a blower; stakes and a tarp.,${200 + i},1,grass,castle-${i}.png`,
  );
  const csv = ['name,category,description,price,units,surfaces,photos', ...rows].join('\n');
  const zip = Buffer.from(zipSync(Object.fromEntries(Array.from({ length: 30 }, (_, k) => [`castle-${k + 1}.png`, photo]))));
  await page.getByLabel('CSV file').setInputFiles({ name: 'catalog.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByLabel('Photos (zip, optional)').setInputFiles({ name: 'photos.zip', mimeType: 'application/zip', buffer: zip });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Every row is valid' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Import 30 products' }).click();
  await expect(page.getByText('Imported 30 products.')).toBeVisible({ timeout: 60_000 });

  // Issue #36 (its own block): a product without a photo, in a category of its own, before the publish.
  await test.step('issue 36: one product without a photo in a new category', () => importProductWithoutPhoto(page));

  // Finish: the setup is done and the site is published (the local build hook rebuilds it).
  await page.goto('/admin/setup');
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: /setting up|Make it yours/ })).toHaveCount(0);
  await expect(async () => {
    const home = await (await page.request.get('/')).text();
    expect(home).toContain(business.name);
    expect(home).not.toContain('Opening soon');
  }).toPass({ timeout: 12 * 60_000, intervals: [10_000] });

  // The public site is the new business: its name, its products and prices, its Ohio towns.
  await page.goto('/');
  await expect(page).toHaveTitle(new RegExp(business.name));
  // The deposit as checkout charges it: the starting 25 %, with no minimum to name (it starts at $0).
  await expect(page.getByText(/^Pay a 25 % deposit by phone at /)).toBeVisible();
  await expect(page.getByText(/at least \$0/)).toHaveCount(0);
  await page.goto('/products');
  await expect(page.getByText('Buckeye Castle 30').first()).toBeVisible();
  await page.goto('/products/buckeye-castle-7');
  await expect(page.getByRole('heading', { name: 'Buckeye Castle 7', level: 1 })).toBeVisible();
  await expect(page.getByText('$207').first()).toBeVisible();
  await page.goto('/service-areas');
  for (const town of ohioTowns) await expect(page.getByText(town.city).first()).toBeVisible();
  // Every served town has its pages from the service-area data.
  for (const town of ohioTowns) {
    const cityPage = await page.request.get(`/locations/${town.slug}`);
    expect(cityPage.status(), `/locations/${town.slug}`).toBe(200);
    expect(await cityPage.text()).toContain(`${town.city}, OH`);
    expect((await page.request.get(`/bounce-houses-${town.slug}-oh`)).status(), `/bounce-houses-${town.slug}-oh`).toBe(200);
  }

  // Every page the sitemap lists, the sitemap itself and the web manifest (JSON-LD is in the pages).
  const sitemapIndex = await (await page.request.get('/sitemap-index.xml')).text();
  scan('/sitemap-index.xml', sitemapIndex);
  const pageUrls: string[] = [];
  for (const sitemap of locs(sitemapIndex)) {
    const xml = await (await page.request.get(new URL(sitemap).pathname)).text();
    scan(new URL(sitemap).pathname, xml);
    pageUrls.push(...locs(xml));
  }
  expect(pageUrls.length).toBeGreaterThan(30);
  expect(pageUrls.some((u) => u.endsWith('/products/buckeye-castle-1'))).toBe(true);
  for (const url of pageUrls) {
    const res = await page.request.get(new URL(url).pathname);
    expect.soft(res.status(), url).toBe(200);
    scan(new URL(url).pathname, await res.text());
  }
  scan('/manifest.webmanifest', await (await page.request.get('/manifest.webmanifest')).text());

  // Issue #36 (its own block): the sitemap's pages name no town outside the service area, link only to
  // pages that exist, and every picture on the catalog pages loads.
  await test.step('issue 36: no demo town, no broken link, no broken image', () => publicSiteReadsRight(page, pageUrls));

  // A booking: its e-mails, its invoice and a signed waiver.
  const email = `ohio.parent.${randomUUID().slice(0, 8)}@example.com`;
  const booked = await book(page.request, email);
  const number = booked.bookingNumber as string;

  // ── Issue 36: the booking-number prefix is the business's own ──────────────────────────────────
  // Proposed from "Buckeye Bounce Co." in the setup's first step (BB), never the demo's PF; the
  // forms' hints and the invoice number use it too.
  expect(number).toMatch(/^BB-[2-9A-HJKMNP-Z]{6}$/);
  expect(await (await page.request.get('/track-order')).text()).toContain('like BB-7K3Q9X');
  expect(await (await page.request.get('/sign-waiver')).text()).toContain('It looks like BB-7K3Q9X');
  // ── end of issue 36's block ───────────────────────────────────────────────────────────────────
  const signed = await page.request.post('/api/waivers', await humanChecked({
    data: {
      submissionId: randomUUID(), website: '', access: { bookingNumber: number, email },
      waiverVersion: (await (await page.request.get(`/api/waivers/context?booking=${number}&email=${encodeURIComponent(email)}`)).json()).waiverVersion,
      signerName: 'Olivia Parent', signerEmail: email, adults: [{ name: 'Olivia Parent' }], guests: [{ name: 'Owen Parent', age: 7 }],
      acknowledged: Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true])), consent: true, signatureKind: 'typed', typedSignature: 'Olivia Parent',
    },
  }));
  expect(signed.status()).toBe(201);

  const bookingId = (await (await page.request.get(`/api/admin/bookings?q=${number}`)).json()).items[0].id as string;
  const invoice = await page.request.get(`/api/admin/bookings/${bookingId}/invoice`);
  expect(invoice.status()).toBe(200);
  const invoiceText = (await pdfText(new Uint8Array(await invoice.body()))).lines.join('\n');
  expect(invoiceText).toContain(business.name);
  scan('invoice PDF', invoiceText);
  const waivers = (await (await page.request.get(`/api/admin/waivers?q=${number}`)).json()).items as { pdfUrl: string }[];
  const waiverPdf = await page.request.get(waivers[0]!.pdfUrl);
  expect(waiverPdf.status()).toBe(200);
  scan('signed waiver PDF', (await pdfText(new Uint8Array(await waiverPdf.body()))).lines.join('\n'));

  // The local outbox (no SMTP here): every message to the customer and to the business about it.
  const outbox = path.resolve(newBusinessDataDir, 'outbox');
  await expect(async () => {
    const mails = existsSync(outbox) ? readdirSync(outbox).map((f) => [f, mailText(readFileSync(path.join(outbox, f), 'utf8'))] as const).filter(([, m]) => m.includes(number) || m.includes(email)) : [];
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const [file, mail] of mails) scan(`e-mail ${file}`, mail);
  }).toPass({ timeout: 60_000 });

  expect(found, 'demo words found (where → which)').toEqual({});
});

// ---- Pay-later checkout words (issue #36, credit and pay-later part): a block of its own, after the
// setup above chose "Pay later" on a server without Stripe.
test('pay later: the checkout says what happens next, and the success and tracking pages ask for the deposit by phone', async ({ page }) => {
  test.setTimeout(3 * 60_000);
  const email = `ohio.later.${randomUUID().slice(0, 8)}@example.com`;
  await withCart(page, {
    item: { product: 'buckeye-castle-8', name: 'Buckeye Castle 8', fromPriceCents: 20_800, image: '' },
    event: { date: dateFromToday(40 + Math.floor(Math.random() * 100)), start: '11:00', end: '16:00' },
    zip: '43215',
    damageWaiver: false,
  });
  await page.goto('/checkout');
  const deposit = (await page.locator('[aria-busy="false"]').getByTestId('quote-deposit').textContent())!.trim();
  // Nothing is paid online: no "due today", no payment page, and how the deposit is paid instead.
  await expect(page.getByText(/due today/i)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Place booking', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /pay deposit/i })).toHaveCount(0);
  const next = page.getByTestId('checkout-next');
  await expect(next).toContainText(`Nothing is charged now. We e-mail you the booking; to confirm it, pay your ${deposit} deposit by phone at ${business.phone}.`);
  await expect(next).not.toContainText('Stripe');

  await page.getByLabel('Full name').fill('Olivia Later');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mobile phone').fill('(614) 555-0143');
  await page.getByLabel('Street address').fill('55 E Long St');
  await page.getByLabel('City').fill('Columbus');
  await answerSetupSpot(page);
  await page.getByLabel(/I accept the rental terms/).check();
  await page.getByRole('button', { name: 'Place booking', exact: true }).click();

  await page.waitForURL(/\/booking-success\?booking=/);
  const number = new URL(page.url()).searchParams.get('booking')!;
  await expect(page.getByTestId('deposit-to-pay')).toContainText(`Pay your ${deposit} deposit to confirm the booking: call us at ${business.phone}`);
  await lookUpBooking(page, number, email);
  await expect(page.getByTestId('booking-deposit-due')).toHaveText(deposit);
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
});
// ---- end of the pay-later block

/** The `<loc>` addresses of a sitemap. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

/** A booking in Columbus through the public API, on one of a few days ahead. */
async function book(request: APIRequestContext, email: string) {
  for (let attempt = 0; attempt < 4; attempt++) {
    const response = await request.post('/api/bookings', await humanChecked({
      data: {
        items: [{ product: 'buckeye-castle-7', quantity: 1 }],
        event: { date: dateFromToday(30 + attempt * 7), start: '11:00', end: '16:00' },
        customer: { name: 'Olivia Parent', email, phone: '(614) 555-0142' },
        address: { line1: '55 E Long St', city: 'Columbus', state: 'OH', zip: '43215', surface: 'grass' },
        acceptTerms: true,
      },
    }));
    if (response.status() === 201) return (await response.json()) as Record<string, unknown>;
    expect([400, 409], await response.text()).toContain(response.status());
  }
  throw new Error('Could not book in Columbus');
}

// ---------------------------------------------------------------- issue #36: the public site reads right for this catalog

/** The photo-less product and its new category (CSV import makes it a rental category with no image). */
const unphotographed = { name: 'Foam Party Machine', slug: 'foam-party-machine', category: 'Foam Parties', categorySlug: 'foam-parties' };

async function importProductWithoutPhoto(page: Page) {
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Import' }).click();
  const csv = ['name,category,description,price,units,surfaces,photos', `${unphotographed.name},${unphotographed.category},A foam cannon for summer parties on the lawn.,150,1,grass,`].join('\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'foam.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Every row is valid' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Import 1 product' }).click();
  await expect(page.getByText('Imported 1 product.')).toBeVisible({ timeout: 60_000 });
}

/** A page's HTML without its scripts and styles (a town in an inline script is not a sentence on the page). */
const withoutCode = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/gi, ' ').replace(/<style\b[\s\S]*?<\/style>/gi, ' ');

async function publicSiteReadsRight(page: Page, pageUrls: string[]) {
  const paths = [...new Set(pageUrls.map((u) => new URL(u).pathname))];
  // This business's own towns (one location page each): a demo town that is also one of them may be named.
  const served = new Set(paths.flatMap((p) => /^\/locations\/([^/]+)$/.exec(p)?.[1] ?? []));
  expect(served.size).toBeGreaterThan(3);
  const demoTowns = demoServiceAreas.filter((a) => !served.has(a.slug)).map((a) => ({ city: a.city, pattern: new RegExp(`\\b${a.city}\\b`) }));
  expect(demoTowns.length).toBeGreaterThan(20);

  const townsFound: Record<string, string[]> = {};
  const links = new Map<string, string>();
  for (const path of paths) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const towns = demoTowns.filter((t) => t.pattern.test(html)).map((t) => t.city);
    if (towns.length) townsFound[path] = towns;
    for (const [, href] of withoutCode(html).matchAll(/\shref="([^"]*)"/g)) {
      const target = href!.replace(/&amp;/g, '&');
      if (!target.startsWith('/') || target.startsWith('//')) continue;
      const address = target.split('#')[0]!;
      if (address && !links.has(address)) links.set(address, path);
    }
  }
  expect(townsFound, 'demo towns named on a sitemap page (page → towns)').toEqual({});

  // Every internal link once (the first page that has it is named when it fails).
  expect(links.size).toBeGreaterThan(50);
  const broken: string[] = [];
  for (const [address, from] of links) {
    const response = await page.request.get(address, { maxRedirects: 5 });
    if (response.status() !== 200) broken.push(`${address} (${response.status()}) on ${from}`);
  }
  expect(broken, 'internal links that do not answer 200').toEqual([]);

  // The category of the photo-less product: listed, with its placeholder, and it has landing pages of its own.
  expect(paths).toContain(`/products/${unphotographed.slug}`);
  for (const path of ['/', '/products', '/products/buckeye-castle-7', `/products/${unphotographed.slug}`, '/categories', `/products?category=${unphotographed.categorySlug}`]) {
    await page.goto(path);
    const broken = await page.evaluate(async () => {
      const images = [...document.images];
      // Lazy pictures below the fold load now, so every one is checked.
      for (const image of images) image.loading = 'eager';
      await Promise.all(images.map((image) => (image.complete ? null : new Promise((resolve) => { image.addEventListener('load', resolve); image.addEventListener('error', resolve); }))));
      return images.filter((image) => image.naturalWidth === 0).map((image) => image.currentSrc || image.src);
    });
    expect(broken, `images that do not load on ${path}`).toEqual([]);
    expect(await page.locator('img').count(), `images on ${path}`).toBeGreaterThan(0);
  }
  await page.goto(`/products/${unphotographed.slug}`);
  await expect(page.getByRole('img', { name: `${unphotographed.name}: no photo yet` }).first()).toBeVisible();
}
