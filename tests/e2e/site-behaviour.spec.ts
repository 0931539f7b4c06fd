import { expect, test, type Page } from '@playwright/test';
import { axe, expectNoAxeViolations } from './support/axe';

const start = new Date('2026-06-01T15:00:00Z');

/** Opens /toast-testing with the page's clock under the test's control. */
async function openToastPage(page: Page) {
  await page.clock.install({ time: start });
  await page.goto('/toast-testing');
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
}

const toastTitled = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Notifications' }).locator('[data-toast-id]').filter({ hasText: title });

test.describe('toast notifications on /toast-testing', () => {
  test('the page offers a button for each toast type, a persistent toast and clear-all', async ({ page }) => {
    const response = await page.goto('/toast-testing');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Toast Testing');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    for (const name of [
      'Show success toast',
      'Show error toast',
      'Show warning toast',
      'Show info toast',
      'Show persistent toast',
      'Clear all toasts',
    ]) {
      await expect(page.getByRole('button', { name })).toBeVisible();
    }
  });

  test('a success toast shows at the top right and leaves after exactly 5000 ms', async ({ page }) => {
    await openToastPage(page);
    await page.getByRole('button', { name: 'Show success toast' }).click();
    const toast = toastTitled(page, 'Booking saved');
    await expect(toast).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('status')).toContainText(
      'Booking saved',
    );

    const box = await page.locator('[data-toast-type="success"]').boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport).toBeTruthy();
    if (box && viewport) {
      expect(box.y).toBeLessThan(40);
      expect(viewport.width - (box.x + box.width)).toBeLessThan(40);
      expect(box.x).toBeGreaterThan(viewport.width / 2);
    }

    await page.clock.runFor(4900);
    await expect(toast).toBeVisible();
    await page.clock.runFor(100);
    await expect(toast).toHaveCount(0);
  });

  test('an info toast leaves after 5000 ms', async ({ page }) => {
    await openToastPage(page);
    await page.getByRole('button', { name: 'Show info toast' }).click();
    const toast = toastTitled(page, 'Delivery window');
    await page.clock.runFor(4900);
    await expect(toast).toBeVisible();
    await page.clock.runFor(100);
    await expect(toast).toHaveCount(0);
  });

  test('an error toast is announced as an alert and stays until 8000 ms', async ({ page }) => {
    await openToastPage(page);
    await page.getByRole('button', { name: 'Show error toast' }).click();
    const toast = toastTitled(page, 'Payment failed');
    await expect(page.getByRole('alert')).toContainText('Payment failed');
    await page.clock.runFor(6000);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1900);
    await expect(toast).toBeVisible();
    await page.clock.runFor(100);
    await expect(toast).toHaveCount(0);
  });

  test('a warning toast stays until 6000 ms', async ({ page }) => {
    await openToastPage(page);
    await page.getByRole('button', { name: 'Show warning toast' }).click();
    const toast = toastTitled(page, 'Only one left');
    await page.clock.runFor(5900);
    await expect(toast).toBeVisible();
    await page.clock.runFor(100);
    await expect(toast).toHaveCount(0);
  });

  test('a persistent toast stays until it is closed', async ({ page }) => {
    await openToastPage(page);
    await page.getByRole('button', { name: 'Show persistent toast' }).click();
    const toast = toastTitled(page, 'Wind advisory on Saturday');
    await page.clock.runFor(60_000);
    await expect(toast).toBeVisible();
    await page.locator('[data-toast-type="info"]').getByRole('button', { name: 'Close notification' }).click();
    await expect(toast).toHaveCount(0);
  });

  test('the close button removes a toast before its time', async ({ page }) => {
    await openToastPage(page);
    await page.getByRole('button', { name: 'Show success toast' }).click();
    await page.getByRole('button', { name: 'Show error toast' }).click();
    await page.locator('[data-toast-type="success"]').getByRole('button', { name: 'Close notification' }).click();
    await expect(toastTitled(page, 'Booking saved')).toHaveCount(0);
    await expect(toastTitled(page, 'Payment failed')).toBeVisible();
  });

  test('clear all removes every toast, persistent ones included', async ({ page }) => {
    await openToastPage(page);
    for (const name of ['Show success toast', 'Show error toast', 'Show warning toast', 'Show persistent toast']) {
      await page.getByRole('button', { name }).click();
    }
    await expect(page.locator('[data-toast-id]')).toHaveCount(4);
    await page.getByRole('button', { name: 'Clear all toasts' }).click();
    await expect(page.locator('[data-toast-id]')).toHaveCount(0);
  });

  test('axe finds no violation, with a toast of each type showing', async ({ page }) => {
    await openToastPage(page);
    for (const name of ['Show success toast', 'Show error toast', 'Show warning toast', 'Show info toast']) {
      await page.getByRole('button', { name }).click();
    }
    await expect(page.locator('[data-toast-id]')).toHaveCount(4);
    // axe schedules its own timers: give the page its clock back, and let the entrance animations end
    // (the browser runs them on its own clock).
    await page.clock.resume();
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    const results = await axe(page).analyze();
    expect(results.violations).toEqual([]);
  });
});

