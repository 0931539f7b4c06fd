import { env } from '../config';
import type { Database, Sql } from '../db/index.server';
import { type OutboxMessage, queueEmails } from '../email/index.server';
import type { BusinessSettings } from '../business';
import type { Locale } from '../i18n';
import { getSettings } from '../business/index.server';
import { releasedBookingEmail, type ReleasedBooking } from './release-emails';

/**
 * Unpaid bookings whose deadline has passed (a Stripe hold after `holdMinutes`, a website booking
 * with its deposit due after `unpaidHoldHours`) become 'expired' and give their units back: the
 * `release_unpaid_bookings` database function (supabase/migrations/20261128100000_unpaid_holds.sql),
 * one statement, so no booking is left expired with its units still held; `skip locked`, so bookings
 * never queue behind each other here. Every booking does this first, inside the snapshot it reads
 * (`cart_snapshot`), and stores the customers' e-mails about it with its own, so an abandoned
 * booking never blocks the next customer; the scheduled run does it on its own (releaseExpiredHolds).
 */
export async function releaseUnpaid(sql: Sql, now: Date): Promise<ReleasedBooking[]> {
  const [row] = await sql<{ released: ReleasedBooking[] }[]>`select release_unpaid_bookings(${now}) as released`;
  return row!.released;
}

/**
 * What tells each customer their booking was released, in the booking's language (issue #40): into the
 * outbox with the release. The languages are read here, not added to the database functions' JSON, so
 * those stay as they are; nothing is read when nothing was released (the usual booking).
 */
export async function releaseEmails(sql: Sql, released: readonly ReleasedBooking[], settings: BusinessSettings): Promise<OutboxMessage[]> {
  if (released.length === 0) return [];
  const rows = await sql<{ id: string; language: Locale }[]>`select id, language from bookings where id = any(${released.map((r) => r.id)}::uuid[])`;
  const languages = new Map(rows.map((r) => [r.id, r.language]));
  return released.map((r) => ({ template: 'booking-released', email: releasedBookingEmail({ ...r, language: languages.get(r.id) ?? 'en' }, settings, env().SITE_URL) }));
}

/**
 * The scheduled run: releaseUnpaid and the customers' e-mails in one short transaction of its own
 * (with every transaction's timeouts). The mail leaves with the run's sending of the queue.
 */
export async function releaseExpiredHolds(db: Database, now: Date): Promise<ReleasedBooking[]> {
  return db.begin(async (tx) => {
    const released = await releaseUnpaid(tx, now);
    if (released.length > 0) await queueEmails(tx, await releaseEmails(tx, released, await getSettings(tx)), now);
    return released;
  });
}

/**
 * Ends one booking's hold now (Stripe says its payment page expired, or the payment page could not be
 * opened). `notify`: also queue the customer's e-mail about it, in the caller's transaction (not when
 * the customer is told at once that nothing was booked).
 */
export async function releaseHold(sql: Sql, bookingId: string, now: Date, { notify = false } = {}): Promise<boolean> {
  const [row] = await sql<{ deadline: Date }[]>`
    with ended as (
      select id, hold_expires_at from bookings where id = ${bookingId} and status = 'hold' for update
    )
    update bookings b set status = 'expired', hold_expires_at = null, updated_at = ${now}
    from ended where b.id = ended.id returning ended.hold_expires_at as deadline`;
  if (!row) return false;
  await sql`update unit_allocations set released_at = ${now} where booking_id = ${bookingId} and released_at is null`;
  if (notify) {
    const [notice] = await sql<{ released: ReleasedBooking }[]>`
      select json_build_object('id', b.id, 'number', b.number, 'was', 'hold'::text, 'deadline', ${row.deadline}::timestamptz,
        'email', b.contact_email, 'eventStart', b.event_start, 'eventEnd', b.event_end, 'placedAt', b.created_at,
        'items', coalesce((select json_agg(json_build_object('name', i.product_name, 'quantity', i.quantity) order by i.product_name)
          from booking_items i where i.booking_id = b.id), '[]')) as released
      from bookings b where b.id = ${bookingId}`;
    await queueEmails(sql, await releaseEmails(sql, [notice!.released], await getSettings(sql)), now);
  }
  return true;
}
