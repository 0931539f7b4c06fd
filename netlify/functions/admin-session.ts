import type { Config } from '@netlify/functions';
import { mayTakeBookings } from '../../src/lib/booking/staff-bookings';
import { db } from '../../src/lib/db/client.server';
import { adminRoute } from '../../src/lib/http/admin-route.server';
import { getSettings } from '../../src/lib/settings/settings.server';

export const config: Config = { path: '/api/admin/session' };

/**
 * GET /api/admin/session: who is signed in (401 when nobody is), for the admin pages' guard, and
 * whether they may take bookings (a setting lets crew), so screens offer only what the server allows.
 */
export default adminRoute(config, {
  roles: { GET: 'crew' },
  routes: { '/api/admin/session': { GET: async ({ staff }) => ({ staff, mayTakeBookings: mayTakeBookings(staff.role, await getSettings(db())) }) } },
});
