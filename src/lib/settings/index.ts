// DOOR_HEADER
export { areaBuilderApply, areaBuilderRequest } from './area-builder';
export { logoUrl } from './logo';
export { paymentsSection, profileSection, serviceAreaBody, settingsSectionName, truckBody, warehouseSection } from './settings-admin';
export { governingLawOf, stateName } from './us-states';
export { usTimeZones } from './us-time-zones';
