import { BOOKED_KEY, type EmbedVia } from '../cart/embed-via';

/**
 * The way back to the owner's other website lasts for the booking the widget's cart was placed with, not
 * for the tab: the checkout hands the cart to that booking as it is placed (embed-via.ts, bookEmbedVia),
 * so its pages lead back (reloaded, opened again, or its payment made later), and a booking placed in
 * this tab before or after it (a direct one, also after the widget's booking was left unpaid) does not.
 * Only the success and payment pages import this.
 */
export function hostSiteReturnFor(bookingNumber: string): string | null {
  try {
    const booked = JSON.parse(sessionStorage.getItem(BOOKED_KEY) ?? 'null') as (EmbedVia & { bookingNumber?: unknown }) | null;
    return booked?.bookingNumber === bookingNumber ? booked.thankYouUrl : null;
  } catch {
    return null;
  }
}
