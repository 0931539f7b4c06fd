import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiSecurityHeaders, pageSecurityHeaders } from '../../src/lib/http/security-headers';
import { hydrateEveryIsland, watchRequests } from './support/page-states';

/**
 * Security of what the server sends: headers on every kind of response, a Content-Security-Policy
 * that the real pages never trip, and no secret in the build.
 */

const lower = (set: Record<string, string>) => Object.fromEntries(Object.entries(set).map(([k, v]) => [k.toLowerCase(), v]));
const expectHeaders = (actual: Record<string, string>, expected: Record<string, string>) => {
  for (const [name, value] of Object.entries(lower(expected))) expect(actual[name], `${name}`).toBe(value);
};

test.describe('security headers', () => {
  const pages: [string, number][] = [
    ['/', 200],
    ['/products/giant-connect-four', 200],
    ['/bounce-houses-austin-tx', 200],
    ['/sw.js', 200],
    ['/manifest.webmanifest', 200],
    ['/no-such-page', 404],
    ['/api/not-a-function', 404],
    ['/deals', 301],
    ['/category/water-slides', 301],
  ];
  for (const [url, status] of pages) {
    test(`${url} (${status}) carries the page set`, async ({ request }) => {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status()).toBe(status);
      expectHeaders(response.headers(), pageSecurityHeaders);
    });
  }

  const api: [string, string, number, object?][] = [
    ['GET', '/api/health', 200],
    ['GET', '/api/availability?date=not-a-date', 400],
    ['POST', '/api/track-order', 404, { bookingNumber: 'PF-ZZZZZZ', email: 'nobody@example.com' }],
    ['PUT', '/api/bookings', 405],
    ['GET', '/api/waivers/qr?booking=PF-ZZZZZZ&email=nobody@example.com', 404],
  ];
  for (const [method, url, status, data] of api) {
    test(`${method} ${url} (${status}) carries the API set`, async ({ request }) => {
      const response = await request.fetch(url, { method, ...(data ? { data } : {}) });
      expect(response.status()).toBe(status);
      expectHeaders(response.headers(), apiSecurityHeaders);
    });
  }
});

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`));
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

const cart = {
  items: [{ product: 'giant-connect-four', name: 'Giant Connect Four', quantity: 1, image: '/images/products/giant-connect-four.svg', fromPriceCents: 12500 }],
  event: { date: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10), start: '10:00', end: '16:00' },
  zip: '78664',
  coupon: '',
  damageWaiver: true,
};

test.describe('Content-Security-Policy', () => {
  const pageTypes = [
    '/',
    '/products',
    '/products/giant-connect-four',
    '/products/party-sheet-cake',
    '/bounce-houses-austin-tx',
    '/locations/austin',
    '/service-areas',
    '/cart',
    '/checkout',
    '/contact',
    '/request-a-quote',
    '/track-order',
    '/rain-check',
    '/saved-cart',
    '/feedback',
    '/unsubscribe',
    '/confirm-booking',
    '/sign-waiver',
    '/waiver',
    '/at',
    '/faq',
    '/offline',
    '/no-such-page',
  ];
  for (const url of pageTypes) {
    test(`${url} runs without a single violation`, async ({ page }) => {
      const violations = await watchCsp(page);
      const requests = watchRequests(page);
      await page.addInitScript((value) => window.localStorage.setItem('pf-cart', value), JSON.stringify(cart));
      await page.goto(url);
      // Every island's script has run and every request the page and its islands made is answered.
      await hydrateEveryIsland(page);
      await requests.settled();
      expect(await violations()).toEqual([]);
    });
  }

  test('navigating between pages (view transitions) runs their scripts without a violation', async ({ page }) => {
    const violations = await watchCsp(page);
    // An uncaught error sends the visitor to /500: say which one, should a navigation land there.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    const arriveAt = (url: RegExp) => page.waitForURL(url).catch((error: Error) => Promise.reject(new Error(`${error.message}\nErrors on the page: ${errors.join('\n') || 'none'}`)));
    await page.goto('/');
    await page.locator('main a[href^="/products/"]:visible').first().click();
    await arriveAt(/\/products\/[a-z0-9-]+$/);
    await page.locator('a[href="/contact"]:visible').first().click();
    await arriveAt(/\/contact$/);
    await expect(page.getByRole('button', { name: /send/i }).first(), `errors on the page: ${errors.join('\n') || 'none'}`).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });

  test('the policy blocks an injected inline script', async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto('/contact');
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      // An inline script the policy allowed would have run on being appended.
      document.body.append(script);
      return Boolean((window as unknown as { __injected?: boolean }).__injected);
    });
    expect(ran).toBe(false);
    // The browser reports the violation in a task of its own.
    await expect.poll(async () => (await violations()).join('\n')).toMatch(/script-src/);
  });
});

test.describe('the build', () => {
  const dist = path.resolve('dist');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : [full];
    });

  test('contains no secret key, webhook secret, service key or database password', () => {
    // The values the e2e server was built with (playwright.config.ts), and the shapes of real ones.
    const configured = [process.env.STRIPE_SECRET_KEY, process.env.STRIPE_WEBHOOK_SECRET, process.env.SUPABASE_SERVICE_ROLE_KEY, 'sk_test_e2e', 'whsec_e2e'].filter(
      (v): v is string => Boolean(v && v.length >= 8),
    );
    const patterns: [string, RegExp][] = [
      ['Stripe secret or restricted key', /\b[sr]k_(live|test)_[A-Za-z0-9]{3,}/],
      ['Stripe webhook secret', /\bwhsec_[A-Za-z0-9]{3,}/],
      ['Supabase service key', /\bsb_secret_[A-Za-z0-9_-]{10,}|SUPABASE_SERVICE_ROLE_KEY|"role"\s*:\s*"service_role"/],
      ['database URL with a password', /postgres(ql)?:\/\/[^\s:/"'@]+:[^\s@"']+@/],
      ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
    ];
    const found: string[] = [];
    const all = files(dist);
    expect(all.length).toBeGreaterThan(100);
    for (const file of all) {
      if (/\.(png|jpe?g|webp|avif|gif|ico|woff2?)$/.test(file)) continue;
      const text = readFileSync(file, 'utf8');
      // JWTs in the build are decoded too: a Supabase service-role key is a JWT with role service_role.
      const jwts = [...text.matchAll(/eyJ[A-Za-z0-9_-]{10,}\.(eyJ[A-Za-z0-9_-]{10,})\.[A-Za-z0-9_-]{10,}/g)].map((m) => Buffer.from(m[1]!, 'base64url').toString());
      for (const haystack of [text, ...jwts]) {
        for (const [name, pattern] of patterns) if (pattern.test(haystack)) found.push(`${path.relative(dist, file)}: ${name}`);
        for (const value of configured) if (haystack.includes(value)) found.push(`${path.relative(dist, file)}: a configured secret`);
      }
    }
    expect(found).toEqual([]);
  });
});
