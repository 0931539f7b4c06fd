import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { e2ePort } from '../support/e2e-env';
import { expect, expectNoAxeViolations, test } from './support/admin';
import { dateFromToday } from './support/bookings';
import { answerSetupSpot } from './support/setup-spot';
import { e2eDatabase } from './support/e2e-database';

/**
 * Issue #39: the booking widget on the owner's other website. A host page on another origin (its own
 * port here), with a strict policy that lets only the booking site run scripts, load images and be
 * asked anything, shows each element; two products go into the cart there, and checkout continues on
 * the booking site with that cart, up to the way back to the host's thank-you page. A host not on the
 * owner's list sees the elements say so. The owner lists the host in Settings, on a phone.
 */

const site = `http://localhost:${e2ePort}`;

function hostPage(elements: string, lang = 'en'): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Party host</title></head>
<body><h1>Our party rentals</h1>${elements}<script async src="${site}/embed.js"></script></body></html>`;
}

/**
 * A host website: every page is `html` (or the page `html` gives for the address), under a policy that
 * allows only the booking site; its own style sheet at /host.css.
 */
async function startHost(html: string | ((path: string) => string), css = ''): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    res.setHeader('content-security-policy', `default-src 'none'; script-src ${site}; connect-src ${site}; img-src ${site} data:; style-src 'self'`);
    if (req.url === '/host.css') {
      res.setHeader('content-type', 'text/css; charset=utf-8');
      return void res.end(css);
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(req.url?.startsWith('/thanks') ? '<!doctype html><title>Thanks</title><h1>Thanks for booking with us</h1>' : typeof html === 'string' ? html : html(req.url ?? '/'));
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return { origin: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

/**
 * A page of another site that shows `frameSrc` in a frame, as Wix shows an "Embed HTML" element: the
 * frame has an address of its own, on another site than the page around it (127.0.0.1, not localhost).
 */
async function startFramingPage(frameSrc: string, sandbox?: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Builder site</title></head>
<body><h1>A site builder's page</h1><iframe title="Rentals" src="${frameSrc}" style="width:100%;height:1400px;border:0"${sandbox === undefined ? '' : ` sandbox="${sandbox}"`}></iframe></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A visitor of the host site: no staff cookie, nothing from the booking site in their browser. */
async function visitor(browser: Browser, viewport = { width: 390, height: 844 }): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport, isMobile: true, hasTouch: true });
  return context.newPage();
}

async function listWebsites(page: Page, websites: string[], thankYou: string) {
  await page.goto('/admin/settings#embed');
  // The section's field, whichever way the screen offers its sections (tabs, or a select on a phone).
  await expect(page.getByLabel('Websites (one per line)')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Websites (one per line)').fill(websites.join('\n'));
  await page.getByLabel('Thank-you page').fill(thankYou);
  // The save's own answer, then its note: a note of an earlier save may still be showing.
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/embed'));
  await page.getByRole('button', { name: 'Save your websites' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText('Websites saved.').first()).toBeVisible();
}

/** The checkout's customer, address, setup spot and terms, up to the button that places the booking. */
async function fillCheckout(customer: Page, who: { name: string; email: string; phone: string; street: string }) {
  await customer.getByLabel('Full name').fill(who.name);
  await customer.getByLabel('E-mail').fill(who.email);
  await customer.getByLabel('Mobile phone').fill(who.phone);
  await customer.getByLabel('Street address').fill(who.street);
  await customer.getByLabel('City').fill('Round Rock');
  await answerSetupSpot(customer);
  await customer.getByLabel(/I accept the rental terms/).check();
}

/** Places the booking of the customer with this (new) e-mail, on to the payment page: its number. */
async function placeBooking(customer: Page, email: string): Promise<string> {
  await customer.getByRole('button', { name: 'Place booking and pay deposit' }).click();
  await customer.waitForURL(/\/pay\/cs_/);
  const sql = e2eDatabase();
  try {
    const [booking] = await sql<{ number: string }[]>`select b.number from bookings b join customers c on c.id = b.customer_id where c.email = ${email}`;
    return booking!.number;
  } finally {
    await sql.end();
  }
}

/**
 * The same tab then books directly on the booking site (a cart of its own, put in the browser's storage
 * as the cart page keeps it) and pays: the booking's number, its page shown.
 */
async function bookDirectly(customer: Page): Promise<string> {
  await customer.goto(`${site}/products`);
  await customer.evaluate(
    (cart) => localStorage.setItem('pf-cart', cart),
    JSON.stringify({
      items: [{ product: 'table-and-chair-set', name: 'Table & Chair Set', quantity: 1, image: '/images/placeholders/rental.svg', fromPriceCents: 0, fromPriceHours: null }],
      event: { date: dateFromToday(150 + Math.floor(Math.random() * 100)), start: '10:00', end: '16:00' },
      zip: '78664',
      coupon: '',
      damageWaiver: true,
    }),
  );
  await customer.goto(`${site}/checkout`);
  await expect(customer.getByRole('region', { name: 'Order summary' }).getByText('Table & Chair Set').first()).toBeVisible({ timeout: 20_000 });
  const email = `direct-${Date.now()}@example.com`;
  await fillCheckout(customer, { name: 'Direct Customer', email, phone: '(512) 555-0178', street: '11 Direct Ln' });
  const number = await placeBooking(customer, email);
  await customer.getByRole('button', { name: 'Pay' }).click();
  await customer.waitForURL(/\/payment-success\?booking=/);
  await expect(customer.getByRole('link', { name: 'Sign the waiver' })).toBeVisible({ timeout: 20_000 });
  // The way back would come with the card's effect, flushed by the next frame.
  await customer.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  return number;
}

/** Which host site each booking is counted for in the owner's reports (bookings.embed_origin). */
async function countedFor(numbers: string[]): Promise<Record<string, string | null>> {
  const sql = e2eDatabase();
  try {
    const rows = await sql<{ number: string; embed_origin: string | null }[]>`select number, embed_origin from bookings where number in ${sql(numbers)}`;
    return Object.fromEntries(rows.map((b) => [b.number, b.embed_origin]));
  } finally {
    await sql.end();
  }
}

test.describe.configure({ mode: 'serial' });

test('the widget on a listed site: elements, a cart of two, checkout on the booking site, and back', async ({ page, browser }) => {
  test.slow();
  const host = await startHost(
    hostPage(`<party-cart></party-cart><party-product slug="pink-castle-bounce-house"></party-product>
