import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { Sql } from '../src/lib/db/index.server';
import { EMBED_LOADER_PATH, EMBED_WIDGET_DIR } from '../src/lib/embed';
import { freePort } from '../src/cli/ports';
import { noteDeletes } from './freed-inodes';

/** Issue #39's targets for the booking widget on another website. */
export const WIDGET_TARGETS = { jsKb: 60, performance: 0.9, cls: 0.1, firstElementMs: 1000 };

/** What a host page downloads for the widget: the loader and the widget module, gzip-compressed (KB). */
export async function widgetBytes(distDir: string): Promise<{ loaderKb: number; widgetKb: number; totalKb: number }> {
  const kb = (bytes: Buffer) => Math.round((gzipSync(bytes).length / 1024) * 10) / 10;
  const loader = kb(await readFile(path.join(distDir, EMBED_LOADER_PATH)));
  const dir = path.join(distDir, EMBED_WIDGET_DIR);
  const [module] = (await readdir(dir)).filter((name) => name.endsWith('.js'));
  const widget = kb(await readFile(path.join(dir, module!)));
  return { loaderKb: loader, widgetKb: widget, totalKb: Math.round((loader + widget) * 10) / 10 };
}

/**
 * A host website on its own origin, as an owner's WordPress page would be: some text, then three of the
 * widget's elements (a product, a category, the cart) and the snippet's script, under a policy that lets
 * only the booking site run scripts, load images and be asked anything. Listed in the owner's settings.
 */
export async function startHostPage(sql: Sql, site: string): Promise<{ base: string; close(): void }> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  await sql`update business_settings set embed = ${sql.json({ origins: [base], thankYouUrl: '' })}`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Party rentals near you</title><meta name="description" content="A host page for the booking widget."></head>
<body><main><h1>Party rentals near you</h1><p>Bounce houses, water slides and games for your party, delivered and set up.</p>
<party-cart></party-cart><party-product slug="pink-castle-bounce-house"></party-product><party-catalog category="interactive-games"></party-catalog>
</main><script async src="${site}${EMBED_LOADER_PATH}"></script></body></html>`;
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-security-policy', `default-src 'none'; script-src ${site}; connect-src ${site}; img-src ${site} data:`);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
  const { port: listening } = server.address() as AddressInfo;
  if (listening !== port) throw new Error('The host page did not get its port');
  return { base, close: () => server.close() };
}

/**
 * How long a phone takes to show the first element's content on the host page: from the navigation's
 * start to the product element's heading, with Lighthouse's mobile throttling applied by hand (a 4×
 * slower CPU, slow 4G: 150 ms round trips, 1.6 Mbit/s down), a fresh browser each time; the median of
 * `runs`.
 */
export async function firstElementMs(chromePath: string, hostBase: string, runs = 3): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
      await page.goto(hostBase, { waitUntil: 'commit' });
      // Watched from inside the page, frame by frame: the time of the first frame painted after the
      // heading is in the product element. (Waiting from outside, through Playwright's locator, added
      // its own round trips to a 4× slower CPU: 300–500 ms that no visitor sees.)
      // (A string: tsx names the functions of a callback with a helper the page does not have.)
      const shown = page.evaluate<number>(`new Promise((resolve) => {
        const look = () => document.querySelector('party-product')?.shadowRoot?.querySelector('h2') ? requestAnimationFrame(resolve) : requestAnimationFrame(look);
        look();
      })`);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('The product element showed no heading in 30 s')), 30_000)));
      times.push(await Promise.race([shown, late]).finally(() => clearTimeout(timer)));
    } finally {
      await browser.close();
      await noteDeletes(); // the browser's profile
    }
  }
  return Math.round(times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!);
}
