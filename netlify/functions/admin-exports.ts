import type { Config } from '@netlify/functions';
import { exportFileName } from '../../src/lib/backups';
import { exportEverything } from '../../src/lib/backups/index.server';
import { savedTimeZone } from '../../src/lib/business/index.server';
import { db } from '../../src/lib/db/index.server';
import { fileStorage } from '../../src/lib/storage/index.server';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = { path: ['/api/admin/exports/everything'] };

/**
 * GET /api/admin/exports/everything (owners): "Export everything", one zip of CSVs (bookings, customers,
 * payments, waivers, products, credits, cake orders, quotes, blackouts), the signed waivers' PDFs and the photos customers
 * sent (cake orders' reference photos, bookings' setup spots), the owner's way out (issue #41). A read,
 * but of all the business's data: audited, with what was taken.
 */
export default adminRoute(config, {
  routes: {
    '/api/admin/exports/everything': {
      GET: {
        role: 'owner',
        run: async ({ audit }) => {
          const now = new Date();
          const { zip } = await exportEverything(db(), fileStorage(), audit);
          // Before the business has its settings, the data (what there is) still leaves, dated in UTC.
          const timeZone = (await savedTimeZone(db())) ?? 'UTC';
          return new Response(new Uint8Array(zip), {
            headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${exportFileName(now, timeZone)}"` },
          });
        },
      },
    },
  },
});
