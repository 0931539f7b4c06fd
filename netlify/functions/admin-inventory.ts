import type { Config } from '@netlify/functions';
import { z } from '../../src/lib/validation/zod';
import { inventoryQuery, newUnitInput, periodQuery, unitChange } from '../../src/lib/admin/inventory';
import { createUnit, deleteUnit, listUnits, productInventory, updateUnit } from '../../src/lib/admin/inventory.server';
import { db } from '../../src/lib/db/client.server';
import { adminRoute } from '../../src/lib/http/admin-route';
import { AppError } from '../../src/lib/http/errors';
import { parseJson, parseQuery } from '../../src/lib/http/request';

export const config: Config = { path: ['/api/admin/inventory', '/api/admin/inventory/products/:productId', '/api/admin/inventory/units/:unitId'] };

const id = (value: string | undefined, what: string) => {
  const parsed = z.uuid().safeParse(value);
  if (!parsed.success) throw new AppError('not_found', `No such ${what}.`);
  return parsed.data;
};

/** Which of the three paths a request is for (the wrapper checks the method's role first). */
function target(params: Record<string, string>) {
  if (params.productId !== undefined) return { kind: 'product' as const, id: id(params.productId, 'product') };
  if (params.unitId !== undefined) return { kind: 'unit' as const, id: id(params.unitId, 'unit') };
  return { kind: 'list' as const, id: '' };
}

const wrongPath = () => new AppError('not_found', 'Nothing to do at this address with this method.');

/**
 * Inventory: GET /api/admin/inventory (every unit, filters, utilisation over a period),
 * GET /api/admin/inventory/products/{id} (one product's units), POST there to add a unit (manager),
 * PATCH /api/admin/inventory/units/{id} to change a unit (crew: notes only; managers: everything),
 * DELETE it (manager; only units never booked).
 */
export default adminRoute(config, {
  GET: {
    role: 'crew',
    run: async ({ url, params }) => {
      const t = target(params);
      if (t.kind === 'list') return listUnits(db(), parseQuery(url, inventoryQuery), new Date());
      if (t.kind === 'product') return productInventory(db(), t.id, parseQuery(url, periodQuery), new Date());
      throw wrongPath();
    },
  },
  POST: {
    role: 'manager',
    run: async ({ req, params, audit }) => {
      const t = target(params);
      if (t.kind !== 'product') throw wrongPath();
      const input = await parseJson(req, newUnitInput);
      return db().begin(async (tx) => {
        const unit = await createUnit(tx, t.id, input, new Date());
        await audit(tx, { action: 'unit.create', entity: 'inventory_unit', entityId: unit.id, before: null, after: unit });
        return unit;
      });
    },
  },
  PATCH: {
    role: 'crew',
    run: async ({ req, params, staff, audit }) => {
      const t = target(params);
      if (t.kind !== 'unit') throw wrongPath();
      const change = await parseJson(req, unitChange);
      return db().begin(async (tx) => {
        const { before, after } = await updateUnit(tx, t.id, change, staff.role, new Date());
        const action = change.status && change.status !== before.status ? `unit.status.${change.status}` : 'unit.update';
        await audit(tx, { action, entity: 'inventory_unit', entityId: t.id, before, after });
        return after;
      });
    },
  },
  DELETE: {
    role: 'manager',
    run: async ({ params, audit }) => {
      const t = target(params);
      if (t.kind !== 'unit') throw wrongPath();
      return db().begin(async (tx) => {
        const before = await deleteUnit(tx, t.id, new Date());
        await audit(tx, { action: 'unit.delete', entity: 'inventory_unit', entityId: t.id, before, after: null });
        return { deleted: t.id };
      });
    },
  },
});
