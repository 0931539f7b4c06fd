import autocannon from 'autocannon';
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

const body = (product: string, date: string, i: number) =>
  JSON.stringify({
    items: [{ product, quantity: 1 }],
    event: { date, start: '10:00', end: '16:00' },
    customer: { name: `Bench Customer ${i}`, email: `bench${i}-${date}@example.com`, phone: '512-555-0100' },
    address: { line1: `${i} Bench St`, city: 'Round Rock', state: 'TX', zip: '78664' },
    acceptTerms: true,
  });
import { readdirSync, readFileSync } from 'node:fs';
function cpu(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const k0 = cmd.includes('postgres') ? 'postgres' : cmd.includes('start.ts') ? 'site' : cmd.includes('.prof.ts') ? 'client' : 'other';
      out[k0 + '.usr'] = (out[k0 + '.usr'] ?? 0) + Number(f[11]);
      out[k0 + '.sys'] = (out[k0 + '.sys'] ?? 0) + Number(f[12]);
    } catch {}
  }
  return out;
}
async function main() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'prof-'));
  const database = await startEmbeddedPostgres({ dataDir: path.join(root, 'pg'), port: await freePort(), database: 'party' });
  const sql = connect(database.url, 5);
  await migrate(sql, migrationsDir);
  await seedDemoBusiness(sql);
  if (process.env.PGSS) await sql`create extension if not exists pg_stat_statements`;

  const port = await freePort();
  const base = `http://localhost:${port}`;
  const port2 = await freePort();
  const base2 = `http://localhost:${port2}`;
  const site = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/cli/start.ts'], {
    env: { ...process.env, ...(process.env.PROF ? { NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=/tmp/cpuprof' } : {}), DATABASE_URL: database.url, SITE_URL: base, PORT: String(port), DATA_DIR: root, SKIP_BUILD: '1', BOOKING_RATE_LIMIT: '1000000', ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) { try { if ((await fetch(`${base}/api/health`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 300)); }
  const site2 = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/cli/start.ts'], { env: { ...process.env, DATABASE_URL: database.url, SITE_URL: base2, PORT: String(port2), DATA_DIR: root, SKIP_BUILD: '1', BOOKING_RATE_LIMIT: '1000000', ASTRO_TELEMETRY_DISABLED: '1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (const b of [base, base2]) for (;;) { try { if ((await fetch(`${b}/api/health`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 300)); }
  console.log("healthy");
  const date = addDays(localDate(new Date(), 'America/Chicago'), 30);
  if (process.env.PGSS) await sql`select pg_stat_statements_reset()`;
  for (const [round, product] of [[0, 'pink-castle-bounce-house'], [0, 'rainbow-arch-bounce-house'], [1, 'pink-castle-bounce-house']] as const) {
    let next = 0;
    const lat: number[] = []; let ok = 0; let last = 0;
    const c0 = cpu();
    const t0 = Date.now();
    await Promise.all([base, base2].map((b, half) => new Promise<void>((resolve) => {
      const inst = autocannon({ url: `${b}/api/bookings`, connections: 25, amount: 100, requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (r) => { const i = next++; return { ...r, body: body(product, addDays(date, 1 + i + round * 200), i + round * 1000) }; } }] }, () => resolve());
      inst.on('response', (_c: unknown, status: number, _b: unknown, ms: number) => { lat.push(ms); last = Date.now(); if (status === 201) ok++; });
    })));
    const s = (last - t0) / 1000;
    const c1 = cpu(); console.log('cpu ms per booking', Object.fromEntries(Object.keys(c1).map(k => [k, ((c1[k] - (c0[k] ?? 0)) * 10 / 200).toFixed(2)])));
    lat.sort((a, b) => a - b);
    console.log(`round ${round}: ${ok}/200 in ${s}s = ${(ok / s).toFixed(1)}/s p50 ${lat[100]} p95 ${lat[190]}`);
  }
  if (process.env.PGSS) {
    const top = await sql`select calls, round((total_exec_time/calls*1000)::numeric) as exec_us, round((total_plan_time/calls*1000)::numeric) as plan_us, left(regexp_replace(query, '\s+', ' ', 'g'), 90) as q from pg_stat_statements where calls >= 100 order by total_exec_time + total_plan_time desc limit 25`;
    for (const r of top) console.log(String(r.calls).padStart(6), String(r.exec_us).padStart(6), String(r.plan_us).padStart(6), r.q);
  }
  site.kill('SIGINT'); site2.kill('SIGINT');
  await new Promise((r) => setTimeout(r, 2500));
  await sql.end({ timeout: 1 });
  await database.stop();
}
main().then(() => process.exit(0));
