/**
 * The booking widget's cart this tab's checkout was opened with (issue #39): which redeemed cart the
 * booking names (the analytics count its host site) and the host page's thank-you address, kept for this
 * tab only, until the booking it came with has been placed (its page takes it over,
 * src/islands/shared/host-site-return.ts) or the next widget cart replaces it.
 */
export interface EmbedVia {
  id: string;
  origin: string;
  thankYouUrl: string | null;
  /** When the checkout landed with it (ISO): only a booking placed after that is the one it came with. */
  landedAt?: string;
}

const KEY = 'pf-embed-via';

export function saveEmbedVia(via: EmbedVia): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(via));
  } catch {
    // Blocked storage: the booking is made all the same, only not counted for the host site.
  }
}

export function loadEmbedVia(): EmbedVia | null {
  try {
    const via = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as EmbedVia | null;
    return via && typeof via.id === 'string' && typeof via.origin === 'string' ? via : null;
  } catch {
    return null;
  }
}
