/**
 * The booking widget's cart this tab's checkout was opened with (issue #39): which redeemed cart the
 * booking names (the analytics count its host site) and the host page's thank-you address, kept for this
 * tab only. Once the checkout has placed a booking with it, it is that booking's alone (BOOKED_KEY: its
 * pages lead back, src/islands/shared/host-site-return.ts), paid or not, and out of the checkout's way: a
 * later booking in the same tab names no widget cart (and the server counts a cart once in any case).
 */
export interface EmbedVia {
  id: string;
  origin: string;
  thankYouUrl: string | null;
}

const KEY = 'pf-embed-via';
export const BOOKED_KEY = 'pf-embed-via-booked';

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

/** The checkout placed `bookingNumber` with the widget's cart: the cart is that booking's from now on. */
export function bookEmbedVia(via: EmbedVia, bookingNumber: string): void {
  try {
    sessionStorage.setItem(BOOKED_KEY, JSON.stringify({ ...via, bookingNumber }));
    sessionStorage.removeItem(KEY);
  } catch {
    // Blocked storage: nothing was kept to begin with.
  }
}
