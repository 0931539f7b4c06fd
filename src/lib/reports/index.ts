// DOOR_HEADER
export { type CsvColumn, type CsvFile, csvFileName, csvResponse, toCsv } from './csv';
export { analyticsQuery, type AnalyticsQuery, dailyColumns, funnelColumns, pageColumns, reportCsv, reportsQuery, type TopPage } from './report-csv';
export { type DailyViews, type DateRange, defaultAnalyticsRange, fillDays, funnel, FUNNEL_STEPS, type FunnelStep } from './reports';
