import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { feedbackBody, reviewAnswerQuery, reviewContextBody } from '../../src/lib/customer-messages';
import { answerReview, feedbackContext, submitFeedback } from '../../src/lib/customer-messages/index.server';

import { clientIp, handler, parseJson, parseQuery, publicLimits } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { publicApi } from '../../src/lib/paths';

/**
 * The review request's "how did we do?" (issue #26). GET /api/review?booking=&key=&answer=happy|unhappy:
 * records the answer and redirects: happy to the owner's review link, unhappy to the private feedback
 * form. POST /api/review/context { booking, key }: the form's greeting. POST /api/review: the feedback,
 * which lands in the admin inbox.
 */
export default handler(['GET', 'POST'], async (req, context) => {
  const now = new Date();
  const { limit, windowSeconds } = publicLimits.review;
  await rateLimit(db(), `review:${clientIp(req, context)}`, limit, windowSeconds, now);
  const url = new URL(req.url);
  if (req.method === 'GET') {
    const { redirect } = await answerReview(db(), parseQuery(req, reviewAnswerQuery), now);
    return new Response(null, { status: 303, headers: { location: redirect, 'referrer-policy': 'no-referrer' } });
  }
  if (url.pathname === publicApi.reviewContext) {
    const body = await parseJson(req, reviewContextBody);
    return Response.json(await feedbackContext(db(), body.booking, body.key));
  }
  return Response.json(await submitFeedback(db(), await parseJson(req, feedbackBody), now));
});

export const config: Config = { path: ['/api/review', '/api/review/context'] };
