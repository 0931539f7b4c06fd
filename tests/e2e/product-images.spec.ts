import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/lib/db/embedded.server';
import { freePort } from '../../src/cli/ports';
import { e2eDataDir } from '../support/e2e-env';
import { submitSignIn } from './support/admin';
import { enrolTwoFactor } from './support/two-factor';

/**
 * A staff member's large phone photo reaches customers the way a storefront sends it: uploaded as it
 * is, then resized by the image CDN (`/.netlify/images`, served by `npm start` through Netlify's own
 * local image handler) to AVIF or WebP of a few tens of KB for the catalog card and the product page.
 *
 * Publishing needs a rebuild, so this test has a site of its own: a copy of the project's build inputs
 * (in the e2e data folder, inside the project so it finds node_modules the ordinary way), its own
 * database and `npm start` on a free port. Rebuilding it (`astro build` with the server's variables,
 * while the server keeps serving) leaves the shared e2e site and its dist/ alone.
 */
test.describe.configure({ mode: 'serial' });

const owner = { email: 'owner@images.test', password: 'images owner password 2026' };
const product = { name: 'Pink Castle Bounce House', slug: 'pink-castle-bounce-house', category: 'bounce-houses' };
const mainAlt = 'Pink Castle Bounce House set up on a lawn';
const secondAlt = 'Pink Castle Bounce House seen from the entrance';
/** A 12-megapixel phone photo (4032 x 3024). */
const PHOTO = { width: 4032, height: 3024 };
/** "A few tens of KB": the largest resized copy a page may fetch. */
const RESIZED_MAX_BYTES = 100_000;

let folder: string;
let site: string;
let database: EmbeddedDatabase;
let server: ChildProcess;
let base: string;
let buildEnv: NodeJS.ProcessEnv;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  folder = await mkdtemp(path.join(os.tmpdir(), 'e2e-images-'));
  site = path.resolve(`${e2eDataDir}-images`);
  await rm(site, { recursive: true, force: true });
  // The build inputs, as a deploy checks them out.
  for (const entry of ['src', 'public', 'netlify', 'supabase', 'astro.config.mjs', 'netlify.toml', 'tsconfig.json', 'package.json']) {
    await cp(path.resolve(entry), path.join(site, entry), { recursive: true });
  }
  database = await startEmbeddedPostgres({ dataDir: path.join(folder, 'pg'), port: await freePort(), database: 'party' });
  const port = await freePort();
  base = `http://localhost:${port}`;
  buildEnv = { ...process.env, DATABASE_URL: database.url, SITE_URL: base, BUILD_ID: `e2e-images-${port}`, ASTRO_TELEMETRY_DISABLED: '1' };
  const log = createWriteStream(path.join(folder, 'server.log'));
  server = spawn(path.resolve('node_modules/.bin/tsx'), ['src/cli/start.ts'], {
    cwd: site,
    env: { ...buildEnv, PORT: String(port), DATA_DIR: path.join(folder, 'data'), ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.pipe(log);
  server.stderr!.pipe(log);
  // npm start seeds the empty database, builds the site and serves it.
  const deadline = Date.now() + 240_000;
  while (!(await healthy())) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${await serverLog()}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
});

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`${base}/api/health`)).status === 200;
  } catch {
    return false;
  }
}

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await database?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
  if (site) await rm(site, { recursive: true, force: true });
});

