import type { Config } from '@netlify/functions';
import { calendarQuery } from '../../src/lib/admin/calendar';
import { calendarEvents } from '../../src/lib/admin/calendar.server';
import { feedUrl } from '../../src/lib/admin/calendar-feed';
import { feedTokenOf, resetFeedToken } from '../../src/lib/admin/calendar-feed.server';
import { env } from '../../src/lib/config/env';
import { db } from '../../src/lib/db/client.server';
import { adminRoute } from '../../src/lib/http/admin-route';
import { parseQuery } from '../../src/lib/http/request';

export const config: Config = { path: ['/api/admin/calendar/feed', '/api/admin/calendar'] };

/**
 * GET /api/admin/calendar?from=YYYY-MM-DD&to=YYYY-MM-DD: bookings, holds and blackouts for the days
 * a calendar view shows (to is exclusive). GET /api/admin/calendar/feed: the signed-in staff
 * member's own iCalendar address; POST to it makes a new secret address (the old one dies).
 */
export default adminRoute(config, {
  GET: {
    role: 'crew',
    run: async ({ url, staff }) => {
      if (url.pathname.startsWith('/api/admin/calendar/feed')) {
        const token = await feedTokenOf(db(), staff.id);
        return { url: token ? feedUrl(env().SITE_URL, token) : null };
      }
      return calendarEvents(db(), parseQuery(url, calendarQuery), new Date());
    },
  },
  POST: {
    role: 'crew',
    run: async ({ url, staff, audit }) => {
      if (!url.pathname.startsWith('/api/admin/calendar/feed')) return Response.json({ error: { code: 'method_not_allowed', message: 'Use GET.' } }, { status: 405, headers: { allow: 'GET' } });
      return db().begin(async (tx) => {
        const { token, hadToken } = await resetFeedToken(tx, staff.id);
        // The token is a credential: the audit log records that it changed, never its value.
        await audit(tx, { action: 'calendar_feed.reset', entity: 'staff_user', entityId: staff.id, before: { hasFeed: hadToken }, after: { hasFeed: true } });
        return { url: feedUrl(env().SITE_URL, token) };
      });
    },
  },
});
