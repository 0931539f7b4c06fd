// The front door of the admin calendar and the staff's iCalendar feed. Pure and safe in the browser; its I/O is
// index.server.ts.
export { calendarColours, calendarDayText, calendarTimeText, type CalendarEvent, calendarQuery, calendarStatuses } from './calendar-admin';
export { feedTokenFromPath } from './calendar-feed';
export { bookingEventUid, calendarText } from './ical';
