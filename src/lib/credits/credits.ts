import { z } from '../validation';
import { addMonths } from '../time';
import { bookingNumberProblem } from '../reference';

/** Why a customer holds a credit. */
export const creditReasons = ['rain_check', 'goodwill', 'overpayment', 'cancellation'] as const;
export type CreditReason = (typeof creditReasons)[number];
export const creditReasonLabels: Record<CreditReason, string> = {
  rain_check: 'Rain check',
  goodwill: 'Goodwill',
  overpayment: 'Overpayment',
  cancellation: 'Cancellation',
};

/** Where a credit stands on `today` (the business's calendar day). */
export type CreditState = 'available' | 'used' | 'expired' | 'void';
export const creditStateLabels: Record<CreditState, string> = { available: 'Available', used: 'Used', expired: 'Expired', void: 'Voided' };

export interface CreditLine {
  id: string;
  reason: CreditReason;
  amountCents: number;
  remainingCents: number;
  /** The last day it can be spent; null: no end. */
  expiresOn: string | null;
  voidedAt: string | null;
}

export function creditState(credit: Pick<CreditLine, 'remainingCents' | 'expiresOn' | 'voidedAt'>, today: string): CreditState {
  if (credit.voidedAt) return 'void';
  if (credit.remainingCents === 0) return 'used';
  if (credit.expiresOn !== null && credit.expiresOn < today) return 'expired';
  return 'available';
}

/** What the customer can spend today, and the first day part of it expires (null: none expires). */
export function availableCredit(credits: readonly CreditLine[], today: string): { availableCents: number; nextExpiry: string | null } {
  const usable = credits.filter((c) => creditState(c, today) === 'available');
  const expiries = usable.map((c) => c.expiresOn).filter((d): d is string => d !== null).sort();
  return { availableCents: usable.reduce((sum, c) => sum + c.remainingCents, 0), nextExpiry: expiries[0] ?? null };
}

/** The last day a credit issued on `issuedOn` can be spent, `months` later (the policy's credit months). */
export const creditExpiry = (issuedOn: string, months: number) => addMonths(issuedOn, months);

const isoDate = z.iso.date({ error: 'Use a date like 2027-06-30' });

/** POST /api/admin/customers/{id}/credits: staff give a customer a credit. */
export const issueCreditBody = z.object({
  amountCents: z.number({ error: 'Enter an amount' }).int('Use whole cents').min(1, 'Enter an amount above $0').max(100_000_000, 'That amount is too large'),
  reason: z.enum(creditReasons, { error: 'Choose why the credit is given' }),
  note: z.string({ error: 'Say why' }).trim().min(3, 'Say why (at least 3 characters)').max(500, 'At most 500 characters'),
  /** null: the policy's credit months from today. */
  expiresOn: isoDate.nullable().default(null),
  /** The booking it makes up for, by number; '' for none. */
  bookingNumber: z.string().trim().toUpperCase().max(20, bookingNumberProblem).default(''),
});
export type IssueCreditBody = z.infer<typeof issueCreditBody>;

/** POST /api/admin/customers/{id}/credits/{creditId}/void: what is left of a credit can no longer be spent. */
export const voidCreditBody = z.object({
  reason: z.string({ error: 'Say why' }).trim().min(3, 'Say why (at least 3 characters)').max(500, 'At most 500 characters'),
});
