// The front door of the admin's settings screens: sections, service areas, trucks, coupons, logo and area
// builder. Pure and safe in the browser; its I/O is index.server.ts.
export { areaBuilderApply, type AreaBuilderPreview, areaBuilderRequest, type PreviewTown } from './area-builder';
export { LOGO_MAX_BYTES, LOGO_TYPE_MESSAGE, LOGO_TYPES, logoUrl } from './logo';
export {
  bookingSection,
  parseZipList,
  paymentsSection,
  profileSection,
  protectionSection,
  changesSection,
  serviceAreaBody,
  settingsSectionName,
  siteSection,
  embedSection,
  textsSection,
  warehouseSection,
  zoneFitsState,
} from './settings-admin';
export { stateClocks, timeZoneStateProblem } from './state-time-zones';
export { usTimeZones } from './us-time-zones';
