// The front door of the admin's settings screens: sections, service areas, trucks, coupons, logo and area
// builder. Server side (I/O): functions, the build and other features' *.server.ts.
export { applyServiceAreas, previewServiceAreas } from './area-builder.server';
export { type BusinessLogo, readLogoBody, readPublicLogo, removeBusinessLogo, uploadBusinessLogo } from './logo.server';
export {
  type CouponDto,
  createCoupon,
  createServiceArea,
  createTruck,
  mergeSettings,
  saveSettingsSection,
  type ServiceAreaDto,
  settingsOverview,
  updateCoupon,
  updateServiceArea,
  updateTruck,
} from './settings-admin.server';
