import type Stripe from 'stripe';
import type { z } from 'zod';
import type { Audit, Staff } from '../auth/index.server';
import { sendQueuedMail } from '../email/index.server';
import { centsToDecimal } from '../money';
import type { Database, Sql } from '../db/index.server';
import { queueReceipt } from '../invoices/index.server';
import { AppError, fieldError } from '../http';
import { stripe, stripeConfigured } from '../stripe/index.server';
import { getSettings } from '../business/index.server';
import { restoreCreditIn } from '../credits/index.server';
import { localDate } from '../time';
import { refundableCents, type OfflineMethod, type refundBody } from './recorded-payments';
import { auditedChange } from '../admin/index.server';
import { lockBooking } from '../booking/index.server';


/**
 * Gives money back from one payment (the booking screen's refund of one payment line): checks what
 * is left of that payment, then refundPaymentIn does the refund. Audited in the same transaction.
 */
export async function refundPayment(db: Database, id: string, body: z.infer<typeof refundBody>, staff: Staff, audit: Audit, now: Date) {
  return auditedChange(db, audit, {
    lock: async (tx) => {
      const booking = await lockBooking(tx, id);
      const [payment] = await tx<(RefundablePayment & { kind: string; status: string })[]>`
        select id, kind, method, status, amount_cents, stripe_payment_intent_id,
          coalesce((select sum(r.amount_cents) from payments r where r.refund_of = p.id and r.status = 'succeeded'), 0)::int as refunded,
          ${refundsHere(tx)}
        from payments p
        where id = ${body.paymentId} and booking_id = ${id} for update`;
      if (!payment) throw fieldError('paymentId', 'That payment does not belong to this booking.');
      if (payment.kind === 'refund' || payment.status !== 'succeeded') throw fieldError('paymentId', 'Only a received payment can be refunded.');
      return { booking, payment };
    },
    check: ({ payment }) => {
      const left = refundableCents(payment.amount_cents, payment.refunded);
      if (body.amountCents > left) {
        throw fieldError('amountCents', left > 0 ? `At most ${centsToDecimal(left)} of this payment can be refunded.` : 'This payment is already refunded in full.');
      }
    },
    change: (tx, { booking, payment }) => refundPaymentIn(tx, booking, payment, body.amountCents, { recordedBy: staff.email, note: body.reason, now }),
    audit: (refund, { booking, payment }) => ({
      action: 'booking.refund',
      entity: 'booking',
      entityId: id,
      before: { amountPaidCents: booking.amount_paid_cents },
      after: {
        amountPaidCents: refund.amountPaidCents,
        refund: { id: refund.id, paymentId: payment.id, method: payment.method, amountCents: body.amountCents, reason: body.reason, stripeRefundId: refund.stripeRefundId },
        receiptEmailId: refund.receiptEmailId,
      },
    }),
  }).then(async (result) => {
    await sendQueuedMail(db, now, { only: [result.receiptEmailId] });
    return result;
  });
}

async function restoreCredit(tx: Sql, r: Omit<Parameters<typeof restoreCreditIn>[1], 'today' | 'expiryMonths'>) {
  const settings = await getSettings(tx);
  await restoreCreditIn(tx, { ...r, today: localDate(r.now, settings.timezone), expiryMonths: settings.creditExpiryMonths });
}

/**
 * A received payment as the refund core reads it: `refunded` is what its succeeded refunds gave back
 * so far (whoever made them); `refunded_here` and `refund_lines` count only the refunds this site made
 * (not those recorded from Stripe's events): their sum, and how many in any status (a failed one too).
 */
export interface RefundablePayment {
  id: string;
  method: string;
  amount_cents: number;
  stripe_payment_intent_id: string | null;
  refunded: number;
  refunded_here: number;
  refund_lines: number;
}

/** The columns of RefundablePayment about the refunds this site made of payment `p` (the idempotency key's parts). */
export const refundsHere = (sql: Sql) => sql`
  coalesce((select sum(r.amount_cents) from payments r where r.refund_of = p.id and r.status = 'succeeded' and r.recorded_by is distinct from 'Stripe'), 0)::int as refunded_here,
  (select count(*) from payments r where r.refund_of = p.id and r.recorded_by is distinct from 'Stripe')::int as refund_lines`;

/** One refund recorded by refundPaymentIn. */
export interface PaymentRefund {
  /** The refund's own payment line. */
  id: string;
  paymentId: string;
  /** How the money went back: 'stripe' through Stripe, otherwise the way staff handed it over. */
  method: string;
  amountCents: number;
  stripeRefundId: string | null;
  /** The booking's amount paid after this refund. */
  amountPaidCents: number;
  receiptTo: string;
  receiptEmailId: string;
}

