import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes built pages' files on the thread that rendered them (page-workers.ts), each folder made once.
 * Synchronous calls cost less than Astro's four trips per file to libuv's thread pool (folder, open,
 * write, close): on two cores those woke pool threads that took the CPU from both rendering threads.
 * No imports beyond Node's own: page-worker.mjs loads this file through Node's type stripping.
 */
export function pageWriter(): (file: string, html: string) => void {
  const folders = new Set<string>();
  return (file, html) => {
    const folder = dirname(file);
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    writeFileSync(file, html);
  };
}
