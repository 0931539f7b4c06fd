import type { Config } from '@netlify/functions';
import { requestLanguage } from '../../src/lib/i18n';
import { readCakeOrderBody, createCakeOrder, spamCakeAnswer } from '../../src/lib/cakes/index.server';
import { db } from '../../src/lib/db/index.server';
import { cakeOrderRequest } from '../../src/lib/cakes';
import { handler, clientIp } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { checkedForm } from '../../src/lib/human-check/index.server';

export default handler(['POST'], async (req, context) => {
  const now = new Date();
  await rateLimit(db(), `cakes:${clientIp(req, context)}`, 10, 3600, now);
  const body = await readCakeOrderBody(req);
  const form = await checkedForm(db(), body.order, cakeOrderRequest, now, body.humanCheck);
  if (form.spam) return Response.json(spamCakeAnswer(), { status: 201 });
  const { created, replay } = await createCakeOrder(db(), form.data, body.photo, now, requestLanguage(req));
  return Response.json(created, { status: replay ? 200 : 201 });
});

export const config: Config = { path: '/api/cake-orders' };
