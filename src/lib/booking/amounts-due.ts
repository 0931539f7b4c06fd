import { formatMoney } from '../money';
import type { BookingStatus } from './booking-status';

/**
 * What a booking still owes: one computation for every place a customer or staff read it (the
 * booking view, so its e-mails, the tracking page and the staff screen; the checkout before the
 * booking exists; the success page from what the checkout kept). Credit spent on a booking is a
 * payment like any other, so "paid" already counts it.
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

export interface AmountsDue {
  /** What is still owed of the total. */
  amountDueCents: number;
  /** What is still owed of the deposit: what the customer pays to confirm the booking. */
  depositOutstandingCents: number;
}

export function amountsDue(b: MoneyStanding): AmountsDue {
  if (b.status && OWES_NOTHING.has(b.status)) return { amountDueCents: 0, depositOutstandingCents: 0 };
  return {
    amountDueCents: Math.max(0, b.totalCents - b.amountPaidCents),
    depositOutstandingCents: Math.max(0, b.depositCents - b.amountPaidCents),
  };
}

/**
 * The deposit the customer still has to pay, as a phrase to put after "Pay": "your $87.52 deposit",
 * or, when part of it is paid already (credit spent at checkout), "the $7.14 left of your $87.52
 * deposit", so nobody is asked for money they have paid.
 */
export function depositToPay(t: { depositCents: number; depositOutstandingCents: number }, currency?: string): string {
  const deposit = formatMoney(t.depositCents, currency);
  return t.depositOutstandingCents < t.depositCents
    ? `the ${formatMoney(t.depositOutstandingCents, currency)} left of your ${deposit} deposit`
    : `your ${deposit} deposit`;
}
