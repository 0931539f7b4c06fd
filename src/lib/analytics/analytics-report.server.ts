import type { Sql } from '../db/index.server';
import { fieldError } from '../http';
import type { BusinessClock } from '../time';
import {
  type CsvFile,
  dailyColumns,
  funnelColumns,
  pageColumns,
  reportCsv,
  type AnalyticsQuery,
  type TopPage,
  defaultAnalyticsRange,
  fillDays,
  funnel,
  FUNNEL_STEPS,
  type DailyViews,
  type DateRange,
  type FunnelStep,
} from '../reports';
import { reportWindow } from '../reports/index.server';

/** The SQL behind /admin/analytics: first-party events in analytics_events, by local day. */

export async function dailyViews(sql: Sql, range: DateRange, tz: string): Promise<DailyViews[]> {
  const rows = await sql<{ day: string; views: number; visitors: number }[]>`
    select to_char(created_at at time zone ${tz}, 'YYYY-MM-DD') as day, count(*)::int as views,
      count(distinct visitor_id)::int as visitors
    from analytics_events
    where name = 'page_view' and (created_at at time zone ${tz})::date between ${range.from}::date and ${range.to}::date
    group by 1`;
  return fillDays(range, rows);
}

/** The most viewed pages of the range (at most `limit`). */
export async function topPages(sql: Sql, range: DateRange, tz: string, limit = 20): Promise<TopPage[]> {
  return sql<TopPage[]>`
    select path, count(*)::int as views, count(distinct visitor_id)::int as visitors
    from analytics_events
    where name = 'page_view' and (created_at at time zone ${tz})::date between ${range.from}::date and ${range.to}::date
    group by path
    order by views desc, path
    limit ${limit}`.then((rows) => rows.map((r) => ({ path: r.path, views: r.views, visitors: r.visitors })));
}

/** Events of each funnel step in the range: product view → cart → checkout → booked. */
export async function bookingFunnel(sql: Sql, range: DateRange, tz: string): Promise<FunnelStep[]> {
  const rows = await sql<{ name: string; count: number }[]>`
    select name, count(*)::int as count
    from analytics_events
    where name = any(${FUNNEL_STEPS.map((s) => s.event)}::text[])
      and (created_at at time zone ${tz})::date between ${range.from}::date and ${range.to}::date
    group by name`;
  return funnel(Object.fromEntries(rows.map((r) => [r.name, r.count])));
}

/** The booking widget on the owner's other websites (issue #39): per host site, its product views, additions to the cart and bookings. */
export interface WidgetHost {
  origin: string;
  views: number;
  adds: number;
  bookings: number;
}

/** Events the widget sent (their path is '/embed', their referrer the host site) and bookings made from its carts, per host site. */
export async function widgetHosts(sql: Sql, range: DateRange, tz: string): Promise<WidgetHost[]> {
  return sql<WidgetHost[]>`
    with events as (
      select referrer as origin, count(*) filter (where name = 'product_view')::int as views, count(*) filter (where name = 'add_to_cart')::int as adds
      from analytics_events
      where path = '/embed' and referrer is not null and (created_at at time zone ${tz})::date between ${range.from}::date and ${range.to}::date
      group by referrer
    ), booked as (
      select embed_origin as origin, count(*)::int as bookings
      from bookings
      where embed_origin is not null and (created_at at time zone ${tz})::date between ${range.from}::date and ${range.to}::date
      group by embed_origin
    )
    select coalesce(e.origin, b.origin) as origin, coalesce(e.views, 0) as views, coalesce(e.adds, 0) as adds, coalesce(b.bookings, 0) as bookings
    from events e full join booked b on b.origin = e.origin
    order by bookings desc, views desc, origin`.then((rows) => rows.map((r) => ({ origin: r.origin, views: r.views, adds: r.adds, bookings: r.bookings })));
}

export interface AnalyticsData {
  range: DateRange;
  today: string;
  timeZone: string;
  totals: { views: number; visitors: number };
  daily: DailyViews[];
  pages: TopPage[];
  funnel: FunnelStep[];
  /** Empty until the widget is on another website. */
  hosts: WidgetHost[];
}

export async function analyticsOverview(sql: Sql, range: DateRange, clock: BusinessClock): Promise<AnalyticsData> {
  const tz = clock.timeZone;
  const [daily, pages, steps, hosts, [totals]] = await Promise.all([
    dailyViews(sql, range, tz),
    topPages(sql, range, tz),
    bookingFunnel(sql, range, tz),
    widgetHosts(sql, range, tz),
    sql<{ views: number; visitors: number }[]>`
      select count(*)::int as views, count(distinct visitor_id)::int as visitors
      from analytics_events
      where name = 'page_view' and (created_at at time zone ${tz})::date between ${range.from}::date and ${range.to}::date`,
  ]);
  return { range, today: clock.today(), timeZone: tz, totals: { views: totals!.views, visitors: totals!.visitors }, daily, pages, funnel: steps, hosts };
}

/** Page views, top pages and the booking funnel for the range asked for (GET /api/admin/analytics). */
export async function analyticsFor(sql: Sql, query: AnalyticsQuery, now: Date): Promise<AnalyticsData> {
  const { range, clock } = await reportWindow(sql, query, now, defaultAnalyticsRange);
  return analyticsOverview(sql, range, clock);
}

/** The one analytics report `query.report` names, as a CSV file (`?format=csv`). */
export async function analyticsExport(sql: Sql, query: AnalyticsQuery, now: Date): Promise<CsvFile> {
  const { range, clock } = await reportWindow(sql, query, now, defaultAnalyticsRange);
  const tz = clock.timeZone;
  switch (query.report) {
    case 'daily':
      return reportCsv('Page views by day', range, dailyColumns, await dailyViews(sql, range, tz));
    case 'pages':
      return reportCsv('Top pages', range, pageColumns, await topPages(sql, range, tz, 500));
    case 'funnel':
      return reportCsv('Booking funnel', range, funnelColumns, await bookingFunnel(sql, range, tz));
    default:
      throw fieldError('report', 'Choose which report to export');
  }
}
