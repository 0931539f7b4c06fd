import path from 'node:path';
import { envSchema } from '../lib/config';
import { writeStartingSettings } from '../lib/setup/index.server';
import { markDemoRows, seedDemoBusiness } from '../../supabase/seed/seed';
import { freePort } from './ports';
import { fail, shownPath } from './output';
import { connect, type Database, EmbeddedPostgresError, runningEmbeddedPostgres, startEmbeddedPostgres, migrate, migrationsDir, MigrationError, MAINTENANCE_LIMITS } from '../lib/db/index.server';

export interface PreparedDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');

/**
 * DATABASE_URL when set, otherwise the embedded PostgreSQL in `.data/postgres`. Either way the
 * database leaves here migrated, and seeded with the demo business if it has none yet.
 */
export async function prepareDatabase({
  seed = true,
  migrate = true,
  joinRunning = false,
}: {
  seed?: boolean;
  migrate?: boolean;
  /** Use the embedded server the running site started on DATA_DIR, rather than refusing to start a second (a backup reads while the site runs). */
  joinRunning?: boolean;
} = {}): Promise<PreparedDatabase> {
  const external = process.env.DATABASE_URL;
  const database = external ? await useExternal(external) : await useEmbedded(joinRunning);
  const sql = connect(database.url, 2, MAINTENANCE_LIMITS);
  try {
    await checkReachable(sql, external);
    // `npm run restore` brings the schema to its backup's own migrations itself: reachable is all it needs.
    if (!migrate) {
      await sql.end({ timeout: 1 });
      process.env.DATABASE_URL = database.url;
      process.env.DATABASE_PREPARED_STATEMENTS ??= 'true';
      return database;
    }
    const { applied, level } = await migrateOrExplain(sql);
    console.log(
      applied.length ? `Applied ${applied.length} migration(s); schema at ${level}.` : `Schema up to date (${level}).`,
    );
    const [settings] = await sql<{ is_demo: boolean }[]>`select is_demo from business_settings`;
    if (!settings && seed && startEmpty()) {
      await writeStartingSettings(sql, process.env.ADMIN_EMAIL || undefined);
      console.log('Started empty (START_EMPTY=true): no demo business. Sign in at /admin to set up your own.');
    } else if (!settings && seed) {
      await seedDemoBusiness(sql);
      console.log('Seeded the demo business (START_EMPTY=true on an empty database starts without it).');
    } else if (settings?.is_demo) {
      // A demo seeded before its rows were marked: mark them, so "Remove the demo" finds them.
      await markDemoRows(sql);
    }
  } catch (error) {
    await sql.end({ timeout: 1 });
    await database.stop();
    throw error;
  }
  await sql.end({ timeout: 1 });
  process.env.DATABASE_URL = database.url;
  // Our own server, reached directly: the driver may keep prepared statements (see client.server.ts).
  process.env.DATABASE_PREPARED_STATEMENTS ??= 'true';
  return database;
}

function startEmpty(): boolean {
  const parsed = envSchema.shape.START_EMPTY.safeParse(process.env.START_EMPTY);
  if (!parsed.success) fail(`START_EMPTY is true or false, not "${process.env.START_EMPTY}".`);
  return parsed.data;
}

async function useExternal(url: string): Promise<PreparedDatabase> {
  return { url, embedded: false, stop: async () => {} };
}

async function useEmbedded(joinRunning: boolean): Promise<PreparedDatabase> {
  const folder = path.join(dataDir, 'postgres');
  const running = joinRunning ? await runningEmbeddedPostgres(folder, 'party') : null;
  if (running) {
    console.log('The site is running on this DATA_DIR: using its database.');
    return { url: running, embedded: true, stop: async () => {} };
  }
  try {
    const server = await startEmbeddedPostgres({ dataDir: folder, port: await freePort(), database: 'party' });
    if (server.note) console.log(server.note);
    else if (server.created) console.log(`Created the embedded database in ${shownPath(folder)}.`);
    return { url: server.url, embedded: true, stop: server.stop };
  } catch (error) {
    if (error instanceof EmbeddedPostgresError) fail(error.message);
    const message = (error as Error).message;
    if (message.includes('postmaster.pid')) {
      fail(`Another copy of the site is already using ${folder}: stop it first (or set DATA_DIR to another folder).`);
    }
    fail(`The embedded database could not start: ${message}. Delete ${folder} to start from a fresh database.`);
  }
}

async function checkReachable(sql: Database, external: string | undefined): Promise<void> {
  try {
    await sql`select 1`;
  } catch (error) {
    const reason = (error as Error).message;
    if (external) {
      const host = safeHost(external);
      fail(
        `Cannot reach the database in DATABASE_URL (${host}): ${reason}. Check the URL, or unset DATABASE_URL to use the embedded database.`,
      );
    }
    fail(`The embedded database does not answer: ${reason}.`);
  }
}

async function migrateOrExplain(sql: Database) {
  try {
    return await migrate(sql, migrationsDir);
  } catch (error) {
    if (error instanceof MigrationError) {
      fail(`${error.message}. Nothing from it was applied; fix supabase/migrations/${error.file} and start again.`);
    }
    throw error;
  }
}

function safeHost(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}`;
  } catch {
    return 'an unparseable URL';
  }
}
