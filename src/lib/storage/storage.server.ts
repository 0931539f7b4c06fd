import path from 'node:path';
import { env } from '../config';
import { AppError } from '../http';
import { runningOnNetlify } from '../runtime/index.server';
import { netlifyBlobsFileStorage } from './blobs-file-storage.server';
import { assertStoragePath, fileStorageKind, type FileStorage, type FileStorageKind } from './file-storage';
import { localFileStorage } from './local-file-storage.server';
import { supabaseFileStorage } from './supabase-file-storage.server';

/** What a visitor is told when the file store fails or does not answer; callers may say it more precisely. */
export const FILE_STORAGE_UNAVAILABLE = 'We can’t reach our file storage right now. Please try again in a minute.';

/**
 * Netlify Blobs retries a failing call five times, five seconds apart: without a limit an outage would
 * outlast the function's own time limit and the visitor would get Netlify's error page, not ours.
 */
const STORAGE_DEADLINE_MS = 10_000;

let configured: FileStorage | undefined;

export function configuredFileStorageKind(): FileStorageKind {
  const e = env();
  return fileStorageKind({ supabaseConfigured: Boolean(e.SUPABASE_URL && e.SUPABASE_SERVICE_ROLE_KEY), onNetlify: runningOnNetlify() });
}

/** The configured store (see fileStorageKind); its failures are 503 AppErrors with FILE_STORAGE_UNAVAILABLE. */
export function fileStorage(): FileStorage {
  if (!configured) {
    const e = env();
    const kind = configuredFileStorageKind();
    configured = answeringOutages(
      kind === 'supabase-storage'
        ? supabaseFileStorage({ url: e.SUPABASE_URL!, serviceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY!, bucket: e.SUPABASE_STORAGE_BUCKET })
        : kind === 'netlify-blobs'
          ? netlifyBlobsFileStorage()
          : localFileStorage(path.resolve(e.DATA_DIR, 'storage')),
    );
  }
  return configured;
}

/** For tests: use a given store (e.g. one that fails) instead of the configured one; undefined chooses again. */
export function useFileStorage(next: FileStorage | undefined): void {
  configured = next && answeringOutages(next);
}

/**
 * Any failure of the store itself (down, refusing, too slow) becomes one 503 AppError, logged here with
 * its cause; a bad path stays a programming error (500).
 */
function answeringOutages(store: FileStorage): FileStorage {
  const guarded = async <T>(operation: string, filePath: string, run: () => Promise<T>): Promise<T> => {
    if (filePath) assertStoragePath(filePath);
    let timer: NodeJS.Timeout | undefined;
    try {
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${STORAGE_DEADLINE_MS / 1000} s`)), STORAGE_DEADLINE_MS);
      });
      return await Promise.race([run(), deadline]);
    } catch (error) {
      if (error instanceof AppError) throw error;
      console.error(`File storage ${operation} of ${filePath} failed:`, error);
      throw new AppError('unavailable', FILE_STORAGE_UNAVAILABLE);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    put: (filePath, bytes, contentType) => guarded('put', filePath, () => store.put(filePath, bytes, contentType)),
    get: (filePath) => guarded('get', filePath, () => store.get(filePath)),
    list: () => guarded('list', '', () => store.list()),
  };
}
