import type { Config } from '@netlify/functions';
import { convertQuote, listQuotes, priceOffer, quoteWithOfferProducts, sendOffer, updateQuote } from '../../src/lib/quote-requests/index.server';
import { quoteConvertInput, quoteListQuery, quoteOfferInput, quoteUpdateInput } from '../../src/lib/quote-requests';
import { db } from '../../src/lib/db/index.server';
import { recordId, parseJson, parseQuery } from '../../src/lib/http';
import { priceRequest } from '../../src/lib/pricing';
import { adminRoute } from '../../src/lib/admin/index.server';
import { orNotServed } from '../../src/lib/booking/index.server';

export const config: Config = {
  path: [
    '/api/admin/quotes',
    '/api/admin/quotes/:id',
    '/api/admin/quotes/:id/price',
    '/api/admin/quotes/:id/offer',
    '/api/admin/quotes/:id/convert',
  ],
};

/**
 * Quote requests (manager and up): the list, one quote with its offer, a live price for an offer
 * (the public pricing engine), sending the offer, converting it into a booking, and status/notes.
 * The offer's price answers a ZIP no area covers (orNotServed), as the desk's does: staff may be typing
 * it on the phone; sending the offer for it is still refused at the ZIP.
 */
export default adminRoute(config, {
  params: { id: recordId },
  routes: {
    '/api/admin/quotes': {
      GET: { role: 'manager', run: ({ url }) => listQuotes(db(), parseQuery(url, quoteListQuery)) },
    },
    '/api/admin/quotes/:id': {
      GET: { role: 'manager', run: ({ params }) => quoteWithOfferProducts(db(), params.id) },
      PATCH: { role: 'manager', run: async ({ req, params, audit }) => updateQuote(db(), params.id, await parseJson(req, quoteUpdateInput), audit, new Date()) },
    },
    '/api/admin/quotes/:id/price': {
      POST: { role: 'manager', run: async ({ req, params }) => orNotServed(priceOffer(db(), params.id, await parseJson(req, priceRequest), new Date())) },
    },
    '/api/admin/quotes/:id/offer': {
      POST: { role: 'manager', run: async ({ req, params, staff, audit }) => sendOffer(db(), params.id, await parseJson(req, quoteOfferInput), staff, audit, new Date()) },
    },
    '/api/admin/quotes/:id/convert': {
      POST: { role: 'manager', run: async ({ req, params, audit }) => convertQuote(db(), params.id, await parseJson(req, quoteConvertInput), audit, new Date()) },
    },
  },
});
