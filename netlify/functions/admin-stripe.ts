import type { Config } from '@netlify/functions';
import { paymentListQuery } from '../../src/lib/payments';
import { stripeOverview } from '../../src/lib/payments/index.server';
import { db } from '../../src/lib/db/index.server';
import { parseQuery } from '../../src/lib/http';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = { path: '/api/admin/stripe' };

/** Payments (Stripe), owners only: whether and how Stripe is set up, webhook health, payments and refunds. */
export default adminRoute(config, {
  routes: { '/api/admin/stripe': { GET: { role: 'owner', run: ({ url }) => stripeOverview(db(), parseQuery(url, paymentListQuery), new Date()) } } },
});
