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
  | { fire: false; why: 'nothing-waiting' | 'no-hook' | 'debouncing' | 'publish-now-only'; retryAt?: Date };

export function decideRebuild(input: {
  waiting: WaitingRequests;
  hookConfigured: boolean;
  /** False for `npm start`'s own hook (publishesAutomatically): only "Publish now" fires it. */
  automatic?: boolean;
  now: Date;
  force: boolean;
}): RebuildDecision {
  const { waiting, hookConfigured, automatic = true, now, force } = input;
  if (!hookConfigured) return { fire: false, why: 'no-hook' };
  if (waiting.count === 0 || !waiting.newestRequestedAt) return { fire: false, why: 'nothing-waiting' };
  if (force) return { fire: true };
  if (!automatic) return { fire: false, why: 'publish-now-only' };
  const quietSince = now.getTime() - waiting.newestRequestedAt.getTime();
  if (quietSince >= REBUILD_DEBOUNCE_MS) return { fire: true };
  return { fire: false, why: 'debouncing', retryAt: new Date(waiting.newestRequestedAt.getTime() + REBUILD_DEBOUNCE_MS) };
}

/**
 * Where `npm start` serves its own build hook (src/cli/local-publish.ts): publishing there rebuilds the
 * site on the computer it runs on. Under /.netlify/, which no page or function of the site can use.
 */
export const LOCAL_BUILD_HOOK_PATH = '/.netlify/local-build-hook/';

const isLocalBuildHook = (hookUrl: string) => new URL(hookUrl).pathname.startsWith(LOCAL_BUILD_HOOK_PATH);

/**
 * Whether changes publish by themselves once they settle. On Netlify they do. Under `npm start` only
 * "Publish now" rebuilds: a build takes the computer's processors for half a minute, so it happens
 * when someone asks for it, not in the middle of their work (or of a test run).
 */
export function publishesAutomatically(hookUrl: string | undefined): boolean {
  return Boolean(hookUrl) && !isLocalBuildHook(hookUrl!);
}

/** What the admin shows when no build hook is configured: how changes reach the public site. */
export const NO_HOOK_HELP =
  'Automatic publishing is off: set NETLIFY_BUILD_HOOK_URL (Netlify → Site configuration → Build hooks) in the site’s environment. On your own computer, `npm start` publishes by rebuilding the site.';

/** What the admin shows under `npm start`, whose build hook is its own. */
export const LOCAL_PUBLISH_HELP =
  'Publish now rebuilds the site on this computer (`npm start` runs `astro build`, then serves the new pages; about half a minute). Deployed on Netlify, changes publish by themselves through the build hook in NETLIFY_BUILD_HOOK_URL.';

/** The publishing panel's note for the configured hook: null when Netlify's own hook needs none. */
export function publishingHelp(hookUrl: string | undefined): string | null {
  if (!hookUrl) return NO_HOOK_HELP;
  return isLocalBuildHook(hookUrl) ? LOCAL_PUBLISH_HELP : null;
}
