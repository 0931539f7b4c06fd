// The front door of site-wide build data: content, icons, palette, manifest, placeholders. Pure and safe in the
// browser; its I/O is index.server.ts.
export { APP_ICONS, type AppIconName, appIconSvg, faviconSvg } from './app-icons';
export { currentNavHref, LANGUAGE_SWITCH_TOKEN, MAIN_NAV, MAIN_NAV_KEYS } from './main-nav';
export { ogImageSvg } from './og-image';
export { crewManifest, webManifest } from './web-manifest';
export { infoWords, type InfoWords } from './info-words';
export { helpWords, type HelpWords } from './help-words';
export { depositWords, homeSteps } from './home-steps';
export { balanceDueWhen, PLACEHOLDER_NAMES } from './content-placeholders';
