import type { Config } from '@netlify/functions';
import { bookingRequest } from '../../src/lib/booking';
import { createBooking } from '../../src/lib/booking/index.server';
import { env } from '../../src/lib/config';
import { db } from '../../src/lib/db/index.server';
import { handler, clientIp, readJson } from '../../src/lib/http';
import { checkedRequest } from '../../src/lib/human-check/index.server';
import { rateLimit } from '../../src/lib/http/index.server';

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
