import type { Config } from '@netlify/functions';
import { publishesAutomatically, publishingHelp, REBUILD_DEBOUNCE_MS } from '../../src/lib/publishing/publishing';
import { publishingState, readPublishedBuild, triggerPendingRebuild } from '../../src/lib/publishing/publishing.server';
import { env } from '../../src/lib/config/env';
import { db } from '../../src/lib/db/client.server';
import { adminRoute } from '../../src/lib/http/admin-route.server';

export const config: Config = { path: '/api/admin/publishing' };

async function status(origin: string) {
  const hookUrl = env().NETLIFY_BUILD_HOOK_URL;
  const [state, site] = await Promise.all([publishingState(db()), readPublishedBuild(origin)]);
  return {
    site,
    ...state,
    hookConfigured: Boolean(hookUrl),
    automatic: publishesAutomatically(hookUrl),
    debounceSeconds: REBUILD_DEBOUNCE_MS / 1000,
    help: publishingHelp(hookUrl),
  };
}

/**
 * Publishing: the public pages read the catalog when the site is built, so staff see here how
 * fresh the site is and how many changes wait for the next (debounced) build; managers can
 * publish at once.
 */
export default adminRoute(config, {
  GET: { role: 'crew', run: async ({ url }) => status(url.origin) },
  POST: {
    role: 'manager',
    run: async ({ url, audit }) => {
      const result = await triggerPendingRebuild(db(), { hookUrl: env().NETLIFY_BUILD_HOOK_URL, now: new Date(), force: true });
      if (result.fired) await audit(db(), { action: 'site.publish', entity: 'site', entityId: null, before: null, after: result });
      return { result, status: await status(url.origin) };
    },
  },
});
