import { formatMoney } from '../../../../lib/money';
import type { AdminBooking } from '../../../../lib/staff-bookings/index.server';

type Booking = Pick<AdminBooking, 'status' | 'totals' | 'refundDueCents'>;

/** The id of the Payments card's "Record a payment taken in person" form, which the summary's link opens. */
export const recordPaymentId = 'record-payment';

/**
 * Where the booking's money stands and what is next, as the Payments card shows it and as the one line
 * at the top of the booking screen says it (on a phone the Payments card is far down): "Total $673.32 ·
 * Paid $210 · Balance due $463.32". `recordPayment`: a manager may record money taken in person (the
 * card's form); `next` names what to do about the money, if anything.
 */
export interface MoneyStanding {
  /** Cancelled or expired: owes nothing, takes no payment. */
  closed: boolean;
  recordPayment: boolean;
  summary: string;
  /** A refund due needs no link: its own banner with its button sits right under the screen's header. */
  next: { label: string; href: string } | null;
}

export function moneyStanding(booking: Booking, canManage: boolean): MoneyStanding {
  const t = booking.totals;
  const closed = booking.status === 'cancelled' || booking.status === 'expired';
  const recordPayment = canManage && !closed && t.amountDueCents > 0;
  const balance =
    booking.refundDueCents > 0
      ? `Refund due ${formatMoney(booking.refundDueCents)}`
      : closed
        ? `Nothing due: ${booking.status}`
        : t.amountDueCents > 0
          ? `Balance due ${formatMoney(t.amountDueCents)}`
          : 'Paid in full';
  const summary = `Total ${formatMoney(t.totalCents)} · Paid ${formatMoney(t.amountPaidCents)} · ${balance}`;
  const next = recordPayment ? { label: 'Record a payment', href: `#${recordPaymentId}` } : null;
  return { closed, recordPayment, summary, next };
}
