import type { Sql } from '../db/index.server';
import { fieldError } from '../http';
import { getBusinessClock } from '../business/index.server';
import { type BusinessClock, localDaysTouched } from '../time';
import type { CsvFile } from './csv';
import { journalColumns, journalWithTotals } from './journal';
import { journalLines } from './journal.server';
import { categoryColumns, creditColumns, depositColumns, productColumns, reportCsv, revenueColumns, unitColumns, type ReportsQuery } from './report-csv';
import {
  COUNTED_STATUSES,
  defaultReportRange,
  DEPOSIT_OPEN_STATUSES,
  creditsByMonth,
  rankSales,
  resolveRange,
  revenueByMonth,
  unitReport,
  type CreditMonth,
  type DateRange,
  type RevenueMonth,
  type SalesRow,
  type UnitAllocation,
  type UnitReport,
  type UnitRow,
} from './reports';

/**
 * The SQL behind /admin/reports. Every report reads the business's local calendar: an event on
 * 31 July at 8 pm local time is July revenue, whatever UTC says. Reports only read.
 */

const counted = [...COUNTED_STATUSES];

export interface RevenueReport {
  months: RevenueMonth[];
  total: Omit<RevenueMonth, 'month'>;
}

/**
 * Booked: totals of counted bookings by the month of their event. Collected: successful payments
 * minus refunds by the month the money moved. The two answer different questions ("what work did
 * we sell for July?" and "what reached the bank in July?") and rarely match.
 */
export async function revenueReport(sql: Sql, range: DateRange, tz: string): Promise<RevenueReport> {
  const [booked, collected] = await Promise.all([
    sql<{ month: string; bookings: number; booked_cents: string; adjustments_cents: string }[]>`
      select to_char(b.event_start at time zone ${tz}, 'YYYY-MM') as month, count(*)::int as bookings,
        coalesce(sum(b.total_cents), 0)::int8 as booked_cents, coalesce(sum(b.adjustments_cents), 0)::int8 as adjustments_cents
      from bookings b
      where b.status = any(${counted}::text[])
        and (b.event_start at time zone ${tz})::date between ${range.from}::date and ${range.to}::date
      group by 1`,
    sql<{ month: string; paid_cents: string; refunded_cents: string }[]>`
      select to_char(p.created_at at time zone ${tz}, 'YYYY-MM') as month,
        coalesce(sum(p.amount_cents) filter (where p.kind <> 'refund'), 0)::int8 as paid_cents,
        coalesce(sum(p.amount_cents) filter (where p.kind = 'refund'), 0)::int8 as refunded_cents
      from payments p
      where p.status = 'succeeded' and p.method <> 'credit'
        and (p.created_at at time zone ${tz})::date between ${range.from}::date and ${range.to}::date
      group by 1`,
  ]);
  return revenueByMonth(
    range,
    booked.map((r) => ({ month: r.month, bookings: r.bookings, bookedCents: Number(r.booked_cents), adjustmentsCents: Number(r.adjustments_cents) })),
    collected.map((r) => ({ month: r.month, paidCents: Number(r.paid_cents), refundedCents: Number(r.refunded_cents) })),
  );
}

export interface CreditReport {
  months: CreditMonth[];
  total: Omit<CreditMonth, 'month'>;
}

/**
 * The credit ledger by month, in the business's calendar: credits issued (by the day given), used
 * (spends by the day spent, less what refunds gave back to credit that month) and expired (what was
 * left of a credit, not voided, whose last day fell in the month and is past by `today`).
 */
export async function creditReport(sql: Sql, range: DateRange, tz: string, today: string): Promise<CreditReport> {
  const [issued, used, expired] = await Promise.all([
    sql<{ month: string; count: number; cents: string }[]>`
      select to_char(created_at at time zone ${tz}, 'YYYY-MM') as month, count(*)::int as count, coalesce(sum(amount_cents), 0)::int8 as cents
      from customer_credits
      where (created_at at time zone ${tz})::date between ${range.from}::date and ${range.to}::date
      group by 1`,
    sql<{ month: string; count: number; cents: string }[]>`
      select to_char(created_at at time zone ${tz}, 'YYYY-MM') as month,
        count(distinct payment_id) filter (where amount_cents > 0)::int as count, coalesce(sum(amount_cents), 0)::int8 as cents
      from credit_uses
      where (created_at at time zone ${tz})::date between ${range.from}::date and ${range.to}::date
      group by 1`,
    sql<{ month: string; count: number; cents: string }[]>`
      select to_char(expires_on, 'YYYY-MM') as month, count(*)::int as count, coalesce(sum(remaining_cents), 0)::int8 as cents
      from customer_credits
      where voided_at is null and remaining_cents > 0 and expires_on < ${today}::date
        and expires_on between ${range.from}::date and ${range.to}::date
      group by 1`,
  ]);
  const rows = (list: { month: string; count: number; cents: string }[]) => list.map((r) => ({ month: r.month, count: r.count, cents: Number(r.cents) }));
  return creditsByMonth(range, { issued: rows(issued), used: rows(used), expired: rows(expired) });
}

