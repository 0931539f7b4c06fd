import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
// With their extensions: page-worker.mjs loads this file through Node's type stripping, whose loader
// takes no extensionless paths. Neither module imports anything but Node's own.
import { inlineScripts } from '../lib/http/inline-scripts.ts';
import { moveIslandStylesToHead } from './island-styles-in-head.ts';

/**
 * A rendered HTML page as it is written, on whichever thread rendered it (page-workers.ts): its island
 * style moved into <head>, with the inline scripts it carries for the CSP check.
 */
export function finishedPage(rendered: string): { html: string; inlineScripts: string[] } {
  const html = moveIslandStylesToHead(rendered);
  return { html, inlineScripts: inlineScripts(html) };
}

/** Whether a rendered Response is an HTML page (the pages the threads finish and write). */
export const isHtml = (headers: Headers) => headers.get('content-type')?.startsWith('text/html') ?? false;

/** A redirect's page is left to Astro, which writes its own redirect document for it. */
export const isRedirect = (status: number) => status >= 300 && status < 400;

/**
 * Writes built pages' files on the thread that rendered them (page-workers.ts), each folder made once.
 * Synchronous calls cost less than Astro's four trips per file to libuv's thread pool (folder, open,
 * write, close): on two cores those woke pool threads that took the CPU from both rendering threads.
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
