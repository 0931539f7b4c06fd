import { createHash } from 'node:crypto';
import { zipSync, type Zippable } from 'fflate';
import type { Database, Sql } from '../db/index.server';
import type { FileStorage } from '../storage';
import { zipLimitProblem } from './zip-limits';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest, fileEntry, type KeptFiles, type KnownBusiness, MANIFEST_ENTRY, tableEntry } from './backup-format';

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The business's tables: everything in `public` (the migration record is the manifest's own list). */
export async function publicTables(sql: Sql): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`;
  return rows.map((r) => r.name);
}

/**
 * Tables a backup leaves out and a restore leaves alone: the record of this install's own backup runs
 * (backup_runs) is about the install, not the business. Carried in a backup, the run writing it would be
 * restored as one still "running", shown to the owner as a backup that never finished; and a restore
 * would replace the target's record with the backup's.
 */
export const NOT_BACKED_UP: readonly string[] = ['backup_runs'];

/** The tables a backup holds and a restore replaces: every table in `public` but NOT_BACKED_UP. */
export async function backedUpTables(sql: Sql): Promise<string[]> {
  return (await publicTables(sql)).filter((t) => !NOT_BACKED_UP.includes(t));
}

/**
 * The tables parents first (a table after every table its foreign keys point at), so the archive
 * reads in an order that would load even with the keys checked; a table pointing at itself (a
 * payment's refund of a payment) does not hold up its own place.
 */
async function inDependencyOrder(sql: Sql, tables: string[]): Promise<string[]> {
  const edges = await sql<{ child: string; parent: string }[]>`
    select distinct c.relname as child, p.relname as parent
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`;
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const parent of [...(parents.get(table) ?? [])].sort()) place(parent, path);
    path.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table, new Set());
  return ordered;
}

/** The columns a restore writes: generated ones are computed again by the database. */
async function storedColumns(sql: Sql, table: string): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    select a.attname as name from pg_attribute a
    where a.attrelid = ${`public.${table}`}::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    order by a.attnum`;
  return rows.map((r) => r.name);
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function copyOut(sql: Sql, statement: string): Promise<Uint8Array> {
  const stream = await sql.unsafe(statement).readable();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

export interface BackupResult {
  archive: Uint8Array;
  manifest: BackupManifest;
}

/**
 * The whole install in one archive: every table of one consistent snapshot (a read-only repeatable-read
 * transaction: a booking placed meanwhile is either wholly in or wholly out), the sequences' positions,
 * the applied migrations, and every file in storage with its content type. Read over an ordinary
 * connection, so a Netlify Function can write it as well as the command line. With `keptApart` (a backups
 * store's files) each file is copied there unless held already and the archive only names it, so no more
 * than one file is in memory at a time; without, the archive holds every file.
 */
export async function writeBackup(db: Database, storage: FileStorage, now: Date, keptApart?: KeptFiles): Promise<BackupResult> {
  const zip: Zippable = {};
  const manifest = await db.begin('isolation level repeatable read read only', async (tx) => {
    // A backup is not a request: the connection's request limits would cut a big table's COPY short.
    await tx`set local statement_timeout = 0`;
    const migrations = await appliedMigrations(tx);
    const tables: BackupManifest['tables'] = [];
    for (const [index, name] of (await inDependencyOrder(tx, await backedUpTables(tx))).entries()) {
      const columns = await storedColumns(tx, name);
      const data = await copyOut(tx, `copy public.${ident(name)} (${columns.map(ident).join(', ')}) to stdout`);
      const [count] = await tx<{ n: number }[]>`select count(*)::int as n from ${tx('public.' + name)}`;
      const entry = tableEntry(index, name);
      zip[entry] = [data, { level: 6 }];
      tables.push({ name, columns, rows: count!.n, entry, bytes: data.length, sha256: sha256Hex(data) });
    }
    const sequences = await sequencePositions(tx);
    const business = await siteBusiness(tx);
    return { migrations: migrations.map((m) => m.version), business: business?.id ? { id: business.id, name: business.name } : null, tables, sequences };
  });
  const files: BackupManifest['files'] = [];
  for (const path of await storage.list()) {
    const stored = await storage.get(path);
    // Gone between the listing and the read (a logo replaced meanwhile): nothing to keep.
    if (!stored) continue;
    const listed = { path, contentType: stored.contentType, bytes: stored.bytes.length, sha256: sha256Hex(stored.bytes) };
    if (keptApart) {
      await keptApart.keep(listed.sha256, stored.bytes);
      files.push(listed);
      continue;
    }
    const entry = fileEntry(path);
    // Photos and PDFs are compressed already: stored as they are, which is faster and no bigger.
    zip[entry] = [stored.bytes, { level: 0 }];
    files.push({ ...listed, entry });
  }
  const inArchive = [...manifest.tables, ...files.filter((f) => f.entry)];
  const tooBig = zipLimitProblem(inArchive.length + 1, inArchive.reduce((sum, entry) => sum + entry.bytes, 0));
  if (tooBig) throw new Error(`The backup is too large for one archive with its files in it. ${tooBig}. Keep it in the site's backups store instead (npm run backup -- --to-blobs), where each file is kept beside the archive.`);
  const full: BackupManifest = { format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, createdAt: now.toISOString(), ...manifest, files };
  zip[MANIFEST_ENTRY] = [new TextEncoder().encode(JSON.stringify(full, null, 2)), { level: 6 }];
  return { archive: zipSync(zip, { mtime: now }), manifest: full };
}

/**
 * The business a database holds, or null before it has one (a new database, or none migrated). Read as
 * JSON so a database from before the id (or the demo flag) answers too: a restore reads its target,
 * which may be at an older migration than this code's.
 */
export async function siteBusiness(sql: Sql): Promise<(KnownBusiness & { demo: boolean }) | null> {
  const [table] = await sql<{ present: boolean }[]>`select to_regclass('public.business_settings') is not null as present`;
  if (!table?.present) return null;
  const [row] = await sql<{ id: string | null; name: string; demo: boolean }[]>`
    select to_jsonb(s) ->> 'business_id' as id, s.business_name as name, coalesce((to_jsonb(s) ->> 'is_demo')::boolean, false) as demo
    from business_settings s where s.id`;
  return row ?? null;
}

/** Each sequence's position, one query per sequence (a sequence is its own one-row table). */
async function sequencePositions(sql: Sql): Promise<BackupManifest['sequences']> {
  const names = await sql<{ name: string }[]>`
    select s.relname as name from pg_class s join pg_namespace n on n.oid = s.relnamespace where s.relkind = 'S' and n.nspname = 'public' order by s.relname`;
  const positions: BackupManifest['sequences'] = [];
  for (const { name } of names) {
    const [row] = await sql.unsafe<{ last_value: string; is_called: boolean }[]>(`select last_value::text, is_called from public.${ident(name)}`);
    positions.push({ name, lastValue: row!.last_value, isCalled: row!.is_called });
  }
  return positions;
}

/** The applied migrations, oldest first; none on a database never migrated. */
export async function appliedMigrations(sql: Sql): Promise<{ version: string }[]> {
  const [history] = await sql<{ present: boolean }[]>`select to_regclass('supabase_migrations.schema_migrations') is not null as present`;
  return history?.present ? sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations order by version` : [];
}