<party-catalog category="interactive-games"></party-catalog><party-date-search></party-date-search><party-product slug="no-such-thing"></party-product>`),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    // A bad address first, at its line; then the host site.
    await page.goto('/admin/settings#embed');
    // On a phone the sections are a select (the tabs from sm up).
    await expect(page.getByRole('combobox', { name: 'Settings section' })).toHaveValue('embed', { timeout: 20_000 });
    await page.getByLabel('Websites (one per line)').fill('not a site');
    await page.getByRole('button', { name: 'Save your websites' }).click();
    await expect(page.getByLabel('Websites (one per line)')).toHaveAccessibleDescription(/Line 1: Use a web address like https:\/\/www\.example\.com/);
    await listWebsites(page, [host.origin], `${host.origin}/thanks`);

    const customer = await visitor(browser);
    const problems: string[] = [];
    customer.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    await customer.goto(host.origin);
    const product = customer.locator('party-product').first();
    await expect(product.getByRole('heading', { name: 'Pink Castle Bounce House' })).toBeVisible({ timeout: 20_000 });
    await expect(product.getByText(/^From \$\d/)).toBeVisible();
    // A product that does not exist says so in its element (which, far down the page, loads as it comes near); the page goes on.
    await customer.locator('party-product').nth(1).scrollIntoViewIfNeeded();
    await expect(customer.locator('party-product').nth(1).getByText(/We have no product by that name \(“no-such-thing”\)/)).toBeVisible();
    // Inside their shadow roots the elements pass axe like the site's own pages.
    await customer.locator('party-date-search').scrollIntoViewIfNeeded();
    await expect(customer.locator('party-catalog').getByRole('button', { name: 'Add to cart: Giant Connect Four' })).toBeVisible();
    await expect(customer.locator('party-date-search').getByRole('button', { name: 'Show what’s free' })).toBeVisible();
    await expectNoAxeViolations(customer);

    // The castle for a date, and a game from the catalog.
    const date = dateFromToday(150 + Math.floor(Math.random() * 100));
    await product.getByLabel('Party date').fill(date);
    await product.getByRole('button', { name: 'Check this date' }).click();
    await expect(product.getByRole('status')).toHaveText(/^Free on \w+day, \w+ \d+, 10:00\sAM – 4:00\sPM\.$/);
    await product.getByRole('button', { name: 'Add to cart: Pink Castle Bounce House' }).click();
    await customer.locator('party-catalog').getByRole('button', { name: 'Add to cart: Giant Connect Four' }).click();
    await expect(customer.locator('party-cart').getByRole('button', { name: 'Check out (2)' })).toBeVisible();

    // What is free on a date, from the date search.
    const search = customer.locator('party-date-search');
    await search.getByLabel('Party date').fill(date);
    await search.getByRole('button', { name: 'Show what’s free' }).click();
    await expect(search.getByText(/rentals free on/)).toBeVisible();

    // Checkout on the booking site, with the cart built on the host page.
    await customer.locator('party-cart').getByRole('button', { name: 'Check out (2)' }).click();
    await customer.waitForURL(`${site}/checkout`);
    await expect(customer.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    // The date chosen on the host page came along; with the party's ZIP the price lists both products.
    const summary = customer.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText(new RegExp(`^\\w+day, .*\\d{4}, 10:00 AM – 4:00 PM$`))).toBeVisible();
    await customer.getByLabel('ZIP code').fill('78664');
    await expect(summary.getByText('Pink Castle Bounce House').first()).toBeVisible({ timeout: 20_000 });
    await expect(summary.getByText('Giant Connect Four').first()).toBeVisible();
    const email = `widget-${Date.now()}@example.com`;
    await fillCheckout(customer, { name: 'Hostpage Customer', email, phone: '(512) 555-0177', street: '9 Host Ln' });
    const widgetBooking = await placeBooking(customer, email);
    await customer.getByRole('button', { name: 'Pay' }).click();
    await customer.waitForURL(/\/payment-success\?booking=/);
    const widgetPaidPage = customer.url();
    const back = customer.getByRole('link', { name: `Back to localhost` });
    await expect(back).toBeVisible({ timeout: 20_000 });
    await back.click();
    await expect(customer.getByRole('heading', { name: 'Thanks for booking with us' })).toBeVisible();
    expect(customer.url()).toBe(`${host.origin}/thanks?booking=${widgetBooking}`);
    expect(problems.filter((p) => /Content Security Policy|Refused/.test(p))).toEqual([]);

    // The way back lasts for that booking, not for the tab: the same tab then books directly on the
    // booking site, and neither its page leads to the host site nor is the booking counted for it.
    const directBooking = await bookDirectly(customer);
    await expect(customer.getByRole('link', { name: 'Back to localhost' })).toHaveCount(0);
    // The widget's booking still leads back from its own page.
    await customer.goto(widgetPaidPage);
    await expect(customer.getByRole('link', { name: 'Back to localhost' })).toBeVisible({ timeout: 20_000 });
    expect(await countedFor([widgetBooking, directBooking])).toEqual({ [widgetBooking]: host.origin, [directBooking]: null });

    // The same cart link cannot fill a second cart.
  } finally {
    await listWebsites(page, [], '');
    host.server.close();
  }
});

test('the cart is edited where it was built: a quantity, a line removed, the host site’s other tab following, and checkout with that cart', async ({ page, browser }) => {
  test.slow();
  const host = await startHost(hostPage('<party-cart></party-cart><party-product slug="pink-castle-bounce-house"></party-product><party-catalog category="interactive-games"></party-catalog>'));
  try {
    await listWebsites(page, [host.origin], '');
    const customer = await visitor(browser);
    await customer.goto(host.origin);
    const product = customer.locator('party-product');
    await product.getByLabel('Party date').fill(dateFromToday(150 + Math.floor(Math.random() * 100)), { timeout: 20_000 });
    await product.getByRole('button', { name: 'Add to cart: Pink Castle Bounce House' }).click();
    await customer.locator('party-catalog').getByRole('button', { name: 'Add to cart: Giant Connect Four' }).click();
    const cart = customer.locator('party-cart');
    await expect(cart.getByRole('heading', { name: 'Your cart: 2 items' })).toBeVisible();
    // Each line's price as the booking site states it, and their total; the exact price is the checkout's.
    await expect(cart.getByText('From $150 for up to 4 hours', { exact: true })).toBeVisible();
    await expect(cart.getByText('From $95 for up to 4 hours', { exact: true })).toBeVisible();
    await expect(cart.getByText('Total: from $245', { exact: true })).toBeVisible();
    await expect(cart.getByText('The exact price, with delivery and tax, is shown at checkout before you pay.')).toBeVisible();
    await expectNoAxeViolations(customer, { scope: 'party-cart' });
    // A price the booking site changed after the line was added (the cart kept it as it was then): the
    // next page whose elements state the price shows the new one in the cart.
    await customer.evaluate((key) => {
      const kept = JSON.parse(localStorage.getItem(key)!);
      kept.items[0].from = { cents: 12000, hours: 4 };
      localStorage.setItem(key, JSON.stringify(kept));
    }, `party-embed-cart:${site}`);
    // Another tab of the host site, on the same cart.
    const other = await customer.context().newPage();
    await other.goto(host.origin);
    const otherCart = other.locator('party-cart');
    await expect(otherCart.getByRole('button', { name: 'Check out (2)' })).toBeVisible({ timeout: 20_000 });
    await expect(otherCart.getByText('Total: from $245', { exact: true })).toBeVisible();
    await expect(cart.getByText('From $150 for up to 4 hours', { exact: true })).toBeVisible();

    // A quantity is kept within what the booking site's cart takes, and counts once committed (leaving the field).
    const games = cart.getByRole('spinbutton', { name: 'Quantity of Giant Connect Four' });
    await games.fill('25');
    await games.press('Tab');
    await expect(games).toHaveValue('20');
    await games.fill('3');
    await games.press('Tab');
    await expect(cart.getByRole('button', { name: 'Check out (4)' })).toBeVisible();
    await expect(cart.getByRole('heading', { name: 'Your cart: 4 items' })).toBeVisible();
    await expect(cart.getByText('From $95 for up to 4 hours · For 3: from $285', { exact: true })).toBeVisible();
    await expect(cart.getByText('Total: from $435', { exact: true })).toBeVisible();
    await expect(otherCart.getByRole('spinbutton', { name: 'Quantity of Giant Connect Four' })).toHaveValue('3');

    // A line removed: focus stays in the cart, on its heading; the other tab follows.
    await cart.getByRole('button', { name: 'Remove: Pink Castle Bounce House' }).click();
    await expect(cart.getByRole('heading', { name: 'Your cart: 3 items' })).toBeFocused();
    await expect(cart.getByRole('status')).toHaveText('Pink Castle Bounce House is out of your cart.');
    await expect(otherCart.getByRole('button', { name: 'Check out (3)' })).toBeVisible();
    await expect(otherCart.getByRole('button', { name: 'Remove: Pink Castle Bounce House' })).toHaveCount(0);
    await expect(otherCart.getByText('Total: from $285', { exact: true })).toBeVisible();
    await other.close();

    // The checkout lands with the cart as it was left: three games, no castle, on the date chosen.
    await cart.getByRole('button', { name: 'Check out (3)' }).click();
    await customer.waitForURL(`${site}/checkout`);
    await customer.getByLabel('ZIP code').fill('78664');
    const summary = customer.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText('Giant Connect Four').first()).toBeVisible({ timeout: 20_000 });
    await expect(summary.getByText('× 3')).toBeVisible();
    await expect(summary.getByText('Pink Castle Bounce House')).toHaveCount(0);
    expect(await customer.evaluate(() => JSON.parse(localStorage.getItem('pf-cart') ?? '{}').items?.map((i: { product: string; quantity: number }) => [i.product, i.quantity]))).toEqual([['giant-connect-four', 3]]);
  } finally {
    await listWebsites(page, [], '');
    host.server.close();
  }
});

test('a widget booking left unpaid: a later direct booking in the same tab counts as direct, with no way back to the host site', async ({ page, browser }) => {
  test.slow();
  const host = await startHost(hostPage('<party-cart></party-cart><party-product slug="sticky-wall"></party-product>'));
  try {
    await listWebsites(page, [host.origin], `${host.origin}/thanks`);
    const customer = await visitor(browser);
    await customer.goto(host.origin);
    const product = customer.locator('party-product');
    await product.getByLabel('Party date').fill(dateFromToday(150 + Math.floor(Math.random() * 100)), { timeout: 20_000 });
    await product.getByRole('button', { name: 'Check this date' }).click();
    await expect(product.getByRole('status')).toHaveText(/^Free on /);
    await product.getByRole('button', { name: 'Add to cart: Sticky Wall' }).click();
    await customer.locator('party-cart').getByRole('button', { name: 'Check out (1)' }).click();
    await customer.waitForURL(`${site}/checkout`);
    await customer.getByLabel('ZIP code').fill('78664');
    const email = `unpaid-widget-${Date.now()}@example.com`;
    await fillCheckout(customer, { name: 'Unpaid Widget Customer', email, phone: '(512) 555-0179', street: '13 Host Ln' });
    // Placed, and left at the payment page: none of its pages is ever shown in this tab.
    const widgetBooking = await placeBooking(customer, email);

    const directBooking = await bookDirectly(customer);
    await expect(customer.getByRole('link', { name: 'Back to localhost' })).toHaveCount(0);
    expect(await countedFor([widgetBooking, directBooking])).toEqual({ [widgetBooking]: host.origin, [directBooking]: null });
  } finally {
    await listWebsites(page, [], '');
    host.server.close();
  }
});

test('the widget on a site not listed: each element says so, and nothing is read', async ({ browser }) => {
  const host = await startHost(hostPage('<party-product slug="pink-castle-bounce-house"></party-product><party-cart></party-cart>'));
  try {
    const customer = await visitor(browser, { width: 1280, height: 900 });
    const warnings: string[] = [];
    customer.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await customer.goto(host.origin);
    await expect(customer.locator('party-product').getByText('This site is not set up to show bookings.')).toBeVisible({ timeout: 20_000 });
    await expect(customer.locator('party-cart').getByText('This site is not set up to show bookings.')).toBeVisible();
    await expect(customer.getByRole('heading', { name: 'Pink Castle Bounce House' })).toHaveCount(0);
    expect(warnings.some((w) => w.includes(`Add ${host.origin} to the booking site's Settings`))).toBe(true);
  } finally {
    host.server.close();
  }
});

