import { newLinkToken } from '../booking/index.server';
import type { Sql } from '../db/index.server';
import type { RenderedEmail } from '../email';
import { queueEmail } from '../email/index.server';
import { queueText, textableNumber } from '../texts/index.server';
import { isTransactional, type CustomerMessageKind } from './message-rules';

/** One message to a customer, rendered for both channels, with the key that makes it once-only. */
export interface CustomerDelivery {
  bookingId?: string;
  savedCartId?: string;
  email: string;
  kind: CustomerMessageKind;
  /** Unique per message that must go once: e.g. `on_the_way:{bookingId}:{date}`. */
  dedupeKey: string;
  mail: RenderedEmail;
  /** The short text body, for the text channel where the customer agreed to texts. */
  text: string;
  /** The outbox's template name; `customer_{kind}` unless the caller keeps an older name (the reminders'). */
  template?: string;
}

/** Where a message went: `sent` names the outbox row, e-mail or text, for the caller's audit entry. */
export type SentAs = { emailId: string } | { textId: string };

export type DeliveryResult =
  { outcome: 'queued'; sent: SentAs } | { outcome: 'suppressed' } | { outcome: 'already_sent'; at: Date };

/**
 * The one way every message of issue #26 leaves: once per dedupe key (the unique key decides a race
 * between two runs or two taps), never a non-transactional one to an address that unsubscribed (on
 * either channel: they asked for no more of it), then queued with the caller's transaction: by text
 * where the booking's customer agreed to texts and has not answered STOP (queueText also holds it
 * until quiet hours end), by e-mail otherwise. A cart has no booking and so no consent: always e-mail.
 */
export async function deliverToCustomer(tx: Sql, d: CustomerDelivery, now: Date): Promise<DeliveryResult> {
  const [claimed] = await tx<{ id: string }[]>`
    insert into customer_messages (dedupe_key, kind, booking_id, saved_cart_id, to_address, outcome, text_body, created_at)
    values (${d.dedupeKey}, ${d.kind}, ${d.bookingId ?? null}, ${d.savedCartId ?? null}, ${d.email}, 'queued', ${d.text.slice(0, 640)}, ${now})
    on conflict (dedupe_key) do nothing returning id`;
  if (!claimed) {
    const [sent] = await tx<
      { created_at: Date }[]
    >`select created_at from customer_messages where dedupe_key = ${d.dedupeKey}`;
    return { outcome: 'already_sent', at: sent?.created_at ?? now };
  }
  if (!isTransactional(d.kind) && (await isSuppressed(tx, d.email))) {
    await tx`update customer_messages set outcome = 'suppressed' where id = ${claimed.id}`;
    return { outcome: 'suppressed' };
  }
  const texted = d.bookingId ? await textInstead(tx, d.bookingId, d, now) : null;
  if (texted) {
    await tx`update customer_messages set outcome = 'texted', text_id = ${texted} where id = ${claimed.id}`;
    return { outcome: 'queued', sent: { textId: texted } };
  }
  const emailId = await queueEmail(tx, d.template ?? `customer_${d.kind}`, d.mail, now);
  await tx`update customer_messages set email_id = ${emailId} where id = ${claimed.id}`;
  return { outcome: 'queued', sent: { emailId } };
}

/** The text's id when the customer can be texted about the booking; null: send the e-mail. */
async function textInstead(tx: Sql, bookingId: string, d: CustomerDelivery, now: Date): Promise<string | null> {
  const to = await textableNumber(tx, bookingId);
  if (!to) return null;
  const result = await queueText(tx, { bookingId, to, body: d.text, kind: d.kind, dedupeKey: d.dedupeKey, now });
  return result.queued ? result.id : null;
}

export async function isSuppressed(sql: Sql, address: string): Promise<boolean> {
  const [row] = await sql<{ suppressed: boolean }[]>`
    select suppressed_at is not null as suppressed from customer_mail_preferences where address = ${address.toLowerCase()}`;
  return row?.suppressed ?? false;
}

/** The address's unsubscribe key (made on first use) and whether it is suppressed. */
export async function mailPreferences(sql: Sql, address: string): Promise<{ key: string; suppressed: boolean }> {
  const normalised = address.toLowerCase();
  await sql`
    insert into customer_mail_preferences (address, unsubscribe_key) values (${normalised}, ${newLinkToken()})
    on conflict (address) do nothing`;
  const [row] = await sql<{ unsubscribe_key: string; suppressed: boolean }[]>`
    select unsubscribe_key, suppressed_at is not null as suppressed from customer_mail_preferences where address = ${normalised}`;
  return { key: row!.unsubscribe_key, suppressed: row!.suppressed };
}
