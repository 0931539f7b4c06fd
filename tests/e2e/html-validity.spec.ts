import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

// Reads the production build the web server just made (dist/), like build-output.spec.ts.
const dist = path.resolve('dist');
// The jar itself, run with the machine's Java: the package's own runner would try to download a JRE.
const vnuJar = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
  'build/dist/vnu.jar',
);

const topLevelPages = () => readdirSync(dist).filter((f) => f.endsWith('.html'));
const first = (dir: string, pattern: RegExp) => {
  const name = readdirSync(path.join(dist, dir)).find((f) => pattern.test(f));
  if (!name) throw new Error(`No page matching ${pattern} in dist/${dir}`);
  return path.join(dir, name);
};

/**
 * One built page of every page type: each top-level page (except the thousands of landing pages,
 * which share one template: one of them), one product of each kind (rental, package, supply, cake),
 * every admin screen, a city page and a city-service page.
 */
function pagesOfEveryType(): string[] {
  const landing = topLevelPages().filter((f) => /-tx\.html$/.test(f));
  const admin = ['admin', 'admin/bookings', 'admin/products', 'admin/categories', 'admin/customers'].flatMap((dir) =>
    existsSync(path.join(dist, dir))
      ? readdirSync(path.join(dist, dir))
          .filter((f) => f.endsWith('.html'))
          .map((f) => path.join(dir, f))
      : [],
  );
  return [
    ...topLevelPages().filter((f) => !landing.includes(f)),
    landing[0]!,
    'products/pink-castle-bounce-house.html',
    'products/backyard-birthday-package.html',
    'products/canopy-tent-10x10.html',
    // The Spanish versions (issue #40): es.html is top-level; one page of each kind under es/.
    ...(existsSync(path.join(dist, 'es'))
      ? [
          'es/categories.html',
          'es/products/pink-castle-bounce-house.html',
          'es/products.html',
          'es/services.html',
          'es/service-areas.html',
          'es/locations/cedar-park.html',
          'es/locations/cedar-park/water-slides.html',
          'es/water-slides-cedar-park-tx.html',
          'es/cakes-round-rock-tx.html',
          'es/404.html',
        ]
      : []),
    first('products', /cake\.html$/),
    ...admin,
    first('locations', /\.html$/),
    first(
      path.join(
        'locations',
        readdirSync(path.join(dist, 'locations')).find((f) => !f.endsWith('.html'))!,
      ),
      /\.html$/,
    ),
  ];
}

test('every page type is valid HTML for the W3C Nu Html Checker', async () => {
  // One Java start for all pages: the checker takes seconds to start and milliseconds per page.
  test.setTimeout(120_000);
  const pages = pagesOfEveryType();
  expect(pages.length).toBeGreaterThan(30);
  const { stdout, stderr } = await promisify(execFile)(
    'java',
    [
      '-jar',
      vnuJar,
      '--errors-only',
      '--format',
      'gnu',
      '--exit-zero-always',
      // The checker's CSS parser predates the CSS Tailwind 4 writes (@layer, @property, oklch(),
      // plus-lighter, view-transition-name) and flags valid rules; the HTML is what this test is for.
      '--filterpattern',
      '.*CSS: .*',
      ...pages.map((p) => path.join(dist, p)),
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: NodeJS.ErrnoException & { stdout?: string; stderr?: string }) => {
    if (error.code === 'ENOENT')
      throw new Error('The HTML check needs Java (apt-get install default-jre-headless): vnu-jar runs on it.');
    throw error;
  });
  const errors = `${stdout}${stderr}`
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(`file:${dist}/`, ''));
  expect(errors).toEqual([]);
});
