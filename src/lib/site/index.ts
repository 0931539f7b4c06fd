// DOOR_HEADER
export { APP_ICONS, type AppIconName, appIconSvg, faviconSvg } from './app-icons';
export { brandInk, brandPaletteCss, DEFAULT_BRAND_COLOR, themeColor } from './brand-palette';
export { ogImageSvg } from './og-image';
export { webManifest } from './web-manifest';