test.describe('error page', () => {
  test('an unknown path answers 404 with the error page', async ({ page }) => {
    const response = await page.goto('/no-such-party-page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('404 - Page Not Found');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(main.getByText('404', { exact: true })).toBeVisible();
    await expect(
      main.getByText("Oops! The page you're looking for seems to have bounced away. Let's get you back to the fun!", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(main).toContainText('Page not found: /no-such-party-page');

    await expect(main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', { name: 'Go Back' })).toBeVisible();
    await expect(main.getByText('Need help? Try these popular pages:', { exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
    await expect(main.getByRole('link', { name: 'Get a Quote' })).toHaveAttribute('href', '/request-a-quote');
    await expect(main.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await expect(main.getByText("Still having trouble? We're here to help!", { exact: true })).toBeVisible();
    await expect(main.locator('a[href^="tel:"]')).toHaveCount(1);
    await expect(main.locator('a[href^="mailto:"]')).toHaveCount(1);
    // Details are for developers only and never reach the built site.
    await expect(page.getByText('Error Details (Dev Only)')).toHaveCount(0);
  });

  test('Back to Home goes home and Go Back returns to the previous page', async ({ page }) => {
    await page.goto('/toast-testing');
    await page.goto('/no-such-party-page');
    await page.getByRole('main').getByRole('link', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/toast-testing$/);

    await page.goto('/another-missing-page');
    await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the 500 page uses the server error wording', async ({ page }) => {
    await page.goto('/500');
    await expect(page).toHaveTitle('500 - Server Error');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Server Error');
    await expect(
      page.getByText(
        "We're experiencing technical difficulties. Our team has been notified and we're working to fix it!",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  test('axe finds no violation on the 404 page', async ({ page }) => {
    await page.goto('/no-such-party-page');
    await expectNoAxeViolations(page);
  });
});

test.describe('fatal client errors', () => {
  test('a visitor is shown the error page', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('load');
    await page.evaluate(() => {
      void Promise.reject(new Error('The cart could not be restored'));
    });
    await expect(page).toHaveURL(/\/500$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Server Error');
  });

  test('a crawler only gets the error logged', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      ...(baseURL ? { baseURL } : {}),
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForLoadState('load');
    // The runtime logs and decides in one handler: had it left for /500, the navigate event would have
    // fired before the log reached the test (the navigation is cancelled, so the page stays to say so).
    await page.evaluate(() =>
      navigation.addEventListener('navigate', (event) => {
        document.documentElement.dataset['leftFor'] = event.destination.url;
        event.preventDefault();
      }),
    );
    const logged = page.waitForEvent(
      'console',
      (message) => message.type() === 'error' && message.text().includes('Unhandled error'),
    );
    await page.evaluate(() => {
      void Promise.reject(new Error('The cart could not be restored'));
    });
    await logged;
    expect(await page.locator('html').getAttribute('data-left-for')).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});

test.describe('site runtime', () => {
  test('the site stays in light mode: a dark class is removed', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('load');
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
  });

  /** Adds a `data-animate` element far below the fold and lets the runtime pick it up as on a page load. */
  async function addAnimatedElementBelowTheFold(page: Page) {
    await page.goto('/');
    await page.waitForLoadState('load');
    await page.evaluate(() => {
      const spacer = document.createElement('div');
      spacer.style.height = '3000px';
      const probe = Object.assign(document.createElement('p'), {
        id: 'animate-probe',
        textContent: 'Bounce into view',
      });
      probe.dataset['animate'] = 'pop';
      document.getElementById('main')?.append(spacer, probe);
      document.dispatchEvent(new Event('astro:page-load'));
    });
    return page.locator('#animate-probe');
  }

  test('scroll-animate hides an element below the fold and animates it in when scrolled to', async ({ page }) => {
    const probe = await addAnimatedElementBelowTheFold(page);
    await expect(probe).toHaveAttribute('data-animate-state', 'pending');
    await expect(probe).toHaveCSS('opacity', '0');
    await probe.scrollIntoViewIfNeeded();
    await expect(probe).toHaveCSS('opacity', '1');
    await expect(probe).not.toHaveAttribute('data-animate-state', /.*/);
  });

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });
    test('nothing is hidden or animated', async ({ page }) => {
      const probe = await addAnimatedElementBelowTheFold(page);
      // The browser reports to its intersection observers in the order they were made: once one made
      // now has heard about the probe, any the runtime made has too.
      await probe.evaluate(
        (element) =>
          new Promise<void>((resolve) => {
            const observer = new IntersectionObserver(() => {
              observer.disconnect();
              resolve();
            });
            observer.observe(element);
          }),
      );
      await expect(probe).not.toHaveAttribute('data-animate-state', /.*/);
      await expect(probe).toHaveCSS('opacity', '1');
    });
  });

  test('a failed chunk load reloads the page, but not twice within 10 seconds, and no other error does', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('load');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'before reload'));
    // As Vite's preloader reports a chunk the server no longer has: the event carries the import's error.
    const missingChunk = () => {
      const event = new Event('vite:preloadError', { cancelable: true });
      Object.assign(event, { payload: new TypeError(`Failed to fetch dynamically imported module: ${location.origin}/_astro/Gone.B2x9.js`) });
      window.dispatchEvent(event);
    };
    // Anything else Vite reports there (code chained on an import that rejected, as the human check's 429) is
    // left to Vite, which hands it back to that code: the event is not taken and the page stays.
    const otherErrorTaken = await page.evaluate(() => {
      const event = new Event('vite:preloadError', { cancelable: true });
      Object.assign(event, { payload: new Error('busy') });
      return !window.dispatchEvent(event);
    });
    expect(otherErrorTaken).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('before reload');

    const reloaded = page.waitForEvent('load');
    await page.evaluate(missingChunk);
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();

    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'after reload'));
    const logged = page.waitForEvent('console', (message) => message.text().includes('not reloading again'));
    await page.evaluate(missingChunk);
    await logged;
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('after reload');
  });

  test('/build.json names the build the page was made from', async ({ page, request }) => {
    const response = await request.get('/build.json');
    expect(response.status()).toBe(200);
    const { buildId } = await response.json();
    expect(typeof buildId).toBe('string');
    expect(buildId.length).toBeGreaterThan(0);
    await page.goto('/');
    await expect(page.locator('meta[name="build-id"]')).toHaveAttribute('content', buildId);
  });

  test.describe('hourly build check', () => {
    test.use({ serviceWorkers: 'block' });

    test('offers a reload once a newer build is live', async ({ page }) => {
      await page.route('**/build.json', (route) => route.fulfill({ json: { buildId: 'a-newer-build' } }));
      await page.clock.install({ time: start });
      await page.goto('/');
      await page.clock.pauseAt(new Date(start.getTime() + 60_000));
      const notice = page
        .getByRole('region', { name: 'Notifications' })
        .getByText('A new version of this site is ready');
      await page.clock.runFor(59 * 60_000);
      await expect(notice).toHaveCount(0);
      await page.clock.runFor(60_000);
      await expect(notice).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    });

    test('offers the reload in Spanish on a Spanish page, the notice’s own labels included', async ({ page }) => {
      await page.route('**/build.json', (route) => route.fulfill({ json: { buildId: 'a-newer-build' } }));
      await page.clock.install({ time: start });
      await page.goto('/es');
      await page.clock.pauseAt(new Date(start.getTime() + 60_000));
      await page.clock.runFor(60 * 60_000);
      const region = page.getByRole('region', { name: 'Notificaciones' });
      await expect(region.getByText('Hay una versión nueva de este sitio')).toBeVisible();
      await expect(region.getByText('Información:')).toBeAttached();
      await expect(region.getByRole('button', { name: 'Recargar' })).toBeVisible();
      await expect(region.getByRole('button', { name: 'Cerrar el aviso' })).toBeVisible();
      await expect(page.getByText(/new version|Reload/)).toHaveCount(0);
    });

    test('stays quiet while the build is current', async ({ page }) => {
      await page.clock.install({ time: start });
      await page.goto('/');
      await page.clock.pauseAt(new Date(start.getTime() + 60_000));
      const checked = page.waitForResponse('**/build.json');
      await page.clock.runFor(60 * 60_000);
      await checked;
      // An absence, after a check whose end the page does not show: a fixed window is all there is to
      // wait for. A busy machine can only let a wrong notice slip past it, never fail a right page.
      await page.waitForTimeout(300);
      await expect(page.getByText('A new version of this site is ready')).toHaveCount(0);
    });
  });
});

test.describe('installable app', () => {
  test('the manifest is linked, served and describes the pink app with its icons', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ec4899');

    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'Pink Flamingo Party Rentals',
      display: 'standalone',
      theme_color: '#ec4899',
      background_color: '#ffffff',
      start_url: '/',
    });
    const sizes = manifest.icons.map(
      (icon: { sizes: string; purpose?: string }) => `${icon.sizes} ${icon.purpose ?? 'any'}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons as { src: string }[]) {
      const image = await request.get(icon.src);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toContain('image/png');
    }
  });

  test('/sw.js is served and the page registers it with scope /', async ({ page, request, baseURL }) => {
    const script = await request.get('/sw.js');
    expect(script.status()).toBe(200);
    // The build wrote the precache list into the worker: the offline page is in it.
    expect(await script.text()).toMatch(/\{"revision":"[0-9a-f]{32}","url":"offline"\}/);

    await page.goto('/');
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { scope: ready.scope, script: ready.active?.scriptURL ?? '' };
    });
    expect(registration.scope).toBe(new URL('/', baseURL).href);
    expect(new URL(registration.script).pathname).toBe('/sw.js');
    await expect(page.locator('html')).not.toHaveAttribute('data-service-worker', 'failed');
  });

  test('without a connection, a page never opened before shows the offline page', async ({ page, context }) => {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The new worker claims the page; wait until it controls it, then cut the connection.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're offline");
    await context.setOffline(false);
  });

  test('without a connection, a Spanish page never opened before shows the Spanish offline page', async ({ page, context }) => {
    await page.goto('/es');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.goto('/es/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No tiene conexión');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await context.setOffline(false);
  });

  test('the offline page is friendly and gives the phone number', async ({ page }) => {
    const response = await page.goto('/offline');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're offline");
    await expect(page.getByRole('main').locator('a[href^="tel:"]')).toBeVisible();
  });
});
