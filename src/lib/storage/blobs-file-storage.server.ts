import { getStore } from '@netlify/blobs';
import { assertStoragePath, type FileStorage, type StoredFile } from './file-storage';

/** One store for the whole site, not one per deploy: signed waivers and photos outlive every deploy. */
export const SITE_FILES_STORE = 'site-files';

/**
 * Netlify Blobs, the default on Netlify when Supabase Storage is not configured. Netlify's runtime
 * hands each invocation its Blobs context (edge URLs, token, site id) in NETLIFY_BLOBS_CONTEXT, so the
 * store is looked up per call rather than once at load. Reads are strongly consistent: a PDF fetched
 * right after signing must be the one just written, not a cached miss.
 */
export function netlifyBlobsFileStorage(storeName = SITE_FILES_STORE, access?: { siteID: string; token: string }): FileStorage {
  // `access`: from a computer (npm run backup / restore), where no function context names the site.
  const store = () => getStore({ name: storeName, consistency: 'strong', ...(access ?? {}) });
  return {
    async put(path, bytes, contentType) {
      assertStoragePath(path);
      // A copy: `bytes` may be a view into a larger pooled buffer, which must not be uploaded whole.
      await store().set(path, bytes.slice().buffer, { metadata: { contentType } });
    },
    async get(path): Promise<StoredFile | null> {
      assertStoragePath(path);
      const found = await store().getWithMetadata(path, { type: 'arrayBuffer' });
      if (!found) return null;
      const contentType = found.metadata.contentType;
      return { bytes: new Uint8Array(found.data), contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream' };
    },
    async list() {
      const { blobs } = await store().list();
      return blobs.map((b) => b.key).sort();
    },
  };
}
