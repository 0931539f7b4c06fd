import type { Sql } from '../db/index.server';
import type { AnalyticsEvent } from './events';

/** Stores one event from the public pages; an unknown product slug is kept without a product. */
export async function recordEvent(sql: Sql, event: AnalyticsEvent, now: Date): Promise<void> {
  await sql`
    insert into analytics_events (name, path, product_id, visitor_id, referrer, created_at)
    values (${event.name}, ${event.path},
      ${event.product ? sql`(select id from products where slug = ${event.product})` : null},
      ${event.visitor ?? null}, ${event.referrer ?? null}, ${now})`;
}

// The last funnel step, 'booking_created', is counted by the database function that stores a website
// booking (place_booking), in the booking's own call: only a booking that was made is counted.
