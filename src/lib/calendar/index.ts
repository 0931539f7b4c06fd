// DOOR_HEADER
export { calendarQuery, calendarStatuses } from './calendar-admin';
export { feedTokenFromPath } from './calendar-feed';
export { bookingEventUid, calendarText } from './ical';
