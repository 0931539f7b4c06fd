import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { authPool } from '../../src/lib/auth/auth.server';
import { connect, type Database } from '../../src/lib/db/client.server';
import { createMigratedDatabase, type TestDatabase } from '../support/database';

/**
 * TLS to the pooler, as production's DATABASE_URL reaches Supabase's: PgBouncer (transaction mode)
 * serves a certificate for "localhost" from a CA made for the run (tests/support/pgbouncer.ts).
 * The site's socket negotiates TLS itself (it must read the protocol in clear to keep one request
 * in flight), so queries and transactions are run through it encrypted; staff sign-in's
 * node-postgres pool is checked the same way.
 */
let db: TestDatabase;
let dir: string;
let caFile: string;
const pools: Database[] = [];
const authPools: Pool[] = [];

beforeAll(async () => {
  db = await createMigratedDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'pgbouncer-ca-'));
  caFile = path.join(dir, 'pooler-ca.crt');
  await writeFile(caFile, inject('pgbouncerTlsCa'));
});
afterAll(async () => {
  await Promise.all([...pools.map((pool) => pool.end({ timeout: 1 })), ...authPools.map((pool) => pool.end())]);
  await db?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The test database through PgBouncer, by this host name, with these query parameters. */
function urlWith(host: string, query: Record<string, string>): string {
  const url = new URL(db.url);
  url.hostname = host;
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}
function appPool(url: string): Database {
  const pool = connect(url, 2);
  pools.push(pool);
  return pool;
}
function signInPool(url: string): Pool {
  const pool = authPool(url, '');
  authPools.push(pool);
  return pool;
}

describe('TLS to the pooler', () => {
  it('verify-full with the pooler’s CA and host name: queries and transactions run over TLS', async () => {
    const sql = appPool(urlWith('localhost', { sslmode: 'verify-full', sslrootcert: caFile }));
    const [row] = await sql.begin(async (tx) => {
      await tx`create temporary table tls_probe (n int) on commit drop`;
      await tx`insert into tls_probe values (1), (2)`;
      return tx<{ total: number; limit: string }[]>`select sum(n)::int as total, current_setting('statement_timeout') as limit from tls_probe`;
    });
    expect(row).toMatchObject({ total: 3, limit: '5s' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => sql<{ n: number }[]>`select ${i}::int as n`));
    expect(answers.map(([a]) => a!.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('verify-full refuses the pooler without its CA, or by another host name', async () => {
    await expect(appPool(urlWith('localhost', { sslmode: 'verify-full' }))`select 1`).rejects.toMatchObject({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    await expect(appPool(urlWith('127.0.0.1', { sslmode: 'verify-full', sslrootcert: caFile }))`select 1`).rejects.toMatchObject({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
  });

  it('sslmode=require still connects without checking (what deploy:check refuses for a remote database)', async () => {
    const [row] = await appPool(urlWith('127.0.0.1', { sslmode: 'require' }))<{ n: number }[]>`select 1::int as n`;
    expect(row!.n).toBe(1);
  });

  it('staff sign-in’s pool: verify-full connects with the CA and host name, and is refused otherwise', async () => {
    const { rows } = await signInPool(urlWith('localhost', { sslmode: 'verify-full', sslrootcert: caFile })).query<{ n: number }>('select 1::int as n');
    expect(rows[0]!.n).toBe(1);
    await expect(signInPool(urlWith('localhost', { sslmode: 'verify-full' })).query('select 1')).rejects.toMatchObject({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    await expect(signInPool(urlWith('127.0.0.1', { sslmode: 'verify-full', sslrootcert: caFile })).query('select 1')).rejects.toMatchObject({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
  });
});
