import { z } from '../validation';
import { productPath } from '../paths';
import { localizedPath, type Locale } from '../i18n';
import { bookingNumberField } from './booking-request';

/**
 * A pay-later website booking confirmed by its customer from the e-mail (issue #36): the request and
 * what the confirmation page shows. Pure: the page's island and the function share it.
 */

/** POST /api/confirm-booking: the booking number and the link's key, as the e-mail's link carries them. */
export const confirmRequestBody = z.object({
  bookingNumber: bookingNumberField,
  key: z
    .string({ error: 'This link is incomplete: open it from the e-mail as it is.' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is incomplete: open it from the e-mail as it is.'),
});
export type ConfirmRequestBody = z.infer<typeof confirmRequestBody>;

/** A product to book again, on its page with the party's date already chosen. */
export interface BookAgainLink {
  name: string;
  href: string;
}

export type ConfirmRequestAnswer =
  | {
      /** `confirmed`: this click did it; `already_confirmed`: an earlier click (or a paid deposit) had. */
      state: 'confirmed' | 'already_confirmed';
      bookingNumber: string;
      /** Still unpaid: released at this moment unless the deposit is paid (or staff keep it); null: no deadline. */
      payBy: string | null;
      /** The booking is confirmed by staff or a paid deposit already: nothing left to pay now. */
      depositPaid: boolean;
    }
  | {
      /** `released`: nobody confirmed it (or paid) in time, so its rentals went back on sale; `cancelled`: it was cancelled. */
      state: 'released' | 'cancelled';
      bookingNumber: string;
      /** The products it had, each on its page for the party's date: they may still be free. */
      bookAgain: BookAgainLink[];
    };

/** What confirm_booking_request answers about the booking (supabase/migrations/20261202135447_confirmed_web_holds.sql). */
export interface ConfirmedRow {
  state: 'confirmed' | 'already_confirmed' | 'expired' | 'cancelled' | 'unknown';
  status: string;
  holdExpiresAt: string | null;
  eventDate: string;
  items: { product: string; name: string; quantity: number }[];
}

/**
 * The page's answer from the database's: what the customer reads and where they can book again (on the
 * product pages of the confirmation page's language: /es/confirm-booking books again in Spanish).
 */
export function confirmRequestAnswer(bookingNumber: string, row: ConfirmedRow, language: Locale = 'en'): ConfirmRequestAnswer {
  if (row.state === 'expired' || row.state === 'cancelled') {
    return {
      state: row.state === 'expired' ? 'released' : 'cancelled',
      bookingNumber,
      bookAgain: row.items.map((i) => ({ name: i.name, href: localizedPath(productPath({ slug: i.product }, { date: row.eventDate }), language) })),
    };
  }
  return {
    state: row.state === 'already_confirmed' ? 'already_confirmed' : 'confirmed',
    bookingNumber,
    // As an ISO instant (PostgreSQL's JSON writes "+00:00").
    payBy: (row.status === 'deposit_due' || row.status === 'hold') && row.holdExpiresAt ? new Date(row.holdExpiresAt).toISOString() : null,
    depositPaid: row.status !== 'deposit_due' && row.status !== 'hold',
  };
}
