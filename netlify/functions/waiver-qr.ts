import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { waiverContextQuery } from '../../src/lib/waivers';
import { handler, clientIp, parseQuery } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { waiverQrSvg } from '../../src/lib/waivers/index.server';

/** GET /api/waivers/qr?booking=…&email=… (or &key=…): an SVG QR code guests scan to sign at the party. */
export default handler(['GET'], async (req, context) => {
  const now = new Date();
  await rateLimit(db(), `waiver-qr:${clientIp(req, context)}`, 60, 600, now);
  const access = parseQuery(req, waiverContextQuery);
  const svg = await waiverQrSvg(db(), access, now);
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'private, max-age=3600' } });
});

export const config: Config = { path: '/api/waivers/qr' };
