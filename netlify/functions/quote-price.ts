import type { Config } from '@netlify/functions';
import { quotePrice } from '../../src/lib/booking/quote-price.server';
import { db } from '../../src/lib/db/client.server';
import { handler } from '../../src/lib/http/handler';
import { parseJson } from '../../src/lib/http/request';
import { priceRequest } from '../../src/lib/pricing/price-input';

export default handler(['POST'], async (req) => Response.json(await quotePrice(db(), await parseJson(req, priceRequest), new Date())));

export const config: Config = { path: '/api/quote-price' };
