import type { Config } from '@netlify/functions';
import { readPublicPhoto } from '../../src/lib/catalog/index.server';
import { db } from '../../src/lib/db/index.server';
import { AppError, handler, immutableFileResponse, routeParams, publicLimits, clientIp } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { fileStorage } from '../../src/lib/storage/index.server';

/**
 * Public product photos uploaded in the admin, from file storage (the bucket stays private).
 * Only photos still attached to a product are served.
 */
export default handler(['GET', 'HEAD'], async (req, context) => {
  const { limit, windowSeconds } = publicLimits.productPhotos;
  await rateLimit(db(), `product-photos:${clientIp(req, context)}`, limit, windowSeconds, new Date());
  const { file = '' } = routeParams(config, req);
  const photo = await readPublicPhoto(db(), fileStorage(), file);
  if (!photo) throw new AppError('not_found', 'No such photo.');
  return immutableFileResponse(req.method, photo);
});

export const config: Config = { path: '/api/product-photos/:file' };
