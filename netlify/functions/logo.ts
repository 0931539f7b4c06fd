import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { AppError, handler, immutableFileResponse, routeParams, publicLimits, clientIp } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { readPublicLogo } from '../../src/lib/settings/index.server';
import { fileStorage } from '../../src/lib/storage/index.server';

/** The business's logo from file storage (the bucket stays private); only the current logo is served. */
export default handler(['GET', 'HEAD'], async (req, context) => {
  const { limit, windowSeconds } = publicLimits.logo;
  await rateLimit(db(), `logo:${clientIp(req, context)}`, limit, windowSeconds, new Date());
  const { file = '' } = routeParams(config, req);
  const logo = await readPublicLogo(db(), fileStorage(), file);
  if (!logo) throw new AppError('not_found', 'No such logo.');
  return immutableFileResponse(req.method, logo);
});

export const config: Config = { path: '/api/logo/:file' };
