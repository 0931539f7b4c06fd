import type { Config } from '@netlify/functions';
import { csvResponse } from '../../src/lib/reports/csv';
import { reportsQuery } from '../../src/lib/reports/report-csv';
import { reportExport, reportsOverview } from '../../src/lib/reports/reports.server';
import { db } from '../../src/lib/db/client.server';
import { adminRoute } from '../../src/lib/http/admin-route.server';
import { parseQuery } from '../../src/lib/http/request';

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
