// The front door of admin reports and CSV files. Pure and safe in the browser; its I/O is index.server.ts.
export { type CsvColumn, csvColumns, type CsvFile, csvFileName, csvResponse, phoneCell, toCsv } from './csv';
export {
  analyticsQuery,
  type AnalyticsQuery,
  dailyColumns,
  funnelColumns,
  pageColumns,
  reportCsv,
  reportsQuery,
  type TopPage,
} from './report-csv';
export {
  type DailyViews,
  type DateRange,
  defaultAnalyticsRange,
  fillDays,
  funnel,
  FUNNEL_STEPS,
  type FunnelStep,
  type SalesRow,
} from './reports';
