// DOOR_HEADER
export { queueDueReminders } from './reminders.server';
