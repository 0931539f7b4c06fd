import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../../src/lib/db/client.server';
import { createMigratedDatabase, type TestDatabase } from '../support/database';

/**
 * Production URLs ask for TLS (`sslmode=require`). The connection's socket negotiates it itself
 * (it must read the protocol in clear to keep one request in flight), so it is tested here against
 * PgBouncer's TLS with a throwaway self-signed certificate.
 */
let db: TestDatabase;
const pools: Database[] = [];
const withSslMode = (mode: string) => {
  const url = new URL(db.url);
  url.searchParams.set('sslmode', mode);
  const pool = connect(url.toString(), 2);
  pools.push(pool);
  return pool;
};

beforeAll(async () => {
  db = await createMigratedDatabase();
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end({ timeout: 1 })));
  await db?.drop();
});

describe('TLS to the pooler', () => {
  it('sslmode=require: queries and transactions run over TLS', async () => {
    const sql = withSslMode('require');
    const [row] = await sql.begin(async (tx) => {
      await tx`create temporary table tls_probe (n int) on commit drop`;
      await tx`insert into tls_probe values (1), (2)`;
      return tx<
        { total: number }[]
      >`select sum(n)::int as total, current_setting('statement_timeout') as limit from tls_probe`;
    });
    expect(row).toMatchObject({ total: 3, limit: '5s' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sql<{ n: number }[]>`select ${i}::int as n`),
    );
    expect(answers.map(([a]) => a!.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('sslmode=verify-full checks the certificate: a self-signed one is refused', async () => {
    await expect(withSslMode('verify-full')`select 1`).rejects.toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
  });
});
