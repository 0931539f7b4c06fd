import { formatMoney } from './format';

/**
 * What is left to pay of a total and of its deposit, once some was paid (credit spent counts as paid).
 * Plain arithmetic, here at the bottom so the cart and checkout can use it without loading the booking
 * feature (its schemas would bring zod into the checkout's first script); a placed booking's standing,
 * which also knows that a cancelled one owes nothing, is booking's `amountsDue`.
 */
export interface AmountsDue {
  /** What is still owed of the total. */
  amountDueCents: number;
  /** What is still owed of the deposit: what the customer pays to confirm the booking. */
  depositOutstandingCents: number;
}

export function amountsLeft(b: { totalCents: number; depositCents: number; amountPaidCents: number }): AmountsDue {
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
