import type { Config } from '@netlify/functions';
import { env } from '../../src/lib/config';
import { db } from '../../src/lib/db/index.server';
import { AppError, clientIp, handler, publicLimits, readText } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { receiveInboundText, signedUrls, twiml } from '../../src/lib/texts/index.server';

/**
 * POST /api/texts/inbound: Twilio's "A message comes in" webhook. Signed by Twilio (X-Twilio-Signature,
 * checked against the auth token): STOP, START and HELP are honoured at once; the answer is TwiML.
 * Without Twilio's variables it answers 404.
 */
export default handler(['POST'], async (req, context) => {
  const now = new Date();
  const { limit, windowSeconds } = publicLimits.textsInbound;
  await rateLimit(db(), `texts-inbound:${clientIp(req, context)}`, limit, windowSeconds, now);
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers.get('content-type') ?? '')) {
    throw new AppError('validation', 'Send the message form-encoded, as Twilio does.');
  }
  const params = new URLSearchParams(await readText(req, 64 * 1024));
  const result = await receiveInboundText(db(), { urls: signedUrls(req.url, env().SITE_URL), signature: req.headers.get('x-twilio-signature'), params }, now);
  return new Response(twiml(result.reply), { headers: { 'content-type': 'text/xml; charset=utf-8' } });
});

export const config: Config = { path: '/api/texts/inbound' };
