import type { Sql } from '../db/client.server';
import type { AnalyticsEvent } from './events';

/** Stores one event from the public pages; an unknown product slug is kept without a product. */
export async function recordEvent(sql: Sql, event: AnalyticsEvent, now: Date): Promise<void> {
  await sql`
    insert into analytics_events (name, path, product_id, visitor_id, referrer, created_at)
    values (${event.name}, ${event.path},
      ${event.product ? sql`(select id from products where slug = ${event.product})` : null},
      ${event.visitor ?? null}, ${event.referrer ?? null}, ${now})`;
}

/**
 * The last funnel step, written by the server when a booking is placed. Analytics must never cost
 * a customer their booking, so a failure here is only logged.
 */
export async function recordBookingCreated(sql: Sql, now: Date): Promise<void> {
  try {
    await sql`insert into analytics_events (name, path, created_at) values ('booking_created', '/checkout', ${now})`;
  } catch (error) {
    console.error('Recording the booking_created analytics event failed:', error);
  }
}
