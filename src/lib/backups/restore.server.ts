import { strFromU8, unzipSync } from 'fflate';
import { copyIn, type Database, migrate, readMigrations, type Sql } from '../db/index.server';
import { requestRebuild } from '../publishing/index.server';
import { assertStoragePath, type FileStorage } from '../storage';
import { EXPORT_BOOKINGS_ENTRY } from './export-everything';
import { appliedMigrations, backedUpTables, sha256Hex, siteBusiness } from './backup.server';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupFile, type BackupManifest, backupManifest, type KeptFiles, keptFileKey, type KnownBusiness, MANIFEST_ENTRY, otherBusinessProblem, READABLE_FORMAT_VERSIONS } from './backup-format';

/** An archive that cannot be restored as it is; the message names the entry and what is wrong with it. */
export class BackupArchiveError extends Error {
  override name = 'BackupArchiveError';
}

/** A restore refused because of where it would go (a database or storage that holds data, another schema). */
export class RestoreTargetError extends Error {
  override name = 'RestoreTargetError';
}

export interface OpenedArchive {
  manifest: BackupManifest;
  entries: Record<string, Uint8Array>;
  /** A stored file's bytes: its entry, or read from the backups store beside the archive and checked as it is read. */
  file(file: BackupFile): Promise<Uint8Array>;
}

/** Whether a file's bytes are the ones the manifest lists; the words for the refusal when not. */
function damage(name: string, data: Uint8Array, listed: { bytes: number; sha256: string }): string | null {
  const actual = sha256Hex(data);
  if (data.length === listed.bytes && actual === listed.sha256) return null;
  return `${name} is damaged: its SHA-256 is ${actual} (${data.length} bytes), the manifest says ${listed.sha256} (${listed.bytes} bytes)`;
}

/** A file kept beside the archive, by its key in the backups store and its path in storage. */
const keptFileName = (file: BackupFile) => `${keptFileKey(file.sha256)} (${file.path})`;
const missingFromStore = (file: BackupFile) => `${keptFileName(file)} is listed in the manifest but missing from the backups store`;

/**
 * The archive read and checked whole, before anything is written anywhere: a readable zip, a manifest
 * of this format, and every table and file it lists present with the size and SHA-256 it lists. Files
 * kept beside the archive (`kept`: the backups store it came from) must be held there; their bytes are
 * checked as they are read, one at a time.
 */
export function openArchive(bytes: Uint8Array, kept?: KeptFiles): OpenedArchive {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw new BackupArchiveError(`The archive cannot be read as a zip, so it is truncated or damaged (${(error as Error).message}); nothing was restored.`);
  }
  const manifest = parseManifest(entries);
  for (const item of [...manifest.tables, ...manifest.files]) {
    if (!item.entry) continue;
    const data = entries[item.entry];
    if (!data) throw new BackupArchiveError(`${item.entry} is listed in the manifest but missing from the archive; nothing was restored.`);
    const damaged = damage(item.entry, data, item);
    if (damaged) throw new BackupArchiveError(`${damaged}; nothing was restored.`);
  }
  for (const file of manifest.files) {
    try {
      assertStoragePath(file.path);
    } catch {
      throw new BackupArchiveError(`${file.entry ?? keptFileKey(file.sha256)}: ${JSON.stringify(file.path)} is not a storage path; nothing was restored.`);
    }
    if (file.entry) continue;
    if (!kept) {
      throw new BackupArchiveError(
        `The archive's files (${file.path} and others) are kept beside it in the site's backups store, not in it: restore it from there (blobs:<name>, or blobs:latest); nothing was restored.`,
      );
    }
    if (!kept.has(file.sha256)) throw new BackupArchiveError(`${missingFromStore(file)}; nothing was restored.`);
  }
  // Said without an ending: the restore reading it says what it had written by then.
  const file = async (listed: BackupFile): Promise<Uint8Array> => {
    if (listed.entry) return entries[listed.entry]!;
    const data = await kept!.read(listed.sha256);
    if (!data) throw new BackupArchiveError(missingFromStore(listed));
    const damaged = damage(keptFileName(listed), data, listed);
    if (damaged) throw new BackupArchiveError(damaged);
    return data;
  };
  return { manifest, entries, file };
}

/** An archive's manifest alone (only that entry unzipped), or null when it cannot be read: for the backups store's housekeeping. */
export function readManifest(bytes: Uint8Array): BackupManifest | null {
  try {
    return parseManifest(unzipSync(bytes, { filter: (entry) => entry.name === MANIFEST_ENTRY }));
  } catch {
    return null;
  }
}

