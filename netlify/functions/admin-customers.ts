import type { Config } from '@netlify/functions';
import { z } from '../../src/lib/validation/zod';
import { customerListQuery, customerNotesBody, getCustomer, listCustomers } from '../../src/lib/admin/customers.server';
import { db } from '../../src/lib/db/client.server';
import { AppError } from '../../src/lib/http/errors';
import { adminRoute } from '../../src/lib/http/admin-route';
import { parseJson, parseQuery } from '../../src/lib/http/request';

/** Customers for managers: the list with lifetime value, one customer with their bookings, and staff notes about them. */
export const config: Config = { path: ['/api/admin/customers', '/api/admin/customers/:id'] };
const customerId = (params: Record<string, string>) => {
  const parsed = z.uuid().safeParse(params.id);
  if (!parsed.success) throw new AppError('not_found', 'No such customer.');
  return parsed.data;
};

export default adminRoute(config, {
  GET: {
    role: 'manager',
    run: async ({ url, params }) => (params.id ? getCustomer(db(), customerId(params)) : listCustomers(db(), parseQuery(url, customerListQuery))),
  },
  PATCH: {
    role: 'manager',
    run: async ({ req, params, audit }) => {
      if (!params.id) throw new AppError('not_found', 'Choose a customer.');
      const id = customerId(params);
      const { notes } = await parseJson(req, customerNotesBody);
      return db().begin(async (tx) => {
        const [before] = await tx<{ notes: string }[]>`select notes from customers where id = ${id} for update`;
        if (!before) throw new AppError('not_found', 'No such customer.');
        await tx`update customers set notes = ${notes}, updated_at = now() where id = ${id}`;
        await audit(tx, { action: 'customer.notes', entity: 'customer', entityId: id, before: { notes: before.notes }, after: { notes } });
        return { id, notes };
      });
    },
  },
});
