import type { BusinessSettings } from '../business';

/** The owner's change and cancellation policy (settings, "Changes and cancellations"). */
export const changePolicyKeys = ['cancellationRefundDays', 'cancellationCreditHours', 'creditExpiryMonths', 'changeCutoffHours', 'rainOutAnswerDays'] as const;
export type ChangePolicy = Pick<BusinessSettings, (typeof changePolicyKeys)[number]>;

/** The policy out of the business settings. */
export const changePolicyOf = (settings: ChangePolicy): ChangePolicy =>
  Object.fromEntries(changePolicyKeys.map((key) => [key, settings[key]])) as ChangePolicy;

/** What cancelling gives back: the deposit, the deposit as a credit, or nothing. */
export type CancellationTier = 'refund' | 'credit' | 'none';

const HOUR = 3_600_000;
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Which tier a cancellation made at `now` falls in; the hours count back from the event's start. */
export function cancellationTier(startsAt: Date, now: Date, policy: ChangePolicy): CancellationTier {
  const hoursAhead = (startsAt.getTime() - now.getTime()) / HOUR;
  if (hoursAhead >= policy.cancellationRefundDays * 24) return 'refund';
  if (hoursAhead >= policy.cancellationCreditHours) return 'credit';
  return 'none';
}

/**
 * Whether cancelling can end in a credit: only when the credit limit is nearer the event than the
 * refund limit; where it is not, nothing comes back once the refund limit has passed (cancellationTier).
 */
export const creditTierExists = (policy: Pick<ChangePolicy, 'cancellationRefundDays' | 'cancellationCreditHours'>): boolean =>
  policy.cancellationCreditHours < policy.cancellationRefundDays * 24;

/** The limits as a customer reads them. */
function limits(policy: ChangePolicy) {
  const refund = plural(policy.cancellationRefundDays, 'day');
  const hasCredit = creditTierExists(policy);
  const credit = plural(policy.cancellationCreditHours, 'hour');
  return { refund, hasCredit, credit, noRefundWithin: hasCredit ? credit : refund, months: plural(policy.creditExpiryMonths, 'month') };
}

/** The policy, one line per case, as the tracking page lists it. */
export function cancellationTerms(policy: ChangePolicy): string[] {
  const { refund, hasCredit, credit, noRefundWithin } = limits(policy);
  const lines = [
    policy.cancellationRefundDays === 0
      ? 'Any time before your event: a full refund of your deposit.'
      : `${refund} or more before your event: a full refund of your deposit.`,
  ];
  if (hasCredit) {
    lines.push(
      policy.cancellationCreditHours === 0
        ? `Less than ${refund} before: your deposit as a credit for a future rental.`
        : `Less than ${refund} but at least ${credit} before: your deposit as a credit for a future rental.`,
    );
  }
  if (policy.cancellationRefundDays > 0 && !(hasCredit && policy.cancellationCreditHours === 0)) {
    lines.push(`Less than ${noRefundWithin} before: no refund of the deposit.`);
  }
  lines.push(
    `Moving to a new date is free ${policy.changeCutoffHours === 0 ? 'until your event' : `at least ${plural(policy.changeCutoffHours, 'hour')} ahead`}, when the items are free on the new date. Unsafe weather always gets a rain check.`,
  );
  return lines;
}

/** What the policy means for a booking starting at `startsAt` if it is cancelled at `now`. */
export function cancellationNow(startsAt: Date, now: Date, policy: ChangePolicy): string {
  const { refund, credit, noRefundWithin, months } = limits(policy);
  switch (cancellationTier(startsAt, now, policy)) {
    case 'refund':
      return policy.cancellationRefundDays === 0
        ? 'If you cancel now, you get a full refund of your deposit.'
        : `Your event is ${policy.cancellationRefundDays === 1 ? '1 day or more' : `${policy.cancellationRefundDays} or more days`} away: if you cancel now, you get a full refund of your deposit.`;
    case 'credit':
      return `Your event is less than ${refund}${policy.cancellationCreditHours === 0 ? '' : ` but more than ${credit}`} away: if you cancel now, your full deposit becomes a credit for a future rental, valid for ${months}.`;
    case 'none':
      return `Your event is less than ${noRefundWithin} away: a cancellation now gets no refund of the deposit, except for weather, which the policy covers separately.`;
  }
}

/** The last moment a customer may move or cancel the booking online: the owner's cut-off before its start. */
export const selfServiceUntil = (startsAt: Date, policy: Pick<ChangePolicy, 'changeCutoffHours'>): Date =>
  new Date(startsAt.getTime() - policy.changeCutoffHours * HOUR);

/** Whether the customer may still move or cancel online at `now` (before the cut-off); after it, they call. */
export const selfServiceOpen = (startsAt: Date, now: Date, policy: Pick<ChangePolicy, 'changeCutoffHours'>): boolean =>
  now.getTime() < selfServiceUntil(startsAt, policy).getTime();

/** What a cancellation gives back, in cents: `refundCents` back to the customer, `creditCents` as a credit, `keptCents` kept. */
export interface CancellationOutcome {
  tier: CancellationTier;
  refundCents: number;
  creditCents: number;
  keptCents: number;
  /**
   * Cakes ordered with the booking (priced and paid apart from it): `refundable` before their last day
   * to change or cancel (cancelled with the booking, free), else kept, their price not refunded.
   */
  cakes?: { number: string; priceCents: number; lastDay: string; refundable: boolean }[];
}

/**
 * The money of a cancellation in `tier`. The policy is about the deposit: the refund tier gives back
 * everything paid; the credit tier turns what was paid of the deposit into a credit; the last tier
 * keeps it. Whatever was paid above the deposit (an early balance) is refunded in every tier.
 */
export function cancellationOutcome(tier: CancellationTier, paidCents: number, depositCents: number): CancellationOutcome {
  const paid = Math.max(0, paidCents);
  const ofDeposit = Math.min(paid, Math.max(0, depositCents));
  switch (tier) {
    case 'refund':
      return { tier, refundCents: paid, creditCents: 0, keptCents: 0 };
    case 'credit':
      return { tier, refundCents: paid - ofDeposit, creditCents: ofDeposit, keptCents: 0 };
    case 'none':
      return { tier, refundCents: paid - ofDeposit, creditCents: 0, keptCents: ofDeposit };
  }
}
