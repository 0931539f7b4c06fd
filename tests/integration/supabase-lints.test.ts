import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { connect, type Database } from '../../src/lib/db/client.server';
import { migrate, migrationsDir } from '../../src/lib/db/migrate.server';
import { seedDemoBusiness } from '../../supabase/seed/seed';
import { createEmptyDatabase, type TestDatabase } from '../support/database';
import { lintSchema, tablesNotLockedToTheirOwner } from '../support/supabase-lints';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';

/** The migration that makes the schema Supabase-ready; the "existing database" stops just before it. */
const SUPABASE_READY = '20261123170000';

/**
 * What a Supabase project has before the first migration: the Data API roles, the default privileges
 * that grant them everything created in public, and an `extensions` schema. Roles are per server; the
 * test server is thrown away after the run.
 */
async function shapeLikeSupabase(sql: Database): Promise<void> {
  await sql.unsafe(`
    do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin; end if;
      if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin; end if;
    exception when unique_violation or duplicate_object then null; -- another test file made them first
    end $$;
    create schema if not exists extensions;
    alter default privileges in schema public grant all on tables to anon, authenticated;
    alter default privileges in schema public grant all on sequences to anon, authenticated;
    alter default privileges in schema public grant all on functions to anon, authenticated;`);
}

/** A copy of the migrations folder holding only the files before `version`: a database migrated before it. */
async function migrationsBefore(version: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-before-'));
  for (const file of await readdir(migrationsDir)) {
    if (file < version) await cp(path.join(migrationsDir, file), path.join(dir, file));
  }
  return dir;
}

