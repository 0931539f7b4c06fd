import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { handler, clientIp, parseJson } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { trackOrderRequest } from '../../src/lib/tracking';
import { trackOwnBooking } from '../../src/lib/tracking/index.server';

export default handler(['POST'], async (req, context) => {
  // Counted before validation, so guessing numbers costs attempts whatever the input.
  await rateLimit(db(), `track:${clientIp(req, context)}`, 10, 600, new Date());
  return Response.json(await trackOwnBooking(db(), await parseJson(req, trackOrderRequest)));
});

export const config: Config = { path: '/api/track-order' };
