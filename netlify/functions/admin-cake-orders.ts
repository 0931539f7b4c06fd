import type { Config } from '@netlify/functions';
import { cakePhoto, getCakeOrder, listCakeOrders, updateCakeOrder } from '../../src/lib/admin/cake-orders.server';
import { cakeListQuery, cakeUpdateInput, parseId } from '../../src/lib/admin/requests-input';
import { db } from '../../src/lib/db/client.server';
import { adminRoute } from '../../src/lib/http/admin-route';
import { parseJson, parseQuery } from '../../src/lib/http/request';

export const config: Config = { path: ['/api/admin/cake-orders', '/api/admin/cake-orders/:id', '/api/admin/cake-orders/:id/photo'] };
const isPhoto = (url: URL) => /\/photo\/?$/.test(url.pathname);

/** The cake pipeline (crew and up): list with counts per status, one order, its photo, status and notes. */
export default adminRoute(config, {
  GET: {
    role: 'crew',
    run: async ({ url, params }) => {
      if (!params.id) return listCakeOrders(db(), parseQuery(url, cakeListQuery));
      const id = parseId(params.id);
      if (!isPhoto(url)) return getCakeOrder(db(), id);
      const { bytes, contentType } = await cakePhoto(db(), id);
      return new Response(new Uint8Array(bytes), {
        headers: {
          'content-type': contentType,
          'cache-control': 'private, no-store',
          // Only ever an image we sniffed on upload; never let the browser guess something else.
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'",
        },
      });
    },
  },
  PATCH: {
    role: 'crew',
    run: async ({ req, url, params, staff, audit }) => {
      if (!params.id || isPhoto(url)) return Response.json({ error: { code: 'not_found', message: 'No such cake order action.' } }, { status: 404 });
      return updateCakeOrder(db(), parseId(params.id), await parseJson(req, cakeUpdateInput), staff.role, audit, new Date());
    },
  },
});
