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

/** The business's time zone (AdminDocument's <meta name="business-time-zone">): every staff screen shows its clock. */
export function businessTimeZone(): string {
  if (typeof document === 'undefined') return 'UTC';
  return document.querySelector<HTMLMetaElement>('meta[name="business-time-zone"]')?.content || 'UTC';
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
