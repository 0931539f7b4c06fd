import type { Config } from '@netlify/functions';
import { triggerPendingRebuild } from '../../src/lib/publishing/index.server';
import { forgetOldMailContents, MAIL_CONTENTS_DAYS, sendQueuedMail } from '../../src/lib/email/index.server';
import { releaseExpiredHolds } from '../../src/lib/booking/index.server';
import { returnLapsedCredit } from '../../src/lib/credits/index.server';
import { env } from '../../src/lib/config';
import { db } from '../../src/lib/db/index.server';
import { deleteExpiredProofs } from '../../src/lib/human-check/index.server';
import { queueDueReminders } from '../../src/lib/reminders/index.server';
import { queueDueCartReminders } from '../../src/lib/customer-messages/index.server';
import { lapseRainOuts } from '../../src/lib/rain-outs/index.server';
import { chargeDueBalances } from '../../src/lib/payments/index.server';
import { fileMissingWaiverPdfs } from '../../src/lib/waivers/index.server';
import { sendQueuedTexts } from '../../src/lib/texts/index.server';
import { forgetOldRequestKeys } from '../../src/lib/admin/index.server';
import { deleteOldCartRedemptions } from '../../src/lib/embed/index.server';
import { sendAccountingSoon } from '../../src/lib/accounting/index.server';

/** How long into a run mail and texts may still start a batch: the scheduled function has 30 s for everything. */
const SENDING_SECONDS = 15;

/**
 * Every 5 minutes:
 * - give back the units of abandoned checkouts (and the credit they spent);
 * - queue the reminders that are due (balance, day before with the route's delivery window, missing
 *   waiver, thank-you with the review request) and the unfinished-checkout reminders;
 * - turn rain-outs nobody answered in time into rain checks;
 * - charge balances to saved cards when the owner chose it;
 * - send queued mail and texts, and retry what could not be sent; send the accounting queue;
 * - file the PDFs of waivers signed while file storage was down;
 * - forget what is kept no longer: the contents of mail sent over 30 days ago, the spent human-check
 *   proofs whose challenges have expired, the crew app's request keys older than 30 days and the booking
 *   widget's redeemed cart tokens older than a week;
 * - rebuild the public site once staff changes have settled (debounced).
 */
export default async () => {
  const now = new Date();
  const expired = await releaseExpiredHolds(db(), now);
  console.log(`housekeeping: released ${expired.length} expired hold(s)`);
  // Credit spent on a website booking that lapsed unpaid goes back to the customer's credit.
  const returned = await returnLapsedCredit(db(), now);
  if (returned > 0) console.log(`housekeeping: returned the credit of ${returned} lapsed booking payment(s)`);
  // Before sending, so a reminder queued now leaves in this same run.
  const reminders = await queueDueReminders(db(), now);
  if (reminders.length > 0) console.log(`housekeeping: queued ${reminders.length} reminder(s)`);
  // Checkouts left half-way an hour ago (issue #26): one reminder each, unless the address booked or unsubscribed.
  const carts = await queueDueCartReminders(db(), now);
  if (carts.sent + carts.cancelled > 0) console.log(`housekeeping: ${carts.sent} cart reminder(s) queued, ${carts.cancelled} cancelled`);
  const lapsed = await lapseRainOuts(db(), now);
  if (lapsed > 0) console.log(`housekeeping: kept ${lapsed} unanswered rain-out(s) as rain checks`);
  // Balances charged to saved cards (the owner's choice): each sends its receipt or decline e-mail.
  const charges = await chargeDueBalances(db(), now).catch((error: unknown) => {
    console.error('housekeeping: automatic balance charges failed; the next run looks again:', error);
    return [];
  });
  if (charges.length > 0) console.log(`housekeeping: ${charges.length} balance charge(s): ${charges.map((c) => c.status).join(', ')}`);
  // Mail, and the texts that are due (none during the business's quiet hours) with retries of what Twilio
  // refused for a while: side by side (two providers), each in batches until 15 s after the run began,
  // within the scheduled function's 30 s; then what follows.
  const more = () => Date.now() - now.getTime() < SENDING_SECONDS * 1000;
  await Promise.all([sendQueuedMail(db(), now, { more }), sendQueuedTexts(db(), now, { more })]);
  // QuickBooks Online (issue #41): what the changes queued and was not sent right after, retries after backoff, deposits earned today.
  await sendAccountingSoon(db(), now);
  const filed = await fileMissingWaiverPdfs(db());
  if (filed > 0) console.log(`housekeeping: filed the PDFs of ${filed} waiver(s) signed while file storage was down`);
  await deleteExpiredProofs(db(), now);
  await forgetOldRequestKeys(db(), now);
  await deleteOldCartRedemptions(db(), now);
  const forgotten = await forgetOldMailContents(db(), now);
  if (forgotten > 0) console.log(`housekeeping: forgot the contents of ${forgotten} message(s) sent, or failed for good, over ${MAIL_CONTENTS_DAYS} days ago`);
  const rebuild = await triggerPendingRebuild(db(), { hookUrl: env().NETLIFY_BUILD_HOOK_URL, now });
  if (rebuild.fired) console.log(`housekeeping: build hook called for ${rebuild.requests} change(s)${rebuild.ok ? '' : `, failed: ${rebuild.error}`}`);
};

export const config: Config = { schedule: '*/5 * * * *' };
