import type { Config } from '@netlify/functions';
import { publicQuotePrice } from '../../src/lib/booking/quote-price.server';
import { db } from '../../src/lib/db/client.server';
import { handler } from '../../src/lib/http/handler';
import { publicLimits } from '../../src/lib/http/public-limits';
import { rateLimit } from '../../src/lib/http/rate-limit.server';
import { clientIp, parseJson } from '../../src/lib/http/request';
import { priceRequest } from '../../src/lib/pricing/price-input';

export default handler(['POST'], async (req, context) => {
  const now = new Date();
  const ip = clientIp(req, context);
  const { limit, windowSeconds } = publicLimits.quotePrice;
  await rateLimit(db(), `quote-price:${ip}`, limit, windowSeconds, now);
  return Response.json(await publicQuotePrice(db(), await parseJson(req, priceRequest), now, `coupon:${ip}`));
});

export const config: Config = { path: '/api/quote-price' };
