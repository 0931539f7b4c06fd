// DOOR_HEADER
export { analyticsExport, analyticsFor } from './analytics-report.server';
export { recordEvent } from './events.server';
