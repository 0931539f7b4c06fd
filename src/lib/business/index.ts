// The front door of the business's own settings (profile, hours, rules) as every feature reads them; the
// admin's settings screens are lib/settings. Pure and safe in the browser; its I/O is index.server.ts.
export { bookingPrefix, businessSettings, type BusinessSettings, damageWaiverOffered, weekdayNames, weekdays } from './schema';
export { brandInk, brandPalette, brandPaletteCss, DEFAULT_BRAND_COLOR, themeColor } from './brand-palette';
export { governingLawOf, isUsStateCode, stateName } from './us-states';
export { HARD_SURFACES, type Surface, surfaceLabels, surfaces, surfaceWords } from './surfaces';
export { DEFAULT_SITE_RULES, siteRules, type SiteRules } from './site-rules';
export { embedOrigin, embedSettings, type EmbedSettings, MAX_EMBED_ORIGINS, NO_EMBED } from './embed-settings';
export { bookingNotice, type BookingNoticeWords, cakeOrderNotice } from './booking-notices';
