// The front door of reminder e-mails: rules, settings and the scheduled run. Server side (I/O): functions, the
// build and other features' *.server.ts.
export { queueDueReminders } from './reminders.server';
