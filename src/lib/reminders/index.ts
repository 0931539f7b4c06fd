// The front door of reminder e-mails: rules, settings and the scheduled run. Pure and safe in the browser; its
// I/O is index.server.ts.
export { remindersSection } from './reminder-settings';
