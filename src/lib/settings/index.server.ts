// The front door of the admin's settings screens: sections, service areas, trucks, coupons, logo and area
// builder. Server side (I/O): functions, the build and other features' *.server.ts.
export { applyServiceAreas, previewServiceAreas } from './area-builder.server';
export { readLogoBody, readPublicLogo, removeBusinessLogo, uploadBusinessLogo } from './logo.server';
export {
  createCoupon,
  createServiceArea,
  createTruck,
  listTrucks,
  mergeSettings,
  saveSettingsSection,
  settingsOverview,
  updateCoupon,
  updateServiceArea,
  updateTruck,
} from './settings-admin.server';
export type { BusinessLogo } from './logo.server';
export type { CouponDto, ServiceAreaDto, TruckDto } from './settings-admin.server';
