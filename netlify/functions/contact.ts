import type { Config } from '@netlify/functions';
import { requestLanguage } from '../../src/lib/i18n';
import { db } from '../../src/lib/db/index.server';
import { contactMessage } from '../../src/lib/inbox';
import { spamReceivedAnswer } from '../../src/lib/forms/index.server';
import { handler, clientIp, readJson } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { checkedForm } from '../../src/lib/human-check/index.server';
import { receiveContactMessage } from '../../src/lib/inbox/index.server';

export default handler(['POST'], async (req, context) => {
  const now = new Date();
  await rateLimit(db(), `contact:${clientIp(req, context)}`, 10, 3600, now);
  const form = await checkedForm(db(), await readJson(req), contactMessage, now);
  if (form.spam) return Response.json(spamReceivedAnswer(), { status: 201 });
  const { received, replay } = await receiveContactMessage(db(), form.data, now, requestLanguage(req));
  return Response.json(received, { status: replay ? 200 : 201 });
});

export const config: Config = { path: '/api/contact' };
