// DOOR_HEADER
export { calendarEvents } from './calendar-admin.server';
export { feedAddressOf, feedForToken, resetFeedToken } from './calendar-feed.server';
