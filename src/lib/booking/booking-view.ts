import type { Locale } from '../i18n';
import type { PricedAdjustment } from '../pricing';
import type { SiteAnswers, SiteCharge } from '../site-check';
import type { BookingStatus } from './booking-status';

// The view's shape in a pure module: e-mails, invoices and Stripe Checkout read it without
// importing booking-view.server.ts, which reads it from the database.

/** What a customer may see of their booking (tracking page, success page, e-mails). Never a raw row. */
export interface BookingView {
  id: string;
  number: string;
  status: BookingStatus;
  statusLabel: string;
  /** The contact the booking was placed with (or staff set on it), not the customer record's. */
  customer: { name: string; firstName: string; email: string; phone: string };
  /** The secret of the invoice link (invoice-links.ts); the guests' waiver key is never in a view. */
  invoiceToken: string;
  /** The secret of the "Change or cancel your booking" link (bookings.manage_token): e-mails only, never an answer. */
  manageToken: string;
  event: { date: string; endDate: string; start: string; end: string; startsAt: string; endsAt: string };
  address: { line1: string; line2: string | null; city: string; state: string; zip: string; surface: string | null; notes: string };
  /** `product`: the product's slug. */
  items: { product: string; name: string; quantity: number; unitPriceCents: number; lineTotalCents: number }[];
  /** Staff discounts and surcharges, as priced (`cents` signed: a discount is negative). */
  adjustments: PricedAdjustment[];
  /** The yard: the customer's answers, the automatic lines they brought, what staff must call about. */
  site: { answers: SiteAnswers; charges: SiteCharge[]; flags: string[] };
  totals: {
    subtotalCents: number;
    discountCents: number;
    couponCode: string | null;
    damageWaiverCents: number;
    deliveryFeeCents: number;
    adjustmentsCents: number;
    siteChargesCents: number;
    taxCents: number;
    totalCents: number;
    depositCents: number;
    amountPaidCents: number;
    amountDueCents: number;
    depositOutstandingCents: number;
  };
  balanceDueOn: string | null;
  holdExpiresAt: string | null;
  /**
   * A pay-later website booking still waiting for its customer to confirm it from the e-mail (issue
   * #36): the key of its "Confirm your booking request" link (e-mails only, never an answer), held
   * only until `holdExpiresAt`. Null or absent: nothing to confirm.
   */
  confirmRequestKey?: string | null;
  waiversSigned: number;
  createdAt: string;
  payments: { kind: string; method: string; amountCents: number; at: string }[];
  /** RFC 5545 SEQUENCE of the booking's calendar event, raised by each edit. */
  calendarSequence: number;
  /** What the customer receives about it is written in this language (bookings.language); absent: English. */
  language?: Locale;
  /** Paid above what the booking keeps (its total, or what the customer's own cancellation kept): owed back. */
  refundDueCents: number;
}

/**
 * A booking's head as the booking view and the admin list select it: the contact it was placed with
 * as `name`, `email`, `phone`, and when the event is.
 */
export interface BookingHeadRow {
  id: string;
  number: string;
  status: BookingStatus;
  name: string;
  email: string;
  phone: string;
  event_start: Date;
  event_end: Date;
}

/** A booking's party address columns, as the booking view and the day's stops read them. */
export interface PartyAddressRow {
  address_line1: string;
  address_line2: string | null;
  address_city: string;
  address_state: string;
  address_zip: string;
  surface: string | null;
  customer_notes: string;
}

export const partyAddress = (r: PartyAddressRow) => ({ line1: r.address_line1, line2: r.address_line2, city: r.address_city, state: r.address_state, zip: r.address_zip });
