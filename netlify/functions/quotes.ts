import type { Config } from '@netlify/functions';
import { refusalForPage } from '../../src/lib/booking/index.server';
import { requestLanguage } from '../../src/lib/i18n';
import { db } from '../../src/lib/db/index.server';
import { quoteRequest } from '../../src/lib/quote-requests';
import { handler, clientIp, readJson } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { checkedForm } from '../../src/lib/human-check/index.server';
import { createQuote, spamQuoteAnswer } from '../../src/lib/quote-requests/index.server';

export default handler(['POST'], async (req, context) => {
  const now = new Date();
  await rateLimit(db(), `quotes:${clientIp(req, context)}`, 10, 3600, now);
  const form = await checkedForm(db(), await readJson(req), quoteRequest, now);
  if (form.spam) return Response.json(spamQuoteAnswer(), { status: 201 });
  const language = requestLanguage(req);
  // The setup spot's refusals (400s at their fields) in the page's language, as a booking's; the handler translates the rest.
  const { created, replay } = await createQuote(db(), form.data, now, language).catch(async (error: unknown) => {
    throw await refusalForPage(db(), error, language);
  });
  return Response.json(created, { status: replay ? 200 : 201 });
});

export const config: Config = { path: '/api/quotes' };
