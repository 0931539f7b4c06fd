import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import postgres from 'postgres';
import { connect, type Database } from '../../src/lib/db/client.server';
import { closePooledConnections, unexpectedPgbouncerWarnings } from '../../src/cli/local-pgbouncer';
import { seedDay } from './seed-day';

export interface TestDatabase {
  url: string;
  /**
   * The same database on PostgreSQL itself, also when the run reaches it through PgBouncer: for what a
   * test observes on a session of its own (a prepared statement), never for the code under test.
   */
  directUrl: string;
  sql: Database;
  drop(): Promise<void>;
}

/** A brand-new empty database on the run's PostgreSQL server, so each test file owns its data. */
export function createEmptyDatabase(): Promise<TestDatabase> {
  return createDatabase('');
}

/** `create database` on the run's server, optionally as a copy of a template, and its connection. */
async function createDatabase(template: string): Promise<TestDatabase> {
  const serverUrl = inject('postgresServerUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
  const onThisDatabase = (server: string) => server.replace(/\/[^/]*$/, `/${name}`);
  // Created and dropped directly on the server; used through PgBouncer when the run goes through it.
  const url = onThisDatabase(inject('clientServerUrl'));
  const sql = connect(url, 10);
  return {
    url,
    directUrl: onThisDatabase(serverUrl),
    sql,
    async drop() {
      await sql.end({ timeout: 1 });
      const logFile = inject('pgbouncerLogFile');
      if (logFile) await closePooledConnections(inject('clientServerUrl'), name);
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
      if (logFile) {
        const warnings = await unexpectedPgbouncerWarnings(logFile);
        if (warnings.length) throw new Error(`PgBouncer warned during the run:\n${warnings.join('\n')}`);
      }
    },
  };
}

/** A database with every migration applied: a copy of the run's migrated template (see postgres-global-setup.ts). */
export function createMigratedDatabase(): Promise<TestDatabase> {
  return createDatabase(inject('migratedTemplate'));
}

/**
 * A migrated database with the demo business seeded, as `seedDemoBusiness` on a new one makes it: a copy
 * of the run's seeded template (see postgres-global-setup.ts), or, when today is no longer the day that
 * was seeded for (a run across midnight), migrated and seeded here. So a file's seed is always today's,
 * as when each file seeded its own, and about a second faster.
 */
export async function createSeededDatabase(): Promise<TestDatabase> {
  const seeded = inject('seededTemplate');
  if (seeded.day === seedDay(new Date())) return createDatabase(seeded.name);
  const db = await createMigratedDatabase();
  const { seedDemoBusiness } = await import('../../supabase/seed/seed');
  await seedDemoBusiness(db.sql);
  return db;
}
