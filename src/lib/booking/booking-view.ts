import type { PricedAdjustment } from '../pricing';
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
  event: { date: string; endDate: string; start: string; end: string; startsAt: string; endsAt: string };
  address: { line1: string; line2: string | null; city: string; state: string; zip: string; surface: string | null; notes: string };
  /** `product`: the product's slug. */
  items: { product: string; name: string; quantity: number; unitPriceCents: number; lineTotalCents: number }[];
  /** Staff discounts and surcharges, as priced (`cents` signed: a discount is negative). */
  adjustments: PricedAdjustment[];
  totals: {
    subtotalCents: number;
    discountCents: number;
    couponCode: string | null;
    damageWaiverCents: number;
    deliveryFeeCents: number;
    adjustmentsCents: number;
    taxCents: number;
    totalCents: number;
    depositCents: number;
    amountPaidCents: number;
    amountDueCents: number;
    depositOutstandingCents: number;
  };
  balanceDueOn: string | null;
  holdExpiresAt: string | null;
  waiversSigned: number;
  createdAt: string;
  payments: { kind: string; method: string; amountCents: number; at: string }[];
  /** RFC 5545 SEQUENCE of the booking's calendar event, raised by each edit. */
  calendarSequence: number;
}
