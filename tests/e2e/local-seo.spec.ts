import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

/**
 * Local SEO pages: the /{service}-{city}-{state} landing pages, /locations, the city pages, the
 * per-city planning checklists, /service-areas with its ZIP lookup, /seo-pages, robots.txt and
 * the sitemap. Figures (fees, ZIP codes) are the demo business's seeded service areas.
 */

const LANDING = /^\/[a-z0-9]+(?:-[a-z0-9]+)*-[a-z]{2}$/;

async function landingLinks(page: Page): Promise<{ href: string; text: string }[]> {
  await page.goto('/seo-pages');
  const links = await page
    .getByRole('main')
    .locator('a[href]')
    .evaluateAll((anchors) => anchors.map((a) => ({ href: a.getAttribute('href') ?? '', text: (a.textContent ?? '').trim() })));
  return links.filter((l) => LANDING.test(l.href));
}

/** The visible text of <main>, with the given city names blanked out. */
async function mainTextWithout(page: Page, path: string, names: string[]): Promise<string> {
  await page.goto(path);
  let text = await page.getByRole('main').innerText();
  for (const name of names) text = text.replaceAll(name, 'CITY');
  return text;
}

test('/seo-pages lists every service in every served city, and the location pages', async ({ page }) => {
  const links = await landingLinks(page);
  expect(new Set(links.map((l) => l.href)).size).toBeGreaterThanOrEqual(216);
  expect(links.map((l) => l.href)).toEqual(expect.arrayContaining(['/bounce-houses-round-rock-tx', '/water-slides-cedar-park-tx', '/cakes-wimberley-tx']));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Local pages');
  await expect(page.getByRole('link', { name: 'All locations by county' })).toHaveAttribute('href', '/locations');
  await expect(page.getByRole('link', { name: 'Party rentals in Cedar Park, TX' })).toHaveAttribute('href', '/locations/cedar-park');
});

