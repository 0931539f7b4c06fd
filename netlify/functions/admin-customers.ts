import type { Config } from '@netlify/functions';
import { customerListQuery, customerMergeBody, customerNotesBody, exportCustomers, getCustomer, listCustomers, mergeCustomers, updateCustomerNotes } from '../../src/lib/customers/index.server';
import { db } from '../../src/lib/db/index.server';
import { adminRoute } from '../../src/lib/http/index.server';
import { recordId, parseJson, parseQuery } from '../../src/lib/http';
import { csvResponse } from '../../src/lib/reports';

/**
 * Customers for managers: the list with lifetime value (or `?format=csv`, the list as a file), one
 * customer with their bookings, staff notes about them, and merging two records of one person.
 */
export const config: Config = { path: ['/api/admin/customers', '/api/admin/customers/:id', '/api/admin/customers/:id/merge'] };

export default adminRoute(config, {
  params: { id: recordId },
  routes: {
    '/api/admin/customers': {
      GET: {
        role: 'manager',
        run: async ({ url }) => {
          const query = parseQuery(url, customerListQuery);
          return query.format === 'csv' ? csvResponse(await exportCustomers(db(), query)) : listCustomers(db(), query);
        },
      },
    },
    '/api/admin/customers/:id': {
      GET: { role: 'manager', run: ({ params }) => getCustomer(db(), params.id) },
      PATCH: { role: 'manager', run: async ({ req, params, audit }) => updateCustomerNotes(db(), params.id, (await parseJson(req, customerNotesBody)).notes, audit) },
    },
    '/api/admin/customers/:id/merge': {
      POST: { role: 'manager', run: async ({ req, params, audit }) => mergeCustomers(db(), params.id, (await parseJson(req, customerMergeBody)).from, audit, new Date()) },
    },
  },
});
