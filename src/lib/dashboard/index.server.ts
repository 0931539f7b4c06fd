// The front door of the admin dashboard's figures. Server side (I/O): functions, the build and other features'
// *.server.ts.
export { type Dashboard, type DashboardBooking, loadDashboard } from './dashboard.server';
