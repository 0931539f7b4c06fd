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

// The panel's notes speak to the owner (what happens and when the site changes); how a developer
// connects publishing (the build hook's variable, the local build) is in the README, "Publishing".

/** What the admin shows when no build hook is configured: how changes reach the public site. */
export const NO_HOOK_HELP =
  'Your changes reach your public site the next time it is put online. Publishing them by themselves is not connected yet: whoever looks after your website can connect it (the README says how, under “Publishing”).';

/** What the admin shows when the site runs on this computer (`npm start`, whose build hook is its own). */
export const LOCAL_PUBLISH_HELP =
  'Your site runs on this computer: Publish now updates the public pages with your changes (about half a minute). Once your site is online, changes go live by themselves a few minutes after you save.';

/**
 * The publishing panel's note for the configured hook: null when Netlify's own hook needs none, and
 * for staff who cannot publish (crew see how fresh the site is; telling them to press "Publish now",
 * which they do not have, or to have publishing connected, only misleads them).
 */
export function publishingHelp(hookUrl: string | undefined, mayPublish: boolean): string | null {
  if (!mayPublish) return null;
  if (!hookUrl) return NO_HOOK_HELP;
  return isLocalBuildHook(hookUrl) ? LOCAL_PUBLISH_HELP : null;
}

/**
 * Where the public site stands, as the publishing panel says it:
 * - `updating`: a build was started and the site still serves an older one (or cannot be read yet),
 *   for up to UPDATING_AT_MOST_MS after the start (a build that never went live is then no longer
 *   said to be on its way); "0 changes waiting" then would say the changes are live when they are not;
 * - `failed`: the last call to start a build failed (it is retried);
 * - `waiting`: changes are saved that the served build does not have yet;
 * - `up-to-date`: the served build has every change;
 * - `unknown`: the site's build cannot be read and none was started recently.
 */
export type PublishingPhase = 'updating' | 'failed' | 'waiting' | 'up-to-date' | 'unknown';

/** A build that has not gone live this long after it started is no longer said to be on its way. */
export const UPDATING_AT_MOST_MS = 30 * 60_000;

export function publishingPhase(input: {
  /** The build the public site serves (its /build.json); null when it cannot be read. */
  site: { builtAt: string | null } | null;
  waiting: number;
  lastTriggeredAt: string | null;
  lastError: string | null;
  now: Date;
}): PublishingPhase {
  const { site, waiting, lastTriggeredAt, lastError, now } = input;
  if (lastError) return 'failed';
  if (lastTriggeredAt) {
    const started = Date.parse(lastTriggeredAt);
    const built = site?.builtAt ? Date.parse(site.builtAt) : Number.NaN;
    // A served build from before the start is the old site; no readable build is the new one on its way.
    const served = site !== null && Number.isFinite(built) && built >= started;
    if (!served && now.getTime() - started < UPDATING_AT_MOST_MS) return 'updating';
  }
  if (site === null) return 'unknown';
  return waiting > 0 ? 'waiting' : 'up-to-date';
}
