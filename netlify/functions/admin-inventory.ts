import type { Config } from '@netlify/functions';
import { inventoryQuery, newUnitInput, periodQuery, unitChange } from '../../src/lib/inventory';
import { changeUnit, createUnit, deleteUnit, listUnits, productInventory } from '../../src/lib/inventory/index.server';
import { db } from '../../src/lib/db/index.server';
import { recordId, parseJson, parseQuery } from '../../src/lib/http';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = { path: ['/api/admin/inventory', '/api/admin/inventory/products/:productId', '/api/admin/inventory/units/:unitId'] };

/**
 * Inventory: every unit (filters, utilisation over a period), one product's units, adding a unit
 * (manager), changing one (crew: notes only, refused inside; managers: everything) and deleting
 * one never booked (manager).
 */
export default adminRoute(config, {
  params: { productId: recordId, unitId: recordId },
  routes: {
    '/api/admin/inventory': {
      GET: { role: 'crew', run: ({ url }) => listUnits(db(), parseQuery(url, inventoryQuery), new Date()) },
    },
    '/api/admin/inventory/products/:productId': {
      GET: { role: 'crew', run: ({ url, params }) => productInventory(db(), params.productId, parseQuery(url, periodQuery), new Date()) },
      POST: { role: 'manager', run: async ({ req, params, audit }) => createUnit(db(), params.productId, await parseJson(req, newUnitInput), audit, new Date()) },
    },
    '/api/admin/inventory/units/:unitId': {
      PATCH: { role: 'crew', run: async ({ req, params, staff, audit }) => changeUnit(db(), params.unitId, await parseJson(req, unitChange), staff.role, audit, new Date()) },
      DELETE: {
        role: 'manager',
        run: async ({ params, audit }) => {
          await deleteUnit(db(), params.unitId, audit, new Date());
          return { deleted: params.unitId };
        },
      },
    },
  },
});
