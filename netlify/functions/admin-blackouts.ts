import type { Config } from '@netlify/functions';
import { z } from '../../src/lib/validation/zod';
import { blackoutInput, blackoutListQuery } from '../../src/lib/admin/blackouts';
import { blackoutTargets, createBlackout, deleteBlackout, getBlackout, listBlackouts, updateBlackout } from '../../src/lib/admin/blackouts.server';
import { db } from '../../src/lib/db/client.server';
import { adminRoute } from '../../src/lib/http/admin-route';
import { AppError } from '../../src/lib/http/errors';
import { parseJson, parseQuery } from '../../src/lib/http/request';

// The literal path first: /targets must not be read as a blackout id.
export const config: Config = { path: ['/api/admin/blackouts/targets', '/api/admin/blackouts', '/api/admin/blackouts/:id'] };

function blackoutId(params: Record<string, string>): string {
  const parsed = z.uuid().safeParse(params.id);
  if (!parsed.success) throw new AppError('not_found', 'No such blackout.');
  return parsed.data;
}

const isTargets = (url: URL) => url.pathname.replace(/\/$/, '') === '/api/admin/blackouts/targets';
const wrongPath = () => new AppError('not_found', 'Nothing to do at this address with this method.');

/**
 * Blackouts (managers): GET /api/admin/blackouts (list, filters), GET /api/admin/blackouts/targets
 * (categories and products to choose from), GET/PUT/DELETE /api/admin/blackouts/{id}, POST to create.
 * Availability reads blackouts live, so no rebuild of the static pages is requested.
 */
export default adminRoute(config, {
  GET: {
    role: 'manager',
    run: async ({ url, params }) => {
      if (isTargets(url)) return blackoutTargets(db());
      if (params.id === undefined) return listBlackouts(db(), parseQuery(url, blackoutListQuery), new Date());
      const found = await getBlackout(db(), blackoutId(params), new Date());
      if (!found) throw new AppError('not_found', 'No such blackout.');
      return found;
    },
  },
  POST: {
    role: 'manager',
    run: async ({ req, url, params, audit }) => {
      if (isTargets(url) || params.id !== undefined) throw wrongPath();
      const input = await parseJson(req, blackoutInput);
      return db().begin(async (tx) => {
        const created = await createBlackout(tx, input, new Date());
        await audit(tx, { action: 'blackout.create', entity: 'blackout', entityId: created.id, before: null, after: created });
        return created;
      });
    },
  },
  PUT: {
    role: 'manager',
    run: async ({ req, url, params, audit }) => {
      if (isTargets(url) || params.id === undefined) throw wrongPath();
      const id = blackoutId(params);
      const input = await parseJson(req, blackoutInput);
      return db().begin(async (tx) => {
        const { before, after } = await updateBlackout(tx, id, input, new Date());
        await audit(tx, { action: 'blackout.update', entity: 'blackout', entityId: id, before, after });
        return after;
      });
    },
  },
  DELETE: {
    role: 'manager',
    run: async ({ url, params, audit }) => {
      if (isTargets(url) || params.id === undefined) throw wrongPath();
      const id = blackoutId(params);
      return db().begin(async (tx) => {
        const before = await deleteBlackout(tx, id, new Date());
        await audit(tx, { action: 'blackout.delete', entity: 'blackout', entityId: id, before, after: null });
        return { deleted: id };
      });
    },
  },
});
