/** Pure rules for applying Stripe's own changes (refunds, disputes) to a booking's payments. */

export interface KnownRefund {
  /** Stripe's refund id (re_…); null when the refund was recorded from a charge that did not list its refunds. */
  id: string | null;
  amountCents: number;
}

/**
 * The refunds to record so that the booking's refunds of one charge add up to what Stripe says is
 * refunded in all (`totalRefundedCents`, the charge's amount_refunded). Refunds the charge lists are
 * recorded under their own ids; whatever is still missing is recorded without one. Nothing is
 * recorded when the booking already has as much (a refund made from the admin, or an older event).
 */
export function refundShortfall(totalRefundedCents: number, recorded: readonly KnownRefund[], listed: readonly { id: string; amountCents: number }[]): KnownRefund[] {
  let missing = totalRefundedCents - recorded.reduce((sum, r) => sum + r.amountCents, 0);
  if (missing <= 0) return [];
  const known = new Set(recorded.map((r) => r.id).filter((id) => id !== null));
  const out: KnownRefund[] = [];
  for (const refund of listed) {
    if (known.has(refund.id) || refund.amountCents <= 0 || refund.amountCents > missing) continue;
    out.push({ id: refund.id, amountCents: refund.amountCents });
    missing -= refund.amountCents;
  }
  if (missing > 0) out.push({ id: null, amountCents: missing });
  return out;
}

export type DisputeStatus = 'open' | 'won' | 'lost' | 'inquiry' | 'inquiry_closed';

/**
 * Stripe's dispute status in the booking's words. An inquiry (warning_*) moves no money; a dispute
 * the card network prevented is closed without a chargeback (its money comes back as a refund).
 */
export function disputeStatusFor(stripeStatus: string): DisputeStatus {
  if (stripeStatus === 'won' || stripeStatus === 'lost') return stripeStatus;
  if (stripeStatus === 'warning_closed' || stripeStatus === 'prevented') return 'inquiry_closed';
  if (stripeStatus.startsWith('warning_')) return 'inquiry';
  return 'open';
}

export const disputeStatusLabels: Record<DisputeStatus, string> = {
  open: 'Disputed',
  won: 'Dispute won',
  lost: 'Dispute lost',
  inquiry: 'Bank inquiry',
  inquiry_closed: 'Inquiry closed',
};
