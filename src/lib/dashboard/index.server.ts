// The front door of the admin dashboard's figures. Server side (I/O): functions, the build and other features'
// *.server.ts.
export { loadDashboard } from './dashboard.server';
export type { Dashboard, DashboardBooking } from './dashboard.server';
