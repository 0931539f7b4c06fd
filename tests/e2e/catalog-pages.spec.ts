import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

/** Prices shown on product cards, in the order they appear. */
async function visibleCardPrices(page: Page): Promise<number[]> {
  const values = await page
    .locator('#catalog-list > li:visible')
    .evaluateAll((items) => items.map((li) => Number((li as HTMLElement).dataset['price'])));
  return values;
}

async function jsonLdTypes(page: Page): Promise<unknown[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as unknown);
}

test.describe('categories', () => {
  test('/categories lists every category with its count and a link to its listing', async ({ page }) => {
    const response = await page.goto('/categories');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rental categories');
    const waterSlides = page.getByRole('heading', { level: 2, name: 'Water Slides' });
    await expect(waterSlides).toBeVisible();
    await expect(waterSlides.getByRole('link')).toHaveAttribute('href', '/products?category=water-slides');
    await expect(page.getByText(/^\d+ items? · from \$/)).toHaveCount(8);
    await expect(page.getByRole('link', { name: 'See all cakes' })).toHaveAttribute('href', '/products?category=cakes');
  });

  test('following a category link opens the listing filtered to that category', async ({ page }) => {
    await page.goto('/categories');
    await page.getByRole('link', { name: 'See all water slides' }).click();
    await expect(page).toHaveURL(/\/products\?category=water-slides$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Water Slides');
    await expect(page.locator('#catalog-list > li:visible')).toHaveCount(5);
  });
});

test.describe('product listing', () => {
  test('/products lists every product server-side with a default heading', async ({ page, request }) => {
    const html = await (await request.get('/products')).text();
    // Without JavaScript every product is in the HTML, and category filters are plain links crawlers can follow.
    expect(html.match(/data-product(?=[\s>=])/g)?.length ?? 0).toBeGreaterThan(30);
    expect(html).toContain('href="/products?category=bounce-houses"');
    expect(html).toContain('href="/products/pink-castle-bounce-house"');

    const response = await page.goto('/products');
    expect(response?.status()).toBe(200);
    await expect(page.locator('#catalog-count')).toHaveAttribute('aria-live', 'polite');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All party rentals');
    await expect(page.locator('#catalog-count')).toHaveText(/^Showing all \d+ items$/);
    await expect(page.getByRole('link', { name: 'Pink Castle Bounce House' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Classic Round Birthday Cake' })).toBeVisible();
  });

  test('?category=water-slides shows only water slides and renames the page', async ({ page }) => {
    await page.goto('/products?category=water-slides');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Water Slides');
    await expect(page).toHaveTitle(/^Water Slides/);
    await expect(page.locator('#catalog-count')).toHaveText('Showing all 5 water slides');
    const cards = page.locator('#catalog-list > li:visible');
    await expect(cards).toHaveCount(5);
    for (const category of await cards.evaluateAll((items) =>
      items.map((li) => (li as HTMLElement).dataset['category']),
    )) {
      expect(category).toBe('water-slides');
    }
    await expect(page.getByRole('link', { name: 'Pink Castle Bounce House' })).toBeHidden();
    await expect(
      page.getByRole('navigation', { name: 'Rental categories' }).getByRole('link', { name: 'Water Slides' }),
    ).toHaveAttribute('aria-current', 'true');
  });

  test('choosing a category updates the list, the heading and a shareable URL', async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All party rentals');
    await page
      .getByRole('navigation', { name: 'Rental categories' })
      .getByRole('link', { name: 'Bounce Houses' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bounce Houses');
    await expect(page).toHaveURL(/\/products\?category=bounce-houses$/);
    await expect(page.getByRole('link', { name: 'Tropical Splash 18 ft Water Slide' })).toBeHidden();
    await page
      .getByRole('navigation', { name: 'Rental categories' })
      .getByRole('link', { name: 'All rentals' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All party rentals');
    await expect(page).toHaveURL(/\/products$/);
  });

  test('sorting by price orders the cards low to high and high to low', async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All party rentals');
    const sort = page.getByLabel('Sort by');

    await sort.selectOption('price-asc');
    await expect(page).toHaveURL(/sort=price-asc/);
    const ascending = await visibleCardPrices(page);
    expect(ascending.length).toBeGreaterThan(30);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).toBeLessThan(ascending.at(-1)!);

    await sort.selectOption('price-desc');
    const descending = await visibleCardPrices(page);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    await expect(page.locator('#catalog-list > li:visible').first()).toContainText(
      'Mega 75 ft Three-Piece Obstacle Challenge',
    );

    await sort.selectOption('name');
    const names = await page.locator('#catalog-list > li:visible h2').allTextContents();
    expect(names.map((n) => n.trim())).toEqual(
      [...names.map((n) => n.trim())].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });

  test('search narrows the results and announces the count', async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All party rentals');
    const search = page.getByRole('searchbox', { name: 'Search rentals' });
    await search.fill('castle');
    await expect(page.locator('#catalog-count')).toHaveText(/^Showing [1-9] of \d+ items$/);
    await expect(page.getByRole('link', { name: 'Pink Castle Bounce House' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Princess Castle Combo' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bungee Run' })).toBeHidden();
    await expect(page).toHaveURL(/q=castle/);

    await search.fill('zzzz-nothing');
    await expect(page.locator('#catalog-count')).toHaveText('No items match your search.');
    await page.getByRole('button', { name: 'Show all rentals' }).click();
    await expect(page.locator('#catalog-count')).toHaveText(/^Showing all \d+ items$/);
  });

  test('/products has no WCAG violations', async ({ page }) => {
    await page.goto('/products?category=combo-units');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Combo Units');
    await expectNoAxeViolations(page);
  });
});

test.describe('product detail', () => {
  test('a bounce house page shows price rules, specifications, breadcrumbs and Product JSON-LD', async ({ page }) => {
    const response = await page.goto('/products/pink-castle-bounce-house');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pink Castle Bounce House');

    const price = page.getByRole('region', { name: 'Price', exact: true });
    await expect(price).toContainText('$195');
    await expect(price).toContainText('for up to 8 hours');
    await expect(price).toContainText('Half day (up to 4 hours): $150');

    const specs = page.getByRole('table');
    await expect(specs.getByRole('row', { name: /Dimensions/ })).toContainText('15 × 15 × 15 ft');
    await expect(specs.getByRole('row', { name: /Space needed/ })).toContainText('19 × 19 ft');
    await expect(specs.getByRole('row', { name: /Capacity/ })).toContainText('Up to 8 people at a time');
    await expect(specs.getByRole('row', { name: /Ages/ })).toContainText('3 to 12');
    await expect(specs.getByRole('row', { name: /Blower/ })).toContainText('1.5 HP');
    await expect(page.getByRole('heading', { name: 'What is included' })).toBeVisible();

    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: 'Bounce Houses' })).toHaveAttribute(
      'href',
      '/products?category=bounce-houses',
    );

    const ld = (await jsonLdTypes(page)) as {
      '@type': string;
      name?: string;
      offers?: { price: string };
      itemListElement?: unknown[];
    }[];
    const product = ld.find((d) => d['@type'] === 'Product');
    expect(product?.name).toBe('Pink Castle Bounce House');
    expect(product?.offers?.price).toBe('195.00');
    expect(ld.find((d) => d['@type'] === 'BreadcrumbList')?.itemListElement).toHaveLength(4);

    const booking = page.getByRole('region', { name: 'Check availability' });
    await expect(booking.getByRole('link', { name: 'everything free on your date' })).toHaveAttribute('href', '/at');
    await expect(booking.getByRole('link', { name: /Request a quote/ })).toHaveAttribute(
      'href',
      '/request-a-quote?product=pink-castle-bounce-house',
    );
    await expect(booking.locator('a[href^="tel:"]')).toBeVisible();

    const related = page.getByRole('region', { name: 'More bounce houses' });
    await expect(related.getByRole('listitem')).toHaveCount(4);
  });

  test('a package lists its contents as links', async ({ page }) => {
    await page.goto('/products/backyard-birthday-package');
    const contents = page.getByRole('region', { name: 'In this package' });
    await expect(contents.getByRole('link', { name: 'Pink Castle Bounce House' })).toHaveAttribute(
      'href',
      '/products/pink-castle-bounce-house',
    );
    await expect(contents).toContainText('2 ×');
  });

  test('a cake page shows servings and the cake order form instead of the rental booking box', async ({ page }) => {
    await page.goto('/products/classic-round-birthday-cake');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Classic Round Birthday Cake');
    const price = page.getByRole('region', { name: 'Servings and price' });
    await expect(price).toContainText('$45');
    await expect(price).toContainText('serves about 12 to 16');
    await expect(page.getByRole('region', { name: 'Order this cake' }).getByTestId('cake-order-form')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Check availability' })).toHaveCount(0);
  });

  test('a supplies page prices each item', async ({ page }) => {
    await page.goto('/products/table-and-chair-set');
    await expect(page.getByRole('region', { name: 'Price', exact: true })).toContainText('$28 each');
  });

  test('a product page has no WCAG violations', async ({ page }) => {
    await page.goto('/products/pink-wave-water-slide');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pink Wave 22 ft Dual Lane Water Slide');
    await expectNoAxeViolations(page);
  });
});

test('/services shows every service with its listing and local pages', async ({ page }) => {
  const response = await page.goto('/services');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our party rental services');
  for (const headline of [
    'Bounce House Rentals',
    'Water Slide Rentals',
    'Obstacle Course Rentals',
    'Custom Party Cakes',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: headline })).toBeVisible();
  }
  const bounce = page.getByRole('region', { name: 'Bounce House Rentals', exact: true });
  await expect(bounce.getByRole('link', { name: /^See all 7 bounce houses/ })).toHaveAttribute(
    'href',
    '/products?category=bounce-houses',
  );
  await expect(bounce.getByRole('link', { name: 'Bounce Houses in Round Rock, TX' })).toHaveAttribute(
    'href',
    '/bounce-houses-round-rock-tx',
  );
  await expect(bounce.getByRole('link', { name: 'All cities we serve' })).toHaveAttribute('href', '/seo-pages');
  await expect(page.getByRole('link', { name: 'Water Slides in Round Rock, TX' })).toHaveAttribute(
    'href',
    '/water-slides-round-rock-tx',
  );
  await expectNoAxeViolations(page);
});

// The Spanish catalog list and services page (issue #40): the same bodies, the Spanish words.
test('/es/products?category=water-slides shows only water slides, in Spanish, and filters in the page', async ({ page }) => {
  await page.goto('/es/products?category=water-slides');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resbaladillas de agua');
  await expect(page.locator('#catalog-count')).toHaveText('Mostrando 5: resbaladillas de agua');
  await expect(page.locator('#catalog-list > li:visible')).toHaveCount(5);
  // Each card's photo is described in Spanish (supabase/seed/catalog-es.ts).
  await expect(page.getByRole('img', { name: 'Resbaladilla de agua inflable alta de un carril con columnas de palmera, chorros de agua y una alberca de chapoteo' })).toBeVisible();
  const categories = page.getByRole('navigation', { name: 'Categorías de renta' });
  await categories.getByRole('link', { name: 'Todas las rentas' }).click();
  await expect(page).toHaveURL(/\/es\/products$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Todas las rentas para fiestas');
  await page.getByLabel('Buscar rentas').fill('zzzz');
  await expect(page.locator('#catalog-count')).toHaveText('Ningún artículo coincide con su búsqueda.');
  await page.getByRole('button', { name: 'Ver todas las rentas' }).click();
  await expect(page.locator('#catalog-count')).toHaveText(/^Mostrando los \d+ artículos$/);
  await expectNoAxeViolations(page);
});

test('/es/services links each service to its Spanish listing and town pages', async ({ page }) => {
  await page.goto('/es/services');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nuestros servicios de renta para fiestas');
  await expect(page.getByRole('link', { name: /^Ver 7 brincolines/ })).toHaveAttribute('href', '/es/products?category=bounce-houses');
  await expect(page.getByRole('link', { name: 'Brincolines en Round Rock, TX' })).toHaveAttribute('href', '/es/bounce-houses-round-rock-tx');
  await expectNoAxeViolations(page);
});

test.describe('redirects', () => {
  const redirects: [from: string, to: string][] = [
    ['/category', '/products'],
    ['/category/water-slides', '/products?category=water-slides'],
    ['/category/bounce-houses', '/products?category=bounce-houses'],
    ['/bounce-houses', '/products?category=bounce-houses'],
    ['/water-slides', '/products?category=water-slides'],
    ['/combo-units', '/products?category=combo-units'],
    ['/obstacle-courses', '/products?category=obstacle-courses'],
    ['/interactive-games', '/products?category=interactive-games'],
    ['/party-packages', '/products?category=party-packages'],
    ['/deals', '/offer'],
    ['/specials', '/offer'],
    ['/promotions', '/offer'],
    ['/coverage', '/service-areas'],
    ['/service-area', '/service-areas'],
    ['/delivery', '/service-areas'],
    ['/areas', '/service-areas'],
    ['/rentals', '/products'],
    ['/inflatables', '/products'],
  ];
  for (const [from, to] of redirects) {
    test(`${from} answers 301 to ${to}`, async ({ request, baseURL }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      const location = new URL(response.headers()['location'] ?? '', baseURL);
      expect(location.pathname + location.search).toBe(to);
    });
  }
});
