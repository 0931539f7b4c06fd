import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/client.server';
import { waiverContextQuery } from '../../src/lib/waivers/waiver-signing';
import { handler } from '../../src/lib/http/handler';
import { rateLimit } from '../../src/lib/http/rate-limit.server';
import { clientIp, parseQuery } from '../../src/lib/http/request';
import { getWaiverContext } from '../../src/lib/waivers/waiver-service.server';

export default handler(['GET'], async (req, context) => {
  const now = new Date();
  // Counted before validation, so guessing booking numbers costs attempts whatever the input.
  await rateLimit(db(), `waiver-context:${clientIp(req, context)}`, 60, 600, now);
  const access = parseQuery(new URL(req.url), waiverContextQuery);
  return Response.json(await getWaiverContext(db(), access, now));
});

export const config: Config = { path: '/api/waivers/context' };
