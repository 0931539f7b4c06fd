import type { Sql } from '../db/index.server';

/**
 * How long a message's contents are kept once it has left (or failed for good). Nothing reads them
 * after sending, yet they were kept for ever: every booking's confirmations, reminders and signed
 * waivers' PDFs (as base64), in the database and in every daily backup, with the customers' names,
 * addresses and phone numbers in them. The row stays (to whom, the subject, which e-mail, when, and
 * whether it went), as the record that it was sent.
 */
export const MAIL_CONTENTS_DAYS = 30;

/** At most this many messages a run, so that a first run over years of mail stays short; the next runs take the rest. */
const BATCH = 1000;

/**
 * Forgets the contents of messages sent (or failed for good) more than MAIL_CONTENTS_DAYS ago; a
 * message still waiting to be sent is never touched, however old. Returns how many were forgotten.
 */
export async function forgetOldMailContents(sql: Sql, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - MAIL_CONTENTS_DAYS * 86_400_000);
  // The date before the contents (PostgreSQL's filter keeps this order, as EXPLAIN shows): a recent
  // message's contents are not unpacked to be compared.
  const forgotten = await sql`
    update outbound_emails set payload = '{}'::jsonb
    where id in (
      select id from outbound_emails
      where status in ('sent', 'failed') and coalesce(sent_at, created_at) < ${cutoff} and payload <> '{}'::jsonb
      limit ${BATCH})`;
  return forgotten.count;
}
