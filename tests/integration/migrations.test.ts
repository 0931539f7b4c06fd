import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationLevel, migrationsDir, readMigrations } from '../../src/lib/db/migrate.server';
import { createEmptyDatabase, type TestDatabase } from '../support/database';
import { splitStatements } from '../../src/lib/db/sql-text';
import type { Database } from '../../src/lib/db/client.server';

describe('migrations', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createEmptyDatabase();
  });
  afterAll(() => db.drop());

  it('apply from zero, then re-apply as a no-op', async () => {
    const files = await readMigrations(migrationsDir);
    expect(await migrationLevel(db.sql)).toBeNull();

    const first = await migrate(db.sql, migrationsDir);
    expect(first.applied).toEqual(files.map((f) => f.version));
    expect(await migrationLevel(db.sql)).toBe(files.at(-1)!.version);

    const tablesBefore = await db.sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`;
    const second = await migrate(db.sql, migrationsDir);
    expect(second.applied).toEqual([]);
    const tablesAfter = await db.sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`;
    expect(tablesAfter[0]!.n).toBe(tablesBefore[0]!.n);
  });

  it('creates every table the business needs', async () => {
    const rows = await db.sql<{ table_name: string }[]>`
      select table_name from information_schema.tables where table_schema = 'public'`;
    const tables = rows.map((r) => r.table_name);
    for (const expected of [
      'categories', 'products', 'inventory_units', 'customers', 'bookings', 'booking_items', 'unit_allocations',
      'payments', 'stripe_events', 'quotes', 'waivers', 'cake_orders', 'blackouts', 'product_suggestions',
      'service_areas', 'service_area_zips', 'coupons', 'business_settings', 'staff_user', 'staff_session',
      'audit_log', 'analytics_events',
    ]) {
      expect(tables).toContain(expected);
    }
  });

  it('concurrent runners apply each migration once', async () => {
    const other = await createEmptyDatabase();
    try {
      const results = await Promise.all([migrate(other.sql, migrationsDir), migrate(other.sql, migrationsDir)]);
      const appliedTotal = results.flatMap((r) => r.applied).length;
      expect(appliedTotal).toBe((await readMigrations(migrationsDir)).length);
    } finally {
      await other.drop();
    }
  });
});

