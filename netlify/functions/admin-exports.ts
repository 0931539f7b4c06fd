import type { Config } from '@netlify/functions';
import { bookingListQuery } from '../../src/lib/admin/bookings';
import { csvResponse } from '../../src/lib/admin/csv';
import { customerListQuery } from '../../src/lib/admin/customers.server';
import { db } from '../../src/lib/db/client.server';
import { adminRoute } from '../../src/lib/http/admin-route.server';
import { parseQuery } from '../../src/lib/http/request';
import { bookingsCsv, customersCsv } from '../../src/lib/exports/list-exports.server';

/**
 * CSV downloads of the bookings and customers lists, with the same query the screen sends (search,
 * filters, sort; every page). Manager and up: a file of every customer's contact details leaves the
 * admin, which crew have no need to do.
 */
export const config: Config = { path: ['/api/admin/exports/bookings', '/api/admin/exports/customers'] };

export default adminRoute(config, {
  roles: { GET: 'manager' },
  routes: {
    '/api/admin/exports/bookings': {
      GET: async ({ url }) => csvResponse(await bookingsCsv(db(), parseQuery(url, bookingListQuery), new Date())),
    },
    '/api/admin/exports/customers': {
      GET: async ({ url }) => csvResponse(await customersCsv(db(), parseQuery(url, customerListQuery), new Date())),
    },
  },
});
