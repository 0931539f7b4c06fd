import type { Config } from '@netlify/functions';
import { sendQueuedMail } from '../../src/lib/booking/booking-service.server';
import { releaseExpiredHolds } from '../../src/lib/booking/holds.server';
import { db } from '../../src/lib/db/client.server';

/** Every 5 minutes: give back units of abandoned checkouts, retry mail that could not be sent. */
export default async () => {
  const now = new Date();
  const expired = await releaseExpiredHolds(db(), now);
  await sendQueuedMail(db(), now);
  console.log(`housekeeping: released ${expired.length} expired hold(s)`);
};

export const config: Config = { schedule: '*/5 * * * *' };
