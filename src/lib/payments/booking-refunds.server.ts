import type { Audit, Staff } from '../auth/index.server';
import type { Database, Sql } from '../db/index.server';
import { auditedChange } from '../admin/index.server';
import { sendQueuedMail } from '../email/index.server';
import { stripeConfigured } from '../stripe/index.server';
import { AppError, fieldError } from '../http';
import { centsToDecimal } from '../money';
import { planBookingRefund, type BookingRefundBody, type RefundPlan } from './booking-refunds';
import type { OfflineMethod } from './recorded-payments';
import { refundPaymentIn, refundsHere, type PaymentRefund, type RefundablePayment } from './payment-refunds.server';

export interface BookingRefundOptions {
  /** Why the money goes back: the refund lines' note and the customer's receipt. */
  reason: string;
  /** Who made it: a staff member's e-mail, or a word for the system ('Customer', 'Stripe'). */
  recordedBy: string;
  now: Date;
  /**
   * Non-card payments: 'record' when staff hand the money back now (their refunds are recorded);
   * 'leave' (default) leaves them as a refund due, answered in `left`, for staff to pay by hand.
   */
  byHand?: 'record' | 'leave';
  /** The whole amount was paid back another way (cash, check, card reader): recorded, nothing through Stripe. */
  paidBy?: OfflineMethod;
  /** Card payments go back through Stripe; defaults to whether Stripe is configured. */
  stripe?: boolean;
}

export interface BookingRefund {
  /** The refunds made, one payment line each (receipts queued, sent by the caller after commit). */
  refunds: PaymentRefund[];
  refundedCents: number;
  /** What could not be refunded automatically: the refund due that staff pay by hand. */
  left: RefundPlan['left'];
  leftCents: number;
  /** The booking's amount paid afterwards. */
  amountPaidCents: number;
}

/** The booking's payments money can go back from, with what each has left; the booking row is locked by the caller. */
async function refundablePayments(tx: Sql, bookingId: string) {
  return tx<(RefundablePayment & { created_at: Date; charged_back: boolean })[]>`
    select p.id, p.method, p.amount_cents, p.stripe_payment_intent_id, p.created_at,
      coalesce((select sum(r.amount_cents) from payments r where r.refund_of = p.id and r.status = 'succeeded'), 0)::int as refunded,
      ${refundsHere(tx)},
      exists (select 1 from payment_disputes d where d.payment_id = p.id and d.funds_withdrawn) as charged_back
    from payments p
    where p.booking_id = ${bookingId} and p.kind <> 'refund' and p.status = 'succeeded' and p.dispute_id is null
    order by p.created_at desc, p.id`;
}

/**
 * Gives `amountCents` of what the booking was paid back, split across its payments (planBookingRefund:
 * card payments through Stripe first, newest first, then the others), each part through the one
 * per-payment refund (refundPaymentIn: Stripe with an idempotency key of the booking, the payment and
 * what was refunded of it before, so a retry after a failed commit refunds nothing twice; a refund
 * line with its Stripe id; the amount paid lowered; the receipt queued).
 *
 * The caller holds the booking row lock (`select … from bookings where id = … for update` in `tx`)
 * from before this call until commit: the refunds read and the amount paid written here are then the
 * booking's, and Stripe's charge.refunded for these refunds (which locks the same row) waits for the
 * commit and finds them recorded. When Stripe fails part-way the error is thrown and the caller's
 * transaction must roll back (nothing recorded; the refunds Stripe made are given back by the same
 * idempotency keys on a retry, or recorded by their webhook). More than the amount paid is a 400 at
 * `amountCents`. Answers the refunds made and what is `left` for staff to pay by hand.
 */
