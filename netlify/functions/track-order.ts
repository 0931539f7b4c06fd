import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { env } from '../../src/lib/config';
import { handler, clientIp, lookupLimit, parseJson } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { trackOrderRequest } from '../../src/lib/tracking';
import { trackOwnBooking } from '../../src/lib/tracking/index.server';

export default handler(['POST'], async (req, context) => {
  // Counted before validation, so guessing numbers costs attempts whatever the input.
  const { limit, windowSeconds } = lookupLimit(env().LOOKUP_RATE_LIMIT);
  await rateLimit(db(), `track:${clientIp(req, context)}`, limit, windowSeconds, new Date());
  return Response.json(await trackOwnBooking(db(), await parseJson(req, trackOrderRequest)));
});

export const config: Config = { path: '/api/track-order' };
