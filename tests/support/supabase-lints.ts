import type { Sql } from '../../src/lib/db/client.server';

/**
 * The questions Supabase's database linter (github.com/supabase/splinter, shown in the dashboard's
 * Advisors) asks, written here as plain catalog queries so a test can ask them of the migrated
 * schema on any PostgreSQL. Each query returns one row per flagged object, `object` naming it.
 *
 * Left out, and why: rules about Supabase Auth, its `auth` schema, policies that call auth functions
 * or Storage buckets (0002, 0003, 0012, 0015, 0021, 0025 public bucket, 0030 null auth disjunct; this
 * site has no Supabase Auth and no policies), 0019 (pgmq queues, not installed), 0031 (replication
 * slots: the server, not the schema), and 0005 unused index and 0020 table bloat, which read usage
 * statistics of a database that has served traffic. 0008 "RLS enabled, no policy" (level INFO) describes
 * the intended state: see `everyPublicTableLockedToItsOwner`.
 */
export interface LintRule {
  id: string;
  name: string;
  query: string;
}

/** Schemas the platform or extensions own; splinter skips them too. */
const systemSchemas = `('pg_catalog', 'information_schema', 'pg_toast', 'extensions', 'auth', 'storage', 'vault',
  'graphql', 'graphql_public', 'realtime', 'supabase_functions', 'supabase_migrations', 'pgbouncer', 'net', 'cron',
  'pgsodium', 'pgsodium_masks', 'pgtle', 'pgmq', 'repack', 'tiger', 'topology')`;

/** Not created by an extension (pg_depend deptype 'e'): an extension's own objects are not ours to fix. */
const notFromExtension = (oid: string) => `not exists (select 1 from pg_depend d where d.objid = ${oid} and d.deptype = 'e')`;

/** The roles Supabase's Data API runs requests as. They exist only on Supabase; elsewhere the rule has nothing to see. */
const apiRoles = `(select oid from pg_roles where rolname in ('anon', 'authenticated'))`;

