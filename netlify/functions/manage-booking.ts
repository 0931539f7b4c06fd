import type { Config } from '@netlify/functions';
import { syncAfterChanges } from '../../src/lib/accounting/index.server';
import { refundFromBooking } from '../../src/lib/payments/index.server';
import { db } from '../../src/lib/db/index.server';
import { handler, clientIp, parseJson, publicLimits } from '../../src/lib/http';
import { requestLanguage } from '../../src/lib/i18n';
import { rateLimit } from '../../src/lib/http/index.server';
import { cancelRequest, managePayRequest, manageRequest, moveRequest } from '../../src/lib/customer-changes';
import { type BookingRefunder, cancelOwnBooking, manageBooking, moveOwnBooking, payOwnBooking, quoteOwnMove } from '../../src/lib/customer-changes/index.server';

export const config: Config = {
  path: [
    '/api/manage-booking',
    '/api/manage-booking/quote',
    '/api/manage-booking/move',
    '/api/manage-booking/cancel',
    '/api/manage-booking/pay',
  ],
};

/** Money back from a customer's own change: card payments through Stripe at once, the rest left as the refund due for staff. */
const refund: BookingRefunder = async (tx, booking, amountCents, reason, now) => {
  const made = await refundFromBooking(tx, booking, amountCents, {
    reason,
    recordedBy: 'Customer',
    now,
    byHand: 'leave',
  });
  return {
    refundedCents: made.refundedCents,
    leftCents: made.leftCents,
    receiptEmailIds: made.refunds.map((r) => r.receiptEmailId),
  };
};

/**
 * A customer's own booking, opened with its management key (the "Change or cancel your booking" link):
 * POST the booking with what they may do now; /quote a move's price; /move it; /cancel it; /pay what
 * is owed. Every route counts against one budget per address, before the input is read. A move's
 * price, the refusals and why changes are closed come in the page's language (X-Page-Language).
 */
export default syncAfterChanges(handler(['POST'], async (req, context) => {
  const now = new Date();
  const ip = clientIp(req, context);
  const { limit, windowSeconds } = publicLimits.manageBooking;
  await rateLimit(db(), `manage:${ip}`, limit, windowSeconds, now);
  const route = new URL(req.url).pathname.replace(/\/+$/, '').split('/').pop();
  switch (route) {
    case 'quote':
      return Response.json(await quoteOwnMove(db(), await parseJson(req, moveRequest), now, requestLanguage(req)));
    case 'move':
      return Response.json(await moveOwnBooking(db(), await parseJson(req, moveRequest), ip, now, refund, requestLanguage(req)));
    case 'cancel':
      return Response.json(await cancelOwnBooking(db(), await parseJson(req, cancelRequest), ip, now, refund, requestLanguage(req)));
    case 'pay':
      return Response.json(await payOwnBooking(db(), await parseJson(req, managePayRequest), now));
    default:
      return Response.json(await manageBooking(db(), await parseJson(req, manageRequest), now, requestLanguage(req)));
  }
}));
