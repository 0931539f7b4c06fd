import { auditedChangeIn } from '../admin/index.server';
import { customerAudit } from '../auth/index.server';
import type { CancellationOutcome } from '../changes';
import { env } from '../config';
import { creditExpiry } from '../credits';
import { creditFromBooking } from '../credits/index.server';
import type { Database } from '../db/index.server';
import { queueEmail } from '../email/index.server';
import { AppError } from '../http';
import type { Locale } from '../i18n';
import { localDate } from '../time';
import { businessChangeEmail, customerCancellationEmail } from '../booking';
import { cakesForBooking, changeBookingStatus, getBookingView } from '../booking/index.server';
import type { CancelRequest } from './customer-changes';
import { MOVE_WORDS } from './move-words';
import { type BookingRefunder, businessInbox, changeOwnBooking, type ManagedBooking, manageBooking, manageOptions, NO_REFUND } from './own-booking.server';

export interface CancelResult {
  booking: ManagedBooking;
  outcome: CancellationOutcome;
  /** Of `outcome.refundCents`, refunded at once (to the card, through Stripe); the rest is the refund due staff pay. */
  refundedCents: number;
  /** The credit's last day, when part of the money became a credit. */
  creditExpiresOn: string | null;
}

/**
 * POST /api/manage-booking/cancel: the customer cancels their booking. What comes back is computed
 * here, at this moment, from the owner's policy (cancellationTier): when it is not what the page
 * showed (`expected`), nothing happens and the answer says so. Cancelling releases the units (the
 * staff cancel's status change), records the refund due, turns the deposit into a credit in the
 * credit tier, and e-mails the customer (with a calendar update that cancels the event: same UID,
 * higher SEQUENCE) and the business; audited as the customer's.
 */
export async function cancelOwnBooking(
  db: Database,
  request: CancelRequest,
  ip: string | null,
  now: Date,
  refund?: BookingRefunder,
  /** The page's language (X-Page-Language): the refusals' words. */
  language: Locale = 'en',
): Promise<CancelResult> {
  const siteUrl = env().SITE_URL;
  const { outcome, creditExpiresOn, refunded } = await changeOwnBooking(db, request, now, language, async (tx, row, settings) => {
    if (row.rain_out_move_until) throw new AppError('conflict', MOVE_WORDS[language].rainedOut);
    const outcome = manageOptions(row, settings, now, language, await cakesForBooking(tx, row.id)).cancellation;
    if (outcome.tier !== request.expected) throw new AppError('conflict', MOVE_WORDS[language].termsChanged(outcome.tier)); // nothing is cancelled
    return auditedChangeIn(tx, customerAudit(row.contact_email, ip), {
      change: async (tx) => {
        await changeBookingStatus(tx, row.id, 'cancelled', now);
        // A cake before its last day to change goes with the booking, free (the cancellation policy); one
        // past it is being baked: it stays ordered and its price is not refunded (it never was part of
        // the booking's money). Staff can still cancel it by hand on the cake orders screen.
        const freeCakes = (outcome.cakes ?? []).filter((c) => c.refundable).map((c) => c.number);
        if (freeCakes.length) {
          await tx`update cake_orders set status = 'cancelled', status_changed_at = ${now} where booking_id = ${row.id} and number = any(${freeCakes}) and status <> 'cancelled'`;
        }
        await tx`
          update bookings set cancellation_reason = 'Cancelled by the customer online', cancellation_kept_cents = ${outcome.keptCents},
            calendar_sequence = calendar_sequence + 1
          where id = ${row.id}`;
        // The money back goes at once where it can (card payments through Stripe); the rest stays the refund due.
        const refunded =
          outcome.refundCents > 0 && refund
            ? await refund(tx, row, outcome.refundCents, `Booking ${row.number} cancelled online by the customer`, now)
            : NO_REFUND;
        let creditId: string | null = null;
        let creditExpiresOn: string | null = null;
        if (outcome.creditCents > 0) {
          creditExpiresOn = creditExpiry(localDate(now, settings.timezone), settings.creditExpiryMonths);
          // The deposit leaves the booking for the ledger (refund lines of method 'credit'), as a rain check's does.
          const credit = await creditFromBooking(
            tx,
            { id: row.id, customer_id: row.customer_id, amount_paid_cents: row.amount_paid_cents - refunded.refundedCents },
            outcome.creditCents,
            { reason: 'cancellation', note: 'The deposit of a booking the customer cancelled online', expiresOn: creditExpiresOn, issuedBy: null },
            now,
          );
          creditId = credit?.creditId ?? null;
        }
        const view = (await getBookingView(tx, { id: row.id }, settings))!;
        const email = await queueEmail(
          tx,
          'booking-cancelled',
          customerCancellationEmail(view, settings, siteUrl, outcome, refunded.refundedCents),
          now,
        );
        const notice = await queueEmail(
          tx,
          'booking-business-change',
          businessChangeEmail(view, settings, siteUrl, businessInbox(settings), { kind: 'cancel', outcome }),
          now,
        );
        return { outcome, creditId, creditExpiresOn, emailId: email, refunded, mail: [email, notice, ...refunded.receiptEmailIds] };
      },
      audit: ({ creditId, creditExpiresOn, emailId, refunded }) => ({
        action: 'booking.customer_cancel',
        entity: 'booking',
        entityId: row.id,
        before: { status: row.status, amountPaidCents: row.amount_paid_cents, depositCents: row.deposit_cents },
        after: {
          status: 'cancelled',
          ...outcome,
          refundedCents: refunded.refundedCents,
          creditId,
          creditExpiresOn,
          emailId,
        },
      }),
    });
  });
  return {
    booking: await manageBooking(db, request, now, language),
    outcome,
    refundedCents: refunded.refundedCents,
    creditExpiresOn,
  };
}
