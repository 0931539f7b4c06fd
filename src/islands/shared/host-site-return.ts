import { loadEmbedVia, type EmbedVia } from '../cart/embed-via';
import { loadBookingSummary } from './booking-summary';

/**
 * The way back to the owner's other website lasts for the booking journey the widget started, not for
 * the tab. The widget's cart (embed-via.ts, under OPEN_KEY) waits in this tab's storage for the booking
 * it came with; the first booking page of a booking placed from this tab's checkout takes it over,
 * keeps it for that booking alone (BOOKED_KEY: its page, reloaded or opened again, still leads back)
 * and takes it out of the checkout's way, so a later booking in the same tab neither shows "Back to
 * {site}" nor is counted for the host site. Only the success pages import this (not checkout's script).
 */

/** embed-via.ts's key (its module stays as checkout loads it); host-site-return.test.ts holds the two in step. */
const OPEN_KEY = 'pf-embed-via';
const BOOKED_KEY = 'pf-embed-via-booked';

type BookedVia = EmbedVia & { bookingNumber: string };

function readBooked(): BookedVia | null {
  try {
    const booked = JSON.parse(sessionStorage.getItem(BOOKED_KEY) ?? 'null') as BookedVia | null;
    return booked && typeof booked.bookingNumber === 'string' ? booked : null;
  } catch {
    return null;
  }
}

/**
 * The host site's thank-you address for this booking's page, or null: the booking was not placed from a
 * widget's cart in this tab (a direct booking, or one placed after the widget's booking), or the owner set
 * no thank-you page. A booking whose summary this tab's checkout left (booking-summary.ts) after the
 * widget's cart landed is one placed here with that cart: the checkout named it while it was waiting.
 */
export function hostSiteReturnFor(bookingNumber: string): string | null {
  const booked = readBooked();
  if (booked?.bookingNumber === bookingNumber) return booked.thankYouUrl;
  const open = loadEmbedVia();
  const summary = loadBookingSummary(bookingNumber);
  // A booking placed in this tab before the widget's cart arrived is not the one it came with.
  if (!open || !summary || (open.landedAt !== undefined && summary.savedAt < open.landedAt)) return null;
  try {
    sessionStorage.setItem(BOOKED_KEY, JSON.stringify({ ...open, bookingNumber } satisfies BookedVia));
    sessionStorage.removeItem(OPEN_KEY);
  } catch {
    // Blocked storage: nothing was kept to begin with.
  }
  return open.thankYouUrl;
}
