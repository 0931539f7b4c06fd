// The front door of the site's own visit and funnel events and the admin's analytics report. Pure and safe in
// the browser; its I/O is index.server.ts.
export { analyticsEvent, optedOut } from './events';
export type { TrackRequest } from './beacon';
export { track } from './beacon';
