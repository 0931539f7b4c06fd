import type { Config } from '@netlify/functions';
import { orNotServed, publicQuotePrice } from '../../src/lib/booking/index.server';
import { db } from '../../src/lib/db/index.server';
import { requestLanguage } from '../../src/lib/i18n';
import { handler, publicLimits, clientIp, parseJson } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { priceRequest } from '../../src/lib/pricing';

export default handler(['POST'], async (req, context) => {
  const now = new Date();
  const ip = clientIp(req, context);
  const { limit, windowSeconds } = publicLimits.quotePrice;
  await rateLimit(db(), `quote-price:${ip}`, limit, windowSeconds, now);
  const language = requestLanguage(req);
  return Response.json(await orNotServed(publicQuotePrice(db(), await parseJson(req, priceRequest), now, `coupon:${ip}`, language), language));
});

export const config: Config = { path: '/api/quote-price' };
