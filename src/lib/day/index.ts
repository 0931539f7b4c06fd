// The front door of the day's deliveries: stops, routes, trucks and damage reports. Pure and safe in the
// browser; its I/O is index.server.ts.
export {
  addressLine,
  damageReportBody,
  type DamageReportDto,
  dayQuery,
  type DayRoute,
  type DayRun,
  type DayStop,
  type LoadingLine,
  routeOrderBody,
  routeUrl,
  truckAssignmentBody,
  stopAction,
  UNASSIGNED,
} from './day';
export { crewCollectsFor, crewMayCollect, doorMoney, type DoorMoney, doorPaymentConfirms, doorPaymentRefusal } from './door-money';
export { formatMiles, suggestRoute, tourMiles } from './route-order';
export { truckBody, type TruckBody } from './trucks';
