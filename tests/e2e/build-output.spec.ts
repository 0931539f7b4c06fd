import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { compilePath } from '../../src/lib/http/path-params';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { classSelectors } from '../support/css-classes';
import { builtFile, redirectsFileProblems } from './support/redirects-file';

// These read the production build that the web server just made (dist/), not the network.
const dist = path.resolve('dist');

function htmlFiles(dir = dist): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === '_astro' ? [] : htmlFiles(full);
    return name.endsWith('.html') ? [full] : [];
  });
}

/** Where Netlify would find a path in this build (builtFile: the file itself, path.html, or path/index.html). */
const servedFile = (urlPath: string) => builtFile(dist, urlPath);

/** Paths served by functions or by rules in netlify.toml rather than by a file. */
const netlifyToml = readFileSync('netlify.toml', 'utf8');
const redirectSources = [...netlifyToml.matchAll(/from\s*=\s*"([^"]+)"/g)].map((m) => m[1]!);
// Pages a function answers outside /api/ (the content editor's /admin/content): the paths in each config.
const functionRoutes = readdirSync('netlify/functions')
  .filter((name) => name.endsWith('.ts'))
  .flatMap((name) => {
    const config = readFileSync(path.join('netlify/functions', name), 'utf8').split('export const config')[1] ?? '';
    return [...config.matchAll(/['"](\/[^'"\s]*)['"]/g)].map((m) => m[1]!);
  });
function servedByRule(urlPath: string): boolean {
  const clean = urlPath.split(/[?#]/)[0]!;
  if (clean.startsWith('/api/')) return true;
  // Netlify Image CDN: served when the image it transforms is.
  if (clean === '/.netlify/images') {
    const source = new URL(urlPath, 'http://site').searchParams.get('url');
    return source !== null && source.startsWith('/') && (servedFile(source) !== null || servedByRule(source));
  }
  return [...redirectSources, ...functionRoutes].some((from) => compilePath(from).pattern.test(clean));
}

test('no internal link or asset in the build is broken', () => {
  const broken: string[] = [];
  const files = htmlFiles();
  expect(files.length).toBeGreaterThan(100);
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    for (const [, attr] of html.matchAll(/\s(?:href|src)="(\/[^"]*)"/g)) {
      const target = attr!.replaceAll('&amp;', '&');
      if (target.startsWith('//')) continue;
      if (!servedFile(target) && !servedByRule(target)) broken.push(`${path.relative(dist, file)} -> ${target}`);
    }
  }
  expect(broken).toEqual([]);
});

test('the build writes a _redirects that Netlify reads without error, each rule a permanent move, in one hop, of an address no page is built at to one that is', async () => {
  // The old addresses of towns switched off or renamed (src/integrations/town-redirects.ts); the demo has
  // none, area-builder-publishing.spec renames one and switches it off, publishes, and checks its build the same way.
  const { problems } = await redirectsFileProblems(dist);
  expect(problems).toEqual([]);
});

test('a local landing page ships at most 15 KB of JavaScript, compressed', () => {
  const landing = readdirSync(dist).find((f) => /^bounce-houses-[a-z-]+-tx\.html$/.test(f));
  expect(landing, 'a /{service}-{city}-{state} page exists').toBeDefined();
  const html = readFileSync(path.join(dist, landing!), 'utf8');
  const scripts = new Set<string>();
  for (const [, src] of html.matchAll(/<script[^>]*\ssrc="(\/[^"]+\.js)"/g)) scripts.add(src!);
  for (const [, href] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="(\/[^"]+\.js)"/g)) scripts.add(href!);
  // Follow static imports: the browser downloads those too.
  const queue = [...scripts];
  while (queue.length) {
    const src = queue.pop()!;
    const code = readFileSync(path.join(dist, src), 'utf8');
    for (const [, dep] of code.matchAll(/(?:import|from)\s*["'](\.\/[^"']+\.js|\/_astro\/[^"']+\.js)["']/g)) {
      const resolved = dep!.startsWith('./') ? path.posix.join(path.posix.dirname(src), dep!) : dep!;
      if (!scripts.has(resolved)) {
        scripts.add(resolved);
        queue.push(resolved);
      }
    }
  }
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join('');
  // Each file is compressed on its own, as it travels.
  const bytes = [...scripts].reduce((sum, s) => sum + gzipSync(readFileSync(path.join(dist, s))).length, gzipSync(inline).length);
  console.log(`${landing}: ${(bytes / 1024).toFixed(1)} KB of JavaScript (gzip), ${scripts.size} file(s)`);
  expect(bytes).toBeLessThanOrEqual(15 * 1024);
});

