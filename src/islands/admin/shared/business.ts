/**
 * Facts about the business the admin's forms start from, written into every admin page at build
 * (AdminDocument's <meta name="business-state">; a settings change rebuilds the pages). Screens are
 * client-only, so the document is always there to read.
 */
export function businessState(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector<HTMLMetaElement>('meta[name="business-state"]')?.content ?? '';
}
