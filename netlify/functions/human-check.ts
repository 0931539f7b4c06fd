import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { handler, clientIp } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { issueHumanCheckChallenge } from '../../src/lib/human-check/index.server';

/**
 * A signed proof-of-work challenge for a public form (the human check). A form asks for one when a
 * visitor starts filling it in and for another after each send. Generous per address: a party's
 * guests sign waivers from one Wi-Fi (that form allows 40 per 10 minutes), each with a retry or two.
 */
export default handler(['GET'], async (req, context) => {
  const now = new Date();
  await rateLimit(db(), `human-check:${clientIp(req, context)}`, 120, 600, now);
  return Response.json(await issueHumanCheckChallenge(now));
});

export const config: Config = { path: '/api/human-check' };
