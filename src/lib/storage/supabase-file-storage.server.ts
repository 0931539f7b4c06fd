import { createClient } from '@supabase/supabase-js';
import { assertStoragePath, type FileStorage, type StoredFile } from './file-storage';

const LIST_PAGE = 1000;

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
    async list() {
      // Storage lists one folder at a time, a page at a time; an entry without an id is a folder.
      const found: string[] = [];
      const walk = async (folder: string): Promise<void> => {
        for (let offset = 0; ; offset += LIST_PAGE) {
          const { data, error } = await bucket().list(folder, { limit: LIST_PAGE, offset, sortBy: { column: 'name', order: 'asc' } });
          if (error) throw new Error(`Supabase Storage listing of ${folder || '/'} failed: ${error.message}`);
          for (const entry of data) {
            const full = folder ? `${folder}/${entry.name}` : entry.name;
            if (entry.id === null) await walk(full);
            else found.push(full);
          }
          if (data.length < LIST_PAGE) return;
        }
      };
      await walk('');
      return found.sort();
    },
  };
}
