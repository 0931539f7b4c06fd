import { formatTimestamp } from '../../../lib/time';

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

/**
 * The business's time zone: every staff screen shows its clock. The saved settings' zone (from the
 * session) wins over the one baked into the page (AdminDocument's <meta name="business-time-zone">).
 * A page with neither is a fault, said in the console, never a silent fall back to UTC.
 */
export function businessTimeZone(): string {
  if (typeof document === 'undefined') return 'UTC';
  const zone = savedTimeZone ?? document.querySelector<HTMLMetaElement>('meta[name="business-time-zone"]')?.content;
  if (zone) return zone;
  console.error('The business time zone is unknown on this admin page (no session answer, no business-time-zone meta): times show in UTC.');
  return 'UTC';
}

/**
 * The question about texts, word for word (AdminDocument's <meta name="business-text-consent">), or null
 * when the site cannot text: the booking desk then asks nothing.
 */
export function textConsentQuestion(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name="business-text-consent"]')?.content || null;
}

/** An instant as staff read it: the one timestamp format (src/lib/time/format.ts) on the business's clock. */
export const staffTimestamp = (iso: string): string => formatTimestamp(iso, businessTimeZone());
