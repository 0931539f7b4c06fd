import { describe, expect, it } from 'vitest';
import {
  creditsByMonth,
  defaultAnalyticsRange,
  defaultReportRange,
  fillDays,
  funnel,
  monthBounds,
  monthsIn,
  percent,
  rankSales,
  resolveRange,
  revenueByMonth,
  splitLine,
  unitReport,
} from './reports';

describe('ranges', () => {
  it('defaults reports to the last 12 months and the next 3, analytics to the last 30 days', () => {
    expect(defaultReportRange('2026-11-22')).toEqual({ from: '2025-12-01', to: '2027-02-28' });
    expect(defaultAnalyticsRange('2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('fills a missing end from the default and refuses reversed or over-long ranges', () => {
    const fallback = { from: '2026-01-01', to: '2026-12-31' };
    expect(resolveRange({ from: '2026-06-01' }, fallback)).toEqual({ ok: true, range: { from: '2026-06-01', to: '2026-12-31' } });
    expect(resolveRange({ from: '2026-06-02', to: '2026-06-01' }, fallback)).toMatchObject({ ok: false, field: 'to' });
    expect(resolveRange({ from: '2020-01-01', to: '2022-12-31' }, fallback)).toMatchObject({ ok: true });
    expect(resolveRange({ from: '2020-01-01', to: '2023-01-01' }, fallback)).toMatchObject({ ok: false, message: 'Choose a range of at most three years' });
  });

  it('walks months across a year end and handles month lengths', () => {
    expect(monthBounds('2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthBounds('2026-01-31', -2)).toEqual({ from: '2025-11-01', to: '2025-11-30' });
    expect(monthsIn({ from: '2025-11-15', to: '2026-02-01' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('rounds percentages to one decimal and has none without a whole', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(5, 0)).toBeNull();
  });
});

describe('creditsByMonth', () => {
  it('puts each figure in its month, zeros where nothing happened, and totals counts and amounts', () => {
    const report = creditsByMonth(
      { from: '2026-03-15', to: '2026-05-02' },
      {
        issued: [{ month: '2026-03', count: 2, cents: 7500 }],
        used: [
          { month: '2026-03', count: 1, cents: 2000 },
          { month: '2026-05', count: 3, cents: -500 },
        ],
        expired: [{ month: '2026-04', count: 1, cents: 1200 }],
      },
    );
    expect(report.months).toEqual([
      { month: '2026-03', issuedCount: 2, issuedCents: 7500, usedCount: 1, usedCents: 2000, expiredCount: 0, expiredCents: 0 },
      { month: '2026-04', issuedCount: 0, issuedCents: 0, usedCount: 0, usedCents: 0, expiredCount: 1, expiredCents: 1200 },
      { month: '2026-05', issuedCount: 0, issuedCents: 0, usedCount: 3, usedCents: -500, expiredCount: 0, expiredCents: 0 },
    ]);
    expect(report.total).toEqual({ issuedCount: 2, issuedCents: 7500, usedCount: 4, usedCents: 1500, expiredCount: 1, expiredCents: 1200 });
  });
});

describe('revenueByMonth', () => {
  it('shows every month, collected as paid minus refunded, and totals', () => {
    const result = revenueByMonth(
      { from: '2026-01-01', to: '2026-03-31' },
      [{ month: '2026-02', bookings: 2, bookedCents: 50_000, adjustmentsCents: -1_500 }],
      [
        { month: '2026-01', paidCents: 10_000, refundedCents: 0 },
        { month: '2026-03', paidCents: 5_000, refundedCents: 7_500 },
      ],
    );
    expect(result.months).toEqual([
      { month: '2026-01', bookings: 0, bookedCents: 0, adjustmentsCents: 0, paidCents: 10_000, refundedCents: 0, collectedCents: 10_000 },
      { month: '2026-02', bookings: 2, bookedCents: 50_000, adjustmentsCents: -1_500, paidCents: 0, refundedCents: 0, collectedCents: 0 },
      { month: '2026-03', bookings: 0, bookedCents: 0, adjustmentsCents: 0, paidCents: 5_000, refundedCents: 7_500, collectedCents: -2_500 },
    ]);
    expect(result.total).toEqual({ bookings: 2, bookedCents: 50_000, adjustmentsCents: -1_500, paidCents: 15_000, refundedCents: 7_500, collectedCents: 7_500 });
  });
});

describe('rankSales', () => {
  it('orders by revenue, then units, then name', () => {
    const rows = [
      { key: 'a', name: 'B', bookings: 1, units: 1, revenueCents: 100 },
      { key: 'b', name: 'A', bookings: 1, units: 1, revenueCents: 100 },
      { key: 'c', name: 'C', bookings: 1, units: 3, revenueCents: 100 },
      { key: 'd', name: 'D', bookings: 1, units: 1, revenueCents: 900 },
    ];
    expect(rankSales(rows).map((r) => r.key)).toEqual(['d', 'c', 'b', 'a']);
  });
});

describe('splitLine', () => {
  it('splits evenly between equal units and keeps every cent', () => {
    const split = splitLine(10_001, [
      { unitId: 'u1', weight: 5 },
      { unitId: 'u2', weight: 5 },
    ]);
    expect([...split.values()].reduce((a, b) => a + b)).toBe(10_001);
    expect(split.get('u1')).toBe(10_001 - split.get('u2')!);
    expect(Math.abs(split.get('u1')! - split.get('u2')!)).toBe(1);
  });

  it('splits a package by product price, and evenly when every price is zero', () => {
    const split = splitLine(30_000, [
      { unitId: 'castle', weight: 20_000 },
      { unitId: 'tables', weight: 10_000 },
    ]);
    expect(Object.fromEntries(split)).toEqual({ castle: 20_000, tables: 10_000 });
    expect(Object.fromEntries(splitLine(100, [{ unitId: 'a', weight: 0 }, { unitId: 'b', weight: 0 }, { unitId: 'c', weight: 0 }]))).toEqual({ a: 34, b: 33, c: 33 });
    expect(splitLine(100, []).size).toBe(0);
  });
});

describe('unitReport', () => {
  const range = { from: '2026-06-01', to: '2026-06-10' };
  const units = [
    { id: 'u1', label: 'Castle #1', productName: 'Castle', status: 'available', purchaseCostCents: 200_000 },
    { id: 'u2', label: 'Castle #2', productName: 'Castle', status: 'available', purchaseCostCents: null },
    { id: 'u3', label: 'Slide #1', productName: 'Slide', status: 'retired', purchaseCostCents: 0 },
  ];

  it('counts days out (clipped to the range, overlaps once), revenue share and ROI', () => {
    const report = unitReport(range, units, [
      // A two-castle line: split evenly.
      { unitId: 'u1', bookingItemId: 'line1', lineTotalCents: 40_000, weight: 1, firstDay: '2026-06-02', lastDay: '2026-06-03' },
      { unitId: 'u2', bookingItemId: 'line1', lineTotalCents: 40_000, weight: 1, firstDay: '2026-06-02', lastDay: '2026-06-03' },
      // Starts in the range, runs past its end: days after the 10th are not counted.
      { unitId: 'u1', bookingItemId: 'line2', lineTotalCents: 30_000, weight: 1, firstDay: '2026-06-09', lastDay: '2026-06-12' },
    ]);
    expect(report[0]).toMatchObject({ bookings: 2, bookedDays: 4, utilisationPercent: 40, revenueCents: 50_000, revenuePerBookedDayCents: 12_500, roiPercent: 25 });
    expect(report[1]).toMatchObject({ bookings: 1, bookedDays: 2, utilisationPercent: 20, revenueCents: 20_000, roiPercent: null });
    expect(report[2]).toMatchObject({ bookings: 0, bookedDays: 0, utilisationPercent: 0, revenueCents: 0, revenuePerBookedDayCents: null, roiPercent: null });
  });
});

describe('funnel and daily views', () => {
  it('gives step-to-step and overall conversion', () => {
    const steps = funnel({ product_view: 200, add_to_cart: 50, checkout_start: 20, booking_created: 5 });
    expect(steps.map((s) => [s.count, s.fromPreviousPercent, s.fromFirstPercent])).toEqual([
      [200, null, 100],
      [50, 25, 25],
      [20, 40, 10],
      [5, 25, 2.5],
    ]);
    expect(funnel({}).map((s) => s.fromPreviousPercent)).toEqual([null, null, null, null]);
  });

  it('fills days without views with zeros', () => {
    expect(fillDays({ from: '2026-02-27', to: '2026-03-01' }, [{ day: '2026-02-28', views: 3, visitors: 2 }])).toEqual([
      { day: '2026-02-27', views: 0, visitors: 0 },
      { day: '2026-02-28', views: 3, visitors: 2 },
      { day: '2026-03-01', views: 0, visitors: 0 },
    ]);
  });
});
