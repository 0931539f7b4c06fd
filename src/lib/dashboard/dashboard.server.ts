import type { Sql } from '../db/index.server';
import { type MailStatus, acknowledgementCapNotice } from '../email';
import { acknowledgementsToday } from '../email/index.server';
import { getSettings } from '../business/index.server';
import { addDays, businessClock } from '../time';
import { statusLabels } from '../booking/index.server';
import { recentRainOuts, type RecentRainOut } from '../rain-outs/index.server';
import { accountingAlert } from '../accounting/index.server';
import { adminPaths } from '../paths';
import { hasRole, type StaffRole } from '../auth';

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
  /** An unpaid website booking's deadline: released then unless paid or kept by staff. */
  releasesAt: string | null;
}

/** An unpaid website booking released by itself (its deadline passed), for staff to know. */
export interface ReleasedUnpaidBooking {
  id: string;
  number: string;
  customerName: string;
  eventStart: string;
  releasedAt: string;
  items: string;
  /** Paid after it was released, with its units taken meanwhile: staff refund or offer other dates. */
  paidCents: number;
}

/**
 * A pay-later website booking whose customer has not yet confirmed it from the e-mail (issue #36):
 * released at `releasesAt` (about an hour after it was placed) unless confirmed, paid or kept. Staff
 * call the customer (a real one is glad of the call; a made-up name and number is a sign of a script).
 */
export type UnconfirmedRequest = DashboardBooking & { customerEmail: string; placedAt: string };

export interface Dashboard {
  today: string;
  /** Events starting today: each one is a delivery and set-up. */
  todayEvents: DashboardBooking[];
  /** Events ending today: units to collect. */
  pickups: DashboardBooking[];
  /** The next 7 days after today. */
  weekEvents: DashboardBooking[];
  depositsDue: DashboardBooking[];
  waiversMissing: DashboardBooking[];
  /** Upcoming bookings whose automatic balance charge failed and that still owe: the customer got a payment link. */
  balanceChargesFailed: (DashboardBooking & { chargeCents: number; chargeMessage: string | null })[];
  /** Unpaid website bookings released in the last 7 days (newest first, at most 10) and how many. */
  releasedUnpaid: ReleasedUnpaidBooking[];
  releasedUnpaidCount: number;
  /** Unconfirmed website booking requests, soonest released first (at most 20), and how many. */
  unconfirmedRequests: UnconfirmedRequest[];
  unconfirmedRequestCount: number;
  newQuotes: { id: string; number: string; name: string; eventDate: string; createdAt: string }[];
  newQuoteCount: number;
  newCakeOrders: { id: string; number: string; name: string; neededOn: string; createdAt: string }[];
  newCakeOrderCount: number;
  /** Rain-outs waiting for their customers, then those answered in the last 14 days. */
  rainOuts: RecentRainOut[];
  /** How e-mail leaves the site: staff are warned when customers get none. */
  mail: MailStatus;
  /** Set once today's acknowledgements to unverified addresses are used up (settings: Limits). */
  acknowledgementCapNotice: string | null;
  /**
   * QuickBooks Online (issue #41): set when something does not reach the books: the connection broken
   * (QuickBooks refused its tokens), or items failed or waiting over an hour. Null otherwise.
   */
  /** `link`: the sync log in Settings → Accounting, showing the failed items when there are any. */
  accountingNotice: { broken: boolean; stuck: number; message: string; link: string } | null;
}

const LIVE = ['hold', 'deposit_due', 'confirmed', 'out_for_delivery', 'delivered', 'completed'];

/**
 * The day at a glance for staff: today's deliveries and pick-ups, the coming week, deposits not
 * yet paid (with the deadline an unpaid website booking is released at), unpaid website bookings
 * released in the last week, confirmed events without a signed waiver, new quote requests and cake
 * orders, and whether e-mail goes out at all.
 */
