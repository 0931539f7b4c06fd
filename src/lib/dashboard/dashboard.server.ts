import type { Sql } from '../db/client.server';
import type { MailStatus } from '../email/mail-delivery';
import { getSettings } from '../settings/settings.server';
import { addDays, localDate, wallClockToInstant } from '../time/event-window';
import { statusLabels } from '../booking/booking-view.server';

export interface DashboardBooking {
  id: string;
  number: string;
  status: string;
  statusLabel: string;
  customerName: string;
  customerPhone: string;
  eventStart: string;
  eventEnd: string;
  city: string;
  address: string;
  items: string;
  totalCents: number;
  paidCents: number;
  depositCents: number;
}

export interface Dashboard {
  today: string;
  timeZone: string;
  /** Events starting today: each one is a delivery and set-up. */
  todayEvents: DashboardBooking[];
  /** Events ending today: units to collect. */
  pickups: DashboardBooking[];
  /** The next 7 days after today. */
  weekEvents: DashboardBooking[];
  depositsDue: DashboardBooking[];
  waiversMissing: DashboardBooking[];
  newQuotes: { id: string; number: string; name: string; eventDate: string; createdAt: string }[];
  newQuoteCount: number;
  newCakeOrders: { id: string; number: string; name: string; neededOn: string; createdAt: string }[];
  newCakeOrderCount: number;
  /** How e-mail leaves the site: staff are warned when customers get none. */
  mail: MailStatus;
}

const LIVE = ['hold', 'deposit_due', 'confirmed', 'out_for_delivery', 'delivered', 'completed'];

/**
 * The day at a glance for staff: today's deliveries and pick-ups, the coming week, deposits not
 * yet paid, confirmed events without a signed waiver, new quote requests and cake orders, and whether
 * e-mail goes out at all.
 */
export async function loadDashboard(sql: Sql, now: Date, mail: MailStatus): Promise<Dashboard> {
  const settings = await getSettings(sql);
  const tz = settings.timezone;
  const today = localDate(now, tz);
  const dayStart = (isoDate: string) => wallClockToInstant(isoDate, '00:00', tz);
  const todayStart = dayStart(today);
  const tomorrowStart = dayStart(addDays(today, 1));
  const weekEnd = dayStart(addDays(today, 8));

  const bookings = (where: ReturnType<Sql>, limit = 50) => sql<DashboardBooking[]>`
    select b.id, b.number, b.status, b.contact_name as "customerName", b.contact_phone as "customerPhone",
           b.event_start as "eventStart", b.event_end as "eventEnd", b.address_city as city,
           concat_ws(', ', b.address_line1, b.address_line2, b.address_city) as address,
           (select string_agg(i.quantity || ' × ' || i.product_name, ', ' order by i.product_name)
              from booking_items i where i.booking_id = b.id) as items,
           b.total_cents as "totalCents", b.amount_paid_cents as "paidCents", b.deposit_cents as "depositCents"
    from bookings b
    where ${where}
    order by b.event_start
    limit ${limit}`;

  const [todayEvents, pickups, weekEvents, depositsDue, waiversMissing, quotes, quoteCount, cakes, cakeCount] = await Promise.all([
    bookings(sql`b.status = any(${LIVE}) and b.event_start >= ${todayStart} and b.event_start < ${tomorrowStart}`),
    bookings(sql`b.status = any(${LIVE}) and b.event_end >= ${todayStart} and b.event_end < ${tomorrowStart}`),
    bookings(sql`b.status = any(${LIVE}) and b.event_start >= ${tomorrowStart} and b.event_start < ${weekEnd}`),
    bookings(sql`b.status in ('hold', 'deposit_due', 'confirmed') and b.amount_paid_cents < b.deposit_cents and b.event_end >= ${now}`, 20),
    bookings(
      sql`b.status in ('confirmed', 'out_for_delivery', 'delivered') and b.event_start >= ${todayStart} and b.event_start < ${weekEnd}
          and not exists (select 1 from waivers w where w.booking_id = b.id)`,
      20,
    ),
    sql<Dashboard['newQuotes']>`
      select id, number, name, event_date::text as "eventDate", created_at as "createdAt"
      from quotes where status = 'new' order by created_at desc limit 5`,
    sql<{ n: number }[]>`select count(*)::int as n from quotes where status = 'new'`,
    sql<Dashboard['newCakeOrders']>`
      select id, number, name, needed_on::text as "neededOn", created_at as "createdAt"
      from cake_orders where status = 'new' order by needed_on limit 5`,
    sql<{ n: number }[]>`select count(*)::int as n from cake_orders where status = 'new'`,
  ]);
  const withLabel = (rows: DashboardBooking[]) =>
    rows.map((r) => ({ ...r, statusLabel: statusLabels[r.status as keyof typeof statusLabels] ?? r.status }));
  return {
    today,
    timeZone: tz,
    todayEvents: withLabel(todayEvents),
    pickups: withLabel(pickups),
    weekEvents: withLabel(weekEvents),
    depositsDue: withLabel(depositsDue),
    waiversMissing: withLabel(waiversMissing),
    newQuotes: [...quotes],
    newQuoteCount: quoteCount[0]!.n,
    newCakeOrders: [...cakes],
    newCakeOrderCount: cakeCount[0]!.n,
    mail,
  };
}
