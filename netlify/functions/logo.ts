import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { AppError, handler, routeParams, publicLimits, clientIp } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { readPublicLogo } from '../../src/lib/settings/index.server';
import { fileStorage } from '../../src/lib/storage/index.server';

/** A new logo gets a new file name, so browsers and Netlify's CDN keep each one for a year. */
const FOREVER = 'public, max-age=31536000, immutable';

/** The business's logo from file storage (the bucket stays private); only the current logo is served. */
export default handler(['GET', 'HEAD'], async (req, context) => {
  const { limit, windowSeconds } = publicLimits.logo;
  await rateLimit(db(), `logo:${clientIp(req, context)}`, limit, windowSeconds, new Date());
  const { file = '' } = routeParams(config, req);
  const logo = await readPublicLogo(db(), fileStorage(), file);
  if (!logo) throw new AppError('not_found', 'No such logo.');
  return new Response(req.method === 'HEAD' ? null : new Uint8Array(logo.bytes), {
    headers: {
      'content-type': logo.contentType,
      'content-length': String(logo.bytes.byteLength),
      'cache-control': FOREVER,
      'netlify-cdn-cache-control': `${FOREVER}, durable`,
      'x-content-type-options': 'nosniff',
    },
  });
});

export const config: Config = { path: '/api/logo/:file' };
