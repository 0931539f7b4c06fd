import { z } from '../validation';

/**
 * The backup archive (issue #41): one zip holding `manifest.json`, the database as one COPY text
 * file per table (`database/NNN-table.tsv`, in the order they are restored) and the stored files. The
 * manifest names each entry and file with its size and SHA-256, so a restore checks the whole backup
 * before it writes anything. The same format whoever writes it: `npm run backup` or the daily background
 * function (docs/decisions.md says why it is not pg_dump's). An archive written to a file holds the
 * stored files too (`files/<path>`); one kept in the site's backups store does not: each file is kept
 * there once, by its SHA-256, beside the archives (version 2: a file with no `entry`).
 */
export const BACKUP_FORMAT = 'party-rentals-backup';
export const BACKUP_FORMAT_VERSION = 2;
/** The versions this code restores: version 1 archives hold every file. */
export const READABLE_FORMAT_VERSIONS = [1, BACKUP_FORMAT_VERSION] as const;
export const MANIFEST_ENTRY = 'manifest.json';

/** How many daily backups the owner's storage keeps. */
export const BACKUPS_KEPT = 14;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const entryName = z.string().min(1).max(400);

/** Which business a backup or a site holds: its lasting id (business_settings.business_id) and its name then. */
export const backupBusiness = z.object({ id: z.uuid(), name: z.string().min(1).max(200) });
export type BackupBusiness = z.infer<typeof backupBusiness>;

export const backupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(READABLE_FORMAT_VERSIONS),
  createdAt: z.iso.datetime(),
  /**
   * The business backed up; null for an install that had none yet. Absent from backups made before it
   * was recorded (the same format version: they are still read, and their business is known by name).
   */
  business: backupBusiness.nullable().optional(),
  /** The migrations applied to the database backed up, oldest first: a restore brings the schema to exactly these first. */
  migrations: z.array(z.string().regex(/^\d{14}$/)),
  tables: z.array(
    z.object({
      name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
      columns: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/)).min(1),
      rows: z.number().int().min(0),
      entry: entryName,
      bytes: z.number().int().min(0),
      sha256,
    }),
  ),
  sequences: z.array(z.object({ name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() })),
  /** Each stored file: `entry` names it in the archive; without one it is kept beside the archive (keptFileKey). */
  files: z.array(z.object({ path: z.string().min(1).max(800), contentType: z.string().max(200), entry: entryName.optional(), bytes: z.number().int().min(0), sha256 })),
});
export type BackupManifest = z.infer<typeof backupManifest>;
export type BackupFile = BackupManifest['files'][number];

/**
 * Where the backups store keeps a file beside the archives: by its SHA-256, so a photo in every daily
 * backup is kept once, not fourteen times, and an archive names it instead of holding it.
 */
export const KEPT_FILES_PREFIX = 'files/';
export const keptFileKey = (sha256: string) => `${KEPT_FILES_PREFIX}${sha256}`;

/**
 * The stored files a backups store keeps beside its archives (keptFileKey). A backup kept there copies
 * into it only the files it does not hold yet, one at a time, and its archive names them: the archive
 * used to be the whole of storage held in memory and kept fourteen times over, so a site with many
 * photos ran the background function out of memory, and every day's backup stored every photo again.
 */
export interface KeptFiles {
  has(sha256: string): boolean;
  /** The file's bytes; null when the store does not hold it. */
  read(sha256: string): Promise<Uint8Array | null>;
  /** Keeps the file unless the store holds it already. */
  keep(sha256: string, bytes: Uint8Array): Promise<void>;
}

/** A table's entry: its place in the restore order first, so the zip lists them in that order. */
export const tableEntry = (index: number, table: string) => `database/${String(index + 1).padStart(3, '0')}-${table}.tsv`;
export const fileEntry = (path: string) => `files/${path}`;

/** The name of a backup kept in the owner's storage: its time, so names sort oldest first. */
export function backupKey(createdAt: Date): string {
  return `backup-${createdAt.toISOString().replace(/[:.]/g, '-')}.zip`;
}
export const BACKUP_KEY = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.zip$/;

/** The kept backups beyond the newest `keep`, to delete (names sort by time). */
export function backupsBeyond(keys: readonly string[], keep = BACKUPS_KEPT): string[] {
  const backups = keys.filter((k) => BACKUP_KEY.test(k)).sort();
  return backups.slice(0, Math.max(0, backups.length - keep));
}

/** A business as far as it is known: a backup made before the id was recorded knows only its name. */
export interface KnownBusiness {
  id: string | null;
  name: string;
}

/**
 * Why restoring a backup of `backup` over a site holding `site` would replace one business with
 * another, or null when it would not. Nothing to compare is no refusal: a target with no business yet
 * (a new database) or still the demo (nobody's business), a backup of an install without one. By the
 * id when both have one (it outlives renaming); by the name when the backup was made before ids were
 * recorded (the best it carries: a business renamed since is refused too, and its owner can say so).
 */
export function otherBusinessProblem(backup: KnownBusiness | null, site: (KnownBusiness & { demo: boolean }) | null): string | null {
  if (!backup || !site || site.demo) return null;
  const same = backup.id && site.id ? backup.id === site.id : backup.name.trim().toLowerCase() === site.name.trim().toLowerCase();
  if (same) return null;
  // Two businesses of one name are told apart by their ids.
  const named = (b: KnownBusiness) => (backup.name === site.name && b.id ? `“${b.name}” (${b.id})` : `“${b.name}”`);
  const made = backup.id ? '' : ' (a backup made before backups recorded their business: told by its name)';
  return (
    `This backup is of ${named(backup)}${made}, and this site holds ${named(site)}: restoring it would replace ${named(site)} with ${named(backup)}. ` +
    'If that is what you mean, pass --other-business with --force; nothing was restored.'
  );
}