/**
 * The one way to give money back from one payment, in the caller's transaction; the caller holds the
 * booking row lock (select … for update) and has checked the amount against what is left of the
 * payment. A Stripe payment is refunded through Stripe first, with an idempotency key made of the
 * booking, the payment, what this site refunded of it before (the sum, and how many refund lines in
 * any status, so a refund made again after one failed is a new one) and the amount, so a retry after
 * a failed commit gets the same refund back instead of a second one. Refunds recorded from Stripe's
 * events are left out of the key: when the first attempt's own refund was recorded by its webhook
 * after that attempt rolled back, the retry meets it again and is a 409, never a second refund.
 * (Stripe down: nothing is written and the
 * caller's transaction rolls back). Other payments, or any payment when `paidBy` says the money went
 * back another way (cash, check, card reader), are recorded as handed back. Either way the refund is a
 * payment line (kind 'refund', refund_of the payment, its Stripe id), the amount paid goes down by it
 * and the customer's receipt is queued (the caller sends it after commit).
 */
export async function refundPaymentIn(
  tx: Sql,
  booking: { id: string; number: string },
  payment: RefundablePayment,
  amountCents: number,
  options: { recordedBy: string; note: string; now: Date; paidBy?: OfflineMethod },
): Promise<PaymentRefund> {
  const { now } = options;
  let stripeRefundId: string | null = null;
  if (payment.method === 'stripe' && !options.paidBy) {
    if (!stripeConfigured()) {
      throw new AppError('conflict', 'Stripe is not configured on this site, so this card payment can’t be refunded from here. Refund it in the Stripe dashboard.');
    }
    if (!payment.stripe_payment_intent_id) throw new AppError('conflict', 'This card payment has no Stripe payment reference to refund.');
    stripeRefundId = await createStripeRefund(payment.stripe_payment_intent_id, amountCents, {
      idempotencyKey: `refund-${booking.id}-${payment.id}-${payment.refunded_here}-${payment.refund_lines}-${amountCents}`,
      metadata: { bookingId: booking.id, bookingNumber: booking.number, paymentId: payment.id },
    });
  }

  const method = options.paidBy ?? payment.method;
  const [refund] = await tx<{ id: string }[]>`
    insert into payments (booking_id, kind, method, status, amount_cents, stripe_refund_id, recorded_by, note, refund_of, created_at)
    values (${booking.id}, 'refund', ${method}, 'succeeded', ${amountCents}, ${stripeRefundId}, ${options.recordedBy}, ${options.note}, ${payment.id}, ${now})
    on conflict (stripe_refund_id) do nothing
    returning id`;
  // Stripe answered with a refund the booking has already: made by an earlier attempt whose transaction
  // rolled back, and recorded since from Stripe's event. Nothing more was refunded.
  if (!refund) throw new AppError('conflict', 'Stripe had already made this refund, and it is recorded on the booking: nothing more was refunded.');
  const [paid] = await tx<{ amount_paid_cents: number }[]>`
    update bookings set amount_paid_cents = amount_paid_cents - ${amountCents}, updated_at = ${now} where id = ${booking.id} returning amount_paid_cents`;
  // A credit payment's refund goes back to the credit it came from (credits/credit-spend.server.ts).
  if (method === 'credit') {
    await restoreCredit(tx, { paymentId: payment.id, refundPaymentId: refund!.id, bookingId: booking.id, refundedBeforeCents: payment.refunded, amountCents, by: options.recordedBy, now });
  }
  const receipt = await queueReceipt(tx, refund!.id, now);
  return {
    id: refund!.id,
    paymentId: payment.id,
    method,
    amountCents,
    stripeRefundId,
    amountPaidCents: paid!.amount_paid_cents,
    receiptTo: receipt.to,
    receiptEmailId: receipt.emailId,
  };
}

async function createStripeRefund(paymentIntent: string, amount: number, options: { idempotencyKey: string; metadata: Record<string, string> }): Promise<string> {
  let refund: Stripe.Refund;
  try {
    refund = await stripe().refunds.create({ payment_intent: paymentIntent, amount, metadata: options.metadata }, { idempotencyKey: options.idempotencyKey });
  } catch (error) {
    const e = error as { type?: string; message?: string };
    // Stripe said no (already refunded, amount too large ...): staff can act on that message.
    if (e.type === 'StripeInvalidRequestError' || e.type === 'StripeCardError') throw new AppError('conflict', `Stripe refused the refund: ${e.message ?? 'no reason given'}`);
    console.error('Stripe refund failed:', error);
    throw new AppError('unavailable', 'We couldn’t reach Stripe, so nothing was refunded. Please try again in a minute.');
  }
  // Card refunds are 'pending' until the bank settles them and almost always succeed; a failed or
  // cancelled one gave nothing back.
  if (refund.status === 'failed' || refund.status === 'canceled') throw new AppError('conflict', `Stripe could not refund this payment (${refund.status}).`);
  return refund.id;
}
