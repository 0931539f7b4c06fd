import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { handler, routeParams, clientIp } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { customerInvoicePdf, pdfResponse } from '../../src/lib/invoices/index.server';

/**
 * GET /api/bookings/{number}/invoice?token=…: the booking's invoice PDF for whoever holds the link from
 * the e-mails or the tracking page (the booking's own invoice token, see invoice-links.ts). The guests'
 * waiver key and the renter's e-mail address no longer open it. Staff download through the admin.
 */
export default handler(['GET'], async (req, context) => {
  await rateLimit(db(), `invoice:${clientIp(req, context)}`, 30, 600, new Date());
  const url = new URL(req.url);
  const { number = '' } = routeParams(config, req);
  return pdfResponse(await customerInvoicePdf(db(), number.toUpperCase(), url.searchParams.get('token') ?? '', new Date()));
});

export const config: Config = { path: '/api/bookings/:number/invoice' };
