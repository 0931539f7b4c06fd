import path from 'node:path';
import { env } from '../config/env';
import type { FileStorage } from './file-storage';
import { localFileStorage } from './local-file-storage.server';
import { supabaseFileStorage } from './supabase-file-storage.server';

let configured: FileStorage | undefined;

/** Supabase Storage when SUPABASE_URL is set, otherwise local disk under DATA_DIR/storage. */
export function fileStorage(): FileStorage {
  if (!configured) {
    const e = env();
    configured =
      e.SUPABASE_URL && e.SUPABASE_SERVICE_ROLE_KEY
        ? supabaseFileStorage({ url: e.SUPABASE_URL, serviceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY, bucket: e.SUPABASE_STORAGE_BUCKET })
        : localFileStorage(path.resolve(e.DATA_DIR, 'storage'));
  }
  return configured;
}

/** For tests: use a given store (e.g. one that fails) instead of the configured one. */
export function useFileStorage(next: FileStorage | undefined): void {
  configured = next;
}