test('a large uploaded photo reaches the catalog card and the product gallery resized, as AVIF or WebP', async ({ page }) => {
  test.setTimeout(300_000);

  // Staff upload two photos straight from a phone and make the first one the product's main photo.
  await submitSignIn(page, owner, `${base}/admin/login`);
  // This site's first owner sets up two-step sign-in at the first sign-in, as every owner must.
  await expect(page).toHaveURL(/\/admin\/two-factor/, { timeout: 30_000 });
  await enrolTwoFactor(page, owner.password, 'Continue to the admin');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`${base}/admin/products?q=${encodeURIComponent(product.name)}`);
  await page.getByRole('link', { name: product.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  const photo = await phonePhoto(page);
  expect(photo.length, 'the test photo is a large original, yet within the 4 MB upload limit').toBeGreaterThan(1_500_000);
  expect(photo.length).toBeLessThanOrEqual(4 * 1024 * 1024);
  const photos = page.getByRole('list', { name: 'Photos in order' }).getByRole('img');
  await expect(photos).toHaveCount(1);
  for (const [index, alt] of [mainAlt, secondAlt].entries()) {
    await page.getByLabel('Photo file').setInputFiles({ name: `castle-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer: photo });
    await page.getByLabel('Photo description', { exact: true }).fill(alt);
    await page.getByRole('button', { name: 'Upload photo' }).click();
    await expect(photos).toHaveCount(index + 2, { timeout: 30_000 });
  }
  await page.getByRole('button', { name: /^Earlier \(photo 2\)/ }).click();
  await page.getByRole('button', { name: 'Save photo order and descriptions' }).click();
  await expect(page.getByText('Photo order and descriptions saved.')).toBeVisible();

  // Publish: rebuild the site from the database while the server keeps serving.
  await rebuild();

  const fetched = recordImageResponses(page);

  // The product page: the main photo (the page's LCP image) and the uploaded thumbnail.
  await page.goto(`${base}/products/${product.slug}`);
  const gallery = page.getByRole('region', { name: `Photos of the ${product.name}` });
  const main = gallery.getByRole('img', { name: mainAlt });
  await expect(main).toHaveAttribute('fetchpriority', 'high');
  await expect(main).toHaveAttribute('loading', 'eager');
  await expectResizedFromCdn(page, main, fetched);
  const thumbnail = gallery.getByRole('img', { name: secondAlt });
  await expect(thumbnail).toHaveAttribute('loading', 'lazy');
  await expectResizedFromCdn(page, thumbnail, fetched);
  // A closer look opens a large CDN copy, not the upload.
  const closerLook = await gallery.getByRole('link', { name: secondAlt }).getAttribute('href');
  expect(closerLook).toMatch(/^\/\.netlify\/images\?/);
  // Once the service worker runs the page, the resized photo is kept with it for offline visits.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  const mainShown = await main.evaluate((img: HTMLImageElement) => img.currentSrc);
  await expect
    // ignoreVary: the copy was stored for the browser's image Accept header, which this lookup lacks.
    .poll(() => page.evaluate(async (src) => (await (await caches.open('images')).match(src, { ignoreVary: true })) !== undefined, mainShown), { timeout: 30_000 })
    .toBe(true);

  // The catalog card on the category's listing.
  await page.goto(`${base}/products?category=${product.category}`);
  const card = page.locator('#catalog-list > li').filter({ has: page.getByRole('link', { name: product.name, exact: true }) });
  await expectResizedFromCdn(page, card.getByRole('img', { name: mainAlt }), fetched);

  const originals = [...fetched.keys()].filter((url) => new URL(url).pathname.startsWith('/api/product-photos/'));
  expect(originals, 'the browser never downloads an upload itself').toEqual([]);
});

/**
 * A JPEG the size of a 12-megapixel phone photo, drawn by the browser: sky, shapes and sensor-like
 * grain (which is what makes real photos large), deterministic so the test behaves the same every run.
 */
async function phonePhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async ({ width, height }) => {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d')!;
    const sky = context.createLinearGradient(0, 0, 0, height);
    sky.addColorStop(0, '#7dd3fc');
    sky.addColorStop(1, '#bbf7d0');
    context.fillStyle = sky;
    context.fillRect(0, 0, width, height);
    for (let i = 0; i < 160; i++) {
      context.fillStyle = `hsla(${(i * 47) % 360}, 75%, 60%, 0.7)`;
      context.beginPath();
      context.arc((i * 733) % width, (i * 397) % height, 40 + ((i * 53) % 260), 0, Math.PI * 2);
      context.fill();
    }
    const pixels = context.getImageData(0, 0, width, height);
    let seed = 12345;
    for (let i = 0; i < pixels.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const grain = ((seed >>> 16) % 21) - 10;
      for (let channel = i; channel < i + 3; channel++) pixels.data[channel] = pixels.data[channel]! + grain;
    }
    context.putImageData(pixels, 0, 0);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, PHOTO);
  return Buffer.from(base64, 'base64');
}

interface FetchedImage {
  status: number;
  contentType: string;
  bytes: number;
}

/** Every image the page fetches, by address, with its type and size as received. */
function recordImageResponses(page: Page): Map<string, Promise<FetchedImage>> {
  const fetched = new Map<string, Promise<FetchedImage>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'image') return;
    fetched.set(
      response.url(),
      response.body().then(
        (body) => ({ status: response.status(), contentType: response.headers()['content-type'] ?? '', bytes: body.length }),
        // The body of an image the page no longer holds (after navigating on) is gone; size unknown.
        () => ({ status: response.status(), contentType: response.headers()['content-type'] ?? '', bytes: Number.NaN }),
      ),
    );
  });
  return fetched;
}

/** The image shows a copy the CDN made: AVIF or WebP, a few tens of KB, smaller than the upload. */
async function expectResizedFromCdn(page: Page, image: Locator, fetched: Map<string, Promise<FetchedImage>>): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 60_000 }).toBe(true);
  const shown = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
  const address = new URL(shown);
  expect(address.pathname, shown).toBe('/.netlify/images');
  expect(address.searchParams.get('url')).toMatch(/^\/api\/product-photos\/[0-9a-f-]{36}\.jpg$/);
  expect(address.searchParams.has('fm'), 'the format is left to the browser').toBe(false);
  const response = await fetched.get(shown);
  expect(response, `${shown} was fetched by the page`).toBeDefined();
  expect(response!.status).toBe(200);
  expect(response!.contentType).toMatch(/^image\/(avif|webp)$/);
  expect(response!.bytes).toBeGreaterThan(1_000);
  expect(response!.bytes).toBeLessThan(RESIZED_MAX_BYTES);
  test.info().annotations.push({ type: 'resized image', description: `${address.search}: ${response!.contentType}, ${response!.bytes} bytes` });
  // The pixels themselves: exactly the width the address asked for, far below the photo's.
  const pixelWidth = await page.evaluate(async (src) => {
    const copy = new Image();
    copy.src = src;
    await copy.decode();
    return copy.naturalWidth;
  }, shown);
  expect(pixelWidth).toBe(Number(address.searchParams.get('w')));
  expect(pixelWidth).toBeLessThan(PHOTO.width / 2);
}

async function rebuild(): Promise<void> {
  const build = spawn(path.resolve('node_modules/.bin/astro'), ['build'], { cwd: site, env: buildEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  build.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  build.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => build.once('exit', resolve));
  expect(code, `astro build failed:\n${output.slice(-3000)}`).toBe(0);
}

async function serverLog(): Promise<string> {
  const text = await readFile(path.join(folder, 'server.log'), 'utf8').catch(() => '');
  return text.slice(-3000);
}
