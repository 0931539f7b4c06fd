import type { Config } from '@netlify/functions';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { createBooking } from '../../src/lib/booking/booking-service.server';
import { env } from '../../src/lib/config/env';
import { db } from '../../src/lib/db/client.server';
import { handler } from '../../src/lib/http/handler';
import { clientIp, readJson } from '../../src/lib/http/request';
import { checkedRequest } from '../../src/lib/human-check/index.server';
import { rateLimit } from '../../src/lib/http/rate-limit.server';

export default handler(['POST'], async (req, context) => {
  const now = new Date();
  const ip = clientIp(req, context);
  await rateLimit(db(), `bookings:${ip}`, env().BOOKING_RATE_LIMIT, 600, now);
  const request = await checkedRequest(db(), await readJson(req), bookingRequest, now);
  // Netlify keeps the function alive for work handed to waitUntil after the answer has gone.
  const created = await createBooking(db(), request, now, context.waitUntil?.bind(context), ip);
  return Response.json(created, { status: 201 });
});

export const config: Config = { path: '/api/bookings' };
