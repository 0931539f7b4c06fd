import type { Config } from '@netlify/functions';
import { env } from '../../src/lib/config/env';
import { db } from '../../src/lib/db/client.server';
import { handler } from '../../src/lib/http/handler';
import { browseLimit } from '../../src/lib/http/public-limits';
import { rateLimit } from '../../src/lib/http/rate-limit.server';
import { clientIp, parseQuery } from '../../src/lib/http/request';
import { livePricesQuery } from '../../src/lib/pricing/live-prices-input';
import { livePrices } from '../../src/lib/pricing/live-prices.server';

export default handler(['GET'], async (req, context) => {
  const { limit, windowSeconds } = browseLimit(env().BROWSE_RATE_LIMIT);
  await rateLimit(db(), `prices:${clientIp(req, context)}`, limit, windowSeconds, new Date());
  return Response.json(await livePrices(db(), parseQuery(new URL(req.url), livePricesQuery)));
});

export const config: Config = { path: '/api/prices' };
