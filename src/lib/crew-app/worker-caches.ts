/**
 * The service worker's caches the crew app relies on, by name: src/scripts/sw.ts keeps the day page and
 * the build's hashed files in them, the day screen fills them the first time it opens, and signing out
 * deletes the day page's. One spelling for both sides: a name that differed would leave the day page on
 * the phone after sign-out.
 */
export const WORKER_CACHES = {
  /** The day screen's page (/admin/day), kept for opening it without signal. */
  dayPage: 'admin-day',
  /** The build's hashed files, shared with the public site (nothing personal in it). */
  assets: 'assets',
} as const;
