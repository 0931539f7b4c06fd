import { env } from '../config';
import type { Sql } from '../db/index.server';
import type { BusinessSettings } from '../business';
import { getSettings } from '../business/index.server';
import { deliverPending } from './outbox.server';

/**
 * Sending what the outbox holds, for every feature (bookings, forms, reminders, staff changes):
 * each stores its messages in outbound_emails with its writes, then asks for them to be sent.
 */

/** The sender: MAIL_FROM when set, else the business's own address. */
export const mailFrom = (settings: BusinessSettings) => env().MAIL_FROM ?? `${settings.businessName} <${settings.email}>`;
export const mailFailed = (error: unknown) => console.error('Sending queued mail failed; it will be retried:', error);

/**
 * Sends what is due (`only`: just these messages), best effort: anything that fails stays queued for the
 * scheduled retry. A batch of 20 (one SMTP connection); then, while `more()` allows and the last batch
 * sent something, the next. The scheduled run goes on this way within its time, where one batch a run
 * left a backlog (after a mail outage, or a day's reminders queued at once) going out 20 every 5
 * minutes; a request sends one batch. Claiming a message pushes its next attempt 5 minutes on, so none
 * is tried twice in one call.
 */
export async function sendQueuedMail(sql: Sql, now: Date, options: { only?: string[]; more?: () => boolean } = {}): Promise<void> {
  const { only, more = () => false } = options;
  try {
    const from = mailFrom(await getSettings(sql));
    let sent: number;
    do sent = await deliverPending(sql, now, from, 20, only);
    while (sent > 0 && more());
  } catch (error) {
    mailFailed(error);
  }
}
