import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database, Sql, Transaction } from './client.server';
import { splitStatements, sqlFingerprint } from './sql-text';

export interface MigrationFile {
  version: string;
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationResult {
  applied: string[];
  level: string | null;
}

export class MigrationError extends Error {
  override name = 'MigrationError';
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`Migration ${file} failed: ${reason}`);
  }
}

/** Supabase CLI naming: `YYYYMMDDHHMMSS_name.sql`, applied in version order. */
const migrationName = /^(\d{14})_([a-z0-9_]+)\.sql$/;

export async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => {
      const match = migrationName.exec(file);
      if (!match) throw new MigrationError(file, 'the name must look like 20260101000000_description.sql');
      const sql = await readFile(path.join(dir, file), 'utf8');
      return {
        version: match[1]!,
        name: match[2]!,
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    }),
  );
}

// Arbitrary constant: serialises concurrent runners (two `npm start`s, parallel test workers).
const MIGRATION_LOCK = 7_204_311;

/**
 * Applies pending migrations in order and records them, all in one transaction: a failing
 * file leaves the database exactly as it was. Safe to run twice and from concurrent
 * processes. An applied file that was edited since is refused rather than silently skipped.
 *
 * The record is the Supabase CLI's own table, `supabase_migrations.schema_migrations` (version,
 * name, statements), so `supabase db push` and this agree about what is applied, in either order.
 * A database migrated before that, with this runner's old `public.schema_migrations`, is carried
 * over on the first run.
 */
export async function migrate(sql: Database, dir: string, { through }: { through?: string } = {}): Promise<MigrationResult> {
  // `through`: only the files up to that version (a restore brings the schema to its backup's first).
  const files = (await readMigrations(dir)).filter((f) => through === undefined || f.version <= through);
  return sql.begin(async (tx) => {
    // A run is not a request: the connection's request limits (limits.ts) do not hold it. It waits for
    // another runner as long as that one takes, and a statement takes what it needs; on a busy machine the
    // second runner's wait for the lock outlasted the request lock timeout and failed the run.
    await tx`set local lock_timeout = 0`;
    await tx`set local statement_timeout = 0`;
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await createHistoryTable(tx);
    await carryOverOldHistory(tx, files);
    const done = new Map(
      (await tx<{ version: string; statements: string[] | null }[]>`
        select version, statements from supabase_migrations.schema_migrations`).map((r) => [r.version, r.statements]),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file.version)) {
        const statements = done.get(file.version);
        // Rows without statements (`supabase migration repair`) say "applied" and nothing more.
        if (statements?.length && sqlFingerprint(statements.join(';\n')) !== sqlFingerprint(file.sql)) {
          throw new MigrationError(fileName(file), 'it was edited after being applied; add a new migration instead');
        }
        continue;
      }
      try {
        await tx.unsafe(file.sql);
      } catch (error) {
        throw new MigrationError(fileName(file), (error as Error).message);
      }
      await recordApplied(tx, file.version, file.name, splitStatements(file.sql));
      applied.push(file.version);
    }
    return { applied, level: files.at(-1)?.version ?? null };
  });
}

const fileName = (file: MigrationFile) => `${file.version}_${file.name}.sql`;

/**
 * The table as the Supabase CLI creates it (supabase/cli, pkg/migration/history.go), whichever tool
 * comes first. Columns are only added where missing: on a Supabase project the table may already be
 * there, complete, and altering it would need its ownership.
 */
async function createHistoryTable(tx: Transaction): Promise<void> {
  await tx`create schema if not exists supabase_migrations`;
  await tx`create table if not exists supabase_migrations.schema_migrations (version text not null primary key)`;
  const columns = new Set(
    (await tx<{ column_name: string }[]>`
      select column_name from information_schema.columns
      where table_schema = 'supabase_migrations' and table_name = 'schema_migrations'`).map((c) => c.column_name),
  );
  if (!columns.has('statements')) await tx`alter table supabase_migrations.schema_migrations add column statements text[]`;
  if (!columns.has('name')) await tx`alter table supabase_migrations.schema_migrations add column name text`;
}

function recordApplied(tx: Transaction, version: string, name: string, statements: string[] | null) {
  return tx`
    insert into supabase_migrations.schema_migrations (version, name, statements)
    values (${version}, ${name}, ${statements === null ? null : tx.array(statements)})
    on conflict (version) do nothing`;
}

/**
 * This runner used to record applied files in `public.schema_migrations` (version, name, checksum).
 * Its rows move to the CLI's table, with the statements of the file that was applied, and the old
 * table goes; a file edited since it was applied is refused, as it always was.
 */
async function carryOverOldHistory(tx: Transaction, files: MigrationFile[]): Promise<void> {
  const [old] = await tx<{ present: boolean }[]>`
    select exists (select 1 from information_schema.columns
      where table_schema = 'public' and table_name = 'schema_migrations' and column_name = 'checksum') as present`;
  if (!old?.present) return;
  const rows = await tx<{ version: string; name: string; checksum: string }[]>`
    select version, name, checksum from public.schema_migrations order by version`;
  for (const row of rows) {
    const file = files.find((f) => f.version === row.version);
    if (file && file.checksum !== row.checksum) {
      throw new MigrationError(fileName(file), 'it was edited after being applied; add a new migration instead');
    }
    await recordApplied(tx, row.version, row.name, file ? splitStatements(file.sql) : null);
  }
  await tx`drop table public.schema_migrations`;
}

/** The newest applied migration, or null on an empty database. */
export async function migrationLevel(sql: Sql): Promise<string | null> {
  const [tables] = await sql<{ history: boolean; old: boolean }[]>`
    select to_regclass('supabase_migrations.schema_migrations') is not null as history,
           to_regclass('public.schema_migrations') is not null as old`;
  if (tables?.history) {
    const [row] = await sql<{ level: string | null }[]>`select max(version) as level from supabase_migrations.schema_migrations`;
    return row?.level ?? null;
  }
  // A database migrated before the record moved, not yet migrated since.
  if (tables?.old) {
    const [row] = await sql<{ level: string | null }[]>`select max(version) as level from public.schema_migrations`;
    return row?.level ?? null;
  }
  return null;
}

export const migrationsDir = path.resolve(import.meta.dirname, '../../../supabase/migrations');
