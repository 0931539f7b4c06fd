import type { Config } from '@netlify/functions';
import { bookingRequest } from '../../src/lib/booking';
import { createBooking, refusalForPage } from '../../src/lib/booking/index.server';
import { env } from '../../src/lib/config';
import { db } from '../../src/lib/db/index.server';
import { recordBookingOrigin } from '../../src/lib/embed/index.server';
import { handler, clientIp, readJson } from '../../src/lib/http';
import { requestLanguage } from '../../src/lib/i18n';
import { checkedRequest } from '../../src/lib/human-check/index.server';

export default handler(['POST'], async (req, context) => {
  const now = new Date();
  const ip = clientIp(req, context);
  // The body and the human check here; the rate-limit hit and the spending of the proof (the
  // admission) in the round trip that opens the booking's transaction, committed whatever the booking does.
  const { data: request, admission } = await checkedRequest(db(), () => readJson(req), bookingRequest, now, {
    key: `bookings:${ip}`,
    limit: env().BOOKING_RATE_LIMIT,
    windowSeconds: 600,
  });
  // Netlify keeps the function alive for work handed to waitUntil after the answer has gone.
  const language = requestLanguage(req);
  // The setup spot's refusals (400s at their fields) in the page's language; the handler translates the rest.
  const created = await createBooking(db(), request, now, context.waitUntil?.bind(context), ip, admission).catch(async (error: unknown) => {
    throw await refusalForPage(db(), error, language);
  });
  if (request.embedCart) await recordBookingOrigin(db(), created.bookingNumber, request.embedCart);
  return Response.json(created, { status: 201 });
});

export const config: Config = { path: '/api/bookings' };
