import { z } from '../validation';
import { listFormat } from '../lists';
import { csvColumns, csvFileName, toCsv, type CsvColumn, type CsvFile } from './csv';
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

export const revenueColumns = csvColumns<RevenueMonth>({
  Month: 'month',
  'Bookings (by event month)': 'bookings',
  'Booked revenue ($)': (r) => money(r.bookedCents),
  'Staff adjustments in it ($)': (r) => money(r.adjustmentsCents),
  'Payments received ($)': (r) => money(r.paidCents),
  'Refunds ($)': (r) => money(r.refundedCents),
  'Collected ($)': (r) => money(r.collectedCents),
});

export const productColumns = csvColumns<SalesRow & { category: string }>({
  Product: 'name',
  Category: 'category',
  Bookings: 'bookings',
  Units: 'units',
  'Revenue ($)': (r) => money(r.revenueCents),
});

export const categoryColumns = csvColumns<SalesRow>({
  Category: 'name',
  Bookings: 'bookings',
  Units: 'units',
  'Revenue ($)': (r) => money(r.revenueCents),
});

export const unitColumns = csvColumns<UnitReport>({
  Product: 'productName',
  Unit: 'label',
  Status: 'status',
  Bookings: 'bookings',
  'Days out': 'bookedDays',
  'Utilisation (%)': 'utilisationPercent',
  'Revenue ($)': (r) => money(r.revenueCents),
  'Revenue per day out ($)': (r) => money(r.revenuePerBookedDayCents),
  'Purchase cost ($)': (r) => money(r.purchaseCostCents),
  'Revenue / cost (%)': 'roiPercent',
});

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

export const depositColumns = csvColumns<DepositCsvRow>({
  Booking: 'number',
  Customer: 'customerName',
  Status: 'status',
  'Event date': 'eventDate',
  'Total ($)': (r) => money(r.totalCents),
  'Deposit ($)': (r) => money(r.depositCents),
  'Paid ($)': (r) => money(r.paidCents),
  'Deposit still due ($)': (r) => money(r.shortCents),
});

export const creditColumns = csvColumns<CreditMonth>({
  Month: 'month',
  'Credits issued': 'issuedCount',
  'Issued ($)': (r) => money(r.issuedCents),
  Spends: 'usedCount',
  'Used ($)': (r) => money(r.usedCents),
  'Credits expired': 'expiredCount',
  'Expired ($)': (r) => money(r.expiredCents),
});

export const dailyColumns = csvColumns<DailyViews>({
  Day: 'day',
  'Page views': 'views',
  Visitors: 'visitors',
});

export interface TopPage {
  path: string;
  views: number;
  visitors: number;
}

export const pageColumns = csvColumns<TopPage>({
  Page: 'path',
  'Page views': 'views',
  Visitors: 'visitors',
});

export const funnelColumns = csvColumns<FunnelStep>({
  Step: 'label',
  Event: 'event',
  Count: 'count',
  'From previous step (%)': 'fromPreviousPercent',
  'From first step (%)': 'fromFirstPercent',
});

export function reportCsv<T>(title: string, range: DateRange | null, columns: CsvColumn<T>[], rows: readonly T[]): CsvFile {
  return { fileName: range ? csvFileName(title, range.from, range.to) : csvFileName(title), body: toCsv(columns, rows) };
}
