/**
 * The checkout's JavaScript for a cart whose products ask nothing of the setup spot (issue #38: "a cart
 * without any product rule shows no new question; the checkout's JavaScript for such a cart grows by
 * at most 3 KB"). Counted as the browser loads it: every script file the page fetched (the lazy
 * setup-spot questions only if they were fetched), at its compressed size on the wire (`npm start`
 * compresses as Netlify's CDN does), once the cart's price has shown and the network is idle.
 *
 * `npm run bench -- --only checkout-js` reports it beside the baseline below; `npx tsx
 * bench/checkout-js.ts` on its own builds and serves the project it sits in and prints the figure:
 * copied into a checkout of an older commit, it measures that commit the same way (docs/operations.md).
 */
import { chromium } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { connect, migrate, migrationsDir, startEmbeddedPostgres } from '../src/lib/db/index.server';
import { freePort } from '../src/cli/ports';
import { seedDemoBusiness } from '../supabase/seed/seed';
import { removeEarlierOutputs, timedBuild } from './build';
import { deleteBenchOutput, noteDeletes } from './freed-inodes';

/**
 * The figure before issue #38 (commit a097855, the last before its first commit 3c27f00), measured by
 * hand with this file copied into a detached checkout of it (docs/operations.md, "Checkout's script for a cart without site rules").
 */
export const RULELESS_CHECKOUT_BASELINE_KB = 81.2;
/** What issue #38 allows the checkout of such a cart to grow by. */
export const RULELESS_CHECKOUT_GROWTH_KB = 3;

/** A table-and-chair set asks nothing of the yard in the demo catalog (no surface, power, gate or stairs rule). */
const RULELESS_PRODUCT = 'table-and-chair-set';

export interface CheckoutJs {
  kb: number;
  scripts: { path: string; kb: number }[];
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Loads /checkout with a rule-less cart (set in the browser's storage, as the cart page keeps it) and sums its scripts. */
export async function measureRulelessCheckoutJs(base: string, chromePath: string | undefined): Promise<CheckoutJs> {
  const browser = await chromium.launch({ ...(chromePath ? { executablePath: chromePath } : {}), args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    const cart = {
      v: 1,
      items: [{ product: RULELESS_PRODUCT, name: 'Table & Chair Set (6 ft table + 8 chairs)', quantity: 2, image: '/images/placeholders/rental.svg', fromPriceCents: 0, fromPriceHours: null }],
      event: { date: inDays(40), start: '10:00', end: '16:00' },
      zip: '78664',
      coupon: '',
      damageWaiver: true,
      site: {},
    };
    // The cart is in the storage before the checkout's first script runs, and no other page was opened:
    // every script comes over the wire with its size (one from the HTTP cache would have none).
    await context.addInitScript((value) => localStorage.setItem('pf-cart', value), JSON.stringify(cart));
    const page = await context.newPage();
    const scripts: Promise<{ path: string; bytes: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' && !new URL(response.url()).pathname.endsWith('.js')) return;
      scripts.push(
        response
          .finished()
          .then(() => response.request().sizes())
          .then((sizes) => ({ path: new URL(response.url()).pathname, bytes: sizes.responseBodySize })),
      );
    });
    await page.goto(`${base}/checkout`);
    // The price shown: every island that hydrates on this page has, and whatever it loads lazily has been asked for.
    await page.getByTestId('quote-total').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    const unsized = loaded.filter((s) => s.bytes < 0);
    if (unsized.length) throw new Error(`No size for ${unsized.map((s) => s.path).join(', ')}: loaded from a cache?`);
    const questions = await page.getByTestId('site-questions').count();
    if (questions > 0) throw new Error('The rule-less cart asked about the setup spot: pick a product without site rules.');
    return {
      kb: kb(loaded.reduce((sum, s) => sum + s.bytes, 0)),
      scripts: loaded.map((s) => ({ path: s.path, kb: kb(s.bytes) })).sort((a, b) => b.kb - a.kb),
    };
  } finally {
    await browser.close();
    await noteDeletes(); // the browser's profile
  }
}

/** On its own: a database, the build and `npm start` of the project this file is in, then the figure. */
async function standalone() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'checkout-js-'));
  const database = await startEmbeddedPostgres({ dataDir: path.join(root, 'pg'), port: await freePort(), database: 'party' });
  const sql = connect(database.url, 3);
  let site: ChildProcess | undefined;
  try {
    await migrate(sql, migrationsDir);
    await seedDemoBusiness(sql);
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const env = { DATABASE_URL: database.url, SITE_URL: base, BUILD_ID: `checkout-js-${Date.now()}` };
    await timedBuild(path.resolve('.'), env);
    site = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/cli/start.ts'], {
      env: { ...process.env, ...env, PORT: String(port), DATA_DIR: root, SKIP_BUILD: '1', ASTRO_TELEMETRY_DISABLED: '1', HUMAN_CHECK_SECRET: 'bench-human-check-secret-0123456789abcdef' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let ok = false; !ok; ) {
      ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (!ok) await new Promise((r) => setTimeout(r, 500));
    }
    const chrome = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
    const figure = await measureRulelessCheckoutJs(base, chrome);
    console.log(`checkout JS, cart without site rules: ${figure.kb} KB`);
    for (const s of figure.scripts) console.log(`  ${s.path} ${s.kb}`);
  } finally {
    site?.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 1500));
    await sql.end({ timeout: 1 });
    await database.stop();
    await deleteBenchOutput(root);
    await removeEarlierOutputs();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await standalone();
