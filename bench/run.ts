/**
 * `npm run bench`: figures, not pass/fail. Builds and serves the real site on a throwaway embedded
 * database, then measures pages (Lighthouse, bytes) and the API under load, prints one table and
 * writes bench/results.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connect } from '../src/lib/db/client.server';
import { startEmbeddedPostgres } from '../src/lib/db/embedded.server';
import { migrate, migrationsDir } from '../src/lib/db/migrate.server';
import { freePort } from '../src/cli/ports';
import { seedDemoBusiness } from '../supabase/seed/seed';
import { addDays, localDate } from '../src/lib/time/event-window';
import { measurePages } from './pages';

interface Row {
  area: string;
  figure: string;
  value: string;
  target: string;
}
const rows: Row[] = [];
const results: Record<string, unknown> = {};
const record = (area: string, figure: string, value: string, target = '') => rows.push({ area, figure, value, target });

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** `connections` clients each sending requests back to back for `seconds`; latency of every request. */
async function load(url: string, connections: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const response = await fetch(url).catch(() => null);
        if (!response || !response.ok) errors++;
        await response?.arrayBuffer();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
  };
}

function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`the site exited with code ${code}`)));
    const poll = async () => {
      const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (ok) resolve();
      else setTimeout(poll, 500);
    };
    void poll();
  });
}

const bookingBody = (product: string, date: string, i: number) =>
  JSON.stringify({
    items: [{ product, quantity: 1 }],
    event: { date, start: '10:00', end: '16:00' },
    customer: { name: `Bench Customer ${i}`, email: `bench${i}-${date}@example.com`, phone: '512-555-0100' },
    address: { line1: `${i} Bench St`, city: 'Round Rock', state: 'TX', zip: '78664' },
    acceptTerms: true,
  });

async function main() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'party-bench-'));
  const database = await startEmbeddedPostgres({ dataDir: path.join(root, 'pg'), port: await freePort(), database: 'party' });
  const sql = connect(database.url, 5);
  await migrate(sql, migrationsDir);
  await seedDemoBusiness(sql);

  const port = await freePort();
  const base = `http://localhost:${port}`;
  const buildStarted = performance.now();
  const site = spawn('tsx', ['src/cli/start.ts'], {
    env: { ...process.env, DATABASE_URL: database.url, PORT: String(port), DATA_DIR: root, SITE_URL: base, BOOKING_RATE_LIMIT: '1000000', ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base, site);
    const buildSeconds = (performance.now() - buildStarted) / 1000;
    record('build', 'real site: start incl. build (s)', buildSeconds.toFixed(1));
    results.build = { seconds: buildSeconds };

    // --- Pages -----------------------------------------------------------------------------
    const chrome = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
    const landing = '/bounce-houses-round-rock-tx';
    if (chrome) {
      const pages = await measurePages(base, chrome, { home: '/', product: '/products/pink-castle-bounce-house', landing, checkout: '/checkout' });
      results.pages = pages;
      for (const [name, m] of Object.entries(pages)) {
        record('pages', `${name}: performance / a11y / best practices / SEO`, `${m.performance} / ${m.accessibility} / ${m.bestPractices} / ${m.seo}`, '≥ 0.98 / 1 / 1 / 1');
        record('pages', `${name}: LCP ms / TBT ms / CLS`, `${m.lcpMs} / ${m.tbtMs} / ${m.cls}`);
        record('pages', `${name}: transferred KB / JS KB`, `${m.transferKb} / ${m.jsKb}`, name === 'landing' ? '≤ 60 / ≤ 15' : '');
      }
    } else {
      record('pages', 'Lighthouse', 'skipped: no Chromium (set CHROME_PATH)');
    }

    // --- Availability under load ------------------------------------------------------------
    const date = addDays(localDate(new Date(), 'America/Chicago'), 30);
    const availabilityUrl = `${base}/api/availability?product=pink-castle-bounce-house&date=${date}&start=10:00&end=16:00`;
    await load(availabilityUrl, 5, 2); // warm-up: function bundles, connection pool
    const availability: Record<string, unknown> = {};
    for (const clients of [1, 10, 50]) {
      const r = await load(availabilityUrl, clients, 5);
      availability[clients] = r;
      record('api', `availability @ ${clients} client(s): p50 / p95 / p99 ms`, `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} / ${r.p99.toFixed(1)}`, clients === 50 ? 'p95 ≤ 50' : '');
      record('api', `availability @ ${clients} client(s): req/s (errors)`, `${r.rps.toFixed(0)} (${r.errors})`);
    }
    results.availability = availability;

    // --- Booking throughput: 50 clients, 200 bookings, each for a different date -------------
    const t0 = performance.now();
    const throughput: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < 200) {
          const i = next++;
          const body = bookingBody('pink-castle-bounce-house', addDays(date, 1 + i), i);
          throughput.push(await fetch(`${base}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.status));
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const placed = throughput.filter((s) => s === 201).length;
    record('api', 'bookings placed per second (200 requests)', `${(placed / seconds).toFixed(1)} (${placed} of 200 placed)`);
    results.bookingThroughput = { requests: 200, placed, seconds };

    // --- 200-way race for the one unit of a product ------------------------------------------
    const raceDate = addDays(date, 250);
    const race = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`${base}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bookingBody('sticky-wall', raceDate, 10_000 + i) }).then((r) => r.status),
      ),
    );
    const [{ doubles }] = (await sql`
      select count(*)::int as doubles from unit_allocations a join unit_allocations b
        on a.unit_id = b.unit_id and a.id < b.id and a.during && b.during
      where a.released_at is null and b.released_at is null`) as unknown as [{ doubles: number }];
    const winners = race.filter((s) => s === 201).length;
    record('api', '200-way race for one unit: winners / 409s / double bookings', `${winners} / ${race.filter((s) => s === 409).length} / ${doubles}`, '1 / 199 / 0');
    results.race = { winners, conflicts: race.filter((s) => s === 409).length, other: race.filter((s) => s !== 201 && s !== 409).length, doubleBookings: doubles };
  } finally {
    site.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 1500));
    await sql.end({ timeout: 1 });
    await database.stop();
    await rm(root, { recursive: true, force: true });
  }

  const width = Math.max(...rows.map((r) => r.figure.length));
  console.log(`\n${'area'.padEnd(7)} ${'figure'.padEnd(width)}  value  (target)`);
  for (const r of rows) console.log(`${r.area.padEnd(7)} ${r.figure.padEnd(width)}  ${r.value}${r.target ? `  (${r.target})` : ''}`);
  await writeFile(path.resolve('bench/results.json'), JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2));
  console.log('\nWritten to bench/results.json');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
