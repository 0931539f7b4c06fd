import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/client.server';
import { handler } from '../../src/lib/http/handler';
import { parseQuery } from '../../src/lib/http/request';
import { livePricesQuery } from '../../src/lib/pricing/live-prices-input';
import { livePrices } from '../../src/lib/pricing/live-prices.server';

export default handler(['GET'], async (req) => Response.json(await livePrices(db(), parseQuery(new URL(req.url), livePricesQuery))));

export const config: Config = { path: '/api/prices' };
