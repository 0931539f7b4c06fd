import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import postgres from 'postgres';
import { connect, type Database } from '../../src/lib/db/client.server';
import { migrate, migrationsDir } from '../../src/lib/db/migrate.server';
import { closePooledConnections, unexpectedPgbouncerWarnings } from './pgbouncer';

export interface TestDatabase {
  url: string;
  sql: Database;
  drop(): Promise<void>;
}

/** A brand-new empty database on the run's PostgreSQL server, so each test file owns its data. */
export async function createEmptyDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('postgresServerUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  // Created and dropped directly on the server; used through PgBouncer when the run goes through it.
  const url = inject('clientServerUrl').replace(/\/[^/]*$/, `/${name}`);
  const sql = connect(url, 10);
  return {
    url,
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

/** An empty database with every migration applied. */
export async function createMigratedDatabase(): Promise<TestDatabase> {
  const database = await createEmptyDatabase();
  await migrate(database.sql, migrationsDir);
  return database;
}