test('when the booking site does not answer, each element says it could not reach it, not that the site is not set up', async ({ browser }) => {
  const host = await startHost(hostPage('<party-product slug="pink-castle-bounce-house"></party-product><party-cart></party-cart>'));
  try {
    const customer = await visitor(browser);
    const warnings: string[] = [];
    customer.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    // The visitor's network drops the site's first answer (the loader's early request and any later one).
    await customer.route(`${site}/api/embed/config`, (route) => route.abort('internetdisconnected'));
    await customer.goto(host.origin);
    const offline = 'We couldn’t reach the booking system. Check your connection and try again.';
    await expect(customer.locator('party-product').getByText(offline)).toBeVisible({ timeout: 20_000 });
    await expect(customer.locator('party-cart').getByText(offline)).toBeVisible();
    await expect(customer.getByText('This site is not set up to show bookings.')).toHaveCount(0);
    // Nothing tells the owner to list a site that may well be listed.
    expect(warnings.filter((w) => w.includes('Add to your website'))).toEqual([]);
  } finally {
    host.server.close();
  }
});

test('a page with none of the elements loads nothing but /embed.js, and the widget once the page adds one', async ({ page, browser }) => {
  // The snippet in a host site's template, on a page that shows no element (its blog, its contact page).
  const host = await startHost(hostPage('<main id="content"><p>Call us to plan your party.</p></main>'));
  try {
    await listWebsites(page, [host.origin], '');
    const customer = await visitor(browser);
    const asked: string[] = [];
    customer.on('request', (r) => r.url().startsWith(site) && asked.push(new URL(r.url()).pathname + new URL(r.url()).search));
    // The page's load waits for its async scripts: the loader has run by then.
    await customer.goto(host.origin, { waitUntil: 'load' });
    expect(await customer.evaluate(() => document.querySelectorAll('script[data-party-embed]').length)).toBe(0);
    expect(asked).toEqual(['/embed.js']);

    // The host page's own script adds an element later (a tab opened, a section loaded): the widget comes then.
    await customer.evaluate(() => document.getElementById('content')!.insertAdjacentHTML('beforeend', '<section><party-product slug="pink-castle-bounce-house"></party-product></section>'));
    await expect(customer.locator('party-product').getByRole('heading', { name: 'Pink Castle Bounce House' })).toBeVisible({ timeout: 20_000 });
    expect(asked).toContain('/api/embed/config');
  } finally {
    await listWebsites(page, [], '');
    host.server.close();
  }
});