export interface ProductSales extends SalesRow {
  category: string;
}

/** The booking lines of counted bookings with the event in the range, with their product (p) and category (c). */
const countedLines = (sql: Sql, range: DateRange, tz: string) => sql`
  from booking_items bi
  join bookings b on b.id = bi.booking_id
  join products p on p.id = bi.product_id
  join categories c on c.id = p.category_id
  where b.status = any(${counted}::text[])
    and (b.event_start at time zone ${tz})::date between ${range.from}::date and ${range.to}::date`;

/** Booking lines of counted bookings with the event in the range, by product (its current name). */
export async function productSales(sql: Sql, range: DateRange, tz: string): Promise<ProductSales[]> {
  const rows = await sql<{ key: string; name: string; category: string; bookings: number; units: number; revenue_cents: string }[]>`
    select p.id as key, p.name, c.name as category, count(distinct bi.booking_id)::int as bookings,
      sum(bi.quantity)::int as units, sum(bi.line_total_cents)::int8 as revenue_cents
    ${countedLines(sql, range, tz)}
    group by p.id, p.name, c.name`;
  return rankSales(rows.map((r) => ({ key: r.key, name: r.name, category: r.category, bookings: r.bookings, units: r.units, revenueCents: Number(r.revenue_cents) })));
}

/** The same lines by the product's category. */
export async function categorySales(sql: Sql, range: DateRange, tz: string): Promise<SalesRow[]> {
  const rows = await sql<{ key: string; name: string; bookings: number; units: number; revenue_cents: string }[]>`
    select c.id as key, c.name, count(distinct bi.booking_id)::int as bookings,
      sum(bi.quantity)::int as units, sum(bi.line_total_cents)::int8 as revenue_cents
    ${countedLines(sql, range, tz)}
    group by c.id, c.name`;
  return rankSales(rows.map((r) => ({ key: r.key, name: r.name, bookings: r.bookings, units: r.units, revenueCents: Number(r.revenue_cents) })));
}

/**
 * Every physical unit with its days out, revenue share and return on its purchase cost over the
 * range. A line's revenue goes to the units allocated to it (unit_allocations → booking_items);
 * package lines are split by each unit's product list price.
 */
export async function unitsReport(sql: Sql, range: DateRange, tz: string): Promise<UnitReport[]> {
  const [units, allocations] = await Promise.all([
    sql<{ id: string; label: string; product_name: string; status: string; purchase_cost_cents: number | null }[]>`
      select u.id, u.label, p.name as product_name, u.status, u.purchase_cost_cents
      from inventory_units u join products p on p.id = u.product_id
      order by p.name, u.label`,
    sql<{ unit_id: string; booking_item_id: string; line_total_cents: number; weight: number; event_start: Date; event_end: Date }[]>`
      select a.unit_id, a.booking_item_id, bi.line_total_cents, up.base_price_cents as weight, b.event_start, b.event_end
      from unit_allocations a
      join bookings b on b.id = a.booking_id
      join booking_items bi on bi.id = a.booking_item_id
      join inventory_units u on u.id = a.unit_id
      join products up on up.id = u.product_id
      where a.released_at is null and b.status = any(${counted}::text[])
        and (b.event_start at time zone ${tz})::date between ${range.from}::date and ${range.to}::date`,
  ]);
  const unitRows: UnitRow[] = units.map((u) => ({ id: u.id, label: u.label, productName: u.product_name, status: u.status, purchaseCostCents: u.purchase_cost_cents }));
  const allocationRows: UnitAllocation[] = allocations.map((a) => {
    const days = localDaysTouched({ start: a.event_start, end: a.event_end }, tz);
    return { unitId: a.unit_id, bookingItemId: a.booking_item_id, lineTotalCents: a.line_total_cents, weight: a.weight, firstDay: days[0]!, lastDay: days[days.length - 1]! };
  });
  return unitReport(range, unitRows, allocationRows);
}

export interface OutstandingDeposit {
  id: string;
  number: string;
  customerName: string;
  status: string;
  eventDate: string;
  /** The event is today or later. */
  upcoming: boolean;
  totalCents: number;
  depositCents: number;
  paidCents: number;
  /** deposit − paid. */
  shortCents: number;
}

