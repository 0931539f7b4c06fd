import type { Config } from '@netlify/functions';
import { adminRoute } from '../../src/lib/http/admin-route';

/** GET /api/admin/session: who is signed in (401 when nobody is), for the admin pages' guard. */
export default adminRoute(['/api/admin/session'], {
  GET: { role: 'crew', run: async ({ staff }) => ({ staff }) },
});

export const config: Config = { path: '/api/admin/session' };
