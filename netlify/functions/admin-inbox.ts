import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { recordId, parseJson, parseQuery } from '../../src/lib/http';
import { inboxListQuery, inboxUpdateInput } from '../../src/lib/inbox';
import { inboxMessage, listInbox, setHandled } from '../../src/lib/inbox/index.server';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = { path: ['/api/admin/inbox', '/api/admin/inbox/:id'] };

/**
 * The inbox: contact and support messages (manager and up: the office answers customers; crew, who
 * deliver, do not see their messages), one message with the customer's history, and the handled mark.
 */
export default adminRoute(config, {
  params: { id: recordId },
  routes: {
    '/api/admin/inbox': {
      GET: { role: 'manager', run: ({ url }) => listInbox(db(), parseQuery(url, inboxListQuery)) },
    },
    '/api/admin/inbox/:id': {
      GET: { role: 'manager', run: ({ params }) => inboxMessage(db(), params.id) },
      PATCH: { role: 'manager', run: async ({ req, params, staff, audit }) => setHandled(db(), params.id, await parseJson(req, inboxUpdateInput), staff, audit, new Date()) },
    },
  },
});