test('every landing page answers 200 with an h1 naming its service and city', async ({ page, request }) => {
  test.setTimeout(180_000);
  const links = await landingLinks(page);
  expect(links.length).toBeGreaterThanOrEqual(216);
  const failures: string[] = [];
  for (const { href, text } of links) {
    const response = await request.get(href);
    const html = await response.text();
    const h1s = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').trim());
    // The index's link text is "{Service headline} in {City}, {ST}"; the page's only h1 says the same.
    if (response.status() !== 200) failures.push(`${href}: status ${response.status()}`);
    else if (h1s.length !== 1 || h1s[0] !== text) failures.push(`${href}: h1 ${JSON.stringify(h1s)}, expected "${text}"`);
    else if (!/ in [A-Z][A-Za-z .'-]+, [A-Z]{2}$/.test(text)) failures.push(`${href}: h1 "${text}" names no city`);
  }
  expect(failures).toEqual([]);
});

test('a landing page names the service and city and is built from the city’s facts', async ({ page }) => {
  const response = await page.goto('/water-slides-cedar-park-tx');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Water Slide Rentals in Cedar Park, TX');
  const main = page.getByRole('main');
  await expect(main).toContainText('Delivery to Cedar Park is $30 per booking');
  await expect(main).toContainText('about 20 minutes from our Round Rock warehouse');
  await expect(main).toContainText('78613');
  // Water slides carry the city's summer note.
  await expect(main).toContainText('Veterans Memorial Pool');
  await expect(page).toHaveTitle(/^Water Slide Rentals in Cedar Park, TX/);

  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = jsonLd.map((j) => JSON.parse(j) as { '@type': string; provider?: { '@id': string }; areaServed?: { name: string } });
  expect(types.map((t) => t['@type'])).toEqual(expect.arrayContaining(['BreadcrumbList', 'Service']));
  const service = types.find((t) => t['@type'] === 'Service')!;
  expect(service.provider?.['@id']).toMatch(/\/#business$/);
  expect(service.areaServed?.name).toBe('Cedar Park, TX');
});

test('two cities’ pages for one service differ in more than the city name', async ({ page }) => {
  const names = ['Cedar Park', 'Salado'];
  const cedarPark = await mainTextWithout(page, '/water-slides-cedar-park-tx', names);
  const salado = await mainTextWithout(page, '/water-slides-salado-tx', names);
  expect(cedarPark).not.toBe(salado);
  // Real differences: fee, minimum order, county, terrain.
  expect(cedarPark).toContain('$30 per booking');
  expect(salado).toContain('$55 per booking');
  expect(salado).toContain('start at $200');
  expect(salado).toContain('Bell County');
  expect(cedarPark).toContain('Williamson County');
  expect(cedarPark).toContain('limestone');
});

test('a landing page links to the same service in neighbouring cities, the city page, the listing and booking', async ({ page, request }) => {
  await page.goto('/bounce-houses-cedar-park-tx');
  const nearby = page.getByRole('region', { name: 'Bounce House Rentals near Cedar Park' });
  const hrefs = await nearby.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs).toEqual(expect.arrayContaining(['/bounce-houses-leander-tx', '/bounce-houses-round-rock-tx']));
  for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);

  await expect(page.getByRole('link', { name: 'Everything we deliver to Cedar Park' })).toHaveAttribute('href', '/locations/cedar-park');
  await expect(page.getByRole('link', { name: 'Browse bounce houses' })).toHaveAttribute('href', '/products?category=bounce-houses');
  await expect(page.getByRole('link', { name: 'Request a quote' })).toHaveAttribute('href', '/request-a-quote');

  await nearby.getByRole('link', { name: 'Bounce House Rentals in Leander, TX' }).click();
  await expect(page).toHaveURL(/\/bounce-houses-leander-tx$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bounce House Rentals in Leander, TX');
});

test('/locations lists every city by county with its delivery fee', async ({ page }) => {
  const response = await page.goto('/locations');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Locations we deliver to');
  const williamson = page.getByRole('region', { name: 'Williamson County' });
  await expect(williamson.getByRole('link', { name: 'Cedar Park, TX' })).toHaveAttribute('href', '/locations/cedar-park');
  await expect(williamson.getByRole('listitem').filter({ hasText: 'Cedar Park, TX' })).toContainText('Delivery $30');
  await expect(page.getByRole('region', { name: 'Bell County' }).getByRole('link', { name: 'Salado, TX' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /, TX$/ })).toHaveCount(27);
});

test('a city page shows its story, delivery terms, ZIP codes and every service', async ({ page }) => {
  const response = await page.goto('/locations/cedar-park');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Party rentals in Cedar Park, TX');
  const main = page.getByRole('main');
  await expect(main).toContainText('Hill Country Flyer');
  await expect(main).toContainText('$30 per booking');
  await expect(main).toContainText('78613');
  const services = page.getByRole('region', { name: 'What we deliver to Cedar Park' }).getByRole('link');
  await expect(services).toHaveCount(8);
  await expect(page.getByRole('link', { name: 'Water Slide Rentals in Cedar Park, TX' })).toHaveAttribute('href', '/water-slides-cedar-park-tx');
  await expect(page.getByRole('link', { name: 'Party rentals in Leander, TX' })).toHaveAttribute('href', '/locations/leander');
});

test('a /locations/{city}/{service} checklist is canonical to the landing page', async ({ page }) => {
  const response = await page.goto('/locations/cedar-park/water-slides');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Planning checklist: water slides in Cedar Park, TX');
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical!).pathname).toBe('/water-slides-cedar-park-tx');
  await expect(page.getByRole('heading', { name: 'Set the budget' })).toBeVisible();
  // The cheapest slide, $275, plus $30 delivery, with 8.25 % tax on both.
  await expect(page.getByRole('main')).toContainText('$275, plus $30 delivery and $25.16 sales tax (8.25%), $330.16 in all');
  await expect(page.getByRole('link', { name: 'Water Slide Rentals in Cedar Park, TX' }).first()).toHaveAttribute('href', '/water-slides-cedar-park-tx');
});

