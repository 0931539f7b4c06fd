import type { Config } from '@netlify/functions';
import { areaBuilderApply, areaBuilderRequest } from '../../src/lib/settings';
import { applyServiceAreas, previewServiceAreas } from '../../src/lib/settings/index.server';
import { db } from '../../src/lib/db/index.server';
import { parseJson } from '../../src/lib/http';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = {
  path: ['/api/admin/area-builder/preview', '/api/admin/area-builder/apply'],
};

/**
 * The service-area builder (owners, as every service-area change): Preview proposes towns by drive
 * radius from the warehouse or from a ZIP list, with fees by distance band; Apply writes the ticked
 * ones in one audited transaction. Its own function because it carries the ZIP data (megabytes)
 * that no other admin screen needs.
 */
export default adminRoute(config, {
  routes: {
    '/api/admin/area-builder/preview': {
      POST: { role: 'owner', run: async ({ req }) => previewServiceAreas(db(), await parseJson(req, areaBuilderRequest)) },
    },
    '/api/admin/area-builder/apply': {
      POST: { role: 'owner', run: async ({ req, audit }) => applyServiceAreas(db(), await parseJson(req, areaBuilderApply), audit) },
    },
  },
});
