import type { Config } from '@netlify/functions';
import { orNotServed } from '../../src/lib/booking/index.server';
import { db } from '../../src/lib/db/index.server';
import { parseJson, parseQuery } from '../../src/lib/http';
import { adminRoute } from '../../src/lib/admin/index.server';
import { customerLookupQuery, deskAvailabilityQuery, deskPriceInput } from '../../src/lib/staff-bookings';
import { deskAvailability, deskPrice, findCustomers } from '../../src/lib/staff-bookings/index.server';

export const config: Config = { path: ['/api/admin/booking-desk/availability', '/api/admin/booking-desk/prices', '/api/admin/booking-desk/customers'] };

/**
 * What the New booking and Change booking screens ask while staff fill them in: free counts for a
 * window, the exact price (a ZIP no area covers answered, not refused: orNotServed), and customers who
 * booked before. Nothing here writes. Open to managers and owners, and to crew when Settings let crew take bookings (checked inside, 403 otherwise).
 */
export default adminRoute(config, {
  routes: {
    '/api/admin/booking-desk/availability': {
      GET: { role: 'crew', run: ({ url, staff }) => deskAvailability(db(), staff, parseQuery(url, deskAvailabilityQuery), new Date()) },
    },
    '/api/admin/booking-desk/prices': {
      POST: { role: 'crew', run: async ({ req, staff }) => orNotServed(deskPrice(db(), staff, await parseJson(req, deskPriceInput), new Date())) },
    },
    '/api/admin/booking-desk/customers': {
      GET: { role: 'crew', run: ({ url, staff }) => findCustomers(db(), staff, parseQuery(url, customerLookupQuery).q) },
    },
  },
});
