// The front door of the day's deliveries: stops, routes, trucks and damage reports. Server side (I/O):
// functions, the build and other features' *.server.ts.
export { damagePhoto, damageReportsOf, reportDamage } from './damage-reports.server';
export { assignTruck, getDayRun, recordDoorPayment, saveRouteOrder } from './day-admin.server';
export { listTrucks, type TruckDto } from './trucks.server';
