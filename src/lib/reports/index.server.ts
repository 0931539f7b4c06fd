// The front door of admin reports and CSV files. Server side (I/O): functions, the build and other features'
// *.server.ts.
export { type ProductSales, reportExport, type ReportsData, reportsOverview, reportWindow } from './reports.server';
