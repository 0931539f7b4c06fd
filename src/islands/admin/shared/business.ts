import { businessClock, type BusinessClock } from '../../../lib/time';

/**
 * Facts about the business the admin's forms start from, written into every admin page at build
 * (AdminDocument's <meta name="business-state">; a settings change rebuilds the pages). Screens are
 * client-only, so the document is always there to read.
 */
export function businessState(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector<HTMLMetaElement>('meta[name="business-state"]')?.content ?? '';
}

/**
 * The zone the saved settings hold, from this page's session (staff.ts): the page's <meta> is written
 * at build, so right after the setup's address step (or a zone change) it still holds the old zone
 * until the next rebuild. The session answers with the saved one.
 */
let savedTimeZone: string | null = null;
let sessionTimeZone: Promise<void> | null = null;

/** staff.ts hands over the session's answer as it asks for it (once per page). */
export function takeSessionTimeZone(zone: Promise<string | null>): void {
  sessionTimeZone ??= zone.then(
    (z) => {
      if (z) savedTimeZone = z;
    },
    () => {},
  );
}

/** Settles once the session has said which zone is saved (or could not: offline): screens' data waits for it. */
export const businessTimeZoneKnown = (): Promise<void> => sessionTimeZone ?? Promise.resolve();

/** What the admin says, above every screen, when it knows no zone: times are then in UTC, and the owner must know. */
export const TIME_ZONE_MISSING_NOTE = 'The business’s time zone is not set, so times show in UTC until you choose it in Setup (Address and time zone).';

/** The business's zone as this page knows it: the saved settings' (from the session) before the one baked into the page at build. */
function knownTimeZone(): string | null {
  if (typeof document === 'undefined') return null;
  return savedTimeZone ?? (document.querySelector<HTMLMetaElement>('meta[name="business-time-zone"]')?.content || null);
}

/** Whether the page knows no zone (TimeZoneNote shows TIME_ZONE_MISSING_NOTE); ask once businessTimeZoneKnown has settled. */
export const timeZoneMissing = (): boolean => typeof document !== 'undefined' && knownTimeZone() === null;

let clock: BusinessClock | null = null;

/**
 * The business's clock: every staff screen shows its "today", dates and times (an owner travelling
 * still sees the shop's). Without a zone it is an error in development; in production times show in
 * UTC under a visible note, never silently.
 */
export function staffClock(): BusinessClock {
  const zone = knownTimeZone();
  if (!zone) {
    if (import.meta.env.DEV) throw new Error('The business time zone is unknown on this admin page (no session answer, no <meta name="business-time-zone">).');
    return businessClock('UTC');
  }
  if (clock?.timeZone !== zone) clock = businessClock(zone);
  return clock;
}

/**
 * The question about texts, word for word (AdminDocument's <meta name="business-text-consent">), or null
 * when the site cannot text: the booking desk then asks nothing.
 */
export function textConsentQuestion(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name="business-text-consent"]')?.content || null;
}
