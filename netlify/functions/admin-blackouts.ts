import type { Config } from '@netlify/functions';
import { blackoutInput, blackoutListQuery } from '../../src/lib/blackouts';
import { blackoutTargets, createBlackout, deleteBlackout, getBlackout, listBlackouts, updateBlackout } from '../../src/lib/blackouts/index.server';
import { db } from '../../src/lib/db/index.server';
import { recordId, parseJson, parseQuery } from '../../src/lib/http';
import { adminRoute } from '../../src/lib/admin/index.server';

// The literal path first: /targets must not be read as a blackout id.
export const config: Config = { path: ['/api/admin/blackouts/targets', '/api/admin/blackouts', '/api/admin/blackouts/:id'] };

/**
 * Blackouts (managers): the list with filters, the categories and products to choose from, and one
 * blackout to read, change or delete. Availability reads blackouts live: no rebuild is requested.
 */
export default adminRoute(config, {
  params: { id: recordId },
  routes: {
    '/api/admin/blackouts/targets': {
      GET: { role: 'manager', run: () => blackoutTargets(db()) },
    },
    '/api/admin/blackouts': {
      GET: { role: 'manager', run: ({ url }) => listBlackouts(db(), parseQuery(url, blackoutListQuery), new Date()) },
      POST: { role: 'manager', run: async ({ req, audit }) => createBlackout(db(), await parseJson(req, blackoutInput), audit, new Date()) },
    },
    '/api/admin/blackouts/:id': {
      GET: { role: 'manager', run: ({ params }) => getBlackout(db(), params.id, new Date()) },
      PUT: { role: 'manager', run: async ({ req, params, audit }) => updateBlackout(db(), params.id, await parseJson(req, blackoutInput), audit, new Date()) },
      DELETE: {
        role: 'manager',
        run: async ({ params, audit }) => {
          await deleteBlackout(db(), params.id, audit, new Date());
          return { deleted: params.id };
        },
      },
    },
  },
});
