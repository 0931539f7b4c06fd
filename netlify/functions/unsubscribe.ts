import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { unsubscribeQuery } from '../../src/lib/customer-messages';
import { unsubscribe } from '../../src/lib/customer-messages/index.server';
import { clientIp, handler, parseQuery, publicLimits, readText } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';

/**
 * POST /api/unsubscribe?address=&key= (issue #26): the address goes on the suppression list, so no
 * review request or cart reminder reaches it again. A mail client's one click (RFC 8058) posts the body
 * `List-Unsubscribe=One-Click`; the unsubscribe page's button posts JSON. The address and its key are in
 * the URL, as RFC 8058 requires of the List-Unsubscribe address.
 */
export default handler(['POST'], async (req, context) => {
  const now = new Date();
  const { limit, windowSeconds } = publicLimits.unsubscribe;
  await rateLimit(db(), `unsubscribe:${clientIp(req, context)}`, limit, windowSeconds, now);
  const body = await readText(req, 4096);
  const oneClick = /(^|&)List-Unsubscribe=One-Click(&|$)/.test(body);
  return Response.json(
    await unsubscribe(db(), parseQuery(req, unsubscribeQuery), oneClick ? 'one-click' : 'page', now),
  );
});

export const config: Config = { path: '/api/unsubscribe' };
