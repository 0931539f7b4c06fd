import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/client.server';
import { contactMessage } from '../../src/lib/inbox/contact-message';
import { spamReceivedAnswer } from '../../src/lib/forms/submission.server';
import { handler } from '../../src/lib/http/handler';
import { rateLimit } from '../../src/lib/http/rate-limit.server';
import { clientIp, readJson } from '../../src/lib/http/request';
import { checkedForm } from '../../src/lib/human-check/index.server';
import { receiveContactMessage } from '../../src/lib/inbox/contact-service.server';

export default handler(['POST'], async (req, context) => {
  const now = new Date();
  await rateLimit(db(), `contact:${clientIp(req, context)}`, 10, 3600, now);
  const form = await checkedForm(db(), await readJson(req), contactMessage, now);
  if (form.spam) return Response.json(spamReceivedAnswer(), { status: 201 });
  const { received, replay } = await receiveContactMessage(db(), form.data, now);
  return Response.json(received, { status: replay ? 200 : 201 });
});

export const config: Config = { path: '/api/contact' };