export async function refundFromBooking(tx: Sql, booking: { id: string; number: string }, amountCents: number, options: BookingRefundOptions): Promise<BookingRefund> {
  const [row] = await tx<{ amount_paid_cents: number }[]>`select amount_paid_cents from bookings where id = ${booking.id}`;
  if (!row) throw new AppError('not_found', 'No such booking.');
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw fieldError('amountCents', 'The amount must be more than zero.');
  if (amountCents > row.amount_paid_cents) {
    throw fieldError('amountCents', row.amount_paid_cents > 0 ? `At most ${centsToDecimal(row.amount_paid_cents)} was paid: refund at most that.` : 'Nothing was paid for this booking.');
  }
  const payments = await refundablePayments(tx, booking.id);
  const plan = planBookingRefund(
    payments.map((p) => ({
      id: p.id,
      method: p.method,
      createdAt: p.created_at,
      refundableCents: Math.max(0, p.amount_cents - p.refunded),
      stripeRefundable: p.stripe_payment_intent_id !== null && !p.charged_back,
    })),
    amountCents,
    { stripe: options.stripe ?? stripeConfigured(), byHand: options.byHand ?? 'leave', ...(options.paidBy ? { paidBy: options.paidBy } : {}) },
  );
  const refunds: PaymentRefund[] = [];
  for (const part of plan.parts) {
    const payment = payments.find((p) => p.id === part.paymentId)!;
    refunds.push(
      await refundPaymentIn(tx, booking, payment, part.amountCents, {
        recordedBy: options.recordedBy,
        note: options.reason,
        now: options.now,
        ...(options.paidBy && payment.method !== 'credit' ? { paidBy: options.paidBy } : {}),
      }),
    );
  }
  const refundedCents = refunds.reduce((sum, r) => sum + r.amountCents, 0);
  return {
    refunds,
    refundedCents,
    left: plan.left,
    leftCents: plan.left.reduce((sum, l) => sum + l.amountCents, 0),
    amountPaidCents: row.amount_paid_cents - refundedCents,
  };
}

/**
 * The booking screen's refund (manager): the refund due after an edit or a cancellation, or any
 * amount up to what was paid, through refundFromBooking with the staff member handing back any
 * cash part now; or, with `paidBy`, a refund paid another way, only recorded. Audited in the same
 * transaction. `paidCents` must match the booking's amount paid (the screen's view of it), so a
 * double click or a retry of a refund that went through refunds once: the second is a 409.
 */
export async function refundBooking(db: Database, id: string, body: BookingRefundBody, staff: Staff, audit: Audit, now: Date) {
  const result = await auditedChange(db, audit, {
    lock: async (tx) => {
      const [booking] = await tx<{ id: string; number: string; total_cents: number; amount_paid_cents: number }[]>`
        select id, number, total_cents, amount_paid_cents from bookings where id = ${id} for update`;
      if (!booking) throw new AppError('not_found', 'No such booking.');
      return booking;
    },
    check: (booking) => {
      if (booking.amount_paid_cents !== body.paidCents) {
        throw new AppError(
          'conflict',
          `This booking’s payments changed since you opened it (paid now: ${centsToDecimal(booking.amount_paid_cents)}), so nothing was refunded. Check its payments and try again.`,
        );
      }
    },
    change: async (tx, booking) => {
      const made = await refundFromBooking(tx, booking, body.amountCents, {
        reason: body.reason,
        recordedBy: staff.email,
        now,
        byHand: 'record',
        ...(body.paidBy ? { paidBy: body.paidBy } : {}),
      });
      if (made.refunds.length === 0) {
        throw new AppError(
          'conflict',
          made.left.some((l) => l.why === 'stripe_not_configured')
            ? 'Stripe is not configured on this site, so nothing was refunded: record a refund paid another way (cash, check or card reader), or refund it in Stripe’s dashboard.'
            : 'Nothing of this amount can be refunded from here: record a refund paid another way.',
        );
      }
      return made;
    },
    audit: (made, booking) => ({
      action: 'booking.booking_refund',
      entity: 'booking',
      entityId: id,
      before: { amountPaidCents: booking.amount_paid_cents },
      after: {
        amountPaidCents: made.amountPaidCents,
        amountCents: body.amountCents,
        reason: body.reason,
        ...(body.paidBy ? { paidBy: body.paidBy } : {}),
        refunds: made.refunds.map((r) => ({ id: r.id, paymentId: r.paymentId, method: r.method, amountCents: r.amountCents, stripeRefundId: r.stripeRefundId, receiptEmailId: r.receiptEmailId })),
        ...(made.leftCents > 0 ? { leftCents: made.leftCents, left: made.left } : {}),
      },
    }),
  });
  // After commit: a mail failure leaves the receipts queued for the scheduled retry.
  await sendQueuedMail(db, now, { only: result.refunds.map((r) => r.receiptEmailId) });
  return result;
}
