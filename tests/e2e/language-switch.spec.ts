import { expect, test } from '@playwright/test';

// A phone (390 × 844), as issue #40 asks: the switch is in the header on every page that has both languages.
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
test.use(phone);

/** A party day well inside the booking window (lead time 24 h, 365 days ahead). */
const partyDate = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

test('a product page switches to Spanish and back, keeping the cart', async ({ page }) => {
  await page.goto(`/products/giant-connect-four?date=${partyDate(45)}&start=10:00&end=16:00`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // On a phone the booking box is below the fold: it hydrates when it scrolls into view.
  await page.getByRole('region', { name: 'Check availability' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('status').filter({ hasText: /\d+ available for/ })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Add to cart: Giant Connect Four' }).click();
  await expect(page.getByRole('link', { name: 'Cart (1 item)', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Español', exact: true }).click();
  // The query (the party's date and times) comes along.
  await expect(page).toHaveURL(/\/es\/products\/giant-connect-four\?date=[\d-]+&start=10:00&end=16:00$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  // The product's Spanish name (supabase/seed/catalog-es.ts).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conecta 4 Gigante');
  await expect(page.getByRole('heading', { name: 'Especificaciones' })).toBeVisible();
  // The same cart, counted in Spanish.
  await expect(page.getByRole('link', { name: 'Carrito (1 artículo)', exact: true })).toBeVisible();
  await expect(page.locator('[data-cart-count]')).toHaveText('1');
  // The Spanish cart names it in Spanish before it is priced (no ZIP yet, so no price quote names it).
  await page.goto('/es/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Su carrito' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Conecta 4 Gigante', exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText('Giant Connect Four')).toHaveCount(0);
  await page.goBack();

  await page.getByRole('link', { name: 'English', exact: true }).click();
  await expect(page).toHaveURL(/\/products\/giant-connect-four\?date=[\d-]+&start=10:00&end=16:00$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Specifications' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart (1 item)', exact: true })).toBeVisible();
});

for (const [locale, shown] of [['es-US', true], ['en-US', false]] as const) {
  test.describe(`a browser whose first language is ${locale}`, () => {
    test.use({ locale });

    test(`${shown ? 'is' : 'is not'} offered Spanish in one line on an English page`, async ({ page }) => {
      await page.goto('/categories');
      const offer = page.locator('[data-language-offer]');
      if (shown) {
        await expect(offer).toBeVisible();
        await expect(offer.getByRole('link', { name: 'Ver en español' })).toHaveAttribute('href', '/es/categories');
      } else {
        // The page's script has run once the page has loaded: the offer stayed hidden.
        await page.waitForFunction(() => document.readyState === 'complete');
        await expect(offer).toBeHidden();
      }
    });
  });
}

test('the switch keeps the query and the hash: a filtered catalog stays filtered in the other language', async ({ page }) => {
  await page.goto('/products?category=water-slides#catalog-list');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Water Slides');
  await page.getByRole('link', { name: 'Español', exact: true }).click();
  await expect(page).toHaveURL(/\/es\/products\?category=water-slides#catalog-list$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resbaladillas de agua');
  // A filter chosen on the page (the address changes in place) is kept too.
  await page.getByRole('navigation', { name: 'Categorías de renta' }).getByRole('link', { name: 'Brincolines' }).click();
  await expect(page).toHaveURL(/\/es\/products\?category=bounce-houses/);
  await page.getByRole('link', { name: 'English', exact: true }).click();
  await expect(page).toHaveURL(/\/products\?category=bounce-houses(#catalog-list)?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bounce Houses');
});

test('a town landing page switches to Spanish and back', async ({ page }) => {
  await page.goto('/water-slides-cedar-park-tx');
  await page.getByRole('link', { name: 'Español', exact: true }).click();
  await expect(page).toHaveURL(/\/es\/water-slides-cedar-park-tx$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renta de resbaladillas de agua en Cedar Park, TX');
  await page.getByRole('link', { name: 'English', exact: true }).click();
  await expect(page).toHaveURL(/\/water-slides-cedar-park-tx$/);
});

test('a personal link’s page switches to Spanish and back with its number (/hi/{id})', async ({ page }) => {
  // One static page serves every /hi/{id}: the switch keeps the number, whatever it greets.
  await page.goto('/hi/PF-NOSUCH1');
  await page.getByRole('link', { name: 'Español', exact: true }).click();
  await expect(page).toHaveURL(/\/es\/hi\/PF-NOSUCH1$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByRole('link', { name: 'English', exact: true }).click();
  await expect(page).toHaveURL(/\/hi\/PF-NOSUCH1$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the waiver page switches to Spanish: the Spanish text signers sign, its version, and the Spanish signing page', async ({ page }) => {
  await page.goto('/waiver');
  await page.getByRole('link', { name: 'Español', exact: true }).click();
  await expect(page).toHaveURL(/\/es\/waiver$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('La exención de responsabilidad');
  await expect(page.getByText(/^Versión \S+-es(\.\d+)?\. /)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Firmar la exención' }).first()).toHaveAttribute('href', '/es/sign-waiver');
  await page.getByRole('link', { name: 'English', exact: true }).click();
  await expect(page).toHaveURL(/\/waiver$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The safety waiver');
});
