/**
 * Where documents the business must keep (signed waiver PDFs, cake reference photos, product photos) are stored.
 * Two methods on purpose: the local-disk default, Netlify Blobs and Supabase Storage must behave
 * the same, and nothing else is needed. Paths are relative, '/'-separated, e.g. 'waivers/<booking number>/<id>.pdf'.
 */
export interface FileStorage {
  put(path: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when nothing is stored at `path`. */
  get(path: string): Promise<StoredFile | null>;
  /** Every stored path, sorted: what a backup takes (issue #41). */
  list(): Promise<string[]>;
}

export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Refuses anything that could escape the storage root or confuse a bucket ('..', absolute paths, odd characters). */
export function assertStoragePath(path: string): void {
  const segments = path.split('/');
  if (segments.length < 1 || segments.length > 6 || !segments.every((s) => SAFE_SEGMENT.test(s) && s !== '..' && !s.includes('..'))) {
    throw new Error(`Not a valid storage path: ${JSON.stringify(path)}`);
  }
}

export type FileStorageKind = 'supabase-storage' | 'netlify-blobs' | 'local-disk';

/**
 * Where files go: Supabase Storage whenever it is configured; otherwise Netlify Blobs on Netlify
 * (its function disk is read-only and per instance) and the local disk everywhere else.
 */
export function fileStorageKind(setup: { supabaseConfigured: boolean; onNetlify: boolean }): FileStorageKind {
  if (setup.supabaseConfigured) return 'supabase-storage';
  return setup.onNetlify ? 'netlify-blobs' : 'local-disk';
}
