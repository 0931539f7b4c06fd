import type { Config } from '@netlify/functions';
import { feedForToken } from '../../src/lib/calendar/index.server';
import { feedTokenFromPath } from '../../src/lib/calendar';
import { env } from '../../src/lib/config';
import { db } from '../../src/lib/db/index.server';
import { AppError, handler, clientIp } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';

/**
 * GET /api/calendar/{token}.ics: a staff member's calendar feed of upcoming bookings. Calendar apps
 * cannot sign in, so the secret token in the address is the only credential; it is not an admin-*
 * function because there is no staff session. Unknown tokens and tokens of deactivated staff get
 * the same empty 404.
 */
export default handler(['GET'], async (req, context) => {
  // Tokens are unguessable; the limit just keeps a scanner from costing database time.
  await rateLimit(db(), `calendar-feed:${clientIp(req, context)}`, 120, 600, new Date());
  const token = feedTokenFromPath(new URL(req.url).pathname);
  const feed = token ? await feedForToken(db(), token, env().SITE_URL, new Date()) : null;
  if (feed === null) throw new AppError('not_found', 'No such calendar feed.');
  return new Response(feed, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="bookings.ics"',
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    },
  });
});

// One path segment ('<token>.ics'): the same pattern for Netlify's URLPattern and the local router.
export const config: Config = { path: '/api/calendar/:feed' };
