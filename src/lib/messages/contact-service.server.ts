import { randomUUID } from 'node:crypto';
import { sendQueuedMail } from '../booking/booking-service.server';
import { env } from '../config/env';
import type { Database } from '../db/client.server';
import { queueEmail } from '../email/outbox.server';
import type { ContactMessage, ContactReceived } from '../forms/contact-message';
import { orNull } from '../forms/fields';
import { contactBusinessEmail, contactCustomerEmail, suggestionBusinessEmail, suggestionCustomerEmail, type ContactSummary, type SuggestionSummary } from '../forms/form-emails';
import type { ProductSuggestion, SuggestionReceived } from '../forms/product-suggestion';
import { businessInbox } from '../forms/submission.server';
import { getSettings } from '../settings/settings.server';

/** What a bot that filled the honeypot is told: a believable answer, nothing stored. */
export const spamReceivedAnswer = (): ContactReceived & SuggestionReceived => ({ reference: randomUUID() });

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
  const stored = await sql.begin(async (tx) => {
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
    await queueEmail(tx, `${input.kind}-customer`, contactCustomerEmail(summary, settings), now);
    await queueEmail(tx, `${input.kind}-business`, contactBusinessEmail(summary, settings, businessInbox(settings.email), `${env().SITE_URL.replace(/\/$/, '')}/admin/inbox?tab=all&id=${row.id}`), now);
    return row.id;
  });
  if (!stored) {
    const [first] = await sql<{ id: string }[]>`select id from contact_messages where submission_id = ${input.submissionId}`;
    return { received: { reference: first!.id }, replay: true };
  }
  await sendQueuedMail(sql, now);
  return { received: { reference: stored }, replay: false };
}

/**
 * POST /api/product-suggestions: lands in the admin's product-suggestions list. The visitor gets a
 * thank-you only if they left an e-mail address.
 */
export async function receiveProductSuggestion(sql: Database, input: ProductSuggestion, now: Date): Promise<{ received: SuggestionReceived; replay: boolean }> {
  const settings = await getSettings(sql);
  const summary: SuggestionSummary = {
    what: input.what,
    why: input.why?.trim() ?? '',
    link: orNull(input.link),
    name: orNull(input.name),
    email: orNull(input.email),
  };
  const stored = await sql.begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      insert into product_suggestions ${tx({
        submission_id: input.submissionId,
        name: summary.name,
        email: summary.email,
        what: summary.what,
        why: summary.why,
        link: summary.link,
        created_at: now,
      })}
      on conflict (submission_id) do nothing
      returning id`;
    if (!row) return null;
    if (summary.email) await queueEmail(tx, 'suggestion-customer', suggestionCustomerEmail({ ...summary, email: summary.email }, settings), now);
    await queueEmail(tx, 'suggestion-business', suggestionBusinessEmail(summary, settings, env().SITE_URL, businessInbox(settings.email)), now);
    return row.id;
  });
  if (!stored) {
    const [first] = await sql<{ id: string }[]>`select id from product_suggestions where submission_id = ${input.submissionId}`;
    return { received: { reference: first!.id }, replay: true };
  }
  await sendQueuedMail(sql, now);
  return { received: { reference: stored }, replay: false };
}
