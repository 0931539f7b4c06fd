import type { Config } from '@netlify/functions';
import { z } from '../../src/lib/validation/zod';
import { csvResponse } from '../../src/lib/admin/csv';
import { categoryColumns, depositColumns, productColumns, REPORT_NAMES, reportCsv, revenueColumns, unitColumns } from '../../src/lib/admin/report-csv';
import { defaultReportRange, rangeQuery, resolveRange } from '../../src/lib/admin/reports';
import { allReports, businessTimeZone, categorySales, outstandingDeposits, productSales, revenueReport, unitsReport } from '../../src/lib/admin/reports.server';
import { db } from '../../src/lib/db/client.server';
import { adminRoute } from '../../src/lib/http/admin-route';
import { fieldError } from '../../src/lib/http/errors';
import { parseQuery } from '../../src/lib/http/request';
import { localDate } from '../../src/lib/time/event-window';

export const config: Config = { path: ['/api/admin/reports'] };

const reportsQuery = rangeQuery.extend({
  format: z.enum(['json', 'csv'], { error: 'Format is json or csv' }).default('json'),
  report: z.enum(REPORT_NAMES, { error: `Report is one of: ${REPORT_NAMES.join(', ')}` }).optional(),
});

/** GET /api/admin/reports: every report as JSON; `?format=csv&report=…` downloads one. Read-only. */
export default adminRoute(config, {
  GET: {
    role: 'manager',
    run: async ({ url }) => {
      const query = parseQuery(url, reportsQuery);
      const sql = db();
      const now = new Date();
      const tz = await businessTimeZone(sql);
      const resolved = resolveRange(query, defaultReportRange(localDate(now, tz)));
      if (!resolved.ok) throw fieldError(resolved.field, resolved.message);
      const { range } = resolved;
      if (query.format === 'json') return allReports(sql, range, tz, now);
      switch (query.report) {
        case 'revenue':
          return csv(reportCsv('Revenue by month', range, revenueColumns, (await revenueReport(sql, range, tz)).months));
        case 'products':
          return csv(reportCsv('Bookings by product', range, productColumns, await productSales(sql, range, tz)));
        case 'categories':
          return csv(reportCsv('Bookings by category', range, categoryColumns, await categorySales(sql, range, tz)));
        case 'units':
          return csv(reportCsv('Units utilisation and ROI', range, unitColumns, await unitsReport(sql, range, tz)));
        case 'deposits':
          return csv(reportCsv(`Deposits outstanding ${localDate(now, tz)}`, null, depositColumns, await outstandingDeposits(sql, tz, now)));
        default:
          throw fieldError('report', 'Choose which report to export');
      }
    },
  },
});

const csv = ({ fileName, body }: { fileName: string; body: string }) => csvResponse(fileName, body);
