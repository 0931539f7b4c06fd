import type { Config } from '@netlify/functions';
import { exportFileName, exportFileQuery, type ExportPlan } from '../../src/lib/backups';
import { exportedFile, exportEverything } from '../../src/lib/backups/index.server';
import { savedTimeZone } from '../../src/lib/business/index.server';
import { db } from '../../src/lib/db/index.server';
import { parseQuery } from '../../src/lib/http';
import { fileStorage } from '../../src/lib/storage/index.server';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = { path: ['/api/admin/exports/everything', '/api/admin/exports/everything/files'] };

/**
 * "Export everything" (owners, issue #41), the owner's way out: GET /api/admin/exports/everything answers
 * the spreadsheets (bookings, customers, payments, waivers, products, credits, cake orders, quotes,
 * blackouts) and the files they name; GET …/files?path= each of those files (the signed waivers' PDFs,
 * the customers' photos), which the admin zips with them (src/lib/backups/export-assembly.ts). A read, but
 * of all the business's data: audited, with what was taken.
 */
export default adminRoute(config, {
  routes: {
    '/api/admin/exports/everything': {
      GET: {
        role: 'owner',
        run: async ({ audit }) => {
          const now = new Date();
          const { sheets, files } = await exportEverything(db(), audit);
          // Before the business has its settings, the data (what there is) still leaves, dated in UTC.
          const timeZone = (await savedTimeZone(db())) ?? 'UTC';
          const plan: ExportPlan = { fileName: exportFileName(now, timeZone), sheets: Buffer.from(sheets).toString('base64'), files };
          return Response.json(plan, { headers: { 'cache-control': 'private, no-store' } });
        },
      },
    },
    '/api/admin/exports/everything/files': {
      GET: {
        role: 'owner',
        run: async ({ url }) => {
          const { path } = parseQuery(url, exportFileQuery);
          const file = await exportedFile(db(), fileStorage(), path);
          return new Response(new Uint8Array(file.bytes), { headers: { 'content-type': file.contentType, 'cache-control': 'private, no-store' } });
        },
      },
    },
  },
});
