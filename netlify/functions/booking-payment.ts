import type { Config } from '@netlify/functions';
import { paymentLink } from '../../src/lib/booking/index.server';
import { db } from '../../src/lib/db/index.server';
import { env } from '../../src/lib/config';
import { handler, clientIp, lookupLimit, parseJson } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { trackOrderRequest } from '../../src/lib/tracking';
import { findOwnBooking } from '../../src/lib/tracking/index.server';
import { refusePayingWhileRainedOut } from '../../src/lib/rain-outs/index.server';

/** POST /api/booking-payment { bookingNumber, email | phone } → a Stripe Checkout link for what is owed. */
export default handler(['POST'], async (req, context) => {
  const now = new Date();
  const { limit, windowSeconds } = lookupLimit(env().LOOKUP_RATE_LIMIT);
  await rateLimit(db(), `track:${clientIp(req, context)}`, limit, windowSeconds, now);
  const booking = await findOwnBooking(db(), await parseJson(req, trackOrderRequest));
  await refusePayingWhileRainedOut(db(), booking.id);
  return Response.json(await paymentLink(db(), booking, now));
});

export const config: Config = { path: '/api/booking-payment' };
