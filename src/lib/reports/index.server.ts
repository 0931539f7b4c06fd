// The front door of admin reports and CSV files. Server side (I/O): functions, the build and other features'
// *.server.ts.
export { reportExport, reportsOverview, reportWindow } from './reports.server';
export type { ProductSales, ReportsData } from './reports.server';
