import type { Sql } from '../db/index.server';
import { getBusinessClock } from '../business/index.server';
import { type BlackoutEventSource, blackoutEvent, bookingEvent, calendarStatuses, type CalendarEvent, type CalendarRange, type CalendarStatus } from './calendar-admin';

export interface CalendarFeedRow {
  id: string;
  number: string;
  status: CalendarStatus;
  customerName: string;
  customerPhone: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  zip: string;
  items: string[];
  start: Date;
  end: Date;
  updatedAt: Date;
}

/**
 * Bookings whose event overlaps [from, to) and still use units: cancelled and expired ones are
 * left out, and so are holds whose payment window has passed (the next sweep releases them).
 */
export async function bookingsBetween(sql: Sql, from: Date, to: Date, now: Date): Promise<CalendarFeedRow[]> {
  return sql<CalendarFeedRow[]>`
    select b.id, b.number, b.status, b.contact_name as "customerName", b.contact_phone as "customerPhone",
      b.address_line1 as "addressLine1", b.address_line2 as "addressLine2", b.address_city as city,
      b.address_state as state, b.address_zip as zip, b.event_start as start, b.event_end as end,
      b.updated_at as "updatedAt",
      coalesce((select array_agg(i.product_name || ' ×' || i.quantity order by i.product_name)
        from booking_items i where i.booking_id = b.id), '{}') as items
    from bookings b
    where b.event_start < ${to} and b.event_end > ${from}
      and b.status = any(${calendarStatuses as unknown as string[]})
      and (b.status <> 'hold' or b.hold_expires_at > ${now})
    order by b.event_start, b.number`;
}

/** Blackouts touching the business's days [from, to) ('YYYY-MM-DD', `to` exclusive), first day first. */
export async function blackoutsBetween(sql: Sql, from: string, to: string): Promise<BlackoutEventSource[]> {
  return sql<BlackoutEventSource[]>`
    select b.id, b.scope, coalesce(p.name, c.name) as "targetName", b.starts_on::text as "startsOn", b.ends_on::text as "endsOn", b.reason
    from blackouts b left join products p on p.id = b.product_id left join categories c on c.id = b.category_id
    where b.starts_on < ${to}::date and b.ends_on >= ${from}::date
    order by b.starts_on, b.id`;
}

/** Everything the calendar shows for the days [from, to), in the business's time zone. */
export async function calendarEvents(sql: Sql, range: CalendarRange, now: Date): Promise<{ timeZone: string; today: string; events: CalendarEvent[] }> {
  const clock = await getBusinessClock(sql, now);
  const from = clock.instantAt(range.from, '00:00');
  const to = clock.instantAt(range.to, '00:00');
  const [bookings, blackouts] = await Promise.all([bookingsBetween(sql, from, to, now), blackoutsBetween(sql, range.from, range.to)]);
  const local = (instant: Date) => ({ date: clock.dateOf(instant), time: clock.timeOf(instant) });
  return {
    timeZone: clock.timeZone,
    today: clock.today(),
    events: [
      ...blackouts.map(blackoutEvent),
      ...bookings.map((b) =>
        bookingEvent({
          id: b.id,
          number: b.number,
          status: b.status,
          customerName: b.customerName,
          city: b.city,
          items: b.items,
          localStart: local(b.start),
          localEnd: local(b.end),
        }),
      ),
    ],
  };
}
