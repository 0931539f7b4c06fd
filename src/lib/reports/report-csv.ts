import { z } from '../validation';
import { listFormat } from '../lists';
import { csvFileName, toCsv, type CsvColumn, type CsvFile } from './csv';
import { centsToDecimal } from '../money';
import { rangeQuery, type CreditMonth, type DailyViews, type DateRange, type FunnelStep, type RevenueMonth, type SalesRow, type UnitReport } from './reports';

/** The CSV file of each report: the same columns as its table on screen, amounts in dollars. */

export const REPORT_NAMES = ['revenue', 'products', 'categories', 'units', 'deposits', 'credits', 'journal'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const ANALYTICS_REPORT_NAMES = ['daily', 'pages', 'funnel'] as const;
export type AnalyticsReportName = (typeof ANALYTICS_REPORT_NAMES)[number];

const { format } = listFormat;

/** GET /api/admin/reports: a range, and `format=csv&report=…` for one report as a file. */
export const reportsQuery = rangeQuery.extend({
  format,
  report: z.enum(REPORT_NAMES, { error: `Report is one of: ${REPORT_NAMES.join(', ')}` }).optional(),
});
export type ReportsQuery = z.infer<typeof reportsQuery>;

/** GET /api/admin/analytics: the same, with the analytics reports. */
export const analyticsQuery = rangeQuery.extend({
  format,
  report: z.enum(ANALYTICS_REPORT_NAMES, { error: `Report is one of: ${ANALYTICS_REPORT_NAMES.join(', ')}` }).optional(),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

export const revenueColumns: CsvColumn<RevenueMonth>[] = [
  { header: 'Month', value: (r) => r.month },
  { header: 'Bookings (by event month)', value: (r) => r.bookings },
  { header: 'Booked revenue ($)', value: (r) => money(r.bookedCents) },
  { header: 'Staff adjustments in it ($)', value: (r) => money(r.adjustmentsCents) },
  { header: 'Payments received ($)', value: (r) => money(r.paidCents) },
  { header: 'Refunds ($)', value: (r) => money(r.refundedCents) },
  { header: 'Collected ($)', value: (r) => money(r.collectedCents) },
];

export const productColumns: CsvColumn<SalesRow & { category: string }>[] = [
  { header: 'Product', value: (r) => r.name },
  { header: 'Category', value: (r) => r.category },
  { header: 'Bookings', value: (r) => r.bookings },
  { header: 'Units', value: (r) => r.units },
  { header: 'Revenue ($)', value: (r) => money(r.revenueCents) },
];

export const categoryColumns: CsvColumn<SalesRow>[] = [
  { header: 'Category', value: (r) => r.name },
  { header: 'Bookings', value: (r) => r.bookings },
  { header: 'Units', value: (r) => r.units },
  { header: 'Revenue ($)', value: (r) => money(r.revenueCents) },
];

export const unitColumns: CsvColumn<UnitReport>[] = [
  { header: 'Product', value: (r) => r.productName },
  { header: 'Unit', value: (r) => r.label },
  { header: 'Status', value: (r) => r.status },
  { header: 'Bookings', value: (r) => r.bookings },
  { header: 'Days out', value: (r) => r.bookedDays },
  { header: 'Utilisation (%)', value: (r) => r.utilisationPercent },
  { header: 'Revenue ($)', value: (r) => money(r.revenueCents) },
  { header: 'Revenue per day out ($)', value: (r) => money(r.revenuePerBookedDayCents) },
  { header: 'Purchase cost ($)', value: (r) => money(r.purchaseCostCents) },
  { header: 'Revenue / cost (%)', value: (r) => r.roiPercent },
];

export interface DepositCsvRow {
  number: string;
  customerName: string;
  status: string;
  eventDate: string;
  totalCents: number;
  depositCents: number;
  paidCents: number;
  shortCents: number;
}

export const depositColumns: CsvColumn<DepositCsvRow>[] = [
  { header: 'Booking', value: (r) => r.number },
  { header: 'Customer', value: (r) => r.customerName },
  { header: 'Status', value: (r) => r.status },
  { header: 'Event date', value: (r) => r.eventDate },
  { header: 'Total ($)', value: (r) => money(r.totalCents) },
  { header: 'Deposit ($)', value: (r) => money(r.depositCents) },
  { header: 'Paid ($)', value: (r) => money(r.paidCents) },
  { header: 'Deposit still due ($)', value: (r) => money(r.shortCents) },
];

export const creditColumns: CsvColumn<CreditMonth>[] = [
  { header: 'Month', value: (r) => r.month },
  { header: 'Credits issued', value: (r) => r.issuedCount },
  { header: 'Issued ($)', value: (r) => money(r.issuedCents) },
  { header: 'Spends', value: (r) => r.usedCount },
  { header: 'Used ($)', value: (r) => money(r.usedCents) },
  { header: 'Credits expired', value: (r) => r.expiredCount },
  { header: 'Expired ($)', value: (r) => money(r.expiredCents) },
];

export const dailyColumns: CsvColumn<DailyViews>[] = [
  { header: 'Day', value: (r) => r.day },
  { header: 'Page views', value: (r) => r.views },
  { header: 'Visitors', value: (r) => r.visitors },
];

export interface TopPage {
  path: string;
  views: number;
  visitors: number;
}

export const pageColumns: CsvColumn<TopPage>[] = [
  { header: 'Page', value: (r) => r.path },
  { header: 'Page views', value: (r) => r.views },
  { header: 'Visitors', value: (r) => r.visitors },
];

export const funnelColumns: CsvColumn<FunnelStep>[] = [
  { header: 'Step', value: (r) => r.label },
  { header: 'Event', value: (r) => r.event },
  { header: 'Count', value: (r) => r.count },
  { header: 'From previous step (%)', value: (r) => r.fromPreviousPercent },
  { header: 'From first step (%)', value: (r) => r.fromFirstPercent },
];

export function reportCsv<T>(title: string, range: DateRange | null, columns: CsvColumn<T>[], rows: readonly T[]): CsvFile {
  return { fileName: range ? csvFileName(title, range.from, range.to) : csvFileName(title), body: toCsv(columns, rows) };
}
