import { z } from '../validation';
import { offlinePaymentMethods, type OfflineMethod } from './recorded-payments';

/**
 * Pure rules of a refund from the booking as a whole (rather than from one payment line): which of
 * the booking's payments give the money back, in what order, and what is left for staff to pay by
 * hand. The I/O is booking-refunds.server.ts.
 */

/** A payment of the booking that money can be given back from. */
export interface RefundCandidate {
  id: string;
  method: string;
  /** When it was received (ISO or Date): the newest is refunded first. */
  createdAt: string | Date;
  /** What is left of it to give back. */
  refundableCents: number;
  /** A card payment that can go back through Stripe (it has its payment intent and no chargeback). */
  stripeRefundable: boolean;
}

/** Why part of a refund was not made automatically: staff pay it by hand (the "refund due"). */
export type LeftReason = 'by_hand' | 'stripe_not_configured' | 'not_through_stripe' | 'no_payment';

export interface RefundPlan {
  /** The refunds to make: `how` 'stripe' through Stripe, 'recorded' handed back another way by staff. */
  parts: { paymentId: string; method: string; amountCents: number; how: 'stripe' | 'recorded' }[];
  /** What is not refunded automatically, and why. `paymentId` null: no payment of the booking has it left. */
  left: { paymentId: string | null; method: string | null; amountCents: number; why: LeftReason }[];
}

export interface RefundPlanOptions {
  /** Stripe is configured on this site (card payments can go back through it). */
  stripe: boolean;
  /**
   * Non-card payments (cash, check, card reader): 'record' when staff hand the money back now and
   * the refund is recorded; 'leave' (a customer's own cancellation) leaves it as a refund due.
   */
  byHand: 'record' | 'leave';
  /** The whole refund was paid another way (cash, check, card reader): nothing goes through Stripe. */
  paidBy?: OfflineMethod;
}

const newestFirst = (a: RefundCandidate, b: RefundCandidate) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();

/**
 * Splits `amountCents` across the payments: card payments through Stripe first (newest first), then
 * payments from a credit (back to that credit), then the other non-card payments (newest first), then card payments Stripe cannot refund from here; whatever
 * no payment has left is `left` without a payment. With `paidBy`, every payment (cards first) is
 * recorded as refunded that way, except a credit's, which goes back to its credit last.
 */
export function planBookingRefund(candidates: readonly RefundCandidate[], amountCents: number, options: RefundPlanOptions): RefundPlan {
  const open = candidates.filter((c) => c.refundableCents > 0);
  const cards = open.filter((c) => c.method === 'stripe').sort(newestFirst);
  // Paid from a credit: the money goes back to that credit, never by hand or as cash.
  const credits = open.filter((c) => c.method === 'credit').sort(newestFirst);
  const others = open.filter((c) => c.method !== 'stripe' && c.method !== 'credit').sort(newestFirst);
  const plan: RefundPlan = { parts: [], left: [] };
  let missing = amountCents;
  const take = (c: RefundCandidate, outcome: { how: 'stripe' | 'recorded' } | { why: LeftReason }) => {
    const amount = Math.min(missing, c.refundableCents);
    if (amount <= 0) return;
    missing -= amount;
    if ('how' in outcome) plan.parts.push({ paymentId: c.id, method: c.method, amountCents: amount, how: outcome.how });
    else plan.left.push({ paymentId: c.id, method: c.method, amountCents: amount, why: outcome.why });
  };
  if (options.paidBy) {
    for (const c of [...cards, ...others, ...credits]) take(c, { how: 'recorded' });
  } else {
    const automatic = options.stripe ? cards.filter((c) => c.stripeRefundable) : [];
    for (const c of automatic) take(c, { how: 'stripe' });
    for (const c of credits) take(c, { how: 'recorded' });
    for (const c of others) take(c, options.byHand === 'record' ? { how: 'recorded' } : { why: 'by_hand' });
    for (const c of cards.filter((c) => !automatic.includes(c))) take(c, { why: options.stripe ? 'not_through_stripe' : 'stripe_not_configured' });
  }
  if (missing > 0) plan.left.push({ paymentId: null, method: null, amountCents: missing, why: 'no_payment' });
  return plan;
}

/** The amount still to pay by hand, in words for staff. */
export const leftReasonLabels: Record<LeftReason, string> = {
  by_hand: 'paid in person: give it back by hand',
  stripe_not_configured: 'a card payment, and Stripe is not configured here: refund it in Stripe’s dashboard or pay it back another way',
  not_through_stripe: 'a card payment Stripe can’t refund from here (charged back or without its Stripe reference)',
  no_payment: 'no payment of the booking has this much left to give back',
};

const cents = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents` })
    .int(`${label} must be whole cents`)
    .min(1, `${label} must be more than zero`)
    .max(10_000_000, `${label} is too large`);

/**
 * POST /api/admin/bookings/{id}/booking-refunds: give back an amount of what the booking was paid
 * (the refund due, or any amount up to the amount paid). `paidCents` is the amount paid the screen
 * showed: when the booking's payments changed since (a double click, a retry after the first went
 * through, a refund from Stripe's dashboard), nothing is refunded and the answer is a 409.
 * `paidBy`: the refund was paid another way (cash, check, card reader) and is only recorded.
 */
export const bookingRefundBody = z.object({
  amountCents: cents('Amount'),
  paidCents: z.number({ error: 'The amount paid you saw is required' }).int('The amount paid is whole cents').min(0).max(100_000_000),
  reason: z.string({ error: 'Reason is required' }).trim().max(500, 'Reason: at most 500 characters').min(3, 'Say why the money is refunded (at least 3 characters)'),
  paidBy: z.enum(offlinePaymentMethods, { error: 'Paid back by cash, check or card_in_person' }).optional(),
});
export type BookingRefundBody = z.infer<typeof bookingRefundBody>;
