// DOOR_HEADER
export { reportExport, reportsOverview, reportWindow } from './reports.server';
