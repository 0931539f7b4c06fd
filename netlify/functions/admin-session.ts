import type { Config } from '@netlify/functions';
import { adminRoute } from '../../src/lib/http/admin-route.server';

export const config: Config = { path: '/api/admin/session' };

/** GET /api/admin/session: who is signed in (401 when nobody is), for the admin pages' guard. */
export default adminRoute(config, {
  roles: { GET: 'crew' },
  routes: { '/api/admin/session': { GET: ({ staff }) => ({ staff }) } },
});
