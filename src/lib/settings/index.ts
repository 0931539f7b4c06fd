// The front door of the admin's settings screens: sections, service areas, trucks, coupons, logo and area
// builder. Pure and safe in the browser; its I/O is index.server.ts.
export { areaBuilderApply, areaBuilderRequest } from './area-builder';
export { logoUrl } from './logo';
export {
  paymentsSection,
  profileSection,
  serviceAreaBody,
  settingsSectionName,
  truckBody,
  warehouseSection,
} from './settings-admin';
export { governingLawOf, stateName } from './us-states';
export { usTimeZones } from './us-time-zones';
export type { AreaBuilderPreview, PreviewTown } from './area-builder';
export { LOGO_MAX_BYTES, LOGO_TYPE_MESSAGE, LOGO_TYPES } from './logo';
export { bookingSection, parseZipList, protectionSection } from './settings-admin';
