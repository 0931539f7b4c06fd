import { rename, writeFile } from 'node:fs/promises';

/**
 * Astro writes `<style>astro-island,…{display:contents}</style>` right before the first island of a
 * page, in the middle of <body>. HTML allows <style> only in <head>, so the W3C checker rejects every
 * page whose first island is not its parent's first child (checkout, product pages, staff sign-in).
 * Astro has no option for it, so the built pages get the rule moved into <head>: same rendering, valid HTML.
 * Moving a <style> leaves every inline script as it was, so the CSP scan hashes the same scripts.
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

/**
 * A built page as it is to be served: with the island style moved into <head>, written back in place
 * (by a rename, so a reader never sees half a file) when it moved. For the HTML files Astro did not
 * render (src/integrations/page-workers.ts moves the style in each rendered page before it is written).
 */
export async function withIslandStylesInHead(file: string, html: string): Promise<string> {
  const moved = moveIslandStylesToHead(html);
  if (moved === html) return html;
  await writeFile(`${file}.tmp`, moved);
  await rename(`${file}.tmp`, file);
  return moved;
}
