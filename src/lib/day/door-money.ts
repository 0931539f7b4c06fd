import type { BookingStatus } from '../booking';

/**
 * Money at the door (issue #36): what the crew may collect at a stop, and what it does to the booking.
 * One rule for the day screen (what the stop says and offers) and the server (what it records), so the
 * screen never tells the crew to collect money the server would refuse.
 *
 * The crew take money for any booking they drive for that still owes some: a deposit still due (the
 * customer pays at the door instead of online), confirmed, out for delivery or delivered. A payment
 * that brings a deposit-due booking's payments up to its deposit confirms it, in the payment's own
 * transaction, as the deposit paid online does. A completed booking's leftover balance is the office's.
 */
export const crewCollectsFor: readonly BookingStatus[] = ['deposit_due', 'confirmed', 'out_for_delivery', 'delivered'];

export const crewMayCollect = (status: BookingStatus): boolean => crewCollectsFor.includes(status);

/** The booking as the stop knows it. */
export interface DoorMoneyFacts {
  status: BookingStatus;
  /** What the server says is still to pay (total less paid). */
  balanceCents: number;
  /** What of the deposit is still to pay (deposit less paid, at least 0). */
  depositDueCents: number;
  /**
   * Rained out, its customer still deciding: the crew don't go, so the stop asks for nothing (what was
   * paid becomes their credit or refund). A payment already taken on the phone still waits to send.
   */
  rainedOut?: boolean;
}

export interface DoorMoney {
  /** Payments taken on this phone and waiting to send: already in the crew's hands. */
  waitingCents: number;
  /** What is left to collect: the balance less what waits to send. */
  collectCents: number;
  /** Whether the stop offers "Record payment": the crew may collect for this booking and something is left. */
  mayRecord: boolean;
  /**
   * A deposit still due: what must still be collected to confirm the booking (0 once the payments
   * waiting to send cover it: the booking is confirmed when they arrive). Null when no deposit is due.
   */
  toConfirmCents: number | null;
}

export function doorMoney(facts: DoorMoneyFacts, waitingCents = 0): DoorMoney {
  const waiting = Math.max(0, waitingCents);
  const collectCents = facts.rainedOut ? 0 : Math.max(0, facts.balanceCents - waiting);
  return {
    waitingCents: waiting,
    collectCents,
    mayRecord: crewMayCollect(facts.status) && collectCents > 0,
    toConfirmCents: facts.status === 'deposit_due' ? Math.max(0, facts.depositDueCents - waiting) : null,
  };
}

/** Why the server refuses a payment at the door for a booking in this status, or null when it takes it. */
export function doorPaymentRefusal(status: BookingStatus, statusLabel: string): string | null {
  if (crewMayCollect(status)) return null;
  return `This booking is ${statusLabel.toLowerCase()}: money is collected at the door only for a booking that is deposit due, confirmed, out for delivery or delivered. Ask a manager.`;
}

/**
 * Whether a payment at the door confirms the booking: it was still waiting for its deposit and this
 * payment, with what was paid before, covers the deposit.
 */
export function doorPaymentConfirms(p: { status: BookingStatus; depositCents: number; paidBeforeCents: number; amountCents: number }): boolean {
  return p.status === 'deposit_due' && p.amountCents > 0 && p.paidBeforeCents + p.amountCents >= p.depositCents;
}
