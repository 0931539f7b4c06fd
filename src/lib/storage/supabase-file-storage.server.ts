import { createClient } from '@supabase/supabase-js';
import { assertStoragePath, type FileStorage, type StoredFile } from './file-storage';

export interface SupabaseStorageConfig {
  url: string;
  serviceRoleKey: string;
  bucket: string;
}

/**
 * Supabase Storage, used in production where function instances have no shared disk. The bucket
 * should be private: files leave only through the API, after its access checks.
 */
export function supabaseFileStorage(config: SupabaseStorageConfig): FileStorage {
  const client = createClient(config.url, config.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const bucket = () => client.storage.from(config.bucket);
  return {
    async put(path, bytes, contentType) {
      assertStoragePath(path);
      const { error } = await bucket().upload(path, bytes, { contentType, upsert: true, cacheControl: '0' });
      if (error) throw new Error(`Supabase Storage upload of ${path} failed: ${error.message}`);
    },
    async get(path): Promise<StoredFile | null> {
      assertStoragePath(path);
      const { data, error } = await bucket().download(path);
      if (error) {
        const status = (error as { status?: number; statusCode?: string | number }).status ?? Number((error as { statusCode?: string | number }).statusCode);
        if (status === 404 || status === 400 || /not found/i.test(error.message)) return null;
        throw new Error(`Supabase Storage download of ${path} failed: ${error.message}`);
      }
      return { bytes: new Uint8Array(await data.arrayBuffer()), contentType: data.type || 'application/octet-stream' };
    },
  };
}
