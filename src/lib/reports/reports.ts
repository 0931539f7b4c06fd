import { z } from '../validation';
import { addDays, DATE_YEARS_MESSAGE, daysBetween, isInDateYears, isIsoDate } from '../time';
import { monthBounds } from '../admin';

export { monthBounds };

/**
 * Report maths for /admin/reports and /admin/analytics: pure functions over rows the SQL in
 * reports.server.ts / analytics.server.ts returns. Dates are the business's local calendar days
 * ('YYYY-MM-DD'), months 'YYYY-MM'; money is integer cents.
 */

/** Bookings that count as business: not an unpaid checkout hold, not cancelled or expired. */
export const COUNTED_STATUSES = ['deposit_due', 'confirmed', 'out_for_delivery', 'delivered', 'completed'] as const;
/** Open bookings that still need their deposit collected. */
export const DEPOSIT_OPEN_STATUSES = ['deposit_due', 'confirmed', 'out_for_delivery', 'delivered'] as const;

/** Longest range a report covers: three years keeps every query small. */
export const MAX_RANGE_DAYS = 1096;

export interface DateRange {
  from: string;
  to: string;
}

const isoDay = z.string().refine(isIsoDate, 'Use a date like 2026-07-04').refine(isInDateYears, DATE_YEARS_MESSAGE);

export const rangeQuery = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
});

/**
 * The range a report covers: what the query asked for, with the missing end(s) taken from the
 * default; an end before the start or a range over three years is a 400 on `to`.
 */
export function resolveRange(query: z.infer<typeof rangeQuery>, fallback: DateRange): { ok: true; range: DateRange } | { ok: false; field: 'to'; message: string } {
  const range = { from: query.from ?? fallback.from, to: query.to ?? fallback.to };
  if (range.to < range.from) return { ok: false, field: 'to', message: 'The end date must be on or after the start date' };
  if (daysBetween(range.from, range.to) + 1 > MAX_RANGE_DAYS) return { ok: false, field: 'to', message: 'Choose a range of at most three years' };
  return { ok: true, range };
}

export const monthOf = (isoDate: string) => isoDate.slice(0, 7);

/** Reports by default: the last twelve months and the next three, so upcoming bookings show too. */
export function defaultReportRange(today: string): DateRange {
  return { from: monthBounds(today, -11).from, to: monthBounds(today, 3).to };
}

/** Analytics by default: the last 30 days including today. */
export function defaultAnalyticsRange(today: string): DateRange {
  return { from: addDays(today, -29), to: today };
}

/** Every 'YYYY-MM' the range touches, in order. */
export function monthsIn(range: DateRange): string[] {
  const months: string[] = [];
  for (let m = monthBounds(range.from); m.from <= range.to; m = monthBounds(m.from, 1)) months.push(monthOf(m.from));
  return months;
}

/** Every day of the range, in order. */
export function daysIn(range: DateRange): string[] {
  const days: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** part / whole as a percentage rounded to one decimal; null when there is no whole. */
export function percent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}

// --- Revenue by month --------------------------------------------------------------------------

export interface BookedMonthRow {
  month: string;
  bookings: number;
  bookedCents: number;
  adjustmentsCents: number;
}
export interface CollectedMonthRow {
  month: string;
  paidCents: number;
  refundedCents: number;
}
export interface RevenueMonth {
  month: string;
  /** Non-cancelled bookings whose event falls in the month. */
  bookings: number;
  /** Their totals (rentals, delivery, damage waiver and tax, less discounts). */
  bookedCents: number;
  /** The staff discounts and surcharges within those totals, signed. */
  adjustmentsCents: number;
  /** Successful payments received in the month. */
  paidCents: number;
  /** Refunds made in the month. */
  refundedCents: number;
  /** paid − refunded. */
  collectedCents: number;
}

