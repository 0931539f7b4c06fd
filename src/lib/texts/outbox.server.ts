import type { Sql } from '../db/index.server';
import { getSettings } from '../business/index.server';
import type { TextConsentSource } from './consent';
import { toE164 } from './phone';
import { isQuietClock, SENT_IN_QUIET_HOURS, textSendAt, type QuietHours } from './quiet-hours';
import { localTime } from '../time';
import type { BookingTexts, TextMessageView } from './text-view';
import { TextProviderError, twilioConfig, twilioProvider, type TextProvider } from './twilio.server';

/**
 * The texts outbox, like e-mail's (outbound_emails): every text is stored first (outbound_texts), then
 * sent from there, so an outage of the provider loses nothing: failures are retried with backoff by
 * deliverPendingTexts, which housekeeping runs every 5 minutes.
 */

let override: TextProvider | null | undefined;

/** For tests: send through this provider (e.g. one that fails) instead of the configured one; undefined restores it. */
export function useTextProvider(next: TextProvider | null | undefined): void {
  override = next;
}

/** The provider texts go out through, or null when texts are off (no Twilio variables). */
export function textProvider(): TextProvider | null {
  if (override !== undefined) return override;
  const config = twilioConfig();
  return config ? twilioProvider(config) : null;
}

/** Whether the site can text at all: without Twilio's variables nothing about texts changes. */
export const textsConfigured = () => textProvider() !== null;

export interface TextConsentInput {
  bookingId: string;
  /** As typed; stored in E.164. */
  phone: string;
  /** The exact question shown (textConsentWording). */
  wording: string;
  source: TextConsentSource;
  /** Staff e-mail, for a consent taken on the phone. */
  recordedBy?: string;
  now: Date;
}

/**
 * Stores a booking's consent to texts with the wording shown, replacing an earlier one. Nothing is
 * stored while texts are off or for a number that cannot be texted; returns whether it was stored.
 */
export async function recordTextConsent(tx: Sql, input: TextConsentInput): Promise<boolean> {
  const phone = toE164(input.phone);
  if (!phone || !textsConfigured()) return false;
  await tx`
    insert into text_consents (booking_id, phone, wording, source, recorded_by, consented_at)
    values (${input.bookingId}, ${phone}, ${input.wording}, ${input.source}, ${input.recordedBy ?? null}, ${input.now})
    on conflict (booking_id) do update set phone = excluded.phone, wording = excluded.wording, source = excluded.source,
      recorded_by = excluded.recorded_by, consented_at = excluded.consented_at`;
  return true;
}

/**
 * The number a booking's texts may go to: the one its customer agreed to be texted at, unless that
 * number has answered STOP (and not START since). Null when there is none, or texts are off.
 */
export async function textableNumber(tx: Sql, bookingId: string): Promise<string | null> {
  if (!textsConfigured()) return null;
  const [row] = await tx<{ phone: string }[]>`
    select c.phone from text_consents c
    where c.booking_id = ${bookingId} and not exists (select 1 from text_opt_outs o where o.phone = c.phone)`;
  return row?.phone ?? null;
}

export interface QueueTextInput {
  bookingId: string;
  /** The number (as textableNumber gave it, or typed): it must be the one the customer agreed to. */
  to: string;
  /** At most 1600 characters (Twilio's limit: ten segments). */
  body: string;
  /** What the message is, lower-case: 'day-before', 'on-the-way', 'review-request', … */
  kind: string;
  /** Once per key, ever. Default `${kind}:${bookingId}`: one message of a kind per booking. */
  dedupeKey?: string;
  now: Date;
}

export type QueueTextResult =
  | { queued: true; id: string; /** When it goes: now, or when quiet hours end. */ sendAt: Date }
  | { queued: false; reason: 'not-configured' | 'no-consent' | 'stopped' | 'duplicate' | 'invalid' };

const KIND = /^[a-z][a-z0-9_-]{0,59}$/;

/**
 * Queues a text for a booking, in the caller's transaction. Refused (nothing stored) while texts are
 * off, without the customer's consent for that number, for a number that answered STOP, or when a
 * text with the same dedupe key exists. A text due in the business's quiet hours waits until they end,
 * except "on the way" (SENT_IN_QUIET_HOURS).
 * It is sent by the next deliverPendingTexts (housekeeping, or sendQueuedTexts right after the caller commits).
 */
