import path from 'node:path';
import type { BlobsAccess } from '../lib/backups/index.server';
import type { FileStorage } from '../lib/storage';
import { fileStorage, localFileStorage, netlifyBlobsFileStorage } from '../lib/storage/index.server';
import { dataDir } from './database';

/**
 * Netlify Blobs from this computer: NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN (a personal access token)
 * name the deployed site. Both or neither.
 */
export function blobsAccess(): BlobsAccess | undefined {
  const siteID = process.env.NETLIFY_SITE_ID;
  const token = process.env.NETLIFY_AUTH_TOKEN;
  if (!siteID || !token) return undefined;
  return { siteID, token };
}

/**
 * The files of `npm run backup` and `npm run restore`: the deployed site's Netlify Blobs when
 * NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN are set, Supabase Storage when configured, otherwise the
 * local disk (DATA_DIR/storage), as the site itself chooses.
 */
export function backupFileStorage(): { storage: FileStorage; where: string } {
  const access = blobsAccess();
  if (access) return { storage: netlifyBlobsFileStorage(undefined, access), where: `Netlify Blobs of site ${access.siteID}` };
  if (process.env.SUPABASE_URL && process.env.SUPABASE_SERVICE_ROLE_KEY) return { storage: fileStorage(), where: 'Supabase Storage' };
  const root = path.join(dataDir, 'storage');
  return { storage: localFileStorage(root), where: root };
}
