import type { Config } from '@netlify/functions';
import { cakePhoto, getCakeOrder, listCakeOrders, updateCakeOrder } from '../../src/lib/cakes/index.server';
import { cakeListQuery, cakeUpdateInput } from '../../src/lib/cakes';
import { db } from '../../src/lib/db/index.server';
import { recordId, parseJson, parseQuery } from '../../src/lib/http';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = { path: ['/api/admin/cake-orders', '/api/admin/cake-orders/:id', '/api/admin/cake-orders/:id/photo'] };

/** The cake pipeline (crew and up): list with counts per status, one order, its photo, status and notes. */
export default adminRoute(config, {
  params: { id: recordId },
  routes: {
    '/api/admin/cake-orders': {
      GET: { role: 'crew', run: ({ url }) => listCakeOrders(db(), parseQuery(url, cakeListQuery)) },
    },
    '/api/admin/cake-orders/:id': {
      GET: { role: 'crew', run: ({ params }) => getCakeOrder(db(), params.id) },
      PATCH: { role: 'crew', run: async ({ req, params, staff, audit }) => updateCakeOrder(db(), params.id, await parseJson(req, cakeUpdateInput), staff.role, audit, new Date()) },
    },
    '/api/admin/cake-orders/:id/photo': {
      GET: {
        role: 'crew',
        run: async ({ params }) => {
          const { bytes, contentType } = await cakePhoto(db(), params.id);
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
    },
  },
});
