// DOOR_HEADER
export { analyticsEvent, optedOut } from './events';
