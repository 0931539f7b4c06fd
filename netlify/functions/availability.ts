import type { Config } from '@netlify/functions';
import { availabilityQuery } from '../../src/lib/booking';
import {
  allProductsAvailability,
  productMonthAvailability,
  productWindowAvailability,
} from '../../src/lib/booking/index.server';
import { db } from '../../src/lib/db/index.server';
import { embedCors } from '../../src/lib/embed/index.server';
import { env } from '../../src/lib/config';
import { requestLanguage } from '../../src/lib/i18n';
import { handler, browseLimit, clientIp, parseQuery } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';

export default handler(
  ['GET'],
  async (req, context) => {
    const now = new Date();
    const { limit, windowSeconds } = browseLimit(env().BROWSE_RATE_LIMIT);
    await rateLimit(db(), `availability:${clientIp(req, context)}`, limit, windowSeconds, now);
    const q = parseQuery(req, availabilityQuery);
    const language = requestLanguage(req);
    if (q.month && q.product) {
      const days = await productMonthAvailability(
        db(),
        q.product,
        q.month,
        { start: q.start ?? '10:00', end: q.end ?? '16:00' },
        now,
        q.quantity,
        language,
      );
      return Response.json({ product: q.product, month: q.month, days });
    }
    const event = { date: q.date!, endDate: q.endDate, start: q.start!, end: q.end! };
    if (q.product) return Response.json(await productWindowAvailability(db(), q.product, event, now, q.quantity, language));
    return Response.json({
      date: q.date,
      start: q.start,
      end: q.end,
      products: await allProductsAvailability(db(), event, now, language),
    });
  },
  { cors: embedCors(db) },
);

export const config: Config = { path: '/api/availability' };
