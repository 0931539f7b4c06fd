// The front door of the admin calendar and the staff's iCalendar feed. Server side (I/O): functions, the build
// and other features' *.server.ts.
export { calendarEvents } from './calendar-admin.server';
export { feedAddressOf, feedForToken, resetFeedToken } from './calendar-feed.server';
