import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connect } from './src/lib/db/client.server';
import { startEmbeddedPostgres } from './src/lib/db/embedded.server';
import { freePort } from './src/cli/ports';
import postgres from 'postgres';
async function main() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'rt-'));
  const database = await startEmbeddedPostgres({ dataDir: path.join(root, 'pg'), port: await freePort(), database: 'party' });
  console.log(database.url);
  for (const [label, sql] of [['gated', connect(database.url, 5)], ['plain', postgres(database.url, { max: 5, prepare: false })]] as const) {
    for (let i = 0; i < 200; i++) await sql`select 1`;
    const u0 = process.cpuUsage(); const t0 = performance.now();
    for (let i = 0; i < 3000; i++) await sql`select ${i}::int as x`;
    const u = process.cpuUsage(u0); const t = performance.now() - t0;
    console.log(label, 'wall us/query', (t / 3).toFixed(0), 'cpu user us', (u.user / 3000).toFixed(0), 'sys us', (u.system / 3000).toFixed(0));
    const u1 = process.cpuUsage(); const t1 = performance.now();
    await Promise.all(Array.from({ length: 3000 }, (_, i) => sql`select ${i}::int as x`));
    const uu = process.cpuUsage(u1);
    console.log(label, 'parallel wall us/query', ((performance.now() - t1) / 3).toFixed(0), 'cpu user', (uu.user / 3000).toFixed(0), 'sys', (uu.system / 3000).toFixed(0));
    await sql.end();
  }
  await database.stop();
}
main().then(() => process.exit(0));
