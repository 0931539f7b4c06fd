import { unzipSync } from 'fflate';

/**
 * The zip of photos uploaded with a catalog CSV, read in memory with limits that hold before anything
 * is inflated: the number of files and the sizes the zip declares (a zip bomb declares small sizes or
 * huge ones; fflate inflates each file into a buffer of exactly its declared size, so a file cannot
 * grow past what was checked). Folders, macOS resource forks and hidden files are skipped.
 */
export const ZIP_MAX_FILES = 1000;
export const ZIP_MAX_FILE_BYTES = 4 * 1024 * 1024;
export const ZIP_MAX_TOTAL_BYTES = 64 * 1024 * 1024;

export type PhotoZip = { ok: true; files: Map<string, Uint8Array> } | { ok: false; message: string };

class ZipLimit extends Error {}

const skipped = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || name.split('/').some((part) => part.startsWith('.'));

export function readPhotoZip(bytes: Uint8Array): PhotoZip {
  let count = 0;
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter(file) {
        if (skipped(file.name)) return false;
        count += 1;
        total += file.originalSize;
        if (count > ZIP_MAX_FILES) throw new ZipLimit(`The zip holds more than ${ZIP_MAX_FILES} files.`);
        if (file.originalSize > ZIP_MAX_FILE_BYTES) throw new ZipLimit(`“${file.name}” in the zip is larger than 4 MB. Shrink the photo first.`);
        if (total > ZIP_MAX_TOTAL_BYTES) throw new ZipLimit(`The zip unpacks to more than ${ZIP_MAX_TOTAL_BYTES / 1024 / 1024} MB.`);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ZipLimit) return { ok: false, message: error.message };
    return { ok: false, message: 'The photos file is not a readable zip. Make it with your computer’s “Compress” and upload it again.' };
  }
  return { ok: true, files: new Map(Object.entries(files)) };
}

/**
 * A photo named in the CSV, found in the zip: by its path in the zip, or by its file name alone when
 * exactly one file in the zip has that name (spreadsheets say "castle.jpg" for "photos/castle.jpg").
 * Names compare without regard to case.
 */
export function findInZip(files: Map<string, Uint8Array>, name: string): Uint8Array | null {
  const wanted = name.toLowerCase();
  const base = (p: string) => p.slice(p.lastIndexOf('/') + 1).toLowerCase();
  let byBase: Uint8Array | null = null;
  let baseMatches = 0;
  for (const [path, data] of files) {
    if (path.toLowerCase() === wanted) return data;
    if (base(path) === base(wanted)) {
      byBase = data;
      baseMatches += 1;
    }
  }
  return baseMatches === 1 ? byBase : null;
}
