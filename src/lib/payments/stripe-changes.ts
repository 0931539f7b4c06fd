/** Pure rules for applying Stripe's own changes (refunds, disputes) to a booking's payments. */
import type { BusinessSettings } from '../business';
import { message, type RenderedEmail } from '../email';
import { formatMoneyWithCents } from '../money';
import { adminPaths } from '../paths';

/**
 * Whether a Stripe refund's money is gone (or going) to the customer: pending, requires_action and
 * succeeded are; failed and canceled gave nothing back (failed is final: a refund never comes back from it).
 */
export function refundIsLive(status: string | null | undefined): boolean {
  return status !== 'failed' && status !== 'canceled';
}

/** The booking's staff note when a refund fails after it was recorded. */
export function refundFailedNote(at: { date: string; time: string }, amountCents: number, reason: string | null): string {
  return `${at.date} ${at.time} · Stripe: a refund of ${formatMoneyWithCents(amountCents)} failed${reason ? ` (${reason.replaceAll('_', ' ')})` : ''} and is back on the amount paid. Refund it another way.`;
}

/** The e-mail to the business when a refund fails: the money is back with them and the customer is still owed it. */
export function refundFailedEmail(
  settings: BusinessSettings,
  siteUrl: string,
  to: string,
  refund: { bookingId: string; number: string; amountCents: number; reason: string | null },
): RenderedEmail {
  const amount = formatMoneyWithCents(refund.amountCents, settings.currency);
  return message(
    settings,
    to,
    `Refund failed: ${amount} for booking ${refund.number}`,
    [
      `Stripe could not give ${amount} back to the customer of booking ${refund.number}${refund.reason ? ` (${refund.reason.replaceAll('_', ' ')})` : ''}. The money is back in your Stripe balance and on the booking's amount paid.`,
      'Refund it again from the booking, or pay it back another way and record it there.',
      `Open the booking: ${siteUrl}${adminPaths.booking(refund.bookingId)}`,
    ],
    [],
    { replyTo: null },
  );
}

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