/** One row per month of the range (months with nothing show zeros), plus the totals. */
export function revenueByMonth(range: DateRange, booked: BookedMonthRow[], collected: CollectedMonthRow[]): { months: RevenueMonth[]; total: Omit<RevenueMonth, 'month'> } {
  const months = monthsIn(range).map((month) => {
    const b = booked.find((r) => r.month === month);
    const c = collected.find((r) => r.month === month);
    const paidCents = c?.paidCents ?? 0;
    const refundedCents = c?.refundedCents ?? 0;
    return { month, bookings: b?.bookings ?? 0, bookedCents: b?.bookedCents ?? 0, adjustmentsCents: b?.adjustmentsCents ?? 0, paidCents, refundedCents, collectedCents: paidCents - refundedCents };
  });
  const total = { bookings: 0, bookedCents: 0, adjustmentsCents: 0, paidCents: 0, refundedCents: 0, collectedCents: 0 };
  for (const m of months) {
    total.bookings += m.bookings;
    total.bookedCents += m.bookedCents;
    total.adjustmentsCents += m.adjustmentsCents;
    total.paidCents += m.paidCents;
    total.refundedCents += m.refundedCents;
    total.collectedCents += m.collectedCents;
  }
  return { months, total };
}

// --- Credits by month ----------------------------------------------------------------------------

/** One month of the credit ledger: each figure as a count and an amount. */
export interface CreditMonth {
  month: string;
  /** Credits given in the month. */
  issuedCount: number;
  issuedCents: number;
  /** Spends on bookings in the month (one per credit payment), and their amount less what refunds gave back to credit in the month. */
  usedCount: number;
  usedCents: number;
  /** Credits whose last day fell in the month (and has passed) with something left: what was lost. */
  expiredCount: number;
  expiredCents: number;
}

export interface CreditMonthRow {
  month: string;
  count: number;
  cents: number;
}

/** One row per month of the range (months with nothing show zeros), plus the totals. */
export function creditsByMonth(
  range: DateRange,
  rows: { issued: CreditMonthRow[]; used: CreditMonthRow[]; expired: CreditMonthRow[] },
): { months: CreditMonth[]; total: Omit<CreditMonth, 'month'> } {
  const at = (list: CreditMonthRow[], month: string) => list.find((r) => r.month === month) ?? { count: 0, cents: 0 };
  const months = monthsIn(range).map((month) => {
    const issued = at(rows.issued, month);
    const used = at(rows.used, month);
    const expired = at(rows.expired, month);
    return { month, issuedCount: issued.count, issuedCents: issued.cents, usedCount: used.count, usedCents: used.cents, expiredCount: expired.count, expiredCents: expired.cents };
  });
  const total = { issuedCount: 0, issuedCents: 0, usedCount: 0, usedCents: 0, expiredCount: 0, expiredCents: 0 };
  for (const m of months) for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += m[key];
  return { months, total };
}

// --- Bookings by product / category -------------------------------------------------------------

export interface SalesRow {
  key: string;
  name: string;
  /** Bookings with at least one line of it. */
  bookings: number;
  /** Units rented (sum of quantities). */
  units: number;
  /** Sum of its line totals (before delivery, damage waiver, tax and discounts). */
  revenueCents: number;
}

/** Highest revenue first, then most units, then by name: the order staff read a league table in. */
export function rankSales<T extends SalesRow>(rows: T[]): T[] {
  return [...rows].sort((a, b) => b.revenueCents - a.revenueCents || b.units - a.units || a.name.localeCompare(b.name));
}

// --- Units: utilisation and ROI ------------------------------------------------------------------

export interface AllocationShare {
  unitId: string;
  /** Relative share of the line it gets (the unit's product list price; equal when all zero). */
  weight: number;
}

/**
 * Splits a booking line's revenue over the physical units that served it. A plain line of two
 * castles splits evenly; a package line is split by each unit's product price, so the bounce house
 * in a package earns more than the table set. Largest remainder keeps the split to the cent.
 */
export function splitLine(lineTotalCents: number, shares: AllocationShare[]): Map<string, number> {
  const result = new Map<string, number>();
  if (shares.length === 0) return result;
  const totalWeight = shares.reduce((sum, s) => sum + Math.max(0, s.weight), 0);
  const weights = totalWeight > 0 ? shares.map((s) => Math.max(0, s.weight)) : shares.map(() => 1);
  const weightSum = totalWeight > 0 ? totalWeight : shares.length;
  const exact = weights.map((w) => (lineTotalCents * w) / weightSum);
  const floors = exact.map(Math.floor);
  let left = lineTotalCents - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - floors[i]! })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  shares.forEach((s, i) => result.set(s.unitId, (result.get(s.unitId) ?? 0) + floors[i]!));
  return result;
}

