import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { expect, test } from '@playwright/test';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/lib/db/embedded.server';
import { localFileStorage } from '../../src/lib/storage/index.server';
import { freePort } from '../../src/cli/ports';
import { TEST_AUTH_SECRET, SITE } from '../support/staff';
import { e2eHumanCheckSecret } from '../support/e2e-env';

/**
 * The restore drill as the owner lives it (issue #41): a used install (the demo's bookings, a waiver
 * signed with its PDF filed, a product photo uploaded) is backed up with `npm run backup`, restored
 * with `npm run restore` into a new database and new storage, and the site started on the restored
 * data (`npm start` serving the build the main e2e server made) shows a browser the same bookings in
 * the admin, the same waiver PDF bytes and the same photo. A damaged archive is refused first, naming
 * the checksum, with nothing written. One PostgreSQL holds both databases.
 */
test.describe.configure({ mode: 'serial' });

interface Install {
  cookie: string;
  waiver: { id: string; pdf_path: string; pdf_sha256: string };
  photo: { url: string; storage_path: string; product: string };
  bookings: { id: string; number: string; name: string }[];
}

let folder: string;
let database: EmbeddedDatabase;
let server: ChildProcess | undefined;
let install: Install;
let base: string;
const dataDir = (name: string) => path.join(folder, name);

/** The environment of an owner's terminal on this machine: their database and their DATA_DIR, nothing of the e2e server's. */
function ownerEnv(databaseUrl: string, dir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dir, AUTH_SECRET: TEST_AUTH_SECRET, HUMAN_CHECK_SECRET: e2eHumanCheckSecret };
  for (const key of ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_STORAGE_BUCKET', 'NETLIFY_SITE_ID', 'NETLIFY_AUTH_TOKEN', 'STRIPE_SECRET_KEY', 'SMTP_URL', 'PORT']) delete env[key];
  // After the deletions: the restored site's own PORT is one of the extras.
  return { ...env, ...extra };
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('tsx', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  folder = await mkdtemp(path.join(os.tmpdir(), 'e2e-restore-'));
  database = await startEmbeddedPostgres({ dataDir: dataDir('pg'), port: await freePort(), database: 'party' });
  const admin = postgres(database.url, { max: 1, onnotice: () => {} });
  await admin.unsafe('create database restored');
  await admin.end();
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await database?.stop();
  await rm(folder, { recursive: true, force: true });
});

test('a used install backed up, a damaged archive and another AUTH_SECRET refused, the backup restored into a new database and storage: the browser sees the same bookings, waiver PDF and photo', async ({ page }) => {
  // Four programs start (each `tsx` start takes seconds, a minute on a loaded 2-core machine) and a server.
  test.setTimeout(420_000);
  const restoredUrl = Object.assign(new URL(database.url), { pathname: '/restored' }).toString();

  // The used install, then `npm run backup` of it.
  const made = await run(['tests/support/restore-drill-install.ts'], ownerEnv(database.url, dataDir('source'), { SITE_URL: SITE }));
  expect(made.code, made.out).toBe(0);
  install = JSON.parse(made.out.trim().split('\n').at(-1)!) as Install;
  const archive = path.join(folder, 'backup.zip');
  const backup = await run(['src/cli/backup.ts', '--out', archive], ownerEnv(database.url, dataDir('source')));
  expect(backup.code, backup.out).toBe(0);

  // A damaged copy (one byte of the waiver's PDF, stored uncompressed) is refused, naming the entry and its checksum; nothing is written.
  const bytes = await readFile(archive);
  const pdf = (await localFileStorage(path.join(dataDir('source'), 'storage')).get(install.waiver.pdf_path))!.bytes;
  const at = bytes.indexOf(Buffer.from(pdf.subarray(200, 264)));
  expect(at).toBeGreaterThan(0);
  const damaged = Buffer.from(bytes);
  damaged[at + 10] = damaged[at + 10]! ^ 0xff;
  await writeFile(path.join(folder, 'damaged.zip'), damaged);
  const refused = await run(['src/cli/restore.ts', path.join(folder, 'damaged.zip')], ownerEnv(restoredUrl, dataDir('restored')));
  expect(refused.code).not.toBe(0);
  expect(refused.out).toContain(`files/${install.waiver.pdf_path} is damaged: its SHA-256 is`);
  expect(refused.out).toContain(install.waiver.pdf_sha256);
  // Under another AUTH_SECRET the owner's two-step sign-in would not open, so no owner could use the
  // restored admin: refused, naming the secret to bring (or --reset-two-step); nothing is written.
  const otherSecret = await run(['src/cli/restore.ts', archive], ownerEnv(restoredUrl, dataDir('restored'), { AUTH_SECRET: 'another-secret-of-at-least-32-characters' }));
  expect(otherSecret.code).not.toBe(0);
  expect(otherSecret.out).toContain('two-step sign-in was set up under another AUTH_SECRET');
  const target = postgres(restoredUrl, { max: 1, onnotice: () => {} });
  try {
    expect((await target`select count(*)::int as n from pg_tables where schemaname = 'public'`)[0]!.n).toBe(0);
  } finally {
    await target.end();
  }

  // `npm run restore` into the new database and the new storage, then the site on them.
  const restored = await run(['src/cli/restore.ts', archive], ownerEnv(restoredUrl, dataDir('restored')));
  expect(restored.code, restored.out).toBe(0);
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = spawn('tsx', ['src/cli/start.ts'], { env: ownerEnv(restoredUrl, dataDir('restored'), { PORT: String(port), SKIP_BUILD: '1', SITE_URL: base, WEB_CONCURRENCY: '1' }), stdio: ['ignore', 'pipe', 'pipe'] });
  // What the server said, for a failure's message (a start that stops early says why here).
  let said = '';
  server.stdout!.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-4000)));
  server.stderr!.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-4000)));
  await expect(async () => expect((await fetch(`${base}/api/health`).catch(() => null))?.status, said).toBe(200)).toPass({ timeout: 150_000, intervals: [1000] });

  // The owner's session came back with the database: signed in, the admin shows every booking of the install.
  // As a header on every request: Chromium will not take a `__Host-` (Secure) cookie for an http address
  // through the test's cookie API, though it keeps the one the site itself sets on localhost.
  await page.setExtraHTTPHeaders({ cookie: install.cookie });
  for (const booking of install.bookings) {
    await page.goto(`${base}/admin/bookings?q=${encodeURIComponent(booking.number)}`);
    await expect(page.getByRole('row').filter({ hasText: booking.number }).filter({ hasText: booking.name })).toHaveCount(1);
  }

  // The waiver's PDF, byte for byte, from the admin; the photo, byte for byte, from the product's page.
  const restoredPdf = await page.request.get(`${base}/api/admin/waivers/${install.waiver.id}/pdf`, { headers: { cookie: install.cookie } });
  expect(restoredPdf.status()).toBe(200);
  expect(Buffer.from(await restoredPdf.body()).equals(Buffer.from(pdf))).toBe(true);
  const photo = (await localFileStorage(path.join(dataDir('source'), 'storage')).get(install.photo.storage_path))!.bytes;
  const restoredPhoto = await page.request.get(`${base}${install.photo.url}`);
  expect(restoredPhoto.status()).toBe(200);
  expect(Buffer.from(await restoredPhoto.body()).equals(Buffer.from(photo))).toBe(true);
});
