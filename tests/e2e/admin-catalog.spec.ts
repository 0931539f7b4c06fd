import { signaturePng } from '../../src/cli/sample-png';
import { futureDate } from '../support/api';
import { e2ePort } from '../support/e2e-env';
import { expect, expectNoAxeViolations, test } from './support/admin';
import { islandReady } from './support/page-states';

const origin = `http://localhost:${e2ePort}`;
const png = () => Buffer.from(signaturePng(320, 240).split(',')[1]!, 'base64');

test('a cake’s size: shown for cakes only, refused beside its field when it cannot be ordered, saved', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/products');
  await page.getByLabel('Search products').fill('two-tier');
  await page.getByRole('link', { name: 'Pink Flamingo Two-Tier Cake' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Cake size' })).toBeVisible();
  const servings = page.getByLabel('Servings in the base price');
  await expect(servings).toHaveValue('30');
  await expect(page.getByLabel('Tiers in the base price')).toHaveValue('2');
  await expect(page.getByLabel('Most tiers')).toHaveValue('3');

  await page.getByLabel('Most tiers').fill('1');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fix' })).toContainText('Most tiers: Must not be below the base size’s 2 tiers');
  await expect(page.getByLabel('Most tiers')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await page.getByLabel('Most tiers').fill('3');
  await servings.fill('36');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByText('Product saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Servings in the base price')).toHaveValue('36');
  // Back to the demo's size, for the other tests.
  await page.getByLabel('Servings in the base price').fill('30');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByText('Product saved.')).toBeVisible();

  // A rental has no cake size.
  await page.goto('/admin/products');
  await page.getByLabel('Search products').fill('rainbow arch');
  await page.getByRole('link', { name: 'Rainbow Arch Bounce House' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rainbow Arch Bounce House' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cake size' })).toHaveCount(0);
});

test('products: list, search, then a price edit is what the pricing API charges and a photo upload is served', async ({ page }) => {
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByTestId('publishing-status')).toContainText('Your public site');
  await expect(page.getByText('Publish now updates the public pages with your changes')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New product' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Search products').fill('rainbow arch');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: 'Rainbow Arch Bounce House' }).click();

  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rainbow Arch Bounce House' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A bad price is refused beside its field, and nothing is saved.
  await page.getByLabel('Price', { exact: true }).fill('12.345');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fix' })).toContainText('Price: Enter an amount in dollars');
  await expect(page.getByLabel('Price', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  // What is included in Spanish: refused beside its field past 200 characters a line.
  const includedEs = page.getByLabel('What’s included in Spanish');
  const demoIncludedEs = await includedEs.inputValue();
  expect(demoIncludedEs).toContain('Soplador de 1 HP');
  await includedEs.fill(`Soplador de 1 HP\n${'x'.repeat(201)}`);
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fix' })).toContainText('What’s included in Spanish: Item 2: Use at most 200 characters');
  await expect(includedEs).toHaveAttribute('aria-invalid', 'true');
  await includedEs.fill(`${demoIncludedEs}\nBolsa para guardarlo`);

  await page.getByLabel('Price', { exact: true }).fill('234.50');
  await page.getByLabel('Half-day price').fill('');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByText('Product saved.')).toBeVisible();
  await expect(page.getByTestId('publishing-status')).toContainText(/[1-9]\d* changes? waiting/);

  const quote = await page.request.post('/api/quote-price', {
    data: { items: [{ product: 'rainbow-arch-bounce-house', quantity: 1 }], event: { date: futureDate(45), start: '11:00', end: '17:00' }, zip: '78664' },
  });
  expect(quote.status()).toBe(200);
  expect((await quote.json()).lines[0].unitPriceCents).toBe(23_450);

  // Photo: uploaded through the editor, then served publicly from storage.
  await page.getByLabel('Photo file').setInputFiles({ name: 'rainbow.png', mimeType: 'image/png', buffer: png() });
  await page.getByLabel('Photo description', { exact: true }).fill('Rainbow Arch set up in a back yard');
  await page.getByLabel('Photo description in Spanish').fill('El Arcoíris instalado en un patio');
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByText('Photo uploaded.')).toBeVisible();
  const photo = page.getByRole('img', { name: 'Rainbow Arch set up in a back yard' });
  await expect(photo).toBeVisible();
  const src = await photo.getAttribute('src');
  expect(src).toMatch(/^\/api\/product-photos\/[0-9a-f-]{36}\.png$/);
  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['cache-control']).toContain('immutable');

  // The new photo comes first once moved up and saved.
  await page.getByRole('button', { name: /^Earlier \(photo 2\)/ }).click();
  await page.getByRole('button', { name: 'Save photo order and descriptions' }).click();
  await expect(page.getByText('Photo order and descriptions saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Photos in order' }).getByRole('img').first()).toHaveAttribute('alt', 'Rainbow Arch set up in a back yard');
  await expect(page.getByLabel('Description of photo 1 in Spanish')).toHaveValue('El Arcoíris instalado en un patio');
  await expect(page.getByLabel('What’s included in Spanish')).toHaveValue(`${demoIncludedEs}\nBolsa para guardarlo`);
  await expectNoAxeViolations(page);
  // Back to the demo's list, for the other tests.
  await page.getByLabel('What’s included in Spanish').fill(demoIncludedEs);
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByText('Product saved.')).toBeVisible();
});

