import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStoragePath, type FileStorage, type StoredFile } from './file-storage';

/**
 * The default store: plain files under `root` (DATA_DIR/storage). The content type is kept in a
 * small sidecar file, so `get` answers exactly what `put` was given.
 */
export function localFileStorage(root: string): FileStorage {
  const resolve = (p: string) => {
    assertStoragePath(p);
    return path.join(root, ...p.split('/'));
  };
  return {
    async put(p, bytes, contentType) {
      const file = resolve(p);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temp, bytes);
      await writeFile(`${file}.type`, contentType);
      await rename(temp, file);
    },
    async get(p): Promise<StoredFile | null> {
      const file = resolve(p);
      try {
        const [bytes, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8').catch(() => 'application/octet-stream')]);
        return { bytes: new Uint8Array(bytes), contentType: contentType.trim() };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async list() {
      let entries: string[];
      try {
        entries = await readdir(root, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      // Files only: a folder has no `.type` sidecar, and a sidecar or a half-written temp file is not a stored file.
      const names = new Set(entries.map((e) => e.split(path.sep).join('/')));
      return [...names].filter((name) => names.has(`${name}.type`) && !name.endsWith('.tmp')).sort();
    },
  };
}
