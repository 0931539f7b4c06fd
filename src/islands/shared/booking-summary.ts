import { BOOKING_NUMBER } from '../../lib/reference';

/**
 * What the checkout hands to /booking-success in sessionStorage: enough to show the booking and
 * build a calendar file without asking the server again. Only this tab sees it, and it is the
 * customer's own booking. The page reads it only when the booking number matches the URL.
 */
export interface BookingSummary {
  bookingNumber: string;
  status: string;
  totals: {
    totalCents: number;
    depositCents: number;
    amountPaidCents: number;
    amountDueCents: number;
    balanceDueOn: string | null;
  };
  /** A pay-later booking to confirm from the e-mail by this moment (issue #36), or null / absent. */
  confirmBy?: string | null;
  items: { name: string; quantity: number }[];
  event: { date: string; start: string; end: string; endDate?: string | undefined };
  /** The customer's e-mail: opens the waiver form (and its QR code for guests) for this booking. */
  email?: string;
  /** One line for the calendar entry: "12 Oak St, Springfield, IL 62701". */
  location: string;
  businessName?: string;
  /** Photos of the setup spot were picked but did not arrive (issue #38): the page says where to add them. */
  sitePhotosNotSent?: boolean;
  savedAt: string;
}

const KEY = 'pf-last-booking';

export function saveBookingSummary(summary: BookingSummary): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(summary));
  } catch {
    // Private mode or a full quota: the success page then shows the booking number only.
  }
}

export function loadBookingSummary(bookingNumber: string): BookingSummary | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const summary = JSON.parse(raw) as BookingSummary;
    return summary && summary.bookingNumber === bookingNumber && summary.event && Array.isArray(summary.items)
      ? summary
      : null;
  } catch {
    return null;
  }
}

/** A booking number of any prefix the business has had (src/lib/reference/booking-prefix.ts). */
export function readBookingNumber(value: string | null): string | null {
  const number = value?.trim().toUpperCase() ?? '';
  return BOOKING_NUMBER.test(number) ? number : null;
}
