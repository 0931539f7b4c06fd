import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The service worker precaches the build's stylesheets (astro.config.mjs), for every visitor on the first
 * visit. The staff pages have their own (src/styles/admin.css), which no public page uses: precached, it
 * would cost each visitor's phone the admin's CSS the split saved the page. So the list leaves out each
 * stylesheet the admin's page links and the home page does not. The crew's day screen still opens
 * offline with its styles: it puts the files it loaded in the worker's cache itself
 * (src/islands/admin/shared/crew-device.ts).
 */

/** The stylesheets a built page links, as paths in the build (`_astro/site.1a2b.css`). */
export function linkedStylesheets(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="\/([^"]+\.css)"/g)].map((m) => m[1]!);
}

/** The stylesheets the staff page links and the public page does not. */
export function staffOnlyStylesheets(staffPage: string, publicPage: string): Set<string> {
  const shared = new Set(linkedStylesheets(publicPage));
  return new Set(linkedStylesheets(staffPage).filter((sheet) => !shared.has(sheet)));
}

interface PrecacheEntry {
  url: string;
  size: number;
}

/** The precache list (workbox's manifestTransforms) without the staff-only stylesheets of the build in `outDir`. */
export async function withoutStaffStylesheets<T extends PrecacheEntry>(manifest: T[], outDir: string): Promise<{ manifest: T[] }> {
  const [staffPage, publicPage] = await Promise.all([readFile(path.join(outDir, 'admin.html'), 'utf8'), readFile(path.join(outDir, 'index.html'), 'utf8')]);
  const staffOnly = staffOnlyStylesheets(staffPage, publicPage);
  return { manifest: manifest.filter((entry) => !staffOnly.has(entry.url.replace(/^\//, ''))) };
}
