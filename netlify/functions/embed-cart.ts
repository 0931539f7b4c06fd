import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { embedCartRedeem } from '../../src/lib/embed';
import { redeemCartToken } from '../../src/lib/embed/index.server';
import { clientIp, handler, parseJson, publicLimits } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { humanCheckSecret } from '../../src/lib/human-check/index.server';

/** POST /api/embed/cart { token }: the checkout opened from the widget takes the cart its address carries, once. */
export default handler(['POST'], async (req, context) => {
  const now = new Date();
  const { limit, windowSeconds } = publicLimits.embedCart;
  await rateLimit(db(), `embed-cart:${clientIp(req, context)}`, limit, windowSeconds, now);
  const { token } = await parseJson(req, embedCartRedeem);
  return Response.json(await redeemCartToken(db(), humanCheckSecret(), token, now));
});

export const config: Config = { path: '/api/embed/cart' };
