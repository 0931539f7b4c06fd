import type { Config } from '@netlify/functions';
import { env } from '../../src/lib/config';
import { db } from '../../src/lib/db/index.server';
import { embedConfig } from '../../src/lib/embed/index.server';
import { browseLimit, clientIp, handler } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';

/**
 * GET /api/embed/config: the booking widget's first question, answered to a page of any site (no
 * credentials, nothing private): whether that site is on the owner's list, and the business's look.
 */
export default handler(['GET'], async (req, context) => {
  const { limit, windowSeconds } = browseLimit(env().BROWSE_RATE_LIMIT);
  await rateLimit(db(), `embed:${clientIp(req, context)}`, limit, windowSeconds, new Date());
  const config = await embedConfig(db(), req.headers.get('origin'), new URL(req.url).origin);
  return Response.json(config, { headers: { 'access-control-allow-origin': '*' } });
});

export const config: Config = { path: '/api/embed/config' };
