import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { clientIp, handler, publicLimits, readJson, validationError } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { sitePhotoUpload } from '../../src/lib/site-photos';
import { addSitePhotos } from '../../src/lib/site-photos/index.server';
import { fileStorage } from '../../src/lib/storage/index.server';

/** Up to 3 photos shrunk in the browser (a few hundred KB each), base64 in JSON: Netlify's 6 MB request cap. */
const SITE_PHOTOS_MAX_BYTES = 6 * 1024 * 1024;

/**
 * Photos of the setup spot a customer adds to their booking (issue #38), with the booking's photo key
 * from the new booking's answer or the tracking page. Counted per address before the input is read.
 */
export default handler(['POST'], async (req, context) => {
  const now = new Date();
  const ip = clientIp(req, context);
  const { limit, windowSeconds } = publicLimits.sitePhotos;
  await rateLimit(db(), `site-photos:${ip}`, limit, windowSeconds, now);
  const parsed = sitePhotoUpload.safeParse(await readJson(req, SITE_PHOTOS_MAX_BYTES));
  if (!parsed.success) throw validationError(parsed.error);
  return Response.json(await addSitePhotos(db(), fileStorage(), parsed.data, ip, now), { status: 201 });
});

export const config: Config = { path: '/api/site-photos' };
