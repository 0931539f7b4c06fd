import { z } from '../validation';

const note = (max: number, label: string) => z.string({ error: `${label} is required` }).trim().max(max, `${label}: at most ${max} characters`);

const cents = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents` })
    .int(`${label} must be whole cents`)
    .min(1, `${label} must be more than zero`)
    .max(10_000_000, `${label} is too large`);

export const offlinePaymentMethods = ['cash', 'check', 'card_in_person'] as const;
export type OfflineMethod = (typeof offlinePaymentMethods)[number];

export const paymentBody = z.object({
  amountCents: cents('Amount'),
  method: z.enum(offlinePaymentMethods, { error: 'Method is cash, check or card_in_person' }),
  note: note(500, 'Note').default(''),
});

export const refundBody = z.object({
  paymentId: z.uuid('Choose the payment to refund'),
  amountCents: cents('Amount'),
  reason: note(500, 'Reason').min(3, 'Say why the money is refunded (at least 3 characters)'),
});

/**
 * What a payment staff record pays, so it is listed by that and a balance collected at the stop is
 * never "Deposit": the part of it up to the deposit still owed pays the deposit, the rest pays the
 * balance. It is the balance when it pays the booking off or pays more of the balance than of the
 * deposit, the deposit otherwise (a tie too). Only the kinds payments.kind allows.
 */
export function paymentKindFor(p: { paidBeforeCents: number; amountCents: number; depositCents: number; totalCents: number }): 'deposit' | 'balance' {
  const towardDeposit = Math.min(p.amountCents, Math.max(0, p.depositCents - p.paidBeforeCents));
  const towardBalance = p.amountCents - towardDeposit;
  const paysOff = p.paidBeforeCents + p.amountCents >= p.totalCents;
  return towardDeposit === 0 || towardBalance > towardDeposit || (paysOff && towardBalance > 0) ? 'balance' : 'deposit';
}

/** How much of a payment can still be given back. */
export function refundableCents(paymentCents: number, refundedCents: number): number {
  return Math.max(0, paymentCents - refundedCents);
}
