import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { waiverContextQuery } from '../../src/lib/waivers';
import { handler, clientIp, parseQuery } from '../../src/lib/http';
import { requestLanguage } from '../../src/lib/i18n';
import { rateLimit } from '../../src/lib/http/index.server';
import { getWaiverContext } from '../../src/lib/waivers/index.server';

export default handler(['GET'], async (req, context) => {
  const now = new Date();
  // Counted before validation, so guessing booking numbers costs attempts whatever the input.
  await rateLimit(db(), `waiver-context:${clientIp(req, context)}`, 60, 600, now);
  const access = parseQuery(req, waiverContextQuery);
  // The current text in the page's language (its X-Page-Language header).
  return Response.json(await getWaiverContext(db(), access, now, requestLanguage(req)));
});

export const config: Config = { path: '/api/waivers/context' };
