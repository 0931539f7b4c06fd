import { queueEmail, claimAcknowledgement } from '../email/index.server';
import { env } from '../config';
import type { Database } from '../db/index.server';
import { orNull } from '../forms';
import { businessInbox, storeSubmissionOnce } from '../forms/index.server';
import { getSettings } from '../business/index.server';
import { contactBusinessEmail, contactCustomerEmail, type ContactSummary } from './contact-emails';
import type { ContactMessage, ContactReceived } from './contact-message';
import { absoluteUrl, adminPaths } from '../paths';
import type { Locale } from '../i18n';

/**
 * POST /api/contact (contact and support forms): stored with both e-mails queued in one
 * transaction, then sent. A repeated submit answers with the first message's reference.
 */
export async function receiveContactMessage(sql: Database, input: ContactMessage, now: Date, language: Locale = 'en'): Promise<{ received: ContactReceived; replay: boolean }> {
  const settings = await getSettings(sql);
  const summary: ContactSummary = {
    kind: input.kind,
    name: input.name,
    email: input.email,
    phone: input.phone?.trim() ?? '',
    subject: input.subject?.trim() ?? '',
    message: input.message,
    bookingNumber: orNull(input.bookingNumber),
    language,
  };
  const { kind, name, email, phone, subject, message, bookingNumber } = summary;
  const columns = { kind, name, email, phone, subject, message, booking_number: bookingNumber, language };
  return storeSubmissionOnce(sql, 'contact_messages', input.submissionId, now, columns, async (tx, id) => {
    // The acknowledgement only within the day's cap; the message and the business's notice always.
    if (await claimAcknowledgement(tx, settings, now)) await queueEmail(tx, `${input.kind}-customer`, contactCustomerEmail(summary, settings, language), now);
    await queueEmail(tx, `${input.kind}-business`, contactBusinessEmail(summary, settings, businessInbox(settings.email), absoluteUrl(env().SITE_URL, adminPaths.inboxMessage(id))), now);
  });
}
