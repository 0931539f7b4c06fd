import type { Config } from '@netlify/functions';
import { syncAfterChanges } from '../../src/lib/accounting/index.server';
import { customerListQuery, customerMergeBody, customerNotesBody, exportCustomers, getCustomer, listCustomers, mergeCustomers, updateCustomerNotes } from '../../src/lib/customers/index.server';
import { db } from '../../src/lib/db/index.server';
import { recordId, parseJson, parseQuery } from '../../src/lib/http';
import { csvResponse } from '../../src/lib/reports';
import { issueCreditBody, voidCreditBody } from '../../src/lib/credits';
import { issueCredit, voidCredit } from '../../src/lib/credits/index.server';
import { adminRoute } from '../../src/lib/admin/index.server';

/**
 * Customers for managers: the list with lifetime value (or `?format=csv`, the list as a file), one
 * customer with their bookings and credits, staff notes about them, merging two records of one person,
 * and giving or voiding a credit.
 */
export const config: Config = {
  path: ['/api/admin/customers', '/api/admin/customers/:id', '/api/admin/customers/:id/merge', '/api/admin/customers/:id/credits', '/api/admin/customers/:id/credits/:creditId/void'],
};

export default syncAfterChanges(adminRoute(config, {
  params: { id: recordId, creditId: recordId },
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
    '/api/admin/customers/:id/credits': {
      POST: {
        role: 'manager',
        run: async ({ req, params, audit, staff }) => issueCredit(db(), params.id, await parseJson(req, issueCreditBody), { audit, staffEmail: staff.email }, new Date()),
      },
    },
    '/api/admin/customers/:id/credits/:creditId/void': {
      POST: {
        role: 'manager',
        run: async ({ req, params, audit, staff }) =>
          voidCredit(db(), params.id, params.creditId, (await parseJson(req, voidCreditBody)).reason, { audit, staffEmail: staff.email }, new Date()),
      },
    },
  },
}));