export const supabaseLintRules: LintRule[] = [
  {
    id: '0001',
    name: 'unindexed_foreign_keys',
    // As splinter: an index whose key columns are exactly the foreign key's columns, in order.
    query: `
      select format('%s.%s (%s)', n.nspname, c.relname, k.conname) as object
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname not in ${systemSchemas} and ${notFromExtension('c.oid')}
        and not exists (
          select 1 from pg_index i
          where i.indrelid = k.conrelid and i.indisvalid
            and string_to_array(i.indkey::text, ' ')::smallint[] = k.conkey)`,
  },
  {
    id: '0004',
    name: 'no_primary_key',
    query: `
      select format('%s.%s', n.nspname, c.relname) as object
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ${systemSchemas} and ${notFromExtension('c.oid')}
        and not exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary)`,
  },
  {
    id: '0007',
    name: 'policy_exists_rls_disabled',
    query: `
      select distinct format('%s.%s', n.nspname, c.relname) as object
      from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
      where not c.relrowsecurity and n.nspname not in ${systemSchemas}`,
  },
  {
    id: '0009',
    name: 'duplicate_index',
    // Two indexes whose definitions are the same once their own names are taken out.
    query: `
      select format('%s.%s: %s', i.schemaname, i.tablename, string_agg(i.indexname, ', ' order by i.indexname)) as object
      from pg_indexes i join pg_class c on c.oid = format('%I.%I', i.schemaname, i.tablename)::regclass
      where i.schemaname not in ${systemSchemas} and ${notFromExtension('c.oid')}
      group by i.schemaname, i.tablename, replace(i.indexdef, i.indexname, '')
      having count(*) > 1`,
  },
  {
    id: '0010',
    name: 'security_definer_view',
    // A view runs with its owner's rights unless security_invoker is set, so it would skip RLS.
    query: `
      select format('%s.%s', n.nspname, c.relname) as object
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'v' and n.nspname = 'public' and ${notFromExtension('c.oid')}
        and not coalesce('security_invoker=true' = any(c.reloptions) or 'security_invoker=on' = any(c.reloptions), false)`,
  },
  {
    id: '0011',
    name: 'function_search_path_mutable',
    query: `
      select format('%s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as object
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname not in ${systemSchemas} and ${notFromExtension('p.oid')}
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) setting where setting like 'search_path=%')`,
  },
  {
    id: '0013',
    name: 'rls_disabled_in_public',
    query: `
      select format('%s.%s', n.nspname, c.relname) as object
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = 'public' and not c.relrowsecurity`,
  },
  {
    id: '0014',
    name: 'extension_in_public',
    query: `
      select e.extname as object from pg_extension e
      where e.extnamespace = 'public'::regnamespace and e.extname <> 'plpgsql'`,
  },
  {
    id: '0016',
    name: 'materialized_view_in_api',
    query: `
      select format('%s.%s', n.nspname, c.relname) as object
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'm' and n.nspname = 'public' and ${notFromExtension('c.oid')}`,
  },
  {
    id: '0017',
    name: 'foreign_table_in_api',
    query: `
      select format('%s.%s', n.nspname, c.relname) as object
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'f' and n.nspname = 'public' and ${notFromExtension('c.oid')}`,
  },
  {
    id: '0018',
    name: 'unsupported_reg_types',
    // Columns of these types make pg_upgrade refuse the database, so Supabase cannot upgrade it.
    query: `
      select format('%s.%s.%s', n.nspname, c.relname, a.attname) as object
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where a.attnum > 0 and not a.attisdropped and n.nspname not in ${systemSchemas}
        and a.atttypid in ('regcollation'::regtype, 'regconfig'::regtype, 'regdictionary'::regtype,
          'regnamespace'::regtype, 'regoper'::regtype, 'regoperator'::regtype, 'regproc'::regtype,
          'regprocedure'::regtype)`,
  },
  {
    id: '0022',
    name: 'extension_versions_outdated',
    query: `
      select format('%s %s (available %s)', e.extname, e.extversion, a.default_version) as object
      from pg_extension e join pg_available_extensions a on a.name = e.extname
      where e.extversion <> a.default_version`,
  },
  {
    id: '0023',
    name: 'sensitive_columns_exposed',
    // Splinter asks this of tables the API roles can read; without those roles here, of every table
    // in public that has RLS off (stricter). staff_account.password and staff_session.token are such columns.
    query: `
      select format('%s.%s.%s', n.nspname, c.relname, a.attname) as object
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = 'public' and not c.relrowsecurity and a.attnum > 0 and not a.attisdropped
        and replace(lower(a.attname), '-', '_') in ('password', 'passwd', 'pwd', 'passphrase', 'secret', 'secret_key',
          'private_key', 'api_key', 'apikey', 'auth_key', 'token', 'jwt', 'access_token', 'refresh_token', 'oauth_token',
          'session_token', 'bearer_token', 'auth_code', 'session_id', 'session_key', 'session_secret', 'recovery_code',
          'backup_code', 'verification_code', 'otp', 'two_factor', 'ssn', 'credit_card', 'card_number', 'cvv', 'cvc',
          'bank_account', 'account_number', 'routing_number', 'iban', 'license_key', 'ssh_key', 'pgp_key')`,
  },
  {
    id: '0024',
    name: 'rls_policy_always_true',
    query: `
      select format('%s.%s: %s', n.nspname, c.relname, p.polname) as object
      from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ${systemSchemas}
        and (pg_get_expr(p.polqual, p.polrelid) = 'true' or pg_get_expr(p.polwithcheck, p.polrelid) = 'true')`,
  },
  {
    id: '0025',
    name: 'pg17_deprecated_extensions',
    query: `select extname as object from pg_extension where extname in ('plv8', 'timescaledb', 'adminpack')`,
  },
  {
    id: '0026/0027',
    name: 'pg_graphql_table_exposed',
    // Splinter asks this only when pg_graphql is installed (it is on every Supabase project): anything
    // in public the API roles may read shows in the GraphQL schema anyone with the anon key can read.
    query: `
      select format('%s.%s to %s', n.nspname, c.relname, r.rolname) as object
      from pg_class c join pg_namespace n on n.oid = c.relnamespace cross join pg_roles r
      where r.oid in ${apiRoles} and c.relkind in ('r', 'p', 'v', 'm') and n.nspname = 'public'
        and has_table_privilege(r.oid, c.oid, 'select')`,
  },
  {
    id: '0028/0029',
    name: 'security_definer_function_executable',
    query: `
      select format('%s.%s(%s) by %s', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid), r.rolname) as object
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace cross join pg_roles r
      where r.oid in ${apiRoles} and p.prosecdef and n.nspname not in ${systemSchemas}
        and has_function_privilege(r.oid, p.oid, 'execute')`,
  },
  {
    id: '0030',
    name: 'invalid_index',
    query: `
      select format('%s.%s', n.nspname, c.relname) as object
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where not i.indisvalid and n.nspname not in ${systemSchemas}`,
  },
  {
    id: '0030',
    name: 'autovacuum_disabled',
    query: `
      select format('%s.%s', n.nspname, c.relname) as object
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'm', 'p') and n.nspname not in ${systemSchemas}
        and 'autovacuum_enabled=false' = any(c.reloptions)`,
  },
];

/** What each rule flags: `{ 'unindexed_foreign_keys': ['public.x (x_y_fkey)'], ... }`, rules with findings only. */
export async function lintSchema(sql: Sql): Promise<Record<string, string[]>> {
  const findings: Record<string, string[]> = {};
  for (const rule of supabaseLintRules) {
    const rows = (await sql.unsafe(rule.query)) as unknown as { object: string }[];
    if (rows.length) findings[rule.name] = rows.map((r) => r.object).sort();
  }
  return findings;
}

/**
 * The design rule the lints leave implicit: every table in public has RLS on and no policy, so the
 * Data API roles see nothing while the owner (the site) is not restricted. Returns the tables that break it.
 */
export async function tablesNotLockedToTheirOwner(sql: Sql): Promise<string[]> {
  const rows = await sql<{ object: string }[]>`
    select format('%s (%s)', c.relname, case when not c.relrowsecurity then 'RLS off' when c.relforcerowsecurity
      then 'RLS forced on the owner' else 'has a policy' end) as object
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
      and (not c.relrowsecurity or c.relforcerowsecurity or exists (select 1 from pg_policy p where p.polrelid = c.oid))
    order by c.relname`;
  return rows.map((r) => r.object);
}
