import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationLevel, migrationsDir, readMigrations } from '../../src/lib/db/migrate.server';
import { createEmptyDatabase, type TestDatabase } from '../support/database';

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
      const [row] = await db.sql`select to_regclass('good_one') is null as absent, to_regclass('schema_migrations') is null as untracked`;
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
