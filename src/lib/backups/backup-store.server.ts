import { getStore, type Store } from '@netlify/blobs';
import { BACKUP_KEY, backupKey, backupsBeyond, KEPT_FILES_PREFIX, keptFileKey, type KeptFiles } from './backup-format';
import { readManifest } from './restore.server';

/**
 * The daily backups on a deploy: a Blobs store of their own (not the site's files, which a backup
 * copies: a backup must not hold the backups before it), keyed by time, the newest 14 kept; the stored
 * files beside them, each once (KeptFiles).
 */
export const BACKUPS_STORE = 'site-backups';

/** On Netlify the function's context is found by itself; from a computer, the site id and a token (NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN). */
export interface BlobsAccess {
  siteID: string;
  token: string;
}

export function backupsStore(access?: BlobsAccess): Store {
  return getStore({ name: BACKUPS_STORE, consistency: 'strong', ...(access ?? {}) });
}

/** The backups store's kept files, listed once. */
export async function keptFiles(store: Store): Promise<KeptFiles> {
  const held = new Set(await keptFileHashes(store));
  return {
    has: (sha256) => held.has(sha256),
    async read(sha256) {
      const data = await store.get(keptFileKey(sha256), { type: 'arrayBuffer' });
      return data ? new Uint8Array(data) : null;
    },
    async keep(sha256, bytes) {
      if (held.has(sha256)) return;
      await store.set(keptFileKey(sha256), bytes.slice().buffer);
      held.add(sha256);
    },
  };
}

async function keptFileHashes(store: Store): Promise<string[]> {
  const { blobs } = await store.list({ prefix: KEPT_FILES_PREFIX });
  return blobs.map((b) => b.key.slice(KEPT_FILES_PREFIX.length));
}

/**
 * Keeps one archive and deletes those beyond the newest 14, then the kept files no remaining archive
 * names; answers its key and the deleted archives.
 */
export async function keepBackup(store: Store, archive: Uint8Array, createdAt: Date): Promise<{ key: string; deleted: string[]; deletedFiles: number }> {
  const key = backupKey(createdAt);
  await store.set(key, archive.slice().buffer, { metadata: { createdAt: createdAt.toISOString(), bytes: archive.length } });
  const deleted = backupsBeyond(await keptBackups(store));
  for (const old of deleted) await store.delete(old);
  return { key, deleted, deletedFiles: await deleteUnnamedFiles(store) };
}

/**
 * Deletes the kept files that no kept archive names (a photo replaced more than 14 backups ago). Only
 * when every kept archive's manifest can be read: a file named by an archive that cannot be read is never
 * known to be unneeded, so then nothing is deleted.
 */
async function deleteUnnamedFiles(store: Store): Promise<number> {
  const named = new Set<string>();
  for (const key of await keptBackups(store)) {
    const data = await store.get(key, { type: 'arrayBuffer' });
    const manifest = data ? readManifest(new Uint8Array(data)) : null;
    if (!manifest) return 0;
    for (const file of manifest.files) named.add(file.sha256);
  }
  const unnamed = (await keptFileHashes(store)).filter((sha256) => !named.has(sha256));
  for (const sha256 of unnamed) await store.delete(keptFileKey(sha256));
  return unnamed.length;
}

/** The kept backups' keys, oldest first. */
export async function keptBackups(store: Store): Promise<string[]> {
  const { blobs } = await store.list({ prefix: 'backup-' });
  return blobs.map((b) => b.key).filter((k) => BACKUP_KEY.test(k)).sort();
}

/** One kept backup's bytes (`latest` for the newest), with the files kept beside it; null when there is none by that name. */
export async function readKeptBackup(store: Store, key: string): Promise<{ key: string; archive: Uint8Array; files: KeptFiles } | null> {
  const wanted = key === 'latest' ? (await keptBackups(store)).at(-1) : key;
  if (!wanted) return null;
  const data = await store.get(wanted, { type: 'arrayBuffer' });
  return data ? { key: wanted, archive: new Uint8Array(data), files: await keptFiles(store) } : null;
}
