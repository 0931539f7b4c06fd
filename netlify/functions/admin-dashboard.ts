import type { Config } from '@netlify/functions';
import { loadDashboard } from '../../src/lib/dashboard/index.server';
import { db } from '../../src/lib/db/index.server';
import { currentMailStatus } from '../../src/lib/email/index.server';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = { path: '/api/admin/dashboard' };

/** GET /api/admin/dashboard: today's and this week's work for every staff member. */
export default adminRoute(config, {
  routes: { '/api/admin/dashboard': { GET: { role: 'crew', run: ({ staff }) => loadDashboard(db(), new Date(), currentMailStatus(), staff.role) } } },
});