export interface UnitRow {
  id: string;
  label: string;
  productName: string;
  status: string;
  purchaseCostCents: number | null;
}

export interface UnitAllocation {
  unitId: string;
  bookingItemId: string;
  lineTotalCents: number;
  weight: number;
  /** Local days of the event, first and last (inclusive). */
  firstDay: string;
  lastDay: string;
}

export interface UnitReport extends UnitRow {
  bookings: number;
  /** Days of the range the unit was out on a booking. */
  bookedDays: number;
  /** bookedDays / days in the range, %. */
  utilisationPercent: number;
  revenueCents: number;
  /** Revenue per day it was out; null when it never was. */
  revenuePerBookedDayCents: number | null;
  /** Revenue in the range ÷ purchase cost, %; null without a cost. */
  roiPercent: number | null;
}

/**
 * Per unit over the range: how many days it was rented, its share of the revenue of the lines it
 * served, and that revenue against what the unit cost. `allocations` are those of counted bookings
 * whose event starts in the range.
 */
export function unitReport(range: DateRange, units: UnitRow[], allocations: UnitAllocation[]): UnitReport[] {
  const rangeDays = daysBetween(range.from, range.to) + 1;
  const byLine = new Map<string, UnitAllocation[]>();
  for (const a of allocations) byLine.set(a.bookingItemId, [...(byLine.get(a.bookingItemId) ?? []), a]);
  const revenue = new Map<string, number>();
  for (const lines of byLine.values()) {
    for (const [unitId, cents] of splitLine(lines[0]!.lineTotalCents, lines.map((l) => ({ unitId: l.unitId, weight: l.weight })))) {
      revenue.set(unitId, (revenue.get(unitId) ?? 0) + cents);
    }
  }
  return units.map((unit) => {
    const own = allocations.filter((a) => a.unitId === unit.id);
    const days = new Set<string>();
    for (const a of own) {
      const first = a.firstDay < range.from ? range.from : a.firstDay;
      const last = a.lastDay > range.to ? range.to : a.lastDay;
      for (let d = first; d <= last; d = addDays(d, 1)) days.add(d);
    }
    const revenueCents = revenue.get(unit.id) ?? 0;
    return {
      ...unit,
      bookings: new Set(own.map((a) => a.bookingItemId)).size,
      bookedDays: days.size,
      utilisationPercent: percent(days.size, rangeDays) ?? 0,
      revenueCents,
      revenuePerBookedDayCents: days.size > 0 ? Math.round(revenueCents / days.size) : null,
      roiPercent: unit.purchaseCostCents ? percent(revenueCents, unit.purchaseCostCents) : null,
    };
  });
}

// --- Booking funnel ----------------------------------------------------------------------------

export const FUNNEL_STEPS = [
  { event: 'product_view', label: 'Viewed a product' },
  { event: 'add_to_cart', label: 'Added to cart' },
  { event: 'checkout_start', label: 'Started checkout' },
  { event: 'booking_created', label: 'Booked' },
] as const;
export type FunnelEvent = (typeof FUNNEL_STEPS)[number]['event'];

export interface FunnelStep {
  event: FunnelEvent;
  label: string;
  count: number;
  /** This step ÷ the step before, %; null for the first step or after an empty step. */
  fromPreviousPercent: number | null;
  /** This step ÷ the first step, %. */
  fromFirstPercent: number | null;
}

export function funnel(counts: Partial<Record<FunnelEvent, number>>): FunnelStep[] {
  const first = counts[FUNNEL_STEPS[0].event] ?? 0;
  return FUNNEL_STEPS.map((step, i) => {
    const count = counts[step.event] ?? 0;
    const previous = i === 0 ? null : (counts[FUNNEL_STEPS[i - 1]!.event] ?? 0);
    return {
      event: step.event,
      label: step.label,
      count,
      fromPreviousPercent: previous === null ? null : percent(count, previous),
      fromFirstPercent: percent(count, first),
    };
  });
}

export interface DailyViews {
  day: string;
  views: number;
  visitors: number;
}

/** One row per day of the range, days without views as zeros. */
export function fillDays(range: DateRange, rows: DailyViews[]): DailyViews[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return daysIn(range).map((day) => byDay.get(day) ?? { day, views: 0, visitors: 0 });
}
