// DOOR_HEADER
export { damagePhoto, damageReportsOf, reportDamage } from './damage-reports.server';
export { assignTruck, getDayRun, recordCrewPayment, saveRouteOrder } from './day-admin.server';
export { zipPoint } from './zip-points.server';
