import type { Config } from '@netlify/functions';
import { listSuggestions, updateSuggestion } from '../../src/lib/product-suggestions/index.server';
import { suggestionListQuery, suggestionUpdateInput } from '../../src/lib/product-suggestions';
import { db } from '../../src/lib/db/index.server';
import { recordId, parseJson, parseQuery } from '../../src/lib/http';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = { path: ['/api/admin/product-suggestions', '/api/admin/product-suggestions/:id'] };

/**
 * What customers would like us to rent (manager and up: deciding what to buy is an operations
 * call, like products): the list, marking reviewed and a staff note. Suggestions open from the list.
 */
export default adminRoute(config, {
  params: { id: recordId },
  routes: {
    '/api/admin/product-suggestions': {
      GET: { role: 'manager', run: ({ url }) => listSuggestions(db(), parseQuery(url, suggestionListQuery)) },
    },
    '/api/admin/product-suggestions/:id': {
      PATCH: { role: 'manager', run: async ({ req, params, audit }) => updateSuggestion(db(), params.id, await parseJson(req, suggestionUpdateInput), audit, new Date()) },
    },
  },
});
