import type { Config } from '@netlify/functions';
import { listMissingWaivers, listWaivers, waiverPdfForStaff } from '../../src/lib/admin/waivers.server';
import { missingWaiverQuery, parseId, waiverListQuery } from '../../src/lib/admin/requests-input';
import { db } from '../../src/lib/db/client.server';
import { adminRoute } from '../../src/lib/http/admin-route';
import { parseQuery } from '../../src/lib/http/request';

export const config: Config = { path: ['/api/admin/waivers', '/api/admin/waivers/missing', '/api/admin/waivers/:id/pdf'] };

/** Signed waivers (crew and up): the list, bookings still missing one, and each signed PDF. */
export default adminRoute(config, {
  GET: {
    role: 'crew',
    run: async ({ url, params }) => {
      if (url.pathname.replace(/\/$/, '') === '/api/admin/waivers/missing') {
        return listMissingWaivers(db(), parseQuery(url, missingWaiverQuery), new Date());
      }
      if (!params.id) return listWaivers(db(), parseQuery(url, waiverListQuery));
      const { bytes, filename } = await waiverPdfForStaff(db(), parseId(params.id));
      return new Response(new Uint8Array(bytes), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `inline; filename="${filename}"`,
          'cache-control': 'private, no-store',
        },
      });
    },
  },
});
