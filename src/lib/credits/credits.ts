import { z } from '../validation';
import { formatMoney } from '../money';
import { addMonths, formatMediumDate } from '../time';
import { bookingNumberProblem } from '../reference';
import { codeLabels } from '../labels';

/** Why a customer holds a credit. */
export const creditReasons = ['rain_check', 'goodwill', 'overpayment', 'cancellation'] as const;
export type CreditReason = (typeof creditReasons)[number];
export const creditReasonLabels = codeLabels(creditReasons);

/** Where a credit stands on `today` (the business's calendar day). */
export const creditStates = ['available', 'used', 'expired', 'void'] as const;
export type CreditState = (typeof creditStates)[number];
export const creditStateLabels = codeLabels(creditStates, { void: 'Voided' });

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

/** What a customer can spend today, the first day some of it expires (null: none expires) and how much expires then. */
export interface CreditBalance {
  availableCents: number;
  nextExpiry: string | null;
  /** What of it can no longer be spent after `nextExpiry` (all of it when every credit ends that day); 0 without one. */
  nextExpiryCents: number;
}

export function availableCredit(credits: readonly CreditLine[], today: string): CreditBalance {
  const usable = credits.filter((c) => creditState(c, today) === 'available');
  const expiries = usable.map((c) => c.expiresOn).filter((d): d is string => d !== null).sort();
  const nextExpiry = expiries[0] ?? null;
  return {
    availableCents: usable.reduce((sum, c) => sum + c.remainingCents, 0),
    nextExpiry,
    nextExpiryCents: usable.filter((c) => nextExpiry !== null && c.expiresOn === nextExpiry).reduce((sum, c) => sum + c.remainingCents, 0),
  };
}

/**
 * Until when a balance can be spent, in words after the amount: "until Jan 23, 2028" when all of it
 * ends that day, "$20 of it until Mar 1, 2027" when only part does (the rest lasts longer or has no
 * end); null when none of it ends. Staff and customers read the same words.
 */
export function creditExpiryWords(balance: CreditBalance, currency?: string): string | null {
  if (!balance.nextExpiry || balance.nextExpiryCents <= 0) return null;
  const day = formatMediumDate(balance.nextExpiry);
  return balance.nextExpiryCents >= balance.availableCents ? `until ${day}` : `${formatMoney(balance.nextExpiryCents, currency)} of it until ${day}`;
}

/** The last day a credit issued on `issuedOn` can be spent, `months` later (the policy's credit months). */
export const creditExpiry = (issuedOn: string, months: number) => addMonths(issuedOn, months);

/**
 * How far ahead staff may set a credit's last day: 5 years from the business's today, as far as the
 * policy's credit months go (60 at most). A credit is a debt the books carry until it is spent or
 * ends; a date like 9999-12-31 (a typo, or "never") would carry it for ever (docs/decisions.md).
 * Leave the date empty for the policy's months.
 */
export const CREDIT_EXPIRY_MAX_YEARS = 5;
export const CREDIT_EXPIRY_TOO_FAR = `Choose an expiry within ${CREDIT_EXPIRY_MAX_YEARS} years`;
export const CREDIT_EXPIRY_PAST = 'Choose today or a later day';

/**
 * The latest last day a credit given on the business's `today` may have, whoever sets it. The database
 * refuses a later one (customer_credits_expiry_within_5_years, counted from the row's created_at).
 */
export const latestCreditExpiry = (today: string) => addMonths(today, CREDIT_EXPIRY_MAX_YEARS * 12);

/** Why `expiresOn` cannot be a credit's last day on the business's `today`, or null when it can. */
export function creditExpiryProblem(expiresOn: string, today: string): string | null {
  if (expiresOn < today) return CREDIT_EXPIRY_PAST;
  if (expiresOn > latestCreditExpiry(today)) return CREDIT_EXPIRY_TOO_FAR;
  return null;
}

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