test.describe('/service-areas', () => {
  test('the ZIP lookup names the city and fee of a served ZIP', async ({ page }) => {
    const response = await page.goto('/service-areas');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service areas');
    const zip = page.getByLabel('ZIP code', { exact: true });
    await zip.fill('78613');
    await page.getByRole('button', { name: 'Check ZIP' }).click();
    const result = page.getByRole('region', { name: 'Do we deliver to you?' }).getByRole('status');
    await expect(result).toContainText('Yes, we deliver to 78613: Cedar Park, TX.');
    await expect(result).toContainText('Delivery is $30 per booking');
    await expect(result.getByRole('link', { name: /Cedar Park/ })).toHaveAttribute('href', '/locations/cedar-park');
  });

  test('the ZIP lookup says when a ZIP is not served and how to reach us', async ({ page }) => {
    await page.goto('/service-areas');
    await page.getByLabel('ZIP code', { exact: true }).fill('75201');
    await page.getByLabel('ZIP code', { exact: true }).press('Enter');
    const result = page.getByRole('region', { name: 'Do we deliver to you?' }).getByRole('status');
    await expect(result).toContainText('ZIP 75201 is not served yet.');
    await expect(result.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);

    // A ZIP in our region that we do not serve gets the closest area as a hint.
    await page.getByLabel('ZIP code', { exact: true }).fill('78612');
    await page.getByRole('button', { name: 'Check ZIP' }).click();
    await expect(result).toContainText('ZIP 78612 is not served yet.');
    await expect(result).toContainText('The closest area we serve by ZIP code is');

    await page.getByLabel('ZIP code', { exact: true }).fill('786');
    await page.getByRole('button', { name: 'Check ZIP' }).click();
    await expect(result).toHaveText('Enter a 5-digit ZIP code.');
  });

  test('every area, its ZIP codes, fee and minimum are in a table', async ({ page }) => {
    await page.goto('/service-areas');
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(28);
    const cedarPark = table.getByRole('row', { name: /Cedar Park, TX/ });
    await expect(cedarPark).toContainText('78613');
    await expect(cedarPark).toContainText('$30');
    await expect(table.getByRole('row', { name: /Salado, TX/ })).toContainText('$200');
  });
});

test.describe('/service-areas without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the table and hides the lookup that cannot work', async ({ page }) => {
    await page.goto('/service-areas');
    await expect(page.getByRole('table').getByRole('row', { name: /Cedar Park, TX/ })).toContainText('78613');
    await expect(page.getByRole('button', { name: 'Check ZIP' })).toBeHidden();
  });
});

test('robots.txt keeps staff and checkout pages out and points to the sitemap, which lists landing pages', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  for (const line of ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /cart', 'Disallow: /checkout', 'Disallow: /toast-testing']) {
    expect(text.split('\n')).toContain(line);
  }
  const sitemapUrl = /^Sitemap: (\S+)$/m.exec(text)?.[1];
  expect(sitemapUrl).toMatch(/\/sitemap-index\.xml$/);

  const index = await request.get('/sitemap-index.xml');
  expect(index.status()).toBe(200);
  const indexXml = await index.text();
  expect(indexXml).toContain('<sitemapindex');
  const parts = [...indexXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(parts.length).toBeGreaterThan(0);
  const pages = (await Promise.all(parts.map(async (p) => (await request.get(p)).text()))).join('\n');
  expect(pages).toContain('/bounce-houses-cedar-park-tx</loc>');
  expect(pages).toContain('/locations/cedar-park</loc>');
});

