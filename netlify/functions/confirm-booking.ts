import type { Config } from '@netlify/functions';
import { confirmRequestBody } from '../../src/lib/booking';
import { confirmBookingRequest } from '../../src/lib/booking/index.server';
import { db } from '../../src/lib/db/index.server';
import { clientIp, handler, parseJson, publicLimits } from '../../src/lib/http';
import { requestLanguage } from '../../src/lib/i18n';
import { rateLimit } from '../../src/lib/http/index.server';

/**
 * POST /api/confirm-booking { bookingNumber, key } (issue #36): the customer confirms a pay-later
 * website booking from the link in its e-mail, so it is kept for the pay-later window instead of its
 * first hour. Saying it twice is harmless; a released booking's link says so and offers its products
 * again. The key travels in the body, not the address, so it stays out of logs. In the page's language
 * (X-Page-Language): /es/confirm-booking's links to book again go to the Spanish product pages.
 */
export default handler(['POST'], async (req, context) => {
  const now = new Date();
  const { limit, windowSeconds } = publicLimits.confirmBooking;
  // Counted before validation, so guessing keys costs attempts whatever the input.
  await rateLimit(db(), `confirm-booking:${clientIp(req, context)}`, limit, windowSeconds, now);
  return Response.json(await confirmBookingRequest(db(), await parseJson(req, confirmRequestBody), now, requestLanguage(req)));
});

export const config: Config = { path: '/api/confirm-booking' };
