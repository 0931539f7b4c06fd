import type { Config } from '@netlify/functions';
import { z } from '../../src/lib/validation/zod';
import { analyticsOverview, bookingFunnel, dailyViews, topPages } from '../../src/lib/admin/analytics.server';
import { csvResponse } from '../../src/lib/admin/csv';
import { ANALYTICS_REPORT_NAMES, dailyColumns, funnelColumns, pageColumns, reportCsv } from '../../src/lib/admin/report-csv';
import { defaultAnalyticsRange, rangeQuery, resolveRange } from '../../src/lib/admin/reports';
import { businessTimeZone } from '../../src/lib/admin/reports.server';
import { db } from '../../src/lib/db/client.server';
import { adminRoute } from '../../src/lib/http/admin-route';
import { fieldError } from '../../src/lib/http/errors';
import { parseQuery } from '../../src/lib/http/request';
import { localDate } from '../../src/lib/time/event-window';

export const config: Config = { path: ['/api/admin/analytics'] };

const analyticsQuery = rangeQuery.extend({
  format: z.enum(['json', 'csv'], { error: 'Format is json or csv' }).default('json'),
  report: z.enum(ANALYTICS_REPORT_NAMES, { error: `Report is one of: ${ANALYTICS_REPORT_NAMES.join(', ')}` }).optional(),
});

/** GET /api/admin/analytics: page views, top pages and the booking funnel; `?format=csv&report=…` downloads one. */
export default adminRoute(config, {
  GET: {
    role: 'manager',
    run: async ({ url }) => {
      const query = parseQuery(url, analyticsQuery);
      const sql = db();
      const now = new Date();
      const tz = await businessTimeZone(sql);
      const resolved = resolveRange(query, defaultAnalyticsRange(localDate(now, tz)));
      if (!resolved.ok) throw fieldError(resolved.field, resolved.message);
      const { range } = resolved;
      if (query.format === 'json') return analyticsOverview(sql, range, tz, now);
      const file =
        query.report === 'daily'
          ? reportCsv('Page views by day', range, dailyColumns, await dailyViews(sql, range, tz))
          : query.report === 'pages'
            ? reportCsv('Top pages', range, pageColumns, await topPages(sql, range, tz, 500))
            : query.report === 'funnel'
              ? reportCsv('Booking funnel', range, funnelColumns, await bookingFunnel(sql, range, tz))
              : null;
      if (!file) throw fieldError('report', 'Choose which report to export');
      return csvResponse(file.fileName, file.body);
    },
  },
});
