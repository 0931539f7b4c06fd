import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { savedTimeZone } from '../../src/lib/business/index.server';
import { adminRoute } from '../../src/lib/admin/index.server';
import { staffMayTakeBookings } from '../../src/lib/staff-bookings/index.server';

export const config: Config = { path: '/api/admin/session' };

/**
 * GET /api/admin/session: who is signed in (401 when nobody is; 403 `two_factor_required` for an
 * owner still to set up the second factor), for the admin pages' guard, whether they may take
 * bookings (a setting lets crew), so screens offer only what the server allows, and whether they
 * sign in with a second factor (for the account menu), and the business's time zone as saved: the
 * admin's clock uses it at once (the pages' own copy is baked at build and may be older, e.g. right
 * after the setup's address step and before the next rebuild).
 */
export default adminRoute(config, {
  routes: {
    '/api/admin/session': {
      GET: {
        role: 'crew',
        run: async ({ staff, twoFactor }) => {
          const [mayTakeBookings, timeZone] = await Promise.all([staffMayTakeBookings(db(), staff), savedTimeZone(db())]);
          return { staff, mayTakeBookings, twoFactor, timeZone };
        },
      },
    },
  },
});
