import type { Config } from '@netlify/functions';
import { csvResponse, reportsQuery } from '../../src/lib/reports';
import { reportExport, reportsOverview } from '../../src/lib/reports/index.server';
import { db } from '../../src/lib/db/index.server';
import { parseQuery } from '../../src/lib/http';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = { path: ['/api/admin/reports'] };

/** GET /api/admin/reports: every report as JSON; `?format=csv&report=…` downloads one. Read-only. */
export default adminRoute(config, {
  routes: {
    '/api/admin/reports': {
      GET: {
        role: 'manager',
        run: async ({ url }) => {
          const query = parseQuery(url, reportsQuery);
          return query.format === 'csv' ? csvResponse(await reportExport(db(), query, new Date())) : reportsOverview(db(), query, new Date());
        },
      },
    },
  },
});
