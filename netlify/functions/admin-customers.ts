import type { Config } from '@netlify/functions';
import { customerListQuery, customerNotesBody, getCustomer, listCustomers, updateCustomerNotes } from '../../src/lib/customers/customers-admin.server';
import { db } from '../../src/lib/db/client.server';
import { adminRoute } from '../../src/lib/http/admin-route.server';
import { recordId } from '../../src/lib/http/path-params';
import { parseJson, parseQuery } from '../../src/lib/http/request';

/** Customers for managers: the list with lifetime value, one customer with their bookings, and staff notes about them. */
export const config: Config = { path: ['/api/admin/customers', '/api/admin/customers/:id'] };

export default adminRoute(config, {
  roles: { GET: 'manager', PATCH: 'manager' },
  params: { id: recordId },
  routes: {
    '/api/admin/customers': {
      GET: ({ url }) => listCustomers(db(), parseQuery(url, customerListQuery)),
    },
    '/api/admin/customers/:id': {
      GET: ({ params }) => getCustomer(db(), params.id),
      PATCH: async ({ req, params, audit }) => updateCustomerNotes(db(), params.id, (await parseJson(req, customerNotesBody)).notes, audit),
    },
  },
});
