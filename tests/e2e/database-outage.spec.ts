import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/lib/db/embedded.server';
import { freePort } from '../../src/cli/ports';
import { e2ePort } from '../support/e2e-env';
import { startTcpSwitch, type TcpSwitch } from '../support/tcp-switch';

/**
 * A database outage seen from outside: a second `npm start` server (on E2E_PORT + 1, serving the
 * build the main e2e server made) reaches its own PostgreSQL through a switch. With the database
 * gone, pages still load and the API says clearly that it is unavailable; once it is back, the same
 * server process answers again.
 */
test.describe.configure({ mode: 'serial' });

const port = e2ePort + 1;
const base = `http://localhost:${port}`;
let folder: string;
let database: EmbeddedDatabase;
let link: TcpSwitch;
let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  folder = await mkdtemp(path.join(os.tmpdir(), 'e2e-outage-'));
  database = await startEmbeddedPostgres({ dataDir: path.join(folder, 'pg'), port: await freePort(), database: 'party' });
  const target = new URL(database.url);
  link = await startTcpSwitch({ host: target.hostname, port: Number(target.port) });
  server = spawn('tsx', ['src/cli/start.ts'], {
    env: { ...process.env, PORT: String(port), SKIP_BUILD: '1', DATABASE_URL: link.via(database.url), DATA_DIR: path.join(folder, 'data'), SITE_URL: base },
    stdio: 'ignore',
  });
  await expect(async () => expect((await fetch(`${base}/api/health`)).status).toBe(200)).toPass({ timeout: 150_000, intervals: [1000] });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await link?.close();
  await database?.stop();
  await rm(folder, { recursive: true, force: true });
});

test('pages stay up while the database is down; the API answers 503 and recovers without a restart', async ({ page }) => {
  const availability = `${base}/api/availability?product=giant-connect-four&date=${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}&start=10:00&end=16:00`;
  expect((await fetch(availability)).status).toBe(200);

  await link.down();
  for (const url of ['/', '/products', '/products/giant-connect-four', '/bounce-houses-austin-tx', '/contact']) {
    const response = await page.goto(`${base}${url}`);
    expect(response?.status(), url).toBe(200);
    await expect(page.locator('h1').first()).toBeVisible();
  }
  const down = await fetch(availability);
  expect(down.status).toBe(503);
  expect(await down.json()).toEqual({ error: { code: 'unavailable', message: 'We can’t reach our booking system right now. Please try again in a minute.' } });
  const health = await fetch(`${base}/api/health`);
  expect(health.status).toBe(503);
  expect((await health.json()).message).toMatch(/not reachable/);

  await link.up();
  expect((await fetch(availability)).status).toBe(200);
  expect((await fetch(`${base}/api/health`)).status).toBe(200);
});
