import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
// With their extensions: page-worker.mjs loads this file through Node's type stripping, whose loader
// takes no extensionless paths. Neither module imports anything but Node's own.
import { inlineScripts } from '../lib/http/inline-scripts.ts';
import { moveIslandStylesToHead } from './island-styles-in-head.ts';

/**
 * A rendered HTML page as it is written, on whichever thread rendered it (page-workers.ts): its island
 * style moved into <head>, with the inline scripts it carries for the CSP check.
 *
 * The page stays the bytes Astro encoded it to. It is read as latin1, one character per byte: every
 * pattern looked for here is ASCII, so the positions found and the bytes between them are the page's
 * own, and the bytes go to the file as they are (or, where the style moved, as the same bytes
 * rearranged). Decoding the UTF-8 to text and encoding it again for the file cost about a second of
 * each rendering thread in a 10,000-landing-page build, and a page decoded with one character outside
 * latin1 in it (a curly quote) is a string of two bytes a character, twice the page's size on the heap.
 */
export function finishedPage(rendered: Uint8Array<ArrayBuffer>): { html: Uint8Array<ArrayBuffer>; inlineScripts: string[] } {
  const bytes = Buffer.from(rendered.buffer, rendered.byteOffset, rendered.byteLength);
  const text = bytes.toString('latin1');
  const moved = moveIslandStylesToHead(text);
  return { html: moved === text ? bytes : Buffer.from(moved, 'latin1'), inlineScripts: inlineScripts(moved).map(utf8Text) };
}

/** A script's text from its bytes read as latin1: the same string when it is ASCII, as scripts nearly always are. */
const utf8Text = (latin1: string) => (/[\u0080-\u00ff]/.test(latin1) ? Buffer.from(latin1, 'latin1').toString('utf8') : latin1);

/** Whether a rendered Response is an HTML page (the pages the threads finish and write). */
export const isHtml = (headers: Headers) => headers.get('content-type')?.startsWith('text/html') ?? false;

/** A redirect's page is left to Astro, which writes its own redirect document for it. */
export const isRedirect = (status: number) => status >= 300 && status < 400;

/**
 * Writes built pages' files on the thread that rendered them (page-workers.ts), each folder made once.
 * Synchronous calls cost less than Astro's four trips per file to libuv's thread pool (folder, open,
 * write, close): on two cores those woke pool threads that took the CPU from both rendering threads.
 */
export function pageWriter(): (file: string, html: Uint8Array) => void {
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

/** Astro's build app's table of each page component's module loader (`manifest.pageMap`). */
export type PageModules = Map<string, () => Promise<unknown>>;

/**
 * Each page component's module imported once per thread. Astro's build app calls a page's loader, a
 * dynamic import(), on every render, and Node resolves its specifier again each time, through every
 * module hook the process has registered (the main thread has Vite's and Tailwind's): about 0.3 s of
 * the main thread's CPU in a 10,000-landing-page build. The module is the same object every time.
 */
export function importEachPageOnce(pageModules: PageModules): void {
  for (const [component, load] of pageModules) {
    let loaded: Promise<unknown> | undefined;
    pageModules.set(component, () => (loaded ??= load()));
  }
}