/** The manifest of an unzipped archive, checked; refused in words that say what the archive is instead. */
function parseManifest(entries: Record<string, Uint8Array>): BackupManifest {
  const manifestBytes = entries[MANIFEST_ENTRY];
  if (!manifestBytes && entries[EXPORT_BOOKINGS_ENTRY]) {
    throw new BackupArchiveError('The archive is an "Export everything" download (spreadsheets to read, not to restore): restore a backup instead (npm run backup, or blobs:latest for the daily one); nothing was restored.');
  }
  if (!manifestBytes) throw new BackupArchiveError(`The archive has no ${MANIFEST_ENTRY}: it is not a backup of this site; nothing was restored.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(manifestBytes));
  } catch {
    throw new BackupArchiveError(`${MANIFEST_ENTRY} is not readable JSON (damaged); nothing was restored.`);
  }
  // What it is and which version, said in words before the schema's own details: a backup of a newer
  // version of the site is refused with what to do about it, not with a field name and an expected value.
  const head = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as { format?: unknown; formatVersion?: unknown };
  if (head.format !== BACKUP_FORMAT) {
    throw new BackupArchiveError(`${MANIFEST_ENTRY} does not describe a backup of this site (its format is ${JSON.stringify(head.format ?? null)}, not "${BACKUP_FORMAT}"); nothing was restored.`);
  }
  if (!READABLE_FORMAT_VERSIONS.some((version) => version === head.formatVersion)) {
    const version = JSON.stringify(head.formatVersion ?? null);
    const reads = `version ${READABLE_FORMAT_VERSIONS.join(' or ')}`;
    throw new BackupArchiveError(
      typeof head.formatVersion === 'number' && head.formatVersion > BACKUP_FORMAT_VERSION
        ? `The backup is in format version ${version}, written by a newer version of the site than this one (which reads ${reads}): update the code first, then restore; nothing was restored.`
        : `The backup is in format version ${version}, which this version of the site does not read (it reads ${reads}); nothing was restored.`,
    );
  }
  const result = backupManifest.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new BackupArchiveError(`${MANIFEST_ENTRY} is not a manifest this version reads (${issue.path.join('.') || 'the manifest'}: ${issue.message}); nothing was restored.`);
  }
  return result.data;
}

/** What the target already holds: tables with rows, and files. A fresh migrated database has no rows at all. */
/**
 * Rows the migrations themselves ship, which a freshly migrated database already holds: they are not the
 * owner's data, so they do not make a target "not empty". Each entry is the SQL condition of such a row.
 */
const SHIPPED_BY_MIGRATIONS: Record<string, string> = {
  // The waiver texts shipped with the code (content null), not yet published over or reviewed.
  waiver_texts: 'content is null and published_by is null and reviewed_at is null',
};

export async function targetContents(sql: Sql, storage: FileStorage): Promise<{ tablesWithRows: string[]; files: number }> {
  const tablesWithRows: string[] = [];
  for (const table of await backedUpTables(sql)) {
    const shipped = SHIPPED_BY_MIGRATIONS[table];
    const owners = shipped ? `where not (${shipped})` : '';
    const [row] = await sql.unsafe<{ any: boolean }[]>(`select exists (select 1 from public.${ident(table)} ${owners}) as any`);
    if (row?.any) tablesWithRows.push(table);
  }
  return { tablesWithRows, files: (await storage.list()).length };
}

export interface RestoreOptions {
  /** Restore over a database and storage that hold data: its tables are emptied first, its files with the same paths replaced. */
  force: boolean;
  migrationsDir: string;
  /**
   * Restore a backup of another business than the one the target holds (the owner says so): without it
   * that is refused, naming both, even with `force`.
   */
  otherBusiness?: boolean;
  /**
   * Leave out everyone's two-step sign-in (the secrets were sealed with an AUTH_SECRET that is lost):
   * passwords stay, and each person sets it up again, owners before they can use the admin.
   */
  resetTwoStep?: boolean;
  /**
   * Told, once every check has passed and just before a target holding data is replaced (`force`), what it
   * holds now and what the backup holds, so whoever restores sees what they are replacing.
   */
  onReplace?: (summary: string) => void;
}

/** What a database or a backup holds, in the few facts an owner recognises their site by. */
export interface HeldSummary {
  business: string | null;
  bookings: number;
  /** When the newest booking was made. */
  newestBooking: Date | null;
}

/** The target's business, bookings and newest booking; null facts where its schema has no such table yet. */
export async function databaseSummary(sql: Sql): Promise<HeldSummary> {
  const business = (await siteBusiness(sql))?.name ?? null;
  const [table] = await sql<{ present: boolean }[]>`select to_regclass('public.bookings') is not null as present`;
  if (!table?.present) return { business, bookings: 0, newestBooking: null };
  const [row] = await sql<{ n: number; newest: Date | null }[]>`select count(*)::int as n, max(created_at) as newest from bookings`;
  return { business, bookings: row?.n ?? 0, newestBooking: row?.newest ?? null };
}

/** COPY's text of a timestamptz ('2026-12-01 10:00:00.123+00', '+05:30') as an instant. */
function copyInstant(text: string): Date | null {
  const iso = text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The same facts of the backup, read from its manifest and its bookings rows. */
export function archiveSummary(archive: OpenedArchive): HeldSummary {
  const { manifest, entries } = archive;
  const table = manifest.tables.find((t) => t.name === 'bookings');
  const column = table ? table.columns.indexOf('created_at') : -1;
  let newestBooking: Date | null = null;
  if (table && table.rows > 0 && column >= 0) {
    for (const line of strFromU8(entries[table.entry]!).split('\n')) {
      const field = line ? line.split('\t')[column] : undefined;
      const at = field && field !== '\\N' ? copyInstant(field) : null;
      if (at && (!newestBooking || at > newestBooking)) newestBooking = at;
    }
  }
  return { business: archiveBusiness(archive)?.name ?? null, bookings: table?.rows ?? 0, newestBooking };
}

/** What a forced restore replaces, and with what, in a few lines for the terminal. */
export function replacementSummary(now: HeldSummary, backup: HeldSummary & { takenAt: string }): string {
  const facts = (h: HeldSummary) =>
    `${h.business ? `“${h.business}”` : 'no business'}, ${h.bookings} booking(s)${h.newestBooking ? `, the newest made ${h.newestBooking.toISOString().slice(0, 10)}` : ''}`;
  return [`Replacing what the site holds now with the backup (--force):`, `  now:    ${facts(now)}`, `  backup: ${facts(backup)}; taken ${backup.takenAt}`].join('\n');
}

/**
 * The first two-step sign-in secret in the archive as stored, sealed with the AUTH_SECRET of the site
 * it came from; null when nobody had set it up. COPY's text form: a row a line, tab between columns
 * (the sealed secret is hex, so nothing in it is escaped).
 */
export function sealedTwoStepSecret({ manifest, entries }: OpenedArchive): string | null {
  const table = manifest.tables.find((t) => t.name === 'staff_two_factor');
  const column = table ? table.columns.indexOf('secret') : -1;
  if (!table || table.rows === 0 || column < 0) return null;
  const firstRow = strFromU8(entries[table.entry]!).split('\n', 1)[0]!;
  return firstRow.split('\t')[column] ?? null;
}

/** One field of COPY's text form as it was: `\N` is null; backslash escapes undone (PostgreSQL's COPY, "Text Format"). */
function copyField(field: string): string | null {
  if (field === '\\N') return null;
  const named: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
  return field.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, e: string) =>
    e[0] === 'x' && e.length > 1 ? String.fromCharCode(parseInt(e.slice(1), 16)) : /^[0-7]+$/.test(e) ? String.fromCharCode(parseInt(e, 8)) : (named[e] ?? e),
  );
}

/**
 * The business a backup holds: as its manifest names it; for a backup made before manifests named it,
 * the name (and the id, if its schema had one) in its own business_settings row; null for an install
 * that had none.
 */
export function archiveBusiness({ manifest, entries }: OpenedArchive): KnownBusiness | null {
  if (manifest.business !== undefined) return manifest.business;
  const table = manifest.tables.find((t) => t.name === 'business_settings');
  if (!table || table.rows === 0) return null;
  const row = strFromU8(entries[table.entry]!).split('\n', 1)[0]!.split('\t').map(copyField);
  const name = row[table.columns.indexOf('business_name')];
  if (!name) return null;
  const id = table.columns.includes('business_id') ? (row[table.columns.indexOf('business_id')] ?? null) : null;
  return { id, name };
}

export interface RestoreResult {
  tables: number;
  rows: number;
  files: number;
  /** Migrations newer than the backup, applied after its data. */
  migratedAfter: string[];
  /** Messages waiting to be sent when the backup was taken, kept as not sent (heldBackReason) instead of going out late. */
  heldBack: { emails: number; texts: number };
}

/** The outboxes whose waiting messages a restore holds back, by their table. */
const OUTBOXES = { emails: 'outbound_emails', texts: 'outbound_texts' } as const;

/**
 * Why a message restored from a backup was not sent: it was written for the moment it was queued ("your
 * hold expires in 30 minutes"), and a restore may come days later. `failed` is a status every schema
 * version of both outboxes takes, so the scheduled runs leave it alone and the booking's page shows why.
 */
export const heldBackReason = (takenAt: string) =>
  `Not sent: it was waiting to be sent when the backup of ${takenAt} was taken, and a restore does not send old messages late.`;

/** Marks the restored outboxes' waiting messages as not sent (heldBackReason); answers how many of each. */
async function holdBackWaitingMessages(tx: Sql, manifest: BackupManifest): Promise<RestoreResult['heldBack']> {
  const held = { emails: 0, texts: 0 };
  for (const [kind, table] of Object.entries(OUTBOXES) as [keyof typeof OUTBOXES, string][]) {
    // A backup from before the texts outbox existed has none to hold.
    if (!manifest.tables.some((t) => t.name === table)) continue;
    const rows = await tx.unsafe(`update public.${ident(table)} set status = 'failed', last_error = $1 where status = 'pending'`, [heldBackReason(manifest.createdAt)]);
    held[kind] = rows.count;
  }
  return held;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** How the publishing panel names the rebuild a restore asks for. */
export const RESTORE_REBUILD_REASON = 'Backup restored';

/**
 * Brings a checked archive into the target: the schema to exactly the backup's migrations, then every
 * table in one transaction (the target's rows emptied first, triggers and foreign keys held off as
 * pg_restore's --disable-triggers does, the sequences put back where they were) with the files written
 * before it commits, then any migrations this code has that the backup predates; last, a rebuild of the
 * public pages from what it now holds is asked for. The e-mails and texts the backup had waiting are kept
 * as not sent, in that same transaction (the scheduled runs would otherwise send them days late). Refuses a target holding data unless `force`, a target
 * holding another business unless `otherBusiness`, a schema ahead of the backup's, and a backup
 * whose migrations this code does not have.
 */
export async function restoreBackup(db: Database, storage: FileStorage, archive: OpenedArchive, options: RestoreOptions): Promise<RestoreResult> {
  const { manifest, entries } = archive;
  const known = new Set((await readMigrations(options.migrationsDir)).map((m) => m.version));
  const unknown = manifest.migrations.filter((v) => !known.has(v));
  if (unknown.length) {
    throw new RestoreTargetError(`The backup was made by a newer version of the site (migration ${unknown.join(', ')} is not in supabase/migrations): update the code first; nothing was restored.`);
  }
  const level = manifest.migrations.at(-1);
  const missing = [...known].filter((v) => level !== undefined && v <= level && !manifest.migrations.includes(v));
  if (missing.length) throw new RestoreTargetError(`The backup's schema lacks migration ${missing.join(', ')}, which this code has before its newest: nothing was restored.`);
  const applied = (await appliedMigrations(db)).map((m) => m.version);
  const ahead = applied.filter((v) => !manifest.migrations.includes(v));
  if (ahead.length) {
    throw new RestoreTargetError(`The database has migration ${ahead.join(', ')}, which the backup does not: restore into a new, empty database (no migrations applied); nothing was restored.`);
  }
  // Before the target's contents: over another business, --force (an owner replacing their own site) is not enough.
  const otherBusiness = options.otherBusiness ? null : otherBusinessProblem(archiveBusiness(archive), await siteBusiness(db));
  if (otherBusiness) throw new RestoreTargetError(otherBusiness);
  const held = await targetContents(db, storage);
  if (!options.force && (held.tablesWithRows.length || held.files)) {
    const what = [held.tablesWithRows.length ? `the database has rows in ${held.tablesWithRows.length} table(s) (${held.tablesWithRows.slice(0, 3).join(', ')}…)` : '', held.files ? `storage holds ${held.files} file(s)` : ''].filter(Boolean).join(' and ');
    throw new RestoreTargetError(`Not empty: ${what}. Restore into an empty database and storage, or pass --force to replace what is there; nothing was restored.`);
  }

  if (held.tablesWithRows.length || held.files) options.onReplace?.(replacementSummary(await databaseSummary(db), { ...archiveSummary(archive), takenAt: manifest.createdAt }));

  if (level !== undefined) await migrate(db, options.migrationsDir, { through: level });
  let rows = 0;
  let heldBack: RestoreResult['heldBack'] = { emails: 0, texts: 0 };
  await db.begin(async (tx) => {
    await tx`set local statement_timeout = 0`;
    await tx`set local lock_timeout = 0`;
    // The files are read (from the backups store) and written (to storage) inside this transaction, one at
    // a time over the network: the connection waits between statements all that while.
    await tx`set local idle_in_transaction_session_timeout = 0`;
    // Rows go in as they were: no trigger rewrites them (updated_at, audit) and no foreign key is checked
    // row by row (a refund's payment may come after it); the whole archive was consistent when written.
    await tx`set local session_replication_role = replica`;
    const tables = await backedUpTables(tx);
    const strangers = manifest.tables.filter((t) => !tables.includes(t.name)).map((t) => t.name);
    if (strangers.length) throw new RestoreTargetError(`The backup has table ${strangers.join(', ')}, which the schema at ${level} does not: nothing was restored.`);
    if (tables.length) await tx.unsafe(`truncate ${tables.map((t) => `public.${ident(t)}`).join(', ')} restart identity`);
    for (const table of manifest.tables) {
      await copyInto(tx, table, entries[table.entry]!).catch((error: Error) => {
        throw new BackupArchiveError(`${table.entry} could not be loaded into ${table.name}: ${error.message}; nothing was restored.`);
      });
      rows += table.rows;
    }
    for (const seq of manifest.sequences) {
      await tx.unsafe(`select setval('public.${ident(seq.name)}', $1::bigint, $2)`, [seq.lastValue, seq.isCalled]);
    }
    heldBack = await holdBackWaitingMessages(tx, manifest);
    if (options.resetTwoStep) {
      await tx`delete from staff_two_factor`;
      await tx`update staff_user set "twoFactorEnabled" = false`;
    }
    // The files before the commit: storage failing part way (a network store down) rolls the rows back, so
    // the database is never restored without the waiver PDFs and photos its rows point at.
    // Files kept beside the archive are read one at a time, each checked as it is read.
    let written = 0;
    const leftAsItWas = () => `the database was left as it was, and ${written} of the ${manifest.files.length} file(s) were written before it`;
    for (const file of manifest.files) {
      const bytes = await archive.file(file).catch((error: Error) => {
        const what = error instanceof BackupArchiveError ? error.message : `Reading ${file.path} from the backups store failed (${error.message})`;
        throw new BackupArchiveError(`${what}: ${leftAsItWas()}; nothing else was restored.`);
      });
      await storage.put(file.path, bytes, file.contentType || 'application/octet-stream').catch((error: Error) => {
        throw new RestoreTargetError(
          `Writing ${file.entry ?? file.path} to storage failed (${error.message}): ${leftAsItWas()}; restore again (with --force, for those files); nothing else was restored.`,
        );
      });
      written++;
    }
  });
  const { applied: migratedAfter } = await migrate(db, options.migrationsDir);
  // The public pages are prebuilt from the database: without a rebuild a deployed site went on showing
  // what it held before the restore (prices, products, towns, even the business's name) with nothing
  // waiting to publish. The request is queued as any staff change's is, so it publishes by itself.
  await requestRebuild(db, `${RESTORE_REBUILD_REASON} (taken ${manifest.createdAt})`);
  return { tables: manifest.tables.length, rows, files: manifest.files.length, migratedAfter, heldBack };
}

/** One table's rows through COPY … FROM STDIN (copyIn: settled whether PostgreSQL takes them or refuses them). */
function copyInto(tx: Sql, table: BackupManifest['tables'][number], rows: Uint8Array): Promise<void> {
  return copyIn(tx, `copy public.${ident(table.name)} (${table.columns.map(ident).join(', ')}) from stdin`, rows);
}

/** The archive's bytes checked whole (openArchive), then restored: a damaged archive writes nothing anywhere. */
export async function restoreArchive(db: Database, storage: FileStorage, bytes: Uint8Array, options: RestoreOptions, kept?: KeptFiles): Promise<{ manifest: BackupManifest; result: RestoreResult }> {
  const archive = openArchive(bytes, kept);
  return { manifest: archive.manifest, result: await restoreBackup(db, storage, archive, options) };
}
