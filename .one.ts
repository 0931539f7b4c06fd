import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connect } from './src/lib/db/client.server';
import { startEmbeddedPostgres } from './src/lib/db/embedded.server';
import { migrate, migrationsDir } from './src/lib/db/migrate.server';
import { freePort } from './src/cli/ports';
import { seedDemoBusiness } from './supabase/seed/seed';
import { addDays, localDate } from './src/lib/time/event-window';
async function main() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'one-'));
  const database = await startEmbeddedPostgres({ dataDir: path.join(root, 'pg'), port: await freePort(), database: 'party' });
  const sql = connect(database.url, 5);
  await migrate(sql, migrationsDir);
  await seedDemoBusiness(sql);
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const site = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/cli/start.ts'], {
    env: { ...process.env, QLOG: '/tmp/qlog.txt', DATABASE_URL: database.url, SITE_URL: base, PORT: String(port), DATA_DIR: root, SKIP_BUILD: '1', BOOKING_RATE_LIMIT: '1000000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) { try { if ((await fetch(`${base}/api/health`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 300)); }
  const date = addDays(localDate(new Date(), 'America/Chicago'), 30);
  const body = (i: number) => JSON.stringify({ items: [{ product: 'pink-castle-bounce-house', quantity: 1 }], event: { date: addDays(date, i), start: '10:00', end: '16:00' },
    customer: { name: `Bench Customer ${i}`, email: `bench${i}@example.com`, phone: '512-555-0100' }, address: { line1: `${i} Bench St`, city: 'Round Rock', state: 'TX', zip: '78664' }, acceptTerms: true });
  await fetch(`${base}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(1) });
  await new Promise((r) => setTimeout(r, 500));
  require('node:fs').writeFileSync('/tmp/qlog.txt', '');

  const r = await fetch(`${base}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(2) });
  console.log(r.status);
  await new Promise((r) => setTimeout(r, 1000));
  site.kill('SIGINT');
  await new Promise((r) => setTimeout(r, 2000));
  await sql.end({ timeout: 1 });
  await database.stop();
}
main().then(() => process.exit(0));
