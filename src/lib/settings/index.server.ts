// DOOR_HEADER
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