test('a non-image upload is refused with the reason beside the file input', async ({ page }) => {
  await page.goto('/admin/products?q=toddler%20jungle');
  await page.getByRole('link', { name: 'Toddler Jungle Bounce House' }).click();
  await page.getByLabel('Photo file').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByText('Choose a JPEG, PNG or WebP photo').first()).toBeVisible();
  await expect(page.getByLabel('Photo file')).toHaveAttribute('aria-invalid', 'true');
});

test('categories: create one through the form, see it in the list, open it to edit, delete it', async ({ page }) => {
  await page.goto('/admin/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bounce Houses', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'New category' }).click();
  await expect(page).toHaveURL(/\/admin\/categories\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New category' })).toBeVisible();
  await page.getByRole('button', { name: 'Create category' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fix' })).toContainText('Name: Enter a name');
  await expectNoAxeViolations(page);

  const name = `Yard Games ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await expect(page.getByLabel('Web address name')).toHaveValue(/^yard-games-\d+$/);
  await page.getByRole('textbox', { name: 'Summary (optional)' }).fill('Giant Jenga, cornhole and ring toss.');
  await page.getByLabel('Sort order').fill('90');
  // Created, the form stays off while the list loads: the list does not come here (a lost signal: a 204
  // leaves the form on screen). Switched on again there, a second tap on "Create category" created it twice.
  const list = (url: URL) => url.pathname === '/admin/categories';
  await page.route(list, (route) => route.fulfill({ status: 204 }));
  const creates: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/admin/categories') creates.push(r.url());
  });
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/admin/categories');
  await page.getByRole('button', { name: 'Create category' }).click();
  expect((await created).ok()).toBe(true);
  await expect(page.getByText('Category created.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Create category|Saving…)$/ })).toBeDisabled();
  expect(creates).toHaveLength(1);
  await page.unroute(list);
  await page.goto('/admin/categories');
  await page.getByLabel('Search categories').fill(name);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/categories\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Summary (optional)' })).toHaveValue('Giant Jenga, cornhole and ring toss.');
  await expectNoAxeViolations(page);

  // Deleted, "Delete category" stays off too while the list loads (here it does not come): switched on
  // again, a second tap sent the delete again.
  await page.route(list, (route) => route.fulfill({ status: 204 }));
  const deletes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'DELETE' && new URL(r.url()).pathname.startsWith('/api/admin/categories/')) deletes.push(r.url());
  });
  page.once('dialog', (dialog) => void dialog.accept());
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname.startsWith('/api/admin/categories/'));
  await page.getByRole('button', { name: 'Delete category' }).click();
  expect((await deleted).ok()).toBe(true);
  await expect(page.getByText('Category deleted.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete category' })).toBeDisabled();
  expect(deletes).toHaveLength(1);
  await page.unroute(list);
});

test('a product deleted: "Delete product" stays off while the delete is sent and the list loads, so a second tap sends nothing', async ({ page }) => {
  // A copy of a product made for this test (as the editor would save it), so no other spec loses one.
  const headers = { origin };
  const [listed] = (await (await page.request.get('/api/admin/products?q=Rainbow Arch')).json()).items as { id: string }[];
  const { id: _id, categoryName: _c, photos: _p, createdAt: _cr, updatedAt: _u, packageItems, ...fields } = (await (await page.request.get(`/api/admin/products/${listed!.id}`)).json()).product;
  const name = `Arch To Delete ${Date.now()}`;
  const body = { ...fields, name, slug: name.toLowerCase().replaceAll(' ', '-'), packageItems: (packageItems as { productId: string; quantity: number }[]).map(({ productId, quantity }) => ({ productId, quantity })) };
  const created = await page.request.post('/api/admin/products', { data: body, headers });
  expect(created.status()).toBe(201);
  await page.goto(`/admin/products/${(await created.json()).product.id}`);
  const remove = await islandReady(page.getByRole('button', { name: 'Delete product' }));

  // The list does not come (a 204 leaves the editor on screen): switched on again, a second tap deleted again.
  const list = (url: URL) => url.pathname === '/admin/products';
  await page.route(list, (route) => route.fulfill({ status: 204 }));
  const deletes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'DELETE' && new URL(r.url()).pathname.startsWith('/api/admin/products/')) deletes.push(r.url());
  });
  // The delete is held on its way until the button has been seen off: a tap while it is sent counts too.
  let send!: () => void;
  const held = new Promise<void>((resolve) => (send = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/api/admin/products/'),
    async (route) => (route.request().method() === 'DELETE' ? (await held, route.continue()) : route.fallback()),
  );
  page.once('dialog', (dialog) => void dialog.accept());
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname.startsWith('/api/admin/products/'));
  await remove.click();
  await expect(remove).toBeDisabled();
  send();
  expect((await deleted).ok()).toBe(true);
  await expect(page.getByText('Product deleted.')).toBeVisible();
  await expect(remove).toBeDisabled();
  expect(deletes).toHaveLength(1);
  await page.unroute(list);
});

test('a category that still has products is not deleted without a new home for them', async ({ page }) => {
  await page.goto('/admin/categories?q=cakes');
  await page.getByRole('link', { name: 'Cakes', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Cakes' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete category' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a category to move the products to' })).toBeVisible();
  const response = await page.request.delete(`/api/admin/categories/${page.url().split('/').at(-2)}`, { headers: { origin } });
  expect(response.status()).toBe(409);
  expect((await response.json()).error.message).toMatch(/^This category still has \d+ products?\. Move/);
});