export async function loadDashboard(sql: Sql, now: Date, mail: MailStatus, role: StaffRole): Promise<Dashboard> {
  const settings = await getSettings(sql);
  const clock = businessClock(settings.timezone, now);
  const today = clock.today();
  const dayStart = (isoDate: string) => clock.instantAt(isoDate, '00:00');
  const todayStart = dayStart(today);
  const tomorrowStart = dayStart(addDays(today, 1));
  const weekEnd = dayStart(addDays(today, 8));

  // A DashboardBooking's columns, for the lists below and the failed balance charges.
  const bookingColumns = sql`
    b.id, b.number, b.status, b.contact_name as "customerName", b.contact_phone as "customerPhone",
    b.event_start as "eventStart", b.event_end as "eventEnd", b.address_city as city,
    concat_ws(', ', b.address_line1, b.address_line2, b.address_city) as address,
    (select string_agg(i.quantity || ' × ' || i.product_name, ', ' order by i.product_name)
       from booking_items i where i.booking_id = b.id) as items,
    b.total_cents as "totalCents", b.amount_paid_cents as "paidCents", b.deposit_cents as "depositCents",
    b.hold_expires_at as "releasesAt"`;
  const bookings = (where: ReturnType<Sql>, limit = 50) => sql<DashboardBooking[]>`
    select ${bookingColumns}
    from bookings b
    where ${where}
    order by b.event_start
    limit ${limit}`;

  // Released unpaid: expired website bookings (expire_holds and the Stripe expiry set updated_at when they release).
  const releasedSince = new Date(now.getTime() - 7 * 24 * 3_600_000);
  const released = sql`b.status = 'expired' and b.source = 'web' and b.updated_at >= ${releasedSince}`;
  // Unconfirmed: pay-later website bookings still waiting for the click in their e-mail (bookings_unconfirmed_web_idx).
  const quotesSeen = hasRole(role, 'manager');
  const unconfirmed = sql`b.status = 'deposit_due' and b.source = 'web' and b.email_confirmed_at is null and b.hold_expires_at is not null`;
  const [todayEvents, pickups, weekEvents, depositsDue, waiversMissing, quotes, quoteCount, cakes, cakeCount, releasedUnpaid, releasedCount, acknowledgements, rainOuts, failedCharges, unconfirmedRequests, unconfirmedCount] = await Promise.all([
    bookings(sql`b.status = any(${LIVE}) and b.event_start >= ${todayStart} and b.event_start < ${tomorrowStart}`),
    bookings(sql`b.status = any(${LIVE}) and b.event_end >= ${todayStart} and b.event_end < ${tomorrowStart}`),
    bookings(sql`b.status = any(${LIVE}) and b.event_start >= ${tomorrowStart} and b.event_start < ${weekEnd}`),
    bookings(sql`b.status in ('hold', 'deposit_due', 'confirmed') and b.amount_paid_cents < b.deposit_cents and b.event_end >= ${now}`, 20),
    bookings(
      sql`b.status in ('confirmed', 'out_for_delivery', 'delivered') and b.event_start >= ${todayStart} and b.event_start < ${weekEnd}
          and not exists (select 1 from waivers w where w.booking_id = b.id)`,
      20,
    ),
    // Quote requests are a manager's (their screen is): crew see neither the names nor the count.
    quotesSeen ? sql<Dashboard['newQuotes']>`
      select id, number, name, event_date::text as "eventDate", created_at as "createdAt"
      from quotes where status = 'new' order by created_at desc limit 5` : [],
    quotesSeen ? sql<{ n: number }[]>`select count(*)::int as n from quotes where status = 'new'` : [{ n: 0 }],
    sql<Dashboard['newCakeOrders']>`
      select id, number, name, needed_on::text as "neededOn", created_at as "createdAt"
      from cake_orders where status = 'new' order by needed_on limit 5`,
    sql<{ n: number }[]>`select count(*)::int as n from cake_orders where status = 'new'`,
    sql<ReleasedUnpaidBooking[]>`
      select b.id, b.number, b.contact_name as "customerName", b.event_start as "eventStart", b.updated_at as "releasedAt",
             coalesce((select string_agg(i.quantity || ' × ' || i.product_name, ', ' order by i.product_name)
               from booking_items i where i.booking_id = b.id), '') as items,
             b.amount_paid_cents as "paidCents"
      from bookings b
      where ${released}
      order by b.updated_at desc
      limit 10`,
    sql<{ n: number }[]>`select count(*)::int as n from bookings b where ${released}`,
    acknowledgementsToday(sql, settings, now),
    recentRainOuts(sql, now),
    // The latest attempt of each booking decides: a later success (or a newer attempt) clears it.
    sql<(DashboardBooking & { chargeCents: number; chargeMessage: string | null })[]>`
      select ${bookingColumns}, c.amount_cents as "chargeCents", c.failure_message as "chargeMessage"
      from bookings b
      join lateral (select status, amount_cents, failure_message from balance_charges where booking_id = b.id order by created_at desc, id desc limit 1) c on true
      where c.status = 'failed' and b.status = any(${LIVE}) and b.total_cents > b.amount_paid_cents and b.event_end >= ${now}
      order by b.event_start
      limit 20`,
    sql<UnconfirmedRequest[]>`
      select ${bookingColumns}, b.contact_email as "customerEmail", b.created_at as "placedAt"
      from bookings b
      where ${unconfirmed}
      order by b.hold_expires_at, b.number
      limit 20`,
    sql<{ n: number }[]>`select count(*)::int as n from bookings b where ${unconfirmed}`,
  ]);
  const withLabel = <T extends DashboardBooking>(rows: readonly T[]) =>
    rows.map((r) => ({ ...r, statusLabel: statusLabels[r.status as keyof typeof statusLabels] ?? r.status }));
  return {
    today,
    todayEvents: withLabel(todayEvents),
    pickups: withLabel(pickups),
    weekEvents: withLabel(weekEvents),
    depositsDue: withLabel(depositsDue),
    waiversMissing: withLabel(waiversMissing),
    balanceChargesFailed: withLabel(failedCharges),
    newQuotes: [...quotes],
    newQuoteCount: quoteCount[0]!.n,
    newCakeOrders: [...cakes],
    newCakeOrderCount: cakeCount[0]!.n,
    releasedUnpaid: [...releasedUnpaid],
    releasedUnpaidCount: releasedCount[0]!.n,
    unconfirmedRequests: withLabel(unconfirmedRequests),
    unconfirmedRequestCount: unconfirmedCount[0]!.n,
    rainOuts,
    mail,
    acknowledgementCapNotice: acknowledgementCapNotice(acknowledgements),
    accountingNotice: await accountingNotice(sql, now),
  };
}

async function accountingNotice(sql: Sql, now: Date): Promise<Dashboard['accountingNotice']> {
  const status = await accountingAlert(sql, now);
  if (!status) return null;
  const link = adminPaths.accountingLog(status.failed > 0 ? 'failed' : status.broken ? undefined : 'waiting');
  if (status.broken) {
    return { broken: true, stuck: status.stuck, link, message: `QuickBooks refused the site's connection${status.brokenReason ? ` (${status.brokenReason})` : ''}: an owner connects again in Settings → Accounting. Nothing is lost; the changes wait.` };
  }
  return { broken: false, stuck: status.stuck, link, message: `${status.stuck} change(s) have not reached QuickBooks: the sync log in Settings → Accounting shows QuickBooks' message for each, with Retry.` };
}