test('in a frame of its own address (Wix), Details and Check out open the booking site as the whole tab, or a new one from a sandbox', async ({ page, browser }) => {
  test.slow();
  // The booking site refuses to be framed (frame-ancestors 'none'): opened inside the frame, its pages
  // would show nothing, and the customer's cart would be lost with them.
  const frame = await startHost(hostPage('<party-cart></party-cart><party-product slug="pink-castle-bounce-house"></party-product>'));
  const framing = await startFramingPage(frame.origin);
  // A frame that may open windows but not lead the tab it is in.
  const sandboxed = await startFramingPage(frame.origin, 'allow-scripts allow-same-origin allow-popups allow-forms');
  try {
    // The frame's address is the one listed, as the docs tell a Wix owner.
    await listWebsites(page, [frame.origin], '');
    const customer = await visitor(browser);
    await customer.goto(framing.origin);
    const inFrame = customer.frameLocator('iframe[title="Rentals"]');
    const product = inFrame.locator('party-product');
    await expect(product.getByRole('heading', { name: 'Pink Castle Bounce House' })).toBeVisible({ timeout: 20_000 });
    await product.getByRole('link', { name: 'Details' }).click();
    // The whole tab goes to the booking site (the frame would show only the browser's refusal).
    await expect(customer).toHaveURL(`${site}/products/pink-castle-bounce-house`, { timeout: 20_000 });
    await expect(customer.getByRole('heading', { level: 1, name: 'Pink Castle Bounce House' })).toBeVisible();

    await customer.goto(framing.origin);
    // A date, so that the checkout prices the cart (nothing is booked).
    await product.getByLabel('Party date').fill(dateFromToday(200));
    await product.getByRole('button', { name: 'Add to cart: Pink Castle Bounce House' }).click();
    await inFrame.locator('party-cart').getByRole('button', { name: 'Check out (1)' }).click();
    await expect(customer).toHaveURL(`${site}/checkout`, { timeout: 20_000 });
    await customer.getByLabel('ZIP code').fill('78664', { timeout: 20_000 });
    await expect(customer.getByRole('region', { name: 'Order summary' }).getByText('Pink Castle Bounce House').first()).toBeVisible({ timeout: 20_000 });

    // From a sandbox that may not lead the tab, the checkout opens in a new one; the page stays.
    const another = await visitor(browser);
    await another.goto(sandboxed.origin);
    const sandboxedProduct = another.frameLocator('iframe[title="Rentals"]').locator('party-product');
    await sandboxedProduct.getByRole('button', { name: 'Add to cart: Pink Castle Bounce House' }).click({ timeout: 20_000 });
    const opened = another.waitForEvent('popup', { timeout: 20_000 });
    await another.frameLocator('iframe[title="Rentals"]').locator('party-cart').getByRole('button', { name: 'Check out (1)' }).click();
    const checkout = await opened;
    await expect(checkout).toHaveURL(`${site}/checkout`, { timeout: 20_000 });
    await expect(checkout.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    expect(another.url()).toBe(`${sandboxed.origin}/`);
  } finally {
    await listWebsites(page, [], '');
    for (const host of [frame, framing, sandboxed]) host.server.close();
  }
});

test('the cart in a header’s flex row, or a float, keeps its button on the page: the host page does not scroll sideways', async ({ page, browser }) => {
  // Where an owner puts a cart button: beside the site's name in a header, and floated right in the text.
  const host = await startHost(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Acme parties</title><link rel="stylesheet" href="/host.css"></head>
<body><header><a href="/">Acme parties</a><party-cart></party-cart></header><main><div class="aside"><party-cart></party-cart></div><p>Our rentals.</p>
<party-product slug="pink-castle-bounce-house"></party-product></main><script async src="${site}/embed.js"></script></body></html>`,
    'body { margin: 0; } header { display: flex; justify-content: space-between; align-items: center; gap: 1rem; padding: 0.5rem 1rem; } .aside { float: right; }',
  );
  try {
    await listWebsites(page, [host.origin], '');
    const customer = await visitor(browser);
    await customer.goto(host.origin);
    await expect(customer.locator('party-product').getByRole('heading', { name: 'Pink Castle Bounce House' })).toBeVisible({ timeout: 20_000 });
    for (const cart of await customer.locator('party-cart').all()) {
      const button = cart.getByRole('button', { name: 'Your cart is empty' });
      await expect(button).toBeVisible();
      // The element takes its button's width: the button is on one line and within the phone's width.
      const [element, shown] = [await cart.boundingBox(), await button.boundingBox()];
      expect(element!.width).toBeGreaterThanOrEqual(shown!.width);
      expect(shown!.x + shown!.width).toBeLessThanOrEqual(390);
      expect(shown!.height).toBeLessThan(60);
    }
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await listWebsites(page, [], '');
    host.server.close();
  }
});

test('a catalog in a column narrower than a card (an owner’s sidebar) keeps its cards inside the column', async ({ page, browser }) => {
  // A 200 px sidebar: narrower than the cards' usual 14rem (224 px) width.
  const host = await startHost(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Acme parties</title><link rel="stylesheet" href="/host.css"></head>
<body><main><aside><party-catalog category="interactive-games"></party-catalog></aside><p>Our rentals, beside the sidebar.</p></main><script async src="${site}/embed.js"></script></body></html>`,
    'main { display: flex; gap: 1rem; } aside { flex: 0 0 200px; }',
  );
  try {
    await listWebsites(page, [host.origin], '');
    const customer = await visitor(browser);
    await customer.goto(host.origin);
    const catalog = customer.locator('party-catalog');
    await expect(catalog.getByRole('button', { name: 'Add to cart: Giant Connect Four' })).toBeVisible({ timeout: 20_000 });
    const column = (await catalog.boundingBox())!;
    expect(column.width).toBe(200);
    for (const card of await catalog.locator('article').all()) {
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(column.x);
      expect(box.x + box.width).toBeLessThanOrEqual(column.x + column.width);
    }
  } finally {
    await listWebsites(page, [], '');
    host.server.close();
  }
});

test('the date search says a rental is in the cart beside its own button, in sight on a phone far down a long list, and the cart shows its price', async ({ page, browser }) => {
  const host = await startHost(hostPage('<party-cart></party-cart><party-date-search></party-date-search>'));
  try {
    await listWebsites(page, [host.origin], '');
    const customer = await visitor(browser);
    await customer.goto(host.origin);
    const search = customer.locator('party-date-search');
    await search.getByLabel('Party date').fill(dateFromToday(220 + Math.floor(Math.random() * 60)), { timeout: 20_000 });
    await search.getByRole('button', { name: 'Show what’s free' }).click();
    // A supply near the end of the list (dozens of rentals above it), with its price beside it.
    const add = search.getByRole('button', { name: 'Add to cart: Popcorn Machine' });
    const popcorn = search.getByRole('listitem').filter({ has: customer.getByRole('button', { name: 'Add to cart: Popcorn Machine' }) });
    await expect(popcorn.getByText('From $55 each', { exact: true })).toBeVisible();
    await add.click();
    const added = popcorn.getByRole('status');
    await expect(added).toHaveText('Popcorn Machine is in your cart.');
    // Right under the button, where the customer is looking (not above the list, a screen or more away).
    const [button, said] = [(await add.boundingBox())!, (await added.boundingBox())!];
    expect(said.y - (button.y + button.height)).toBeLessThan(40);
    expect(said.y).toBeGreaterThan(button.y);
    // The search's own line still says how many are free.
    await expect(search.getByText(/rentals free on/)).toBeVisible();
    // The line came with its price, which the booking site's answer states.
    const cart = customer.locator('party-cart');
    await expect(cart.getByText('From $55 each', { exact: true })).toBeVisible();
    await expect(cart.getByText('Total: from $55', { exact: true })).toBeVisible();
  } finally {
    await listWebsites(page, [], '');
    host.server.close();
  }
});

test('a product’s hours the wrong way round are refused at its card; such a window saved in the cart earlier is mended from a page with only a catalog', async ({ page, browser }) => {
  // The host's product page, and its party-games page with a catalog and the cart only (no date fields).
  const host = await startHost((path) =>
    hostPage(path.startsWith('/games') ? '<party-cart></party-cart><party-catalog category="interactive-games"></party-catalog>' : '<party-cart></party-cart><party-product slug="pink-castle-bounce-house"></party-product>'),
  );
  try {
    await listWebsites(page, [host.origin], '');
    const customer = await visitor(browser);
    await customer.goto(host.origin);
    const product = customer.locator('party-product');
    const date = dateFromToday(150 + Math.floor(Math.random() * 100));
    await product.getByLabel('Party date').fill(date, { timeout: 20_000 });
    // The hours the wrong way round: the party's end before its start. The card says so, and adds nothing.
    await product.getByLabel('From', { exact: true }).fill('16:00');
    await product.getByLabel('Until', { exact: true }).fill('10:00');
    await product.getByRole('button', { name: 'Add to cart: Pink Castle Bounce House' }).click();
    await expect(product.getByRole('status')).toHaveText('The end time must be after the start time.');
    await product.getByRole('button', { name: 'Check this date' }).click();
    await expect(product.getByRole('status')).toHaveText('The end time must be after the start time.');
    await expect(customer.locator('party-cart').getByRole('button', { name: 'Your cart is empty' })).toBeVisible();
    // A cart the widget saved before it checked the hours, with that window in it.
    await customer.evaluate(
      ({ key, cart }) => localStorage.setItem(key, cart),
      { key: `party-embed-cart:${site}`, cart: JSON.stringify({ items: [{ product: 'pink-castle-bounce-house', name: 'Pink Castle Bounce House', quantity: 1 }], event: { date, start: '16:00', end: '10:00' } }) },
    );

    await customer.goto(`${host.origin}/games`);
    const games = customer.locator('party-catalog');
    await games.getByRole('button', { name: 'Add to cart: Giant Connect Four' }).click({ timeout: 20_000 });
    const cart = customer.locator('party-cart');
    await cart.getByRole('button', { name: 'Check out (2)' }).click();
    // Refused, with why and what now; the cart keeps its rentals and lets the window go.
    await expect(cart.getByRole('status')).toHaveText('The end time must be after the start time. We took that date and time out of your cart: choose them when you check out.');
    await cart.getByRole('button', { name: 'Check out (2)' }).click();
    await customer.waitForURL(`${site}/checkout`);
    // The rentals came along without the window: the booking site asks for the party's date, in the cart.
    await expect(customer.getByRole('heading', { name: 'Choose your party date first' })).toBeVisible({ timeout: 20_000 });
    await customer.getByRole('link', { name: 'Back to your cart' }).click();
    await expect(customer.getByText('Pink Castle Bounce House').first()).toBeVisible({ timeout: 20_000 });
    await expect(customer.getByText('Giant Connect Four').first()).toBeVisible();
  } finally {
    await listWebsites(page, [], '');
    host.server.close();
  }
});

test('data-prefix renames the elements, and the loader’s early answers are the ones the widget uses', async ({ page, browser }) => {
  const slug = 'pink-castle-bounce-house';
  const host = await startHost(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme parties</title></head>
<body><h1>Acme parties</h1><script async data-prefix="acme" src="${site}/embed.js"></script><acme-product slug="${slug}"></acme-product><party-product slug="${slug}"></party-product></body></html>`,
  );
  try {
    await listWebsites(page, [host.origin], '');
    const customer = await visitor(browser);
    const asked: string[] = [];
    customer.on('request', (r) => r.url().startsWith(`${site}/api/embed/`) && asked.push(new URL(r.url()).pathname + new URL(r.url()).search));
    await customer.goto(host.origin);
    await expect(customer.locator('acme-product').getByRole('heading', { name: 'Pink Castle Bounce House' })).toBeVisible({ timeout: 20_000 });
    // `party-product` is not this page's element: the host's own tag stays an unknown element.
    expect(await customer.evaluate(() => ['acme-product', 'party-product'].map((name) => customElements.get(name) !== undefined))).toEqual([true, false]);
    // Asked once each, by the loader while the widget loaded: the widget took those answers.
    expect(asked.sort()).toEqual([`/api/embed/config`, `/api/embed/products?product=${slug}`]);
  } finally {
    host.server.close();
  }
});

test('on a Spanish page the widget speaks Spanish, and checks out on the Spanish site', async ({ page, browser }) => {
  test.slow();
  const host = await startHost(hostPage('<party-cart></party-cart><party-product slug="pink-castle-bounce-house"></party-product><party-product slug="no-such-thing"></party-product>', 'es'));
  try {
    await listWebsites(page, [host.origin], '');
    const customer = await visitor(browser);
    const asked: string[] = [];
    customer.on('request', (r) => r.url().startsWith(`${site}/api/embed/products`) && asked.push(new URL(r.url()).search));
    await customer.goto(host.origin);
    const product = customer.locator('party-product').first();
    await expect(product.getByRole('heading', { name: 'Brincolín Castillo Rosa' })).toBeVisible({ timeout: 20_000 });
    await expect(product.getByText(/^Desde \$\d/)).toBeVisible();
    await expect(customer.locator('party-product').nth(1).getByText(/No tenemos ningún producto con ese nombre \(“no-such-thing”\)/)).toBeVisible();
    await expect(customer.locator('party-cart').getByRole('button', { name: 'Su carrito está vacío' })).toBeVisible();
    // The loader asked in Spanish, and the widget took that answer.
    expect(asked.filter((q) => q.includes('pink-castle'))).toEqual(['?product=pink-castle-bounce-house&lang=es']);

    // Today (or, late in the evening west of here, the business's tomorrow) is within the day's notice, or past: the reason is the server's, in Spanish.
    await product.getByLabel('Fecha de la fiesta').fill(dateFromToday(0));
    await product.getByRole('button', { name: 'Ver esta fecha' }).click();
    await expect(product.getByRole('status')).toHaveText(/^(Necesitamos al menos \d+ horas? de aviso|Esa hora ya pasó)/);
    await product.getByLabel('Fecha de la fiesta').fill(dateFromToday(200 + Math.floor(Math.random() * 60)));
    await product.getByRole('button', { name: 'Ver esta fecha' }).click();
    await expect(product.getByRole('status')).toHaveText(/^Disponible el \S+, \d+ de \S+, 10:00\sa\.\s?m\. – 4:00\sp\.\s?m\.$/);
    await product.getByRole('button', { name: 'Agregar al carrito: Brincolín Castillo Rosa' }).click();
    await expect(product.getByText('Brincolín Castillo Rosa está en su carrito.')).toBeVisible();
    await expectNoAxeViolations(customer, { scope: 'party-product' });
    // The cart's lines in Spanish; the last one removed leaves focus on the empty cart, which says so.
    const cart = customer.locator('party-cart');
    await expect(cart.getByRole('heading', { name: 'Su carrito: 1 artículo' })).toBeVisible();
    await expectNoAxeViolations(customer, { scope: 'party-cart' });
    await cart.getByRole('spinbutton', { name: 'Cantidad de Brincolín Castillo Rosa' }).fill('2');
    await cart.getByRole('spinbutton', { name: 'Cantidad de Brincolín Castillo Rosa' }).press('Enter');
    await expect(cart.getByRole('button', { name: 'Pagar (2)' })).toBeVisible();
    await expect(cart.getByText('Desde $150 hasta por 4 horas · Por 2: desde $300', { exact: true })).toBeVisible();
    await expect(cart.getByText('Total: desde $300', { exact: true })).toBeVisible();
    await cart.getByRole('button', { name: 'Quitar: Brincolín Castillo Rosa' }).click();
    await expect(cart.getByRole('button', { name: 'Su carrito está vacío' })).toBeFocused();
    await expect(cart.getByRole('status')).toHaveText('Brincolín Castillo Rosa ya no está en su carrito.');
    await expect(cart.getByRole('heading')).toBeHidden();
    await product.getByRole('button', { name: 'Agregar al carrito: Brincolín Castillo Rosa' }).click();

    await customer.locator('party-cart').getByRole('button', { name: 'Pagar (1)' }).click();
    await customer.waitForURL(`${site}/es/checkout`);
    await expect(customer.locator('html')).toHaveAttribute('lang', 'es');
    const summary = customer.getByRole('region', { name: 'Resumen del pedido' });
    await expect(summary.getByText(/^\S+, \d+ de \S+ de \d{4}, 10:00\sa\.\s?m\. – 4:00\sp\.\s?m\.$/)).toBeVisible();
    await customer.getByLabel('Código postal').fill('78664');
    await expect(summary.getByText('Brincolín Castillo Rosa').first()).toBeVisible({ timeout: 20_000 });
  } finally {
    await listWebsites(page, [], '');
    host.server.close();
  }
});

test('on the Spanish checkout a widget cart that cannot land says why in Spanish, also when the booking system is not reached', async ({ browser }) => {
  const cases: { answer: 'server' | 'none' | 'gateway'; says: string }[] = [
    { answer: 'server', says: 'Este enlace de carrito no es nuestro. Vuelva a agregar las rentas a su carrito.' },
    { answer: 'none', says: 'No pudimos comunicarnos con nuestro sistema de reservaciones. Revise su conexión a internet e intente otra vez.' },
    { answer: 'gateway', says: 'Algo salió mal de nuestro lado. Por favor intente otra vez, o llámenos.' },
  ];
  for (const { answer, says } of cases) {
    const customer = await visitor(browser);
    // The booking system's own answer; none at all (the connection dropped); or a page a gateway answered with.
    if (answer === 'none') await customer.route('**/api/embed/cart', (route) => route.abort('internetdisconnected'));
    if (answer === 'gateway') await customer.route('**/api/embed/cart', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' }));
    await customer.goto(`${site}/es/checkout?cart=not-a-cart-link`);
    await expect(customer.locator('#embed-cart-problem'), answer).toHaveText(says, { timeout: 20_000 });
    await expect(customer.getByRole('alert').filter({ hasText: says })).toBeVisible();
    await customer.context().close();
  }
});

test('a widget cart the booking site did not answer for keeps its link: the reload the message asks for lands it', async ({ page, browser }) => {
  const host = await startHost(hostPage('<party-cart></party-cart><party-product slug="sticky-wall"></party-product>'));
  try {
    await listWebsites(page, [host.origin], '');
    const customer = await visitor(browser);
    await customer.goto(host.origin);
    await customer.locator('party-product').getByLabel('Party date').fill(dateFromToday(150 + Math.floor(Math.random() * 100)), { timeout: 20_000 });
    await customer.locator('party-product').getByRole('button', { name: 'Add to cart: Sticky Wall' }).click();
    // The connection drops as the checkout asks for the cart.
    await customer.route('**/api/embed/cart', (route) => route.abort('internetdisconnected'));
    await customer.locator('party-cart').getByRole('button', { name: 'Check out (1)' }).click();
    await expect(customer.locator('#embed-cart-problem')).toHaveText('We couldn’t reach our booking system. Check your internet connection and try again.', { timeout: 20_000 });
    expect(new URL(customer.url()).searchParams.get('cart')).toBeTruthy();
    await customer.unroute('**/api/embed/cart');
    await customer.reload();
    await customer.getByLabel('ZIP code').fill('78664', { timeout: 20_000 });
    await expect(customer.getByRole('region', { name: 'Order summary' }).getByText('Sticky Wall').first()).toBeVisible({ timeout: 20_000 });
    await expect(customer.locator('#embed-cart-problem')).toBeHidden();
    await customer.waitForURL(`${site}/checkout`);
  } finally {
    await listWebsites(page, [], '');
    host.server.close();
  }
});

test('two tabs of the host site share one cart: what one adds or checks out, the other’s cart shows', async ({ page, browser }) => {
  const host = await startHost(hostPage('<party-cart></party-cart><party-product slug="sticky-wall"></party-product>'));
  try {
    await listWebsites(page, [host.origin], '');
    const first = await visitor(browser);
    const second = await first.context().newPage();
    await Promise.all([first.goto(host.origin), second.goto(host.origin)]);
    await expect(second.locator('party-cart').getByRole('button', { name: 'Your cart is empty' })).toBeVisible({ timeout: 20_000 });
    await first.locator('party-product').getByRole('button', { name: 'Add to cart: Sticky Wall' }).click({ timeout: 20_000 });
    await expect(second.locator('party-cart').getByRole('button', { name: 'Check out (1)' })).toBeVisible();
    await first.locator('party-cart').getByRole('button', { name: 'Check out (1)' }).click();
    await first.waitForURL(`${site}/checkout`);
    await expect(second.locator('party-cart').getByRole('button', { name: 'Your cart is empty' })).toBeVisible();
  } finally {
    await listWebsites(page, [], '');
    host.server.close();
  }
});

test('two customers of host pages race for the last unit: one booking, the other told it is gone', async ({ page, browser }) => {
  test.slow();
  const host = await startHost(hostPage('<party-product slug="big-top-carnival-bounce-house"></party-product><party-cart></party-cart>'));
  try {
    await listWebsites(page, [host.origin], '');
    // The one Big Top, on a date no other spec books.
    const date = dateFromToday(260 + Math.floor(Math.random() * 90));
    const customers = await Promise.all([visitor(browser), visitor(browser)]);
    for (const [n, customer] of customers.entries()) {
      await customer.goto(host.origin);
      const product = customer.locator('party-product');
      await product.getByLabel('Party date').fill(date, { timeout: 20_000 });
      await product.getByRole('button', { name: 'Check this date' }).click();
      await expect(product.getByRole('status')).toHaveText(/^Free on /);
      await product.getByRole('button', { name: 'Add to cart: Big Top Carnival Bounce House' }).click();
      await customer.locator('party-cart').getByRole('button', { name: 'Check out (1)' }).click();
      await customer.waitForURL(`${site}/checkout`);
      await customer.getByLabel('ZIP code').fill('78664');
      await fillCheckout(customer, { name: `Racer ${n + 1}`, email: `racer-${n + 1}-${Date.now()}@example.com`, phone: `(512) 555-01${60 + n}`, street: `${n + 1} Race Ln` });
    }
    // Both press the button at once: the database lets one hold the unit.
    await Promise.all(customers.map((c) => c.getByRole('button', { name: 'Place booking and pay deposit' }).click()));
    const outcome = (c: Page) =>
      Promise.race([
        c.waitForURL(/\/pay\/cs_/, { timeout: 60_000 }).then(() => 'booked' as const),
        c.getByText('Just booked by someone else').waitFor({ timeout: 60_000 }).then(() => 'gone' as const),
      ]);
    expect((await Promise.all(customers.map(outcome))).sort()).toEqual(['booked', 'gone']);
    // Back on a host page, the widget says the date is taken, in its own words.
    const later = await visitor(browser);
    await later.goto(host.origin);
    const product = later.locator('party-product');
    await product.getByLabel('Party date').fill(date, { timeout: 20_000 });
    await product.getByRole('button', { name: 'Check this date' }).click();
    await expect(product.getByRole('status')).not.toHaveText(/Free on/);
    await expect(product.getByRole('status')).not.toHaveText('');
  } finally {
    await listWebsites(page, [], '');
    host.server.close();
  }
});
