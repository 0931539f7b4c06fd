import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database, Sql } from './client.server';

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
 */
export async function migrate(sql: Database, dir: string): Promise<MigrationResult> {
  const files = await readMigrations(dir);
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`
      create table if not exists schema_migrations (
        version text primary key,
        name text not null,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`;
    const done = new Map(
      (await tx<{ version: string; checksum: string }[]>`select version, checksum from schema_migrations`).map(
        (r) => [r.version, r.checksum],
      ),
    );
    const applied: string[] = [];
    for (const file of files) {
      const previous = done.get(file.version);
      if (previous !== undefined) {
        if (previous !== file.checksum) {
          throw new MigrationError(
            `${file.version}_${file.name}.sql`,
            'it was edited after being applied; add a new migration instead',
          );
        }
        continue;
      }
      try {
        await tx.unsafe(file.sql);
      } catch (error) {
        throw new MigrationError(`${file.version}_${file.name}.sql`, (error as Error).message);
      }
      await tx`insert into schema_migrations (version, name, checksum) values (${file.version}, ${file.name}, ${file.checksum})`;
      applied.push(file.version);
    }
    return { applied, level: files.at(-1)?.version ?? null };
  });
}

/** The newest applied migration, or null on an empty database. */
export async function migrationLevel(sql: Sql): Promise<string | null> {
  const [table] = await sql<{ exists: boolean }[]>`select to_regclass('schema_migrations') is not null as exists`;
  if (!table?.exists) return null;
  const [row] = await sql<{ level: string | null }[]>`select max(version) as level from schema_migrations`;
  return row?.level ?? null;
}

export const migrationsDir = path.resolve(import.meta.dirname, '../../../supabase/migrations');
