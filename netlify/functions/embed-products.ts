import type { Config } from '@netlify/functions';
import { env } from '../../src/lib/config';
import { db } from '../../src/lib/db/index.server';
import { requestLanguage } from '../../src/lib/i18n';
import { embedProductsQuery } from '../../src/lib/embed';
import { embedCors, embedProducts } from '../../src/lib/embed/index.server';
import { browseLimit, clientIp, handler, parseQuery } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';

/** GET /api/embed/products?product= or ?category=: what a widget element shows, for the owner's listed sites. */
export default handler(
  ['GET'],
  async (req, context) => {
    const { limit, windowSeconds } = browseLimit(env().BROWSE_RATE_LIMIT);
    await rateLimit(db(), `embed:${clientIp(req, context)}`, limit, windowSeconds, new Date());
    const url = new URL(req.url);
    return Response.json(await embedProducts(db(), parseQuery(req, embedProductsQuery), url.origin, requestLanguage(req)));
  },
  { cors: embedCors(db) },
);

export const config: Config = { path: '/api/embed/products' };
