/**
 * A script chunk that no longer exists on the server (the site was redeployed while the page was
 * open) fails with one of these messages, depending on the browser: Chromium, Safari, Firefox; and
 * Vite's preloader says so of a chunk's stylesheet.
 */
const chunkLoadMessage =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS for/i;

function messageOf(reason: unknown): string {
  if (typeof reason === 'string') return reason;
  if (reason && typeof reason === 'object' && 'message' in reason && typeof reason.message === 'string')
    return reason.message;
  return '';
}

export function isChunkLoadError(reason: unknown): boolean {
  return chunkLoadMessage.test(messageOf(reason));
}

/** A bundled script of this site (Astro puts them under /_astro/) that failed to load. */
export function isSiteScriptUrl(src: string, origin: string): boolean {
  try {
    const url = new URL(src, origin);
    return url.origin === origin && url.pathname.startsWith('/_astro/');
  } catch {
    return false;
  }
}