export async function queueText(tx: Sql, input: QueueTextInput): Promise<QueueTextResult> {
  if (!textsConfigured()) return { queued: false, reason: 'not-configured' };
  const to = toE164(input.to);
  const body = input.body.trim();
  if (!to || !body || body.length > 1600 || !KIND.test(input.kind)) return { queued: false, reason: 'invalid' };
  const [state] = await tx<{ consented: boolean; stopped: boolean; timezone: string; quiet_start: string; quiet_end: string }[]>`
    select exists (select 1 from text_consents where booking_id = ${input.bookingId} and phone = ${to}) as consented,
      exists (select 1 from text_opt_outs where phone = ${to}) as stopped,
      s.timezone, to_char(s.text_quiet_start, 'HH24:MI') as quiet_start, to_char(s.text_quiet_end, 'HH24:MI') as quiet_end
    from business_settings s where s.id`;
  if (!state) throw new Error('The business settings have not been created yet.');
  if (!state.consented) return { queued: false, reason: 'no-consent' };
  if (state.stopped) return { queued: false, reason: 'stopped' };
  const sendAt = textSendAt(input.kind, input.now, state.timezone, { start: state.quiet_start, end: state.quiet_end });
  const [row] = await tx<{ id: string }[]>`
    insert into outbound_texts (booking_id, to_phone, body, kind, dedupe_key, next_attempt_at, created_at)
    values (${input.bookingId}, ${to}, ${body}, ${input.kind}, ${(input.dedupeKey ?? `${input.kind}:${input.bookingId}`).slice(0, 200)}, ${sendAt}, ${input.now})
    on conflict (dedupe_key) do nothing
    returning id`;
  return row ? { queued: true, id: row.id, sendAt } : { queued: false, reason: 'duplicate' };
}

/** How long a claimed text is left to its sender before another run may try it again. */
const CLAIM_MINUTES = 5;
const MAX_ATTEMPTS = 8;
/** 2, 4, 8 … minutes after each failed attempt, at most 4 hours. */
export const textBackoffMinutes = (attempt: number) => Math.min(2 ** attempt, 240);

interface ClaimedText {
  id: string;
  to_phone: string;
  body: string;
  attempts: number;
  stopped: boolean;
}

/**
 * Sends the texts that are due (`only`: just these); returns how many went out. During the business's
 * quiet hours only the kinds that do not wait for them leave ("on the way"); the rest waits for the
 * first run after them. A number that answered
 * STOP after its text was queued gets nothing (the text is marked refused). A provider error is recorded
 * and retried with backoff, up to 8 attempts; never thrown.
 */
export async function deliverPendingTexts(sql: Sql, now: Date, options: { limit?: number; only?: string[] | undefined } = {}): Promise<number> {
  const provider = textProvider();
  if (!provider) return 0;
  const settings = await getSettings(sql);
  const quiet: QuietHours = { start: settings.textQuietStart, end: settings.textQuietEnd };
  const quietNow = isQuietClock(localTime(now, settings.timezone), quiet);
  const claimed = await sql<ClaimedText[]>`
    update outbound_texts t set attempts = t.attempts + 1, next_attempt_at = ${now}::timestamptz + ${`${CLAIM_MINUTES} minutes`}::interval
    where t.id in (
      select id from outbound_texts where status = 'pending' and next_attempt_at <= ${now}
        ${options.only ? sql`and id = any(${options.only}::uuid[])` : sql``}
        ${quietNow ? sql`and kind = any(${SENT_IN_QUIET_HOURS as string[]}::text[])` : sql``}
      order by created_at limit ${options.limit ?? 20} for update skip locked)
    returning t.id, t.to_phone, t.body, t.attempts, exists (select 1 from text_opt_outs o where o.phone = t.to_phone) as stopped`;
  let sent = 0;
  for (const text of claimed) {
    if (text.stopped) {
      await sql`update outbound_texts set status = 'refused', last_error = 'The number answered STOP.' where id = ${text.id}`;
      continue;
    }
    try {
      const { providerId } = await provider.send({ to: text.to_phone, body: text.body });
      await sql`update outbound_texts set status = 'sent', sent_at = ${now}, provider_sid = ${providerId}, last_error = null where id = ${text.id}`;
      sent++;
    } catch (error) {
      const message = (error as Error).message.slice(0, 500);
      const permanent = error instanceof TextProviderError && error.permanent;
      console.error(`Text ${text.id} failed (attempt ${text.attempts}${permanent ? ', not retried' : ''}): ${message}`);
      if (error instanceof TextProviderError && error.optedOut) await recordStop(sql, text.to_phone, 'STOP', now);
      const retryAt = new Date(now.getTime() + textBackoffMinutes(text.attempts) * 60_000);
      await sql`
        update outbound_texts set last_error = ${message}, next_attempt_at = ${retryAt},
          status = ${permanent || text.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending'}
        where id = ${text.id}`;
    }
  }
  return sent;
}

/**
 * Sends what is due (`only`: just these texts, right after a caller's commit), best effort: anything that
 * fails stays queued for housekeeping. A batch of 20; then, while `more()` allows and the last batch sent
 * something, the next, as mail goes (sendQueuedMail): the scheduled run goes on this way within its time,
 * so a backlog after a Twilio outage, or a morning's day-before texts queued at once, leaves in one run
 * instead of 20 every 5 minutes. Claiming a text pushes its next attempt 5 minutes on, so none is tried
 * twice in one call.
 */