/**
 * Open bookings whose payments have not reached the deposit yet: upcoming events first (soonest
 * first: those need chasing now), then past events (most recent first). Not limited to the range:
 * money owed is owed whenever the event was.
 */
export async function outstandingDeposits(sql: Sql, clock: BusinessClock): Promise<OutstandingDeposit[]> {
  const tz = clock.timeZone;
  const today = clock.today();
  const rows = await sql<{ id: string; number: string; customer_name: string; status: string; event_date: string; total_cents: number; deposit_cents: number; amount_paid_cents: number }[]>`
    select b.id, b.number, b.contact_name as customer_name, b.status,
      to_char(b.event_start at time zone ${tz}, 'YYYY-MM-DD') as event_date,
      b.total_cents, b.deposit_cents, b.amount_paid_cents
    from bookings b
    where b.status = any(${[...DEPOSIT_OPEN_STATUSES]}::text[]) and b.amount_paid_cents < b.deposit_cents
    order by ((b.event_start at time zone ${tz})::date < ${today}::date),
      case when (b.event_start at time zone ${tz})::date >= ${today}::date then b.event_start end asc,
      b.event_start desc, b.number`;
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    customerName: r.customer_name,
    status: r.status,
    eventDate: r.event_date,
    upcoming: r.event_date >= today,
    totalCents: r.total_cents,
    depositCents: r.deposit_cents,
    paidCents: r.amount_paid_cents,
    shortCents: r.deposit_cents - r.amount_paid_cents,
  }));
}

export interface ReportsData {
  range: DateRange;
  today: string;
  timeZone: string;
  revenue: RevenueReport;
  products: ProductSales[];
  categories: SalesRow[];
  units: UnitReport[];
  deposits: OutstandingDeposit[];
  credits: CreditReport;
}

export async function allReports(sql: Sql, range: DateRange, clock: BusinessClock): Promise<ReportsData> {
  const tz = clock.timeZone;
  const today = clock.today();
  const [revenue, products, categories, units, deposits, credits] = await Promise.all([
    revenueReport(sql, range, tz),
    productSales(sql, range, tz),
    categorySales(sql, range, tz),
    unitsReport(sql, range, tz),
    outstandingDeposits(sql, clock),
    creditReport(sql, range, tz, today),
  ]);
  return { range, today, timeZone: tz, revenue, products, categories, units, deposits, credits };
}

/**
 * The business's clock and the range a report query asks for, the missing end(s) taken from the
 * default for today there; an impossible range is a 400 on `to`.
 */
export async function reportWindow(sql: Sql, query: { from?: string | undefined; to?: string | undefined }, now: Date, defaultRange: (today: string) => DateRange): Promise<{ range: DateRange; clock: BusinessClock }> {
  const clock = await getBusinessClock(sql, now);
  const resolved = resolveRange(query, defaultRange(clock.today()));
  if (!resolved.ok) throw fieldError(resolved.field, resolved.message);
  return { range: resolved.range, clock };
}

/** Every report for the range asked for (GET /api/admin/reports). */
export async function reportsOverview(sql: Sql, query: ReportsQuery, now: Date): Promise<ReportsData> {
  const { range, clock } = await reportWindow(sql, query, now, defaultReportRange);
  return allReports(sql, range, clock);
}

/** The one report `query.report` names, as a CSV file (`?format=csv`). */
export async function reportExport(sql: Sql, query: ReportsQuery, now: Date): Promise<CsvFile> {
  const { range, clock } = await reportWindow(sql, query, now, defaultReportRange);
  const tz = clock.timeZone;
  switch (query.report) {
    case 'revenue':
      return reportCsv('Revenue by month', range, revenueColumns, (await revenueReport(sql, range, tz)).months);
    case 'products':
      return reportCsv('Bookings by product', range, productColumns, await productSales(sql, range, tz));
    case 'categories':
      return reportCsv('Bookings by category', range, categoryColumns, await categorySales(sql, range, tz));
    case 'units':
      return reportCsv('Units utilisation and ROI', range, unitColumns, await unitsReport(sql, range, tz));
    case 'credits':
      return reportCsv('Credits by month', range, creditColumns, (await creditReport(sql, range, tz, clock.today())).months);
    case 'deposits':
      return reportCsv(`Deposits outstanding ${clock.today()}`, null, depositColumns, await outstandingDeposits(sql, clock));
    case 'journal':
      return reportCsv('Journal', range, journalColumns, journalWithTotals(await journalLines(sql, range, tz, clock.today()), range));
    default:
      throw fieldError('report', 'Choose which report to export');
  }
}
