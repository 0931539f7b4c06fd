import type { Config } from '@netlify/functions';
import { env } from '../../src/lib/config';
import { db } from '../../src/lib/db/index.server';
import { embedCors } from '../../src/lib/embed/index.server';
import { handler, browseLimit, clientIp, parseQuery } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { livePricesQuery } from '../../src/lib/pricing';
import { livePrices } from '../../src/lib/booking/index.server';

export default handler(
  ['GET'],
  async (req, context) => {
    const { limit, windowSeconds } = browseLimit(env().BROWSE_RATE_LIMIT);
    await rateLimit(db(), `prices:${clientIp(req, context)}`, limit, windowSeconds, new Date());
    return Response.json(await livePrices(db(), parseQuery(req, livePricesQuery)));
  },
  { cors: embedCors(db) },
);

export const config: Config = { path: '/api/prices' };
