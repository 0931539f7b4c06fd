/**
 * When to call the Netlify build hook. Pure: the caller reads the waiting requests and the clock.
 * A burst of edits (a price here, a photo there) should cost one build, so a rebuild waits until
 * the newest request is REBUILD_DEBOUNCE_MS old; "Publish now" skips the wait.
 */
export const REBUILD_DEBOUNCE_MS = 2 * 60_000;

export interface WaitingRequests {
  /** Requests not yet sent to the build hook (pending, or a failed attempt to retry). */
  count: number;
  newestRequestedAt: Date | null;
}

export type RebuildDecision =
  | { fire: true }
  | { fire: false; why: 'nothing-waiting' | 'no-hook' | 'debouncing'; retryAt?: Date };

export function decideRebuild(input: { waiting: WaitingRequests; hookConfigured: boolean; now: Date; force: boolean }): RebuildDecision {
  const { waiting, hookConfigured, now, force } = input;
  if (!hookConfigured) return { fire: false, why: 'no-hook' };
  if (waiting.count === 0 || !waiting.newestRequestedAt) return { fire: false, why: 'nothing-waiting' };
  if (force) return { fire: true };
  const quietSince = now.getTime() - waiting.newestRequestedAt.getTime();
  if (quietSince >= REBUILD_DEBOUNCE_MS) return { fire: true };
  return { fire: false, why: 'debouncing', retryAt: new Date(waiting.newestRequestedAt.getTime() + REBUILD_DEBOUNCE_MS) };
}

/** What the admin shows when no build hook is configured: how changes reach the public site. */
export const NO_HOOK_HELP =
  'Automatic publishing is off: set NETLIFY_BUILD_HOOK_URL (Netlify → Site configuration → Build hooks) in the site’s environment. Running locally, restart `npm start`, which rebuilds the site.';
