import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/client.server';
import { convertQuote, getQuote, listQuotes, offerProducts, priceOffer, sendOffer, updateQuote } from '../../src/lib/admin/quotes.server';
import { parseId, quoteConvertInput, quoteListQuery, quoteOfferInput, quoteUpdateInput } from '../../src/lib/admin/requests-input';
import { adminRoute } from '../../src/lib/http/admin-route';
import { AppError } from '../../src/lib/http/errors';
import { parseJson, parseQuery } from '../../src/lib/http/request';
import { priceRequest } from '../../src/lib/pricing/price-input';

export const config: Config = {
  path: [
    '/api/admin/quotes',
    '/api/admin/quotes/:id',
    '/api/admin/quotes/:id/price',
    '/api/admin/quotes/:id/offer',
    '/api/admin/quotes/:id/convert',
  ],
};

/** The last path segment after the id: price, offer or convert (none for the quote itself). */
const actionOf = (url: URL) => /^\/api\/admin\/quotes\/[^/]+\/([a-z]+)\/?$/.exec(url.pathname)?.[1] ?? null;
const notFound = () => new AppError('not_found', 'No such quote action.');

/**
 * Quote requests (manager and up): the list, one quote with its offer, a live price for an offer
 * (the public pricing engine), sending the offer, converting it into a booking, and status/notes.
 */
export default adminRoute(config, {
  GET: {
    role: 'manager',
    run: async ({ url, params }) => {
      if (!params.id) return listQuotes(db(), parseQuery(url, quoteListQuery));
      if (actionOf(url)) throw notFound();
      const id = parseId(params.id);
      const [quote, products] = await Promise.all([getQuote(db(), id), offerProducts(db())]);
      return { quote, products };
    },
  },
  POST: {
    role: 'manager',
    run: async ({ req, url, params, audit }) => {
      if (!params.id) throw notFound();
      const id = parseId(params.id);
      const now = new Date();
      switch (actionOf(url)) {
        case 'price':
          return priceOffer(db(), id, await parseJson(req, priceRequest), now);
        case 'offer':
          return sendOffer(db(), id, await parseJson(req, quoteOfferInput), audit, now);
        case 'convert':
          return convertQuote(db(), id, await parseJson(req, quoteConvertInput), audit, now);
        default:
          throw notFound();
      }
    },
  },
  PATCH: {
    role: 'manager',
    run: async ({ req, url, params, audit }) => {
      if (!params.id || actionOf(url)) throw notFound();
      return updateQuote(db(), parseId(params.id), await parseJson(req, quoteUpdateInput), audit, new Date());
    },
  },
});
