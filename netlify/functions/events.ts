import type { Config } from '@netlify/functions';
import { analyticsEvent, optedOut } from '../../src/lib/analytics';
import { recordEvent } from '../../src/lib/analytics/index.server';
import { db } from '../../src/lib/db/index.server';
import { embedCors } from '../../src/lib/embed/index.server';
import { handler, clientIp, parseJson } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { isBotUserAgent } from '../../src/lib/runtime';

/** A page sends a few events per view; 60 a minute is plenty for a person and stops a flood. */
const EVENTS_PER_MINUTE = 60;

/**
 * POST /api/events: first-party page analytics from navigator.sendBeacon. No cookies are read or
 * set. Browsers asking not to be tracked and crawlers are answered 204 and nothing is stored.
 */
export default handler(
  ['POST'],
  async (req, context) => {
    const now = new Date();
    await rateLimit(db(), `events:${clientIp(req, context)}`, EVENTS_PER_MINUTE, 60, now);
    const event = await parseJson(req, analyticsEvent);
    if (!optedOut(req.headers) && !isBotUserAgent(req.headers.get('user-agent'))) await recordEvent(db(), event, now);
    return new Response(null, { status: 204 });
  },
  { cors: embedCors(db) },
);

export const config: Config = { path: '/api/events' };