describe("Supabase's database linter, asked of the migrated schema", () => {
  let fresh: TestDatabase;
  let existing: TestDatabase;
  beforeAll(async () => {
    fresh = await createEmptyDatabase();
    await shapeLikeSupabase(fresh.sql);
    await migrate(fresh.sql, migrationsDir);

    existing = await createEmptyDatabase();
    await shapeLikeSupabase(existing.sql);
    const before = await migrationsBefore(SUPABASE_READY);
    try {
      await migrate(existing.sql, before);
    } finally {
      await rm(before, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await fresh?.drop();
    await existing?.drop();
  });

  it('flags nothing on a fresh database', async () => {
    expect(await lintSchema(fresh.sql)).toEqual({});
    expect(await tablesNotLockedToTheirOwner(fresh.sql)).toEqual([]);
  });

  it('flags nothing on a database migrated before, once the new migrations are applied', async () => {
    // Before: what the issue found (RLS off everywhere, btree_gist in public, a mutable search_path).
    const findings = await lintSchema(existing.sql);
    expect(findings.rls_disabled_in_public).toContain('public.staff_session');
    expect(findings.extension_in_public).toEqual(['btree_gist']);
    expect(findings.function_search_path_mutable).toContain(
      'public.availability_snapshot(p_slugs text[], p_listed boolean, p_allocations_from timestamp with time zone, p_allocations_to timestamp with time zone, p_blackouts_from date, p_blackouts_to date)',
    );

    const { applied } = await migrate(existing.sql, migrationsDir);
    expect(applied[0]).toBe(SUPABASE_READY);
    expect(await lintSchema(existing.sql)).toEqual({});
    expect(await tablesNotLockedToTheirOwner(existing.sql)).toEqual([]);
  });

  it('keeps the no-double-booking guarantee with btree_gist moved to the extensions schema', async () => {
    for (const { sql } of [fresh, existing]) {
      const [ext] = await sql`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'btree_gist'`;
      expect(ext?.schema).toBe('extensions');
      const [category] = await sql`insert into categories (slug, name) values ('bounce', 'Bounce') returning id`;
      const [product] = await sql`
        insert into products (category_id, slug, name, short_description, description, base_price_cents)
        values (${category!.id}, 'castle', 'Castle', 'A castle', 'A castle', 18500) returning id`;
      const [unit] = await sql`insert into inventory_units (product_id, label) values (${product!.id}, 'C-1') returning id`;
      const [customer] = await sql`insert into customers (name, email, phone) values ('Ana', 'ana@example.com', '5125550100') returning id`;
      const [booking] = await sql`
        insert into bookings (number, customer_id, status, event_start, event_end, address_line1, address_city,
          address_state, address_zip, subtotal_cents, total_cents, deposit_cents)
        values ('BK-LINT01', ${customer!.id}, 'confirmed', '2030-06-01 15:00Z', '2030-06-01 23:00Z', '1 Main St',
          'Round Rock', 'TX', '78664', 18500, 18500, 5550) returning id`;
      const [item] = await sql`
        insert into booking_items (booking_id, product_id, product_name, quantity, unit_price_cents, line_total_cents)
        values (${booking!.id}, ${product!.id}, 'Castle', 1, 18500, 18500) returning id`;
      const allocate = (range: string) => sql`
        insert into unit_allocations (booking_id, booking_item_id, unit_id, during)
        values (${booking!.id}, ${item!.id}, ${unit!.id}, ${range}::tstzrange)`;
      await allocate('[2030-06-01 14:00Z, 2030-06-02 00:00Z)');
      await expect(allocate('[2030-06-01 23:00Z, 2030-06-02 02:00Z)')).rejects.toMatchObject({ code: '23P01' });

      // The availability read, now with an empty search_path, still sees the allocation.
      const [snapshot] = await sql<{ s: { allocations: unknown[]; products: unknown[] } }[]>`
        select availability_snapshot(array['castle'], false, '2030-06-01', '2030-06-03', '2030-06-01', '2030-06-03') as s`;
      expect(snapshot!.s.products).toHaveLength(1);
      expect(snapshot!.s.allocations).toHaveLength(1);
    }
  });

  it('leaves the Data API roles nothing in public: no privilege, and no row even when granted one', async () => {
    const [row] = await fresh.sql`
      select count(*) filter (where has_table_privilege('anon', c.oid, 'select'))::int as readable,
             count(*)::int as tables
      from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'`;
    expect(row).toMatchObject({ readable: 0 });
    expect(row!.tables).toBeGreaterThan(30);
    const [rpc] = await fresh.sql`
      select count(*) filter (where has_function_privilege('anon', p.oid, 'execute'))::int as callable, count(*)::int as functions
      from pg_proc p where p.pronamespace = 'public'::regnamespace`;
    expect(rpc).toMatchObject({ callable: 0 });
    expect(rpc!.functions).toBeGreaterThan(0);

    // RLS is the second wall: a grant made by hand later still shows anon no staff row.
    await fresh.sql`insert into staff_user (id, name, email, role) values ('lint-user', 'Lint', 'lint@example.com', 'crew')`;
    await fresh.sql`grant select on staff_user to anon`;
    const seen = await fresh.sql.begin(async (tx) => {
      await tx`set local role anon`;
      return tx`select id from staff_user`;
    });
    expect(seen).toEqual([]);
    await fresh.sql`revoke select on staff_user from anon`;
  });
});

describe('the site as the owner of its tables, with RLS on', () => {
  // Supabase's `postgres` role is no superuser: prove the site needs no more than owning its tables.
  const role = `site_owner_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  let admin: Database;
  let ownerUrl: string;
  let owner: Database;

  beforeAll(async () => {
    admin = connect(inject('postgresServerUrl'), 1);
    await admin.unsafe(`create role ${role} login nosuperuser nobypassrls password '${password}'`);
    await admin.unsafe(`create database ${role} owner ${role}`);
    const server = new URL(inject('postgresServerUrl'));
    ownerUrl = `postgres://${role}:${password}@${server.host}/${role}`;
    owner = connect(ownerUrl, 4);
    await migrate(owner, migrationsDir);
  });
  afterAll(async () => {
    await closeAdminConnections();
    await owner?.end({ timeout: 1 });
    await admin.unsafe(`drop database if exists ${role} with (force)`);
    await admin.unsafe(`drop role if exists ${role}`);
    await admin.end();
  });

  it('seeds, books, signs staff in and lists them', async () => {
    const [flags] = await owner`select rolsuper, rolbypassrls from pg_roles where rolname = current_user`;
    expect(flags).toEqual({ rolsuper: false, rolbypassrls: false });
    expect(await tablesNotLockedToTheirOwner(owner)).toEqual([]);
    // Such a role cannot move btree_gist it did not fully create: the migration re-created it instead.
    expect(await lintSchema(owner)).toEqual({});
    const [constraint] = await owner`select contype from pg_constraint where conname = 'unit_allocations_no_overlap'`;
    expect(constraint).toEqual({ contype: 'x' });

    await seedDemoBusiness(owner);
    const [counts] = await owner`
      select (select count(*)::int from products) as products, (select count(*)::int from unit_allocations) as allocations`;
    expect(counts!.products).toBeGreaterThan(0);
    expect(counts!.allocations).toBeGreaterThan(0);

    // better-auth's own pool reads and writes staff_user, staff_account, staff_session and staff_rate_limit.
    useAdminEnv(ownerUrl);
    const staff = await staffSession(owner, 'owner');
    const users = (await import('../../netlify/functions/admin-users')).default;
    const list = await adminCall(users, 'GET', '/api/admin/users', { cookie: staff.cookie });
    expect(list.status).toBe(200);
    expect(list.body.items.map((u: { email: string }) => u.email)).toContain(staff.email);
  });
});

describe('the lint queries themselves', () => {
  let bad: TestDatabase;
  beforeAll(async () => {
    bad = await createEmptyDatabase();
  });
  afterAll(() => bad?.drop());

  it('name what a schema built to break the rules gets wrong', async () => {
    await bad.sql.unsafe(`
      create extension btree_gist schema public;
      create table parent (id int primary key);
      create table child (parent_id int references parent(id), note text, password text);
      create index child_note_a on child (note);
      create index child_note_b on child (note);
      create function loose() returns int language sql as 'select 1';
      create view open_view as select id from parent;
      create materialized view frozen as select id from parent;
      alter table parent enable row level security;
      create policy everyone on parent using (true);`);
    const findings = await lintSchema(bad.sql);
    expect(findings).toMatchObject({
      unindexed_foreign_keys: ['public.child (child_parent_id_fkey)'],
      no_primary_key: ['public.child'],
      duplicate_index: ['public.child: child_note_a, child_note_b'],
      security_definer_view: ['public.open_view'],
      function_search_path_mutable: ['public.loose()'],
      rls_disabled_in_public: ['public.child'],
      extension_in_public: ['btree_gist'],
      materialized_view_in_api: ['public.frozen'],
      sensitive_columns_exposed: ['public.child.password'],
      rls_policy_always_true: ['public.parent: everyone'],
    });
    expect(await tablesNotLockedToTheirOwner(bad.sql)).toEqual(['child (RLS off)', 'parent (has a policy)']);
  });
});