for (const path of ['/water-slides-cedar-park-tx', '/cakes-round-rock-tx', '/locations', '/locations/salado', '/locations/austin/bounce-houses', '/seo-pages']) {
  test(`axe finds no WCAG violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expectNoAxeViolations(page);
  });
}

test('axe finds no WCAG violation on /service-areas with a lookup answer shown', async ({ page }) => {
  await page.goto('/service-areas');
  await page.getByLabel('ZIP code', { exact: true }).fill('78613');
  await page.getByRole('button', { name: 'Check ZIP' }).click();
  await expect(page.getByRole('status')).toContainText('Cedar Park');
  await expectNoAxeViolations(page);
});

// The Spanish town pages (issue #40): the same facts in Spanish, linked to each other and to their English twins.
test.describe('in Spanish', () => {
  test('a landing page is titled "Renta de … en {town}" and built from the town’s facts', async ({ page }) => {
    const response = await page.goto('/es/bounce-houses-cedar-park-tx');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renta de brincolines en Cedar Park, TX');
    await expect(page).toHaveTitle(/^Renta de brincolines en Cedar Park, TX \| /);
    await expect(page.getByRole('main')).toContainText('La entrega a Cedar Park cuesta $30 por reservación');
    await expect(page.getByRole('link', { name: 'Todo lo que llevamos a Cedar Park' })).toHaveAttribute('href', '/es/locations/cedar-park');
    await expect(page.getByRole('link', { name: 'English', exact: true })).toHaveAttribute('href', '/bounce-houses-cedar-park-tx');
  });

  test('a town page and its checklist are in Spanish, the checklist canonical to the Spanish landing page', async ({ page }) => {
    await page.goto('/es/locations/cedar-park');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Cedar Park, TX');
    await expect(page.getByRole('link', { name: 'Renta de brincolines en Cedar Park, TX' })).toHaveAttribute('href', '/es/bounce-houses-cedar-park-tx');
    await page.goto('/es/locations/cedar-park/water-slides');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lista para planear: resbaladillas de agua en Cedar Park, TX');
    await expect(page.getByRole('heading', { name: 'Defina el presupuesto' })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/es\/water-slides-cedar-park-tx$/);
  });

  test('the ZIP lookup answers in Spanish', async ({ page }) => {
    await page.goto('/es/service-areas');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zonas de servicio');
    const zip = page.getByLabel('Código postal', { exact: true });
    await zip.fill('78613');
    await page.getByRole('button', { name: 'Revisar código' }).click();
    const result = page.getByRole('region', { name: '¿Entregamos en su zona?' }).getByRole('status');
    await expect(result).toContainText('Sí, entregamos en 78613: Cedar Park, TX.');
    await expect(result).toContainText('La entrega cuesta $30 por reservación');
    await expect(result.getByRole('link', { name: /Cedar Park/ })).toHaveAttribute('href', '/es/locations/cedar-park');
    await zip.fill('75201');
    await page.getByRole('button', { name: 'Revisar código' }).click();
    await expect(result).toContainText('Todavía no atendemos el código postal 75201.');
    await zip.fill('786');
    await page.getByRole('button', { name: 'Revisar código' }).click();
    await expect(result).toHaveText('Escriba un código postal de 5 dígitos.');
    await expectNoAxeViolations(page);
  });

  test('an unknown /es/ address answers 404 with the Spanish error page', async ({ page }) => {
    const response = await page.goto('/es/no-existe-esta-pagina');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page).toHaveTitle(/Página no encontrada/);
    const english = await page.goto('/no-such-page');
    expect(english?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a Spanish page asked for with a trailing slash is the page, not the Spanish 404, as /about/ is', async ({ page }) => {
    for (const [address, lang] of [['/es/', 'es'], ['/es/products/', 'es'], ['/about/', 'en']] as const) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page).not.toHaveTitle(/Página no encontrada|Page Not Found/);
    }
  });

  for (const path of ['/es/water-slides-cedar-park-tx', '/es/cakes-round-rock-tx', '/es/locations/salado', '/es/locations/austin/bounce-houses']) {
    test(`axe finds no WCAG violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }
});
