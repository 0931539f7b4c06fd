import type { Config } from '@netlify/functions';
import { env } from '../../src/lib/config';
import { db } from '../../src/lib/db/index.server';
import { publishingStatus, publishNow } from '../../src/lib/publishing/index.server';
import { adminRoute } from '../../src/lib/admin/index.server';
import { hasRole, type StaffRole } from '../../src/lib/auth';

/** Who may publish; the status says how to publish to them only. */
const PUBLISHER: StaffRole = 'manager';

export const config: Config = { path: '/api/admin/publishing' };

/**
 * Publishing: the public pages read the catalog when the site is built, so staff see here how
 * fresh the site is and how many changes wait for the next (debounced) build; managers can
 * publish at once.
 */
export default adminRoute(config, {
  routes: {
    '/api/admin/publishing': {
      GET: { role: 'crew', run: ({ url, staff }) => publishingStatus(db(), env().NETLIFY_BUILD_HOOK_URL, url.origin, hasRole(staff.role, PUBLISHER)) },
      POST: { role: PUBLISHER, run: ({ url, audit }) => publishNow(db(), env().NETLIFY_BUILD_HOOK_URL, url.origin, audit, new Date()) },
    },
  },
});
