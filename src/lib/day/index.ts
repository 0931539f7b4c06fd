// DOOR_HEADER
export { damageReportBody, type DamageReportDto, dayQuery, routeOrderBody, truckAssignmentBody } from './day';
export { haversineMiles, type Point } from './route-order';
