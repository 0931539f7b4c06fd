import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { cartCapture, savedCartQuery } from '../../src/lib/customer-messages';
import { captureCart, restoreCart } from '../../src/lib/customer-messages/index.server';
import { clientIp, handler, parseJson, publicLimits } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { publicApi } from '../../src/lib/paths';

/**
 * A checkout left half-way (issue #26). POST /api/checkout-cart { email, cart }: checkout saves the cart
 * once the customer has typed a valid e-mail (the cart must price, as checkout's); an hour without a
 * booking by that address brings one reminder (housekeeping). POST /api/checkout-cart/restore { key }:
 * the reminder's link back, the cart priced again by the normal pricing. The key travels in the body.
 */
export default handler(['POST'], async (req, context) => {
  const now = new Date();
  const ip = clientIp(req, context);
  const { limit, windowSeconds } = publicLimits.checkoutCart;
  await rateLimit(db(), `checkout-cart:${ip}`, limit, windowSeconds, now);
  if (new URL(req.url).pathname === publicApi.savedCart) {
    const { key } = await parseJson(req, savedCartQuery);
    return Response.json(await restoreCart(db(), key, now, `coupon:${ip}`));
  }
  return Response.json(await captureCart(db(), await parseJson(req, cartCapture), now, `coupon:${ip}`));
});

export const config: Config = { path: ['/api/checkout-cart', '/api/checkout-cart/restore'] };
