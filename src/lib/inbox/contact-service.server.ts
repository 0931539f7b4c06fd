import { queueEmail, claimAcknowledgement } from '../email/index.server';
import { env } from '../config';
import type { Database } from '../db/index.server';
import { orNull } from '../forms';
import { businessInbox, storeSubmissionOnce } from '../forms/index.server';
import { getSettings } from '../business/index.server';
import { contactBusinessEmail, contactCustomerEmail, type ContactSummary } from './contact-emails';
import type { ContactMessage, ContactReceived } from './contact-message';
import { absoluteUrl, adminPaths } from '../paths';

/**
 * POST /api/contact (contact and support forms): stored with both e-mails queued in one
 * transaction, then sent. A repeated submit answers with the first message's reference.
 */
export async function receiveContactMessage(sql: Database, input: ContactMessage, now: Date): Promise<{ received: ContactReceived; replay: boolean }> {
  const settings = await getSettings(sql);
  const summary: ContactSummary = {
    kind: input.kind,
    name: input.name,
    email: input.email,
    phone: input.phone?.trim() ?? '',
    subject: input.subject?.trim() ?? '',
    message: input.message,
    bookingNumber: orNull(input.bookingNumber),
  };
  return storeSubmissionOnce(sql, 'contact_messages', input.submissionId, now, async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      insert into contact_messages ${tx({
        submission_id: input.submissionId,
        kind: summary.kind,
        name: summary.name,
        email: summary.email,
        phone: summary.phone,
        subject: summary.subject,
        message: summary.message,
        booking_number: summary.bookingNumber,
        created_at: now,
      })}
      on conflict (submission_id) do nothing
      returning id`;
    if (!row) return null;
    // The acknowledgement only within the day's cap; the message and the business's notice always.
    if (await claimAcknowledgement(tx, settings, now)) await queueEmail(tx, `${input.kind}-customer`, contactCustomerEmail(summary, settings), now);
    await queueEmail(tx, `${input.kind}-business`, contactBusinessEmail(summary, settings, businessInbox(settings.email), absoluteUrl(env().SITE_URL, adminPaths.inboxMessage(row.id))), now);
    return row.id;
  });
}
