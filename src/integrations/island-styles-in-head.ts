import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Astro writes `<style>astro-island,…{display:contents}</style>` right before the first island of a
 * page, in the middle of <body>. HTML allows <style> only in <head>, so the W3C checker rejects every
 * page whose first island is not its parent's first child (checkout, product pages, staff sign-in).
 * Astro has no option for it, so the built pages get the rule moved into <head>: same rendering, valid HTML.
 */
export const ISLAND_STYLE_TAG = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** The page with every copy of the island style removed from the body and one copy at the end of <head>. */
export function moveIslandStylesToHead(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0 || html.indexOf(ISLAND_STYLE_TAG, headEnd) < 0) return html;
  const head = html.slice(0, headEnd);
  const rest = html.slice(headEnd).replaceAll(ISLAND_STYLE_TAG, '');
  return head.includes(ISLAND_STYLE_TAG) ? head + rest : head + ISLAND_STYLE_TAG + rest;
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory()
        ? e.name === '_astro' || e.name.startsWith('.')
          ? []
          : htmlFiles(path.join(dir, e.name))
        : e.name.endsWith('.html')
          ? [path.join(dir, e.name)]
          : [],
    ),
  );
  return nested.flat();
}

const FILES_IN_FLIGHT = 16;

/**
 * Rewrites the built pages in astro:build:generated, before the integrations listed after it (the
 * service worker's precache, the CSP check) read them. Each page is replaced by a rename, so a reader
 * never sees half a file.
 */
export function islandStylesInHead(): AstroIntegration {
  return {
    name: 'island-styles-in-head',
    hooks: {
      'astro:build:generated': async ({ dir }) => {
        const files = await htmlFiles(fileURLToPath(dir));
        let next = 0;
        const worker = async () => {
          while (next < files.length) {
            const file = files[next++]!;
            const html = await readFile(file, 'utf8');
            const moved = moveIslandStylesToHead(html);
            if (moved === html) continue;
            await writeFile(`${file}.tmp`, moved);
            await rename(`${file}.tmp`, file);
          }
        };
        await Promise.all(Array.from({ length: Math.min(FILES_IN_FLIGHT, files.length) }, worker));
      },
    },
  };
}
