import { getStore, type Store } from '@netlify/blobs';
import { BACKUP_KEY, backupKey, backupsBeyond } from './backup-format';

/**
 * The daily backups on a deploy: a Blobs store of their own (not the site's files, which a backup
 * copies: a backup must not hold the backups before it), keyed by time, the newest 14 kept.
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

/** Keeps one archive and deletes those beyond the newest 14; answers its key and the deleted ones. */
export async function keepBackup(store: Store, archive: Uint8Array, createdAt: Date): Promise<{ key: string; deleted: string[] }> {
  const key = backupKey(createdAt);
  await store.set(key, archive.slice().buffer, { metadata: { createdAt: createdAt.toISOString(), bytes: archive.length } });
  const deleted = backupsBeyond(await keptBackups(store));
  for (const old of deleted) await store.delete(old);
  return { key, deleted };
}

/** The kept backups' keys, oldest first. */
export async function keptBackups(store: Store): Promise<string[]> {
  const { blobs } = await store.list();
  return blobs.map((b) => b.key).filter((k) => BACKUP_KEY.test(k)).sort();
}

/** One kept backup's bytes (`latest` for the newest); null when there is none by that name. */
export async function readKeptBackup(store: Store, key: string): Promise<{ key: string; archive: Uint8Array } | null> {
  const wanted = key === 'latest' ? (await keptBackups(store)).at(-1) : key;
  if (!wanted) return null;
  const data = await store.get(wanted, { type: 'arrayBuffer' });
  return data ? { key: wanted, archive: new Uint8Array(data) } : null;
}
