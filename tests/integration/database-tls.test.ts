import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../src/cli/ports';
import { authPool } from '../../src/lib/auth/auth.server';
import { connect, type Database } from '../../src/lib/db/client.server';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/lib/db/embedded.server';
import { MAINTENANCE_LIMITS } from '../../src/lib/db/limits';
import { migrate, migrationsDir } from '../../src/lib/db/migrate.server';
import { closeAdminConnections, signIn, useAdminEnv } from '../support/staff';
import { makeTestCertificates, type TestCertificates } from '../../src/cli/tls-certificates';

/**
 * Both database connections (the site's postgres.js pool through its gated socket, and staff
 * sign-in's node-postgres pool) against a PostgreSQL server of their own with TLS on, holding a
 * certificate for "localhost" signed by a CA the test made with openssl. verify-full must connect
 * with that CA and that host name, and be refused with another CA or another host name.
 */
let certs: TestCertificates;
let server: EmbeddedDatabase;
let root: string;
const pools: Database[] = [];
const authPools: Pool[] = [];

beforeAll(async () => {
  certs = await makeTestCertificates('localhost');
  root = await mkdtemp(path.join(os.tmpdir(), 'party-tls-'));
  server = await startEmbeddedPostgres({
    dataDir: path.join(root, 'pg'),
    port: await freePort(),
    database: 'tls_test',
    settings: { ssl: 'on', ssl_cert_file: certs.certFile, ssl_key_file: certs.keyFile },
  });
  const plain = connect(server.url, 1, MAINTENANCE_LIMITS);
  try {
    await migrate(plain, migrationsDir);
  } finally {
    await plain.end();
  }
}, 120_000);

afterAll(async () => {
  await Promise.all([...pools.map((pool) => pool.end({ timeout: 1 })), ...authPools.map((pool) => pool.end())]);
  await closeAdminConnections();
  await server?.stop();
  if (root) await rm(root, { recursive: true, force: true });
  if (server) await rm(server.dataDir, { recursive: true, force: true });
  await certs?.remove();
});

/** The test server's URL with this host name and these query parameters. */
function urlWith(host: string, query: Record<string, string>): string {
  const url = new URL(server.url);
  url.hostname = host;
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}
const verifyFull = (host: string, caFile: string) => urlWith(host, { sslmode: 'verify-full', sslrootcert: caFile });

const ON_TLS = 'select ssl, version from pg_stat_ssl where pid = pg_backend_pid()';

function appPool(url: string): Database {
  const pool = connect(url, 2);
  pools.push(pool);
  return pool;
}
function signInPool(url: string, caCert?: string): Pool {
  const pool = authPool(url, caCert);
  authPools.push(pool);
  return pool;
}

describe('the site’s connection (postgres.js through the gated socket)', () => {
  it('verify-full with the right CA and host name: queries and transactions run encrypted', async () => {
    const sql = appPool(verifyFull('localhost', certs.caFile));
    const [session] = await sql<{ ssl: boolean; version: string }[]>`select ssl, version from pg_stat_ssl where pid = pg_backend_pid()`;
    expect(session).toMatchObject({ ssl: true, version: expect.stringMatching(/^TLSv1\.[23]$/) });
    const [row] = await sql.begin((tx) => tx<{ limit: string }[]>`select current_setting('statement_timeout') as limit`);
    expect(row!.limit).toBe('5s');
  });

  it('refuses a server whose certificate another CA signed', async () => {
    await expect(appPool(verifyFull('localhost', certs.wrongCaFile))`select 1`).rejects.toMatchObject({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
  });

  it('refuses a certificate for another host name: 127.0.0.1 is not "localhost"', async () => {
    await expect(appPool(verifyFull('127.0.0.1', certs.caFile))`select 1`).rejects.toMatchObject({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    // verify-ca checks the CA only, so the same address passes: what verify-full adds is the name.
    const [session] = await appPool(urlWith('127.0.0.1', { sslmode: 'verify-ca', sslrootcert: certs.caFile })).unsafe(ON_TLS);
    expect(session!.ssl).toBe(true);
  });

  it('takes the CA from DATABASE_CA_CERT, and with a CA checks it under require too', async () => {
    process.env.DATABASE_CA_CERT = certs.ca.replaceAll('\n', '\\n');
    try {
      const [session] = await appPool(urlWith('localhost', { sslmode: 'verify-full' })).unsafe(ON_TLS);
      expect(session!.ssl).toBe(true);
      process.env.DATABASE_CA_CERT = certs.wrongCa;
      await expect(appPool(urlWith('localhost', { sslmode: 'require' }))`select 1`).rejects.toMatchObject({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    } finally {
      delete process.env.DATABASE_CA_CERT;
    }
  });

  it('require without a CA encrypts but checks nothing: it takes a certificate nobody vouches for', async () => {
    const [session] = await appPool(urlWith('127.0.0.1', { sslmode: 'require' })).unsafe(ON_TLS);
    expect(session!.ssl).toBe(true);
  });

  it('verify-full refuses a server without TLS instead of talking in clear', async () => {
    const plainServer = new URL(inject('postgresServerUrl'));
    await expect(appPool(verifyFull(plainServer.hostname, certs.caFile).replace(/:\d+\//, `:${plainServer.port}/`))`select 1`).rejects.toThrow(
      /does not accept TLS/,
    );
  });
});

describe('staff sign-in’s connection (node-postgres, better-auth)', () => {
  it('verify-full with the right CA and host name: a staff member signs in over TLS', async () => {
    const [session] = (await signInPool(verifyFull('localhost', certs.caFile)).query(ON_TLS)).rows as { ssl: boolean }[];
    expect(session!.ssl).toBe(true);

    const url = verifyFull('localhost', certs.caFile);
    useAdminEnv(url);
    const { createStaffUser } = await import('../../src/lib/auth/staff-accounts.server');
    await createStaffUser(appPool(url), { name: 'Tess Ellis', email: 'tess@staff.test', role: 'owner', password: 'correct horse tls battery' });
    const signedIn = await signIn('tess@staff.test', 'correct horse tls battery');
    expect(signedIn.status).toBe(200);
    expect(signedIn.cookie).toMatch(/^__Host-staff\.session_token=/);
    const [stored] = await appPool(url)<{ sessions: number }[]>`
      select count(*)::int as sessions from staff_session s join staff_user u on u.id = s."userId" where u.email = 'tess@staff.test'`;
    expect(stored!.sessions).toBe(1);
  });

  it('refuses another CA and another host name', async () => {
    await expect(signInPool(verifyFull('localhost', certs.wrongCaFile)).query('select 1')).rejects.toMatchObject({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    await expect(signInPool(verifyFull('127.0.0.1', certs.caFile)).query('select 1')).rejects.toMatchObject({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    await expect(signInPool(urlWith('localhost', { sslmode: 'verify-full' }), certs.wrongCa).query('select 1')).rejects.toMatchObject({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
  });

  it('reads require as libpq does (encrypted, unchecked), not as node-postgres would (verify-full)', async () => {
    const [session] = (await signInPool(urlWith('127.0.0.1', { sslmode: 'require' })).query(ON_TLS)).rows as { ssl: boolean }[];
    expect(session!.ssl).toBe(true);
  });
});
