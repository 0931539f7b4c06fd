import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { requestLanguage } from '../../src/lib/i18n';
import { productSuggestion } from '../../src/lib/product-suggestions';
import { spamReceivedAnswer } from '../../src/lib/forms/index.server';
import { handler, clientIp, readJson } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { checkedForm } from '../../src/lib/human-check/index.server';
import { receiveProductSuggestion } from '../../src/lib/product-suggestions/index.server';

export default handler(['POST'], async (req, context) => {
  const now = new Date();
  await rateLimit(db(), `suggestions:${clientIp(req, context)}`, 10, 3600, now);
  const form = await checkedForm(db(), await readJson(req), productSuggestion, now);
  if (form.spam) return Response.json(spamReceivedAnswer(), { status: 201 });
  const { received, replay } = await receiveProductSuggestion(db(), form.data, now, requestLanguage(req));
  return Response.json(received, { status: replay ? 200 : 201 });
});

export const config: Config = { path: '/api/product-suggestions' };
