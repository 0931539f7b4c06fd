import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { handler, clientIp, parseJson, publicLimits } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { emailManageLink } from '../../src/lib/customer-changes/index.server';
import { trackOrderRequest } from '../../src/lib/tracking';

export const config: Config = { path: '/api/manage-link' };

/**
 * POST /api/manage-link { bookingNumber, email | phone }: e-mails the booking's "Change or cancel"
 * link to the booking's own address (knowing a number and an e-mail must not be enough to cancel
 * someone's party). Limited per address, and per booking inside the service.
 */
export default handler(['POST'], async (req, context) => {
  const now = new Date();
  const ip = clientIp(req, context);
  const { limit, windowSeconds } = publicLimits.manageLink;
  await rateLimit(db(), `manage-link:${ip}`, limit, windowSeconds, now);
  return Response.json(await emailManageLink(db(), await parseJson(req, trackOrderRequest), ip, now));
});
