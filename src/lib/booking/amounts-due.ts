import { amountsLeft, type AmountsDue } from '../money';
import type { BookingStatus } from './booking-status';

/**
 * What a booking still owes: one computation for every place a customer or staff read it (the
 * booking view, so its e-mails, the tracking page and the staff screen; the success page from what
 * the checkout kept). Credit spent on a booking is a payment like any other, so "paid" already counts
 * it. The checkout, before the booking exists, uses the same arithmetic from money (amountsLeft).
 */

/** A cancelled booking owes nothing (what a cancellation keeps is kept out of what was paid), nor one that expired unpaid. */
const OWES_NOTHING: ReadonlySet<BookingStatus> = new Set<BookingStatus>(['cancelled', 'expired']);

export interface MoneyStanding {
  /** Absent for a booking not placed yet (the checkout's figures). */
  status?: BookingStatus | undefined;
  totalCents: number;
  depositCents: number;
  /** Received, credit spent on it included, less refunds and what was moved to a credit. */
  amountPaidCents: number;
}

export function amountsDue(b: MoneyStanding): AmountsDue {
  if (b.status && OWES_NOTHING.has(b.status)) return { amountDueCents: 0, depositOutstandingCents: 0 };
  return amountsLeft(b);
}