test('the build\'s scripts are served from the copies compressed when the site was built', async ({ request }) => {
  // The largest script (the reports' charts): compressed on request, its first reader waited seconds.
  const largest = readdirSync(path.join(dist, '_astro'))
    .filter((name) => name.endsWith('.js'))
    .sort((a, b) => statSync(path.join(dist, '_astro', b)).size - statSync(path.join(dist, '_astro', a)).size)[0]!;
  const precompressed = readFileSync(path.join(dist, '_astro', `${largest}.br`));
  const response = await request.get(`/_astro/${largest}`, { headers: { 'accept-encoding': 'br' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-encoding']).toBe('br');
  expect(Number(response.headers()['content-length'])).toBe(precompressed.length);
  expect(await response.body()).toEqual(readFileSync(path.join(dist, '_astro', largest)));
});

/** The stylesheets a built page links. */
const stylesheetsOf = (html: string) => [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/[^"]+\.css)"/g)].map((m) => m[1]!);

/** Staff pages (src/layouts/AdminDocument.astro and the toast test page) load the staff stylesheet; every other page is public. */
function isStaffPage(file: string): boolean {
  const page = path.relative(dist, file).split(path.sep).join('/');
  return page === 'admin.html' || page.startsWith('admin/') || page === 'toast-testing.html';
}

/** Each built page's path in dist/ with its HTML, public pages and staff pages apart. */
function builtPages() {
  const pages = htmlFiles().map((file) => ({ page: path.relative(dist, file), html: readFileSync(file, 'utf8'), staff: isStaffPage(file) }));
  return { publicPages: pages.filter((p) => !p.staff), staffPages: pages.filter((p) => p.staff) };
}

test('public pages link their own stylesheet, never the one the staff pages link', () => {
  // Visitors download only the public stylesheet (src/styles/site.css); the admin's classes are in its own.
  const { publicPages, staffPages } = builtPages();
  const staffSheets = new Set(staffPages.flatMap(({ html }) => stylesheetsOf(html)));
  expect(staffSheets.size).toBeGreaterThan(0);
  expect(publicPages.length).toBeGreaterThan(100);
  const wrong = publicPages.flatMap(({ page, html }) => stylesheetsOf(html).filter((sheet) => staffSheets.has(sheet)).map((sheet) => `${page} -> ${sheet}`));
  const unstyled = publicPages.filter(({ html }) => stylesheetsOf(html).length === 0).map(({ page }) => page);
  expect(wrong).toEqual([]);
  expect(unstyled).toEqual([]);
});

test('every class a built public page uses that Tailwind styles is in the stylesheets the page links', () => {
  // The staff stylesheet is read from all of src/ (src/styles/admin.css): its classes are every one Tailwind styles.
  const { publicPages, staffPages } = builtPages();
  const css = (sheet: string) => readFileSync(path.join(dist, sheet), 'utf8');
  const styled = classSelectors(staffPages.flatMap(({ html }) => stylesheetsOf(html)).map(css).join('\n'));
  const linkedClasses = new Map<string, Set<string>>();
  const missing = new Set<string>();
  for (const { page, html } of publicPages) {
    const sheets = stylesheetsOf(html).join(' ');
    if (!linkedClasses.has(sheets)) linkedClasses.set(sheets, classSelectors(stylesheetsOf(html).map(css).join('\n')));
    const has = linkedClasses.get(sheets)!;
    for (const [, list] of html.matchAll(/\sclass="([^"]*)"/g)) {
      const decoded = list!.replaceAll('&gt;', '>').replaceAll('&lt;', '<').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
      for (const name of decoded.split(/\s+/)) if (styled.has(name) && !has.has(name)) missing.add(`${page}: ${name}`);
    }
  }
  expect([...missing].slice(0, 50)).toEqual([]);
});

test('the service worker precaches the public pages’ stylesheets and the offline pages, not the staff stylesheet', () => {
  // Every visitor's worker downloads its precache list on the first visit (src/integrations/staff-stylesheets.ts).
  const { publicPages, staffPages } = builtPages();
  const publicSheets = new Set(publicPages.flatMap(({ html }) => stylesheetsOf(html)));
  const staffOnly = [...new Set(staffPages.flatMap(({ html }) => stylesheetsOf(html)))].filter((sheet) => !publicSheets.has(sheet));
  expect(staffOnly.length).toBeGreaterThan(0);
  const precached = [...readFileSync(path.join(dist, 'sw.js'), 'utf8').matchAll(/"url":"([^"]+)"/g)].map((m) => `/${m[1]!}`);
  expect(precached).toContain('/offline');
  expect(precached.filter((url) => url.endsWith('.css')).sort()).toEqual([...publicSheets].sort());
  expect(precached.filter((url) => staffOnly.includes(url))).toEqual([]);
});
