// The front door of the site's own visit and funnel events and the admin's analytics report. Server side (I/O):
// functions, the build and other features' *.server.ts.
export { type AnalyticsData, analyticsExport, analyticsFor } from './analytics-report.server';
export { recordEvent } from './events.server';
