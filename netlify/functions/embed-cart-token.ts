import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { requestLanguage } from '../../src/lib/i18n';
import { embedCartRequest } from '../../src/lib/embed';
import { embedCors, issueCartToken } from '../../src/lib/embed/index.server';
import { clientIp, handler, parseJson, publicLimits } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { humanCheckSecret } from '../../src/lib/human-check/index.server';

/**
 * POST /api/embed/cart-token: the widget's "Check out" on a listed site's page: its cart signed into the
 * checkout's address on this site. The rate limit is the visitor's, whichever site they are on.
 */
export default handler(
  ['POST'],
  async (req, context) => {
    const now = new Date();
    const { limit, windowSeconds } = publicLimits.embedCartToken;
    await rateLimit(db(), `embed-cart-token:${clientIp(req, context)}`, limit, windowSeconds, now);
    const url = new URL(req.url);
    const cart = await parseJson(req, embedCartRequest);
    return Response.json(await issueCartToken(db(), humanCheckSecret(), req.headers.get('origin') ?? url.origin, cart, url.origin, now, requestLanguage(req)));
  },
  { cors: embedCors(db) },
);

export const config: Config = { path: '/api/embed/cart-token' };
