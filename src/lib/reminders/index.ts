// DOOR_HEADER
export { remindersSection } from './reminder-settings';
