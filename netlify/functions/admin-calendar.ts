import type { Config } from '@netlify/functions';
import { calendarQuery } from '../../src/lib/calendar';
import { calendarEvents, feedAddressOf, resetFeedToken } from '../../src/lib/calendar/index.server';
import { env } from '../../src/lib/config';
import { db } from '../../src/lib/db/index.server';
import { parseQuery } from '../../src/lib/http';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = { path: ['/api/admin/calendar/feed', '/api/admin/calendar'] };

/**
 * GET /api/admin/calendar?from=YYYY-MM-DD&to=YYYY-MM-DD: bookings, holds and blackouts for the days
 * a calendar view shows (to is exclusive). GET /api/admin/calendar/feed: the signed-in staff
 * member's own iCalendar address; POST to it makes a new secret address (the old one dies).
 */
export default adminRoute(config, {
  routes: {
    '/api/admin/calendar/feed': {
      GET: { role: 'crew', run: ({ staff }) => feedAddressOf(db(), staff.id, env().SITE_URL) },
      POST: { role: 'crew', run: ({ staff, audit }) => resetFeedToken(db(), staff.id, env().SITE_URL, audit) },
    },
    '/api/admin/calendar': {
      GET: { role: 'crew', run: ({ url }) => calendarEvents(db(), parseQuery(url, calendarQuery), new Date()) },
    },
  },
});
