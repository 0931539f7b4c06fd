import type { Config } from '@netlify/functions';
import { missingWaiverQuery, waiverListQuery } from '../../src/lib/waivers';
import { listMissingWaivers, listWaivers, waiverPdfForStaff } from '../../src/lib/waivers/index.server';
import { db } from '../../src/lib/db/index.server';
import { recordId, parseQuery } from '../../src/lib/http';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = { path: ['/api/admin/waivers', '/api/admin/waivers/missing', '/api/admin/waivers/:id/pdf'] };

/** Signed waivers (crew and up): the list, bookings still missing one, and each signed PDF. */
export default adminRoute(config, {
  params: { id: recordId },
  routes: {
    '/api/admin/waivers': {
      GET: { role: 'crew', run: ({ url }) => listWaivers(db(), parseQuery(url, waiverListQuery)) },
    },
    '/api/admin/waivers/missing': {
      GET: { role: 'crew', run: ({ url }) => listMissingWaivers(db(), parseQuery(url, missingWaiverQuery), new Date()) },
    },
    '/api/admin/waivers/:id/pdf': {
      GET: {
        role: 'crew',
        run: async ({ params }) => {
          const { bytes, filename } = await waiverPdfForStaff(db(), params.id);
          return new Response(new Uint8Array(bytes), {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': `inline; filename="${filename}"`,
              'cache-control': 'private, no-store',
            },
          });
        },
      },
    },
  },
});
