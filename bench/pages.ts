import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium, type Page } from '@playwright/test';
import { noteDeletes } from './freed-inodes';

export interface PageFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferKb: number;
  jsKb: number;
  /** Each script the page loaded (path, transferred KB), largest first: what its JS KB is made of. */
  scripts: { path: string; kb: number }[];
}

/** A page to measure: its path, and what a visitor has done before arriving (kept in the browser's storage). */
export interface PageToMeasure {
  path: string;
  before?: (page: Page) => Promise<void>;
}

/**
 * Lighthouse (mobile, its default: simulated slow 4G and a 4× slower CPU) for each page, one Chromium
 * for all. Each page is measured `runs` times and the run with the median performance score is kept,
 * as Lighthouse's own guidance on variability recommends: on a shared 2-core machine one run can land
 * on a moment when other work holds the CPU, and the simulated CPU slowdown multiplies that.
 */
export async function measurePages(
  base: string,
  chromePath: string,
  pages: Record<string, PageToMeasure>,
  runs = 3,
): Promise<Record<string, PageFigures>> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const out: Record<string, PageFigures> = {};
  const bypassing = await bypassServiceWorkers(chrome.port);
  try {
    for (const [name, { path: pathname, before }] of Object.entries(pages)) {
      await fetch(`${base}${pathname}`).then((r) => r.arrayBuffer()); // the server's first answer for a path is not what a visitor gets
      const measured = [];
      for (let run = 0; run < runs; run++) {
        // Lighthouse clears the origin's storage before a run unless told not to; a page that depends
        // on an earlier visit (a filled cart) gets it from `before`, run in the same browser.
        if (before) await inBrowser(chrome.port, base, before);
        const result = await lighthouse(`${base}${pathname}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          disableStorageReset: Boolean(before),
        });
        const answered = answeredByServiceWorker(result!.artifacts.DevtoolsLog);
        if (answered.length > 0)
          throw new Error(`${name}: the service worker answered ${answered.join(', ')}; its bytes would not be counted`);
        measured.push(result!.lhr);
      }
      measured.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = measured[Math.floor(measured.length / 2)]!;
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const items =
        (
          lhr.audits['network-requests']?.details as
            { items?: { url?: string; transferSize?: number; resourceType?: string }[] } | undefined
        )?.items ?? [];
      const kb = (n: number) => Math.round(n / 102.4) / 10;
      out[name] = {
        performance: lhr.categories.performance?.score ?? NaN,
        accessibility: lhr.categories.accessibility?.score ?? NaN,
        bestPractices: lhr.categories['best-practices']?.score ?? NaN,
        seo: lhr.categories.seo?.score ?? NaN,
        lcpMs: Math.round(audit('largest-contentful-paint')),
        tbtMs: Math.round(audit('total-blocking-time')),
        cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
        transferKb: kb(items.reduce((s, i) => s + (i.transferSize ?? 0), 0)),
        jsKb: kb(items.filter((i) => i.resourceType === 'Script').reduce((s, i) => s + (i.transferSize ?? 0), 0)),
        scripts: items
          .filter((i) => i.resourceType === 'Script')
          .map((i) => ({ path: new URL(i.url ?? '', base).pathname, kb: kb(i.transferSize ?? 0) }))
          .sort((a, b) => b.kb - a.kb),
      };
    }
  } finally {
    await bypassing.close();
    await chrome.kill();
    await noteDeletes(); // the browser's profile
  }
  return out;
}

/**
 * Every tab the browser opens from now on (Lighthouse opens one per run) fetches past the service worker,
 * so that a page's transferred KB is every byte it fetches, the same from run to run. The site registers
 * its worker once the page has loaded (src/scripts/site-runtime.ts), and once installed the worker takes
 * the page over (`clientsClaim`): what the page asks for after that, such as the images below the first
 * screen (lazy, fetched after the load event), goes through the worker, which fetches it from the network
 * itself. Lighthouse counts such a response as 0 bytes and never sees the worker's own fetch (it does not
 * listen to service workers), so whether those images counted depended on whether the worker had finished
 * installing first: the Spanish home page measured 63.9 KB in one run and 49.6 KB in the next.
 * The bypass is a DevTools setting of each tab (Network.setBypassServiceWorker, which takes effect only
 * with the Network domain on); the worker is still registered and installed as on any first visit.
 */
async function bypassServiceWorkers(port: number) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  context.on('page', (page) => {
    void context
      .newCDPSession(page)
      .then(async (session) => {
        await session.send('Network.enable');
        await session.send('Network.setBypassServiceWorker', { bypass: true });
      })
      // A tab may close before it answers (inBrowser's); a measured load is checked after its run.
      .catch(() => undefined);
  });
  return browser;
}

/**
 * The requests of a measured load that the service worker answered: none, unless the bypass came too late
 * for a tab. A figure that silently left their bytes out is worse than no figure.
 */
function answeredByServiceWorker(log: readonly { method: string; params?: unknown }[]): string[] {
  return log
    .filter((event) => event.method === 'Network.responseReceived')
    .map((event) => (event.params as { response: { url: string; fromServiceWorker?: boolean } }).response)
    .filter((response) => response.fromServiceWorker)
    .map((response) => response.url);
}

/** Runs `step` in a fresh tab of the Chromium Lighthouse drives (same profile, so same storage). */
async function inBrowser(port: number, base: string, step: (page: Page) => Promise<void>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    // A tab opened over CDP has no window size of its own; lazily hydrated islands wait to be seen.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.bringToFront();
    await page.goto(base);
    await page.evaluate(() => localStorage.clear());
    await step(page);
    // Keep what the visitor did (local storage), not what their browser kept (HTTP cache, service
    // worker and its caches): the measured load then fetches what a first visit fetches.
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
      for (const name of await caches.keys()) await caches.delete(name);
    });
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}