export async function sendQueuedTexts(sql: Sql, now: Date, options: { only?: string[]; more?: () => boolean } = {}): Promise<void> {
  const { only, more = () => false } = options;
  try {
    let sent: number;
    do sent = await deliverPendingTexts(sql, now, { only });
    while (sent > 0 && more());
  } catch (error) {
    console.error('Sending queued texts failed; they will be retried:', error);
  }
}

/**
 * A number's STOP: recorded at once, and its texts still waiting are refused. A number not stopped
 * before gets a line in the history of each booking it could still be texted about (consent at that
 * number, not cancelled or expired, the party not over by more than TEXTS_AFTER_PARTY_DAYS), with when,
 * so staff see why texts stopped. One statement: all of it or nothing.
 */
export async function recordStop(sql: Sql, phone: string, keyword: string, now: Date): Promise<void> {
  await sql`
    with was_stopped as (select 1 from text_opt_outs where phone = ${phone}),
    stop as (
      insert into text_opt_outs (phone, keyword, stopped_at) values (${phone}, ${keyword.slice(0, 40)}, ${now})
      on conflict (phone) do update set keyword = excluded.keyword, stopped_at = excluded.stopped_at
    ),
    refused as (
      update outbound_texts set status = 'refused', last_error = 'The number answered STOP.'
      where to_phone = ${phone} and status = 'pending'
    )
    insert into audit_log (actor_id, actor_email, actor_kind, action, entity, entity_id, before, after, created_at)
    select null, null, 'customer', 'booking.texts_stopped', 'booking', b.id::text, null,
      jsonb_build_object('phone', ${phone}::text, 'keyword', ${keyword.slice(0, 40)}::text, 'at', ${now.toISOString()}::text), ${now}
    from text_consents c join bookings b on b.id = c.booking_id
    where c.phone = ${phone} and not exists (select 1 from was_stopped)
      and b.status not in ('cancelled', 'expired')
      and b.event_end > ${now}::timestamptz - ${`${TEXTS_AFTER_PARTY_DAYS} days`}::interval`;
}

/** The last text about a booking, the review request, goes at most 7 days after the party: two weeks on, none is left to stop. */
const TEXTS_AFTER_PARTY_DAYS = 14;

/** A number's START: texts to it may go again; noted in the same bookings' history. */
export async function recordStart(sql: Sql, phone: string, keyword: string, now: Date): Promise<void> {
  await sql`
    with resumed as (delete from text_opt_outs where phone = ${phone} returning phone)
    insert into audit_log (actor_id, actor_email, actor_kind, action, entity, entity_id, before, after, created_at)
    select null, null, 'customer', 'booking.texts_resumed', 'booking', b.id::text, null,
      jsonb_build_object('phone', ${phone}::text, 'keyword', ${keyword.slice(0, 40)}::text, 'at', ${now.toISOString()}::text), ${now}
    from text_consents c join bookings b on b.id = c.booking_id
    where c.phone = ${phone} and exists (select 1 from resumed)
      and b.status not in ('cancelled', 'expired')
      and b.event_end > ${now}::timestamptz - ${`${TEXTS_AFTER_PARTY_DAYS} days`}::interval`;
}

interface TextRow {
  id: string;
  kind: string;
  to_phone: string;
  body: string;
  status: TextMessageView['status'];
  created_at: Date;
  sent_at: Date | null;
  next_attempt_at: Date;
  attempts: number;
  last_error: string | null;
}

/** A booking's consent and texts, newest first, for its page in the admin. */
export async function bookingTexts(sql: Sql, bookingId: string): Promise<BookingTexts> {
  const [consents, rows] = await Promise.all([
    sql<{ phone: string; wording: string; source: 'checkout' | 'staff'; consented_at: Date; stopped_at: Date | null; stop_keyword: string | null }[]>`
      select c.phone, c.wording, c.source, c.consented_at, o.stopped_at, o.keyword as stop_keyword
      from text_consents c left join text_opt_outs o on o.phone = c.phone where c.booking_id = ${bookingId}`,
    sql<TextRow[]>`
      select id, kind, to_phone, body, status, created_at, sent_at, next_attempt_at, attempts, last_error
      from outbound_texts where booking_id = ${bookingId} order by created_at desc, id limit 100`,
  ]);
  const consent = consents[0];
  return {
    configured: textsConfigured(),
    consent: consent
      ? {
          phone: consent.phone,
          wording: consent.wording,
          source: consent.source,
          consentedAt: consent.consented_at.toISOString(),
          stopped: consent.stopped_at !== null,
          stoppedAt: consent.stopped_at?.toISOString() ?? null,
          stopKeyword: consent.stop_keyword,
        }
      : null,
    messages: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      to: r.to_phone,
      body: r.body,
      status: r.status,
      createdAt: r.created_at.toISOString(),
      sentAt: r.sent_at?.toISOString() ?? null,
      nextAttemptAt: r.status === 'pending' ? r.next_attempt_at.toISOString() : null,
      attempts: r.attempts,
      lastError: r.last_error,
    })),
  };
}
