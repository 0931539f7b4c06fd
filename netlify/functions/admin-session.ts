import type { Config } from '@netlify/functions';
import { staffMayTakeBookings } from '../../src/lib/booking/staff-bookings.server';
import { db } from '../../src/lib/db/client.server';
import { adminRoute } from '../../src/lib/http/admin-route.server';

export const config: Config = { path: '/api/admin/session' };

/**
 * GET /api/admin/session: who is signed in (401 when nobody is), for the admin pages' guard, and
 * whether they may take bookings (a setting lets crew), so screens offer only what the server allows.
 */
export default adminRoute(config, {
  roles: { GET: 'crew' },
  routes: { '/api/admin/session': { GET: async ({ staff }) => ({ staff, mayTakeBookings: await staffMayTakeBookings(db(), staff) }) } },
});
