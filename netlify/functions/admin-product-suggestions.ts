import type { Config } from '@netlify/functions';
import { listSuggestions, updateSuggestion } from '../../src/lib/admin/product-suggestions.server';
import { parseId, suggestionListQuery, suggestionUpdateInput } from '../../src/lib/admin/requests-input';
import { db } from '../../src/lib/db/client.server';
import { adminRoute } from '../../src/lib/http/admin-route';
import { AppError } from '../../src/lib/http/errors';
import { parseJson, parseQuery } from '../../src/lib/http/request';

export const config: Config = { path: ['/api/admin/product-suggestions', '/api/admin/product-suggestions/:id'] };

/**
 * What customers would like us to rent (manager and up: deciding what to buy is an operations
 * call, like products): the list, marking reviewed and a staff note.
 */
export default adminRoute(config, {
  GET: {
    role: 'manager',
    run: async ({ url, params }) => {
      if (params.id) throw new AppError('not_found', 'Open suggestions from the list.');
      return listSuggestions(db(), parseQuery(url, suggestionListQuery));
    },
  },
  PATCH: {
    role: 'manager',
    run: async ({ req, params, audit }) => {
      if (!params.id) throw new AppError('not_found', 'Choose a suggestion.');
      return updateSuggestion(db(), parseId(params.id), await parseJson(req, suggestionUpdateInput), audit, new Date());
    },
  },
});
