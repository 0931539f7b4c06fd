import type { Config } from '@netlify/functions';
import { z } from '../../src/lib/validation';
import { bookingForCheckoutSession, checkPayment, PAYMENT_NOT_FOUND } from '../../src/lib/booking/index.server';
import { db } from '../../src/lib/db/index.server';
import { AppError, handler, publicLimits, clientIp, parseQuery } from '../../src/lib/http';
import { requestLanguage, serverErrorCatalog, translateError } from '../../src/lib/i18n';
import { rateLimit } from '../../src/lib/http/index.server';

const query = z.object({
  booking: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{2,4}-[A-Z0-9]{4,10}$/, 'Unknown booking'),
  session_id: z.string().regex(/^cs_[A-Za-z0-9_]{4,200}$/, 'Unknown payment session'),
});

/**
 * GET /api/payment-status?booking=…&session_id=… : the Stripe session id is the secret here (only the
 * payer's browser has it), so the answer is a short public summary, not the booking's details. A
 * booking number that does not exist and a session that is not that booking's get the same 404, and
 * Stripe is asked only about a pair the database holds.
 */
export default handler(['GET'], async (req, context) => {
  const { limit, windowSeconds } = publicLimits.paymentStatus;
  await rateLimit(db(), `payment-status:${clientIp(req, context)}`, limit, windowSeconds, new Date());
  const q = parseQuery(req, query);
  const booking = await bookingForCheckoutSession(db(), q.booking, q.session_id);
  if (!booking) throw new AppError('not_found', PAYMENT_NOT_FOUND);
  const payment = await checkPayment(booking, q.session_id);
  // The reason is read beside the page's own words ("Not paid yet: …"), so in the page's language; an
  // answer, not a refusal, so the handler's translation of errors does not reach it.
  if (!payment.paid) return Response.json({ paid: false, reason: translateError(payment.reason, await serverErrorCatalog(requestLanguage(req))), bookingNumber: booking.number });
  return Response.json({
    paid: true,
    amountCents: payment.amountCents,
    bookingNumber: booking.number,
    status: booking.status,
    statusLabel: booking.statusLabel,
    firstName: booking.customer.firstName,
    event: booking.event,
    items: booking.items.map((i) => ({ name: i.name, quantity: i.quantity })),
    totals: booking.totals,
  });
});

export const config: Config = { path: '/api/payment-status' };
