import type { Audit } from '../auth/index.server';
import type { Database, Sql } from '../db/index.server';
import { decideRebuild, publishesAutomatically, publishingHelp, publishingPhase, REBUILD_DEBOUNCE_MS, type RebuildDecision } from './publishing';

/**
 * Records that a staff change alters what static pages show (products, categories, settings on
 * pages). The rebuild itself is triggered later, debounced, so a burst of edits costs one build.
 * Call it in the same transaction as the change.
 */
export async function requestRebuild(sql: Sql, reason: string): Promise<void> {
  await sql`insert into site_builds (reason) values (${reason.slice(0, 200)})`;
}

export interface TriggerOptions {
  /** NETLIFY_BUILD_HOOK_URL; without it nothing is fired. */
  hookUrl: string | undefined;
  now: Date;
  /** "Publish now": skip the debounce. */
  force?: boolean;
  fetch?: typeof fetch;
}

export type TriggerResult =
  | { fired: true; ok: boolean; requests: number; error: string | null }
  | { fired: false; requests: number; why: Extract<RebuildDecision, { fire: false }>['why']; retryAt: string | null };

const HOOK_TIMEOUT_MS = 10_000;

/**
 * Calls the build hook when rebuild requests are waiting and the debounce allows, and marks those
 * requests triggered (or failed, to be retried by the next housekeeping run). The rows stay locked
 * while the hook is called, so housekeeping and "Publish now" at the same moment fire one build.
 */
export async function triggerPendingRebuild(sql: Database, options: TriggerOptions): Promise<TriggerResult> {
  const send = options.fetch ?? fetch;
  return sql.begin(async (tx) => {
    const rows = await tx<{ id: string; requested_at: Date; reason: string }[]>`
      select id, requested_at, reason from site_builds
      where status in ('pending', 'failed')
      order by requested_at
      for update skip locked`;
    const newest = rows.at(-1)?.requested_at ?? null;
    const decision = decideRebuild({
      waiting: { count: rows.length, newestRequestedAt: newest },
      hookConfigured: Boolean(options.hookUrl),
      automatic: publishesAutomatically(options.hookUrl),
      now: options.now,
      force: options.force ?? false,
    });
    if (!decision.fire) return { fired: false, requests: rows.length, why: decision.why, retryAt: decision.retryAt?.toISOString() ?? null };

    const url = new URL(options.hookUrl!);
    // Shown in Netlify's deploy list, so the owner sees why the site rebuilt.
    url.searchParams.set('trigger_title', triggerTitle(rows.map((r) => r.reason)));
    let error: string | null = null;
    try {
      const response = await send(url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(HOOK_TIMEOUT_MS) });
      if (!response.ok) error = `The build hook answered ${response.status} ${response.statusText}`.trim();
    } catch (cause) {
      error = `The build hook could not be reached: ${(cause as Error).message}`;
    }
    const ids = rows.map((r) => r.id);
    await tx`
      update site_builds set status = ${error ? 'failed' : 'triggered'}, triggered_at = ${options.now}, error = ${error}
      where id in ${tx(ids)}`;
    return { fired: true, ok: error === null, requests: rows.length, error };
  });
}

function triggerTitle(reasons: string[]): string {
  const distinct = [...new Set(reasons)];
  const head = distinct.slice(0, 3).join('; ');
  const more = distinct.length > 3 ? ` and ${distinct.length - 3} more` : '';
  return `Admin: ${head}${more}`.slice(0, 250);
}

export interface PublishingState {
  /** Changes not yet sent to a build (pending, or a failed attempt). */
  waiting: number;
  newestRequestedAt: string | null;
  lastTriggeredAt: string | null;
  /** Why the latest attempt failed, when it did. */
  lastError: string | null;
}

export async function publishingState(sql: Sql): Promise<PublishingState> {
  const [waiting] = await sql<{ count: number; newest: Date | null }[]>`
    select count(*)::int as count, max(requested_at) as newest from site_builds where status in ('pending', 'failed')`;
  const [last] = await sql<{ triggered_at: Date; status: string; error: string | null }[]>`
    select triggered_at, status, error from site_builds where triggered_at is not null order by triggered_at desc, id desc limit 1`;
  return {
    waiting: waiting!.count,
    newestRequestedAt: waiting!.newest?.toISOString() ?? null,
    lastTriggeredAt: last?.triggered_at.toISOString() ?? null,
    lastError: last?.status === 'failed' ? last.error : null,
  };
}

export interface PublishedBuild {
  buildId: string;
  builtAt: string | null;
}

/**
 * What the public site is serving right now, from its own /build.json (written at build time).
 * null when it cannot be read (the site is still deploying, or the address is unreachable).
 */
export async function readPublishedBuild(origin: string, send: typeof fetch = fetch): Promise<PublishedBuild | null> {
  try {
    const response = await send(new URL('/build.json', origin), { signal: AbortSignal.timeout(3000), headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as { buildId?: unknown; builtAt?: unknown };
    if (typeof body.buildId !== 'string') return null;
    return { buildId: body.buildId, builtAt: typeof body.builtAt === 'string' ? body.builtAt : null };
  } catch {
    return null;
  }
}

/** What the publishing panel shows: the live site's build, the changes waiting, and how builds start. */
export async function publishingStatus(sql: Database, hookUrl: string | undefined, origin: string, mayPublish: boolean, now = new Date()) {
  const [state, site] = await Promise.all([publishingState(sql), readPublishedBuild(origin)]);
  return {
    site,
    ...state,
    phase: publishingPhase({ site, ...state, now }),
    hookConfigured: Boolean(hookUrl),
    automatic: publishesAutomatically(hookUrl),
    debounceSeconds: REBUILD_DEBOUNCE_MS / 1000,
    help: publishingHelp(hookUrl, mayPublish),
  };
}

/** "Publish now" (manager+): starts a build at once, waiting changes or not; audited when it fired. */
export async function publishNow(sql: Database, hookUrl: string | undefined, origin: string, audit: Audit, now: Date) {
  const result = await triggerPendingRebuild(sql, { hookUrl, now, force: true });
  if (result.fired) await audit(sql, { action: 'site.publish', entity: 'site', entityId: null, before: null, after: result });
  return { result, status: await publishingStatus(sql, hookUrl, origin, true, now) };
}
