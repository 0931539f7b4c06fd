import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { handler, routeParams, clientIp } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { getWaiverPdf } from '../../src/lib/waivers/index.server';

/**
 * GET /api/waivers/{id}/pdf?token=…: the signed waiver for whoever holds the link from the signing
 * page or the e-mail. Staff download through the admin (behind its role check), not through here.
 */
export default handler(['GET'], async (req, context) => {
  await rateLimit(db(), `waiver-pdf:${clientIp(req, context)}`, 60, 600, new Date());
  const url = new URL(req.url);
  const { id = '' } = routeParams(config, req);
  const { bytes, filename } = await getWaiverPdf(db(), id, url.searchParams.get('token') ?? '');
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${filename}"`,
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    },
  });
});

export const config: Config = { path: '/api/waivers/:id/pdf' };
