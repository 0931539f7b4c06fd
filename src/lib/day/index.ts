// The front door of the day's deliveries: stops, routes, trucks and damage reports. Pure and safe in the
// browser; its I/O is index.server.ts.
export { damageReportBody, type DamageReportDto, dayQuery, routeOrderBody, truckAssignmentBody } from './day';
export { haversineMiles, type Point } from './route-order';
export {
  addressLine,
  crewCollectsFor,
  type DayRoute,
  type DayRun,
  type DayStop,
  type LoadingLine,
  routeUrl,
  UNASSIGNED,
} from './day';
export { formatMiles, suggestRoute, tourMiles } from './route-order';
