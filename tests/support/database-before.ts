import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { migrate, migrationsDir } from '../../src/lib/db/migrate.server';
import { createEmptyDatabase, type TestDatabase } from './database';

export interface DatabaseBefore {
  db: TestDatabase;
  /** Applies the migrations that sort before the one under test: the schema a site had before it. */
  migrateToBefore(): Promise<unknown>;
  /** Applies the rest, the one under test among them; what applied, to check it was there. */
  migrateTheRest(): Promise<{ applied: string[] }>;
  drop(): Promise<void>;
}

/**
 * A database as it stood before the migration stamped `stamp` (its first 14 characters): an empty
 * database and a folder of the migrations that sort before it. A migration test fills it as a site of
 * that time would be, applies the rest, and checks what the migration made of those rows.
 */
export async function databaseBefore(stamp: string): Promise<DatabaseBefore> {
  const db = await createEmptyDatabase();
  const earlier = await mkdtemp(path.join(os.tmpdir(), `migrations-before-${stamp}-`));
  for (const file of await readdir(migrationsDir)) {
    if (file.endsWith('.sql') && file.slice(0, 14) < stamp)
      await copyFile(path.join(migrationsDir, file), path.join(earlier, file));
  }
  return {
    db,
    migrateToBefore: () => migrate(db.sql, earlier),
    migrateTheRest: () => migrate(db.sql, migrationsDir),
    async drop() {
      await db.drop();
      await rm(earlier, { recursive: true, force: true });
    },
  };
}

/**
 * The database before `stamp` for the enclosing `describe`: made before its tests and dropped after
 * them, so that each migration test says only what it fills and what it expects.
 */
export function useDatabaseBefore(stamp: string): Omit<DatabaseBefore, 'drop'> {
  let before: DatabaseBefore | undefined;
  beforeAll(async () => {
    before = await databaseBefore(stamp);
  });
  afterAll(() => before?.drop());
  const made = (): DatabaseBefore => {
    if (!before) throw new Error(`The database before ${stamp} is made in beforeAll: use it inside a test.`);
    return before;
  };
  return {
    get db() {
      return made().db;
    },
    migrateToBefore: () => made().migrateToBefore(),
    migrateTheRest: () => made().migrateTheRest(),
  };
}
