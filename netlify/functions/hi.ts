import type { Config } from '@netlify/functions';
import { z } from '../../src/lib/validation';
import { db } from '../../src/lib/db/index.server';
import { handler, clientIp, parseQuery } from '../../src/lib/http';
import { requestLanguage } from '../../src/lib/i18n';
import { rateLimit } from '../../src/lib/http/index.server';
import { greetingFor } from '../../src/lib/personal-links/index.server';

const query = z.object({
  id: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{1,4}-[A-Z0-9]{4,10}$/, 'That link is not one of ours'),
});

/** GET /api/hi?id={booking number} (any prefix the business has had) or Q-XXXXXX (quote): the greeting behind a personal /hi/{id} link. */
export default handler(['GET'], async (req, context) => {
  await rateLimit(db(), `hi:${clientIp(req, context)}`, 30, 600, new Date());
  const { id } = parseQuery(req, query);
  return Response.json(await greetingFor(db(), id, requestLanguage(req)));
});

export const config: Config = { path: '/api/hi' };
