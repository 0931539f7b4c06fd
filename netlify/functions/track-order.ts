import type { Config } from '@netlify/functions';
import { trackOrderRequest } from '../../src/lib/booking/track-order';
import { trackOwnBooking } from '../../src/lib/booking/track-order.server';
import { db } from '../../src/lib/db/client.server';
import { handler } from '../../src/lib/http/handler';
import { clientIp, parseJson } from '../../src/lib/http/request';
import { rateLimit } from '../../src/lib/http/rate-limit.server';

export default handler(['POST'], async (req, context) => {
  // Counted before validation, so guessing numbers costs attempts whatever the input.
  await rateLimit(db(), `track:${clientIp(req, context)}`, 10, 600, new Date());
  return Response.json(await trackOwnBooking(db(), await parseJson(req, trackOrderRequest)));
});

export const config: Config = { path: '/api/track-order' };