describe('a failing migration', () => {
  it('names the file and leaves the database untouched', async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    const db = await createEmptyDatabase();
    try {
      await writeFile(path.join(dir, '20260101000000_good.sql'), 'create table good_one (id int);');
      await writeFile(path.join(dir, '20260102000000_broken.sql'), 'create table broken (id int;');
      await expect(migrate(db.sql, dir)).rejects.toThrow(/20260102000000_broken\.sql failed: syntax error/);
      const [row] = await db.sql`
        select to_regclass('good_one') is null as absent,
               to_regclass('supabase_migrations.schema_migrations') is null as untracked`;
      expect(row).toEqual({ absent: true, untracked: true });

      await rm(path.join(dir, '20260102000000_broken.sql'));
      await migrate(db.sql, dir);
      await writeFile(path.join(dir, '20260101000000_good.sql'), 'create table good_one (id bigint);');
      await expect(migrate(db.sql, dir)).rejects.toThrow(/edited after being applied/);
    } finally {
      await db.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/**
 * What `supabase db push` does (supabase/cli pkg/migration: history.go and file.go): create its
 * history table, then for each local file whose version it does not find there, run the file's
 * statements one by one and insert (version, name, statements), in one transaction per file.
 */
async function supabaseDbPush(sql: Database, dir: string): Promise<string[]> {
  await sql.unsafe(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
    alter table supabase_migrations.schema_migrations add column if not exists statements text[];
    alter table supabase_migrations.schema_migrations add column if not exists name text;`);
  const remote = new Set((await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`).map((r) => r.version));
  const pushed: string[] = [];
  for (const file of await readMigrations(dir)) {
    if (remote.has(file.version)) continue;
    const statements = splitStatements(file.sql);
    await sql.begin(async (tx) => {
      for (const statement of statements) await tx.unsafe(statement);
      await tx`insert into supabase_migrations.schema_migrations (version, name, statements)
               values (${file.version}, ${file.name}, ${tx.array(statements)})`;
    });
    pushed.push(file.version);
  }
  return pushed;
}

/** What this runner did before the record moved: its own table in public, one row per applied file. */
async function migrateTheOldWay(sql: Database, dir: string): Promise<void> {
  await sql`create table schema_migrations (
    version text primary key, name text not null, checksum text not null, applied_at timestamptz not null default now())`;
  for (const file of await readMigrations(dir)) {
    await sql.unsafe(file.sql);
    await sql`insert into schema_migrations (version, name, checksum) values (${file.version}, ${file.name}, ${file.checksum})`;
  }
}

/** A throwaway migrations folder with the given files. */
async function migrationsFolder(files: Record<string, string>): Promise<{ dir: string; write(name: string, sql: string): Promise<void>; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  const write = (name: string, sql: string) => writeFile(path.join(dir, name), sql);
  for (const [name, sql] of Object.entries(files)) await write(name, sql);
  return { dir, write, remove: () => rm(dir, { recursive: true, force: true }) };
}

describe("one migration history, the Supabase CLI's", () => {
  it("records each file in supabase_migrations.schema_migrations with the CLI's columns and the file's statements", async () => {
    const db = await createEmptyDatabase();
    try {
      await migrate(db.sql, migrationsDir);
      const columns = await db.sql`
        select column_name, data_type, is_nullable from information_schema.columns
        where table_schema = 'supabase_migrations' and table_name = 'schema_migrations' order by ordinal_position`;
      expect(columns).toEqual([
        { column_name: 'version', data_type: 'text', is_nullable: 'NO' },
        { column_name: 'statements', data_type: 'ARRAY', is_nullable: 'YES' },
        { column_name: 'name', data_type: 'text', is_nullable: 'YES' },
      ]);
      const rows = await db.sql<{ version: string; name: string; statements: string[] }[]>`
        select version, name, statements from supabase_migrations.schema_migrations order by version`;
      const files = await readMigrations(migrationsDir);
      expect(rows.map((r) => `${r.version}_${r.name}`)).toEqual(files.map((f) => `${f.version}_${f.name}`));
      expect(rows[0]!.statements).toEqual(splitStatements(files[0]!.sql));
      expect(await db.sql`select to_regclass('public.schema_migrations') as old`).toEqual([{ old: null }]);

      // The other order: after npm run db:migrate, supabase db push finds nothing to apply.
      expect(await supabaseDbPush(db.sql, migrationsDir)).toEqual([]);
    } finally {
      await db.drop();
    }
  });

  it('applies nothing twice on a database supabase db push migrated, and only what is new', async () => {
    const db = await createEmptyDatabase();
    const folder = await migrationsFolder({
      '20260101000000_first.sql': "create table first_one (id int, note text default 'a; b');\n-- done\n",
      '20260102000000_second.sql': 'create function two() returns int language plpgsql as $$ begin return 2; end $$;',
    });
    try {
      expect(await supabaseDbPush(db.sql, folder.dir)).toEqual(['20260101000000', '20260102000000']);
      expect((await migrate(db.sql, folder.dir)).applied).toEqual([]);

      await folder.write('20260103000000_third.sql', 'alter table first_one add column extra int;');
      expect((await migrate(db.sql, folder.dir)).applied).toEqual(['20260103000000']);
      expect(await supabaseDbPush(db.sql, folder.dir)).toEqual([]);

      // A file the CLI applied and someone edited since is refused, as one this runner applied.
      await folder.write('20260102000000_second.sql', 'create function two() returns int language plpgsql as $$ begin return 3; end $$;');
      await expect(migrate(db.sql, folder.dir)).rejects.toThrow(/20260102000000_second\.sql.*edited after being applied/);
    } finally {
      await db.drop();
      await folder.remove();
    }
  });

  it('carries a database migrated the old way over once, applying only what it lacked', async () => {
    const db = await createEmptyDatabase();
    const folder = await migrationsFolder({
      '20260101000000_first.sql': 'create table first_one (id int);',
      '20260102000000_second.sql': 'create table second_one (id int);',
    });
    try {
      await migrateTheOldWay(db.sql, folder.dir);
      expect(await migrationLevel(db.sql)).toBe('20260102000000');
      await folder.write('20260103000000_third.sql', 'create table third_one (id int);');

      expect((await migrate(db.sql, folder.dir)).applied).toEqual(['20260103000000']);
      const rows = await db.sql<{ version: string; name: string; statements: string[] }[]>`
        select version, name, statements from supabase_migrations.schema_migrations order by version`;
      expect(rows).toEqual([
        { version: '20260101000000', name: 'first', statements: ['create table first_one (id int)'] },
        { version: '20260102000000', name: 'second', statements: ['create table second_one (id int)'] },
        { version: '20260103000000', name: 'third', statements: ['create table third_one (id int)'] },
      ]);
      expect(await db.sql`select to_regclass('public.schema_migrations') as old`).toEqual([{ old: null }]);
      expect((await migrate(db.sql, folder.dir)).applied).toEqual([]);
      expect(await supabaseDbPush(db.sql, folder.dir)).toEqual([]);
    } finally {
      await db.drop();
      await folder.remove();
    }
  });

  it("carries the project's own migrations over from the old table: the newest schema, nothing applied twice", async () => {
    const db = await createEmptyDatabase();
    try {
      await migrateTheOldWay(db.sql, migrationsDir);
      expect((await migrate(db.sql, migrationsDir)).applied).toEqual([]);
      expect(await migrationLevel(db.sql)).toBe((await readMigrations(migrationsDir)).at(-1)!.version);
    } finally {
      await db.drop();
    }
  });

  it('refuses to carry over a file edited after the old runner applied it, and changes nothing', async () => {
    const db = await createEmptyDatabase();
    const folder = await migrationsFolder({ '20260101000000_first.sql': 'create table first_one (id int);' });
    try {
      await migrateTheOldWay(db.sql, folder.dir);
      await folder.write('20260101000000_first.sql', 'create table first_one (id bigint);');
      await expect(migrate(db.sql, folder.dir)).rejects.toThrow(/20260101000000_first\.sql.*edited after being applied/);
      const [row] = await db.sql`
        select to_regclass('public.schema_migrations') is not null as old_kept,
               to_regclass('supabase_migrations.schema_migrations') is null as no_new_record`;
      expect(row).toEqual({ old_kept: true, no_new_record: true });
    } finally {
      await db.drop();
      await folder.remove();
    }
  });
});
