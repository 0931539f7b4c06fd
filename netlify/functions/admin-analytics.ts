import type { Config } from '@netlify/functions';
import { analyticsExport, analyticsFor } from '../../src/lib/analytics/index.server';
import { csvResponse, analyticsQuery } from '../../src/lib/reports';
import { db } from '../../src/lib/db/index.server';
import { parseQuery } from '../../src/lib/http';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = { path: ['/api/admin/analytics'] };

/** GET /api/admin/analytics: page views, top pages and the booking funnel; `?format=csv&report=…` downloads one. */
export default adminRoute(config, {
  routes: {
    '/api/admin/analytics': {
      GET: {
        role: 'manager',
        run: async ({ url }) => {
          const query = parseQuery(url, analyticsQuery);
          return query.format === 'csv' ? csvResponse(await analyticsExport(db(), query, new Date())) : analyticsFor(db(), query, new Date());
        },
      },
    },
  },
});
