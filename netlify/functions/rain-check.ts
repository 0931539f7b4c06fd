import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { clientIp, handler, parseJson, publicLimits } from '../../src/lib/http';
import { requestLanguage } from '../../src/lib/i18n';
import { rateLimit } from '../../src/lib/http/index.server';
import { rainCheckAnswerBody, rainCheckRequest } from '../../src/lib/rain-outs';
import { answerRainCheck, rainCheckFor } from '../../src/lib/rain-outs/index.server';
import { publicApi } from '../../src/lib/paths';

/**
 * A rained-out customer's personal link: POST /api/rain-check reads their offer, /answer takes their
 * choice. The key travels in the body, not the address, so it stays out of logs. Both answer in the
 * page's language (X-Page-Language: the choices' words, the move's page, the refusals).
 */
export default handler(['POST'], async (req, context) => {
  const now = new Date();
  const language = requestLanguage(req);
  // Counted before validation, so guessing keys costs attempts whatever the input. Reads and answers
  // each have their own count: the page's re-reads (on coming back into view) never spend the answer's.
  const answering = new URL(req.url).pathname === publicApi.rainCheckAnswer;
  const { limit, windowSeconds } = answering ? publicLimits.rainCheckAnswer : publicLimits.rainCheckRead;
  await rateLimit(db(), `${answering ? 'rain-check' : 'rain-check-read'}:${clientIp(req, context)}`, limit, windowSeconds, now);
  if (answering) {
    const body = await parseJson(req, rainCheckAnswerBody);
    return Response.json(await answerRainCheck(db(), body.bookingNumber, body.key, body.answer, now, language));
  }
  const body = await parseJson(req, rainCheckRequest);
  return Response.json(await rainCheckFor(db(), body.bookingNumber, body.key, language));
});

export const config: Config = { path: ['/api/rain-check', '/api/rain-check/answer'] };
