import type { z } from 'zod';
import type { Audit, Staff } from '../auth/index.server';
import { sendQueuedMail } from '../email/index.server';
import { type BookingStatus } from '../booking';
import { changeBookingStatus } from '../booking/index.server';
import { centsToDecimal } from '../money';
import type { Database, Sql } from '../db/index.server';
import { queueReceipt } from '../invoices/index.server';
import { AppError, fieldError } from '../http';
import { getSettings } from '../business/index.server';
import { allocateLockedCredit, writeCreditSpend } from '../credits/index.server';
import { drawnCents, type creditPaymentBody } from '../credits';
import { localDate } from '../time';
import { staffStatusLabels } from '../booking';
import { paymentKindFor, type paymentBody } from './recorded-payments';
import { auditedChange, auditedChangeIn } from '../admin/index.server';
import { lockBooking } from '../booking/index.server';
import { statusWord } from '../booking';
import { queueCustomerEmail } from '../booking/index.server';


/**
 * Records money taken in person (cash, check, card reader) and raises the amount paid. `rule`: a
 * caller's own rule (the crew's at the door), run on the locked row.
 */
export async function recordPayment(db: Database, ...[id, body, staff, audit, now, rule]: PaymentArgs) {
  const result = await db.begin((tx) => recordPaymentIn(tx, id, body, staff, audit, now, rule));
  // After commit: a mail failure leaves the receipt (and a confirmation) queued for the scheduled retry.
  await sendQueuedMail(db, now, { only: [result.confirmationEmailId, result.receiptEmailId].filter((e): e is string => e !== null) });
  return result;
}

/** A caller's rule for a payment (the crew's at the door: src/lib/day/door-money.ts). */
export interface PaymentRule {
  /** Refuses the payment from the booking's status (throws). */
  check?: (status: BookingStatus) => void;
  /** Whether this payment confirms the booking (a deposit still due that it covers). */
  confirms?: (p: { status: BookingStatus; depositCents: number; paidBeforeCents: number; amountCents: number }) => boolean;
}

type PaymentArgs = [
  id: string,
  body: z.infer<typeof paymentBody>,
  staff: Staff,
  audit: Audit,
  now: Date,
  rule?: PaymentRule,
];

/** recordPayment's work in the caller's transaction (a phone booking records its payment with it): the receipt is queued, not sent. */
export async function recordPaymentIn(tx: Sql, ...[id, body, staff, audit, now, rule]: PaymentArgs) {
  return auditedChangeIn(tx, audit, {
    lock: (tx) => lockBooking(tx, id),
    check: (booking) => {
      rule?.check?.(booking.status);
      if (booking.status === 'cancelled' || booking.status === 'expired') {
        throw new AppError('conflict', `This booking is ${statusWord(booking.status)}: there is nothing to pay.`);
      }
      const due = booking.total_cents - booking.amount_paid_cents;
      if (body.amountCents > due) {
        throw fieldError('amountCents', due > 0 ? `The balance due is ${centsToDecimal(due)}: record at most that.` : 'This booking is paid in full.');
      }
    },
    change: async (tx, booking) => {
      const kind = paymentKindFor({ paidBeforeCents: booking.amount_paid_cents, amountCents: body.amountCents, depositCents: booking.deposit_cents, totalCents: booking.total_cents });
      const [payment] = await tx<{ id: string }[]>`
        insert into payments (booking_id, kind, method, status, amount_cents, recorded_by, note, created_at)
        values (${id}, ${kind}, ${body.method}, 'succeeded', ${body.amountCents}, ${staff.email}, ${body.note}, ${now})
        returning id`;
      const amountPaidCents = booking.amount_paid_cents + body.amountCents;
      // Money taken by staff keeps a pay-later booking: it is no longer released at its deadline.
      await tx`
        update bookings set amount_paid_cents = ${amountPaidCents}, updated_at = ${now},
          hold_expires_at = case when status = 'deposit_due' then null else hold_expires_at end
        where id = ${id}`;
      // The deposit collected at the door confirms the booking, as the deposit paid online does: the
      // customer gets the same confirmation e-mail.
      const confirms = rule?.confirms?.({ status: booking.status, depositCents: booking.deposit_cents, paidBeforeCents: booking.amount_paid_cents, amountCents: body.amountCents }) ?? false;
      if (confirms) await changeBookingStatus(tx, id, 'confirmed', now);
      const confirmation = confirms ? await queueCustomerEmail(tx, id, now) : null;
      // The receipt shows the booking after the payment (and the status it brought): queued last.
      const receipt = await queueReceipt(tx, payment!.id, now);
      const status: BookingStatus = confirms ? 'confirmed' : booking.status;
      return {
        id: payment!.id,
        kind,
        amountPaidCents,
        balanceCents: booking.total_cents - amountPaidCents,
        status,
        statusLabel: staffStatusLabels[status],
        confirmed: confirms,
        receiptTo: receipt.to,
        receiptEmailId: receipt.emailId,
        confirmationEmailId: confirmation?.emailId ?? null,
      };
    },
    audit: (paid, booking) => [
      {
        action: 'booking.payment',
        entity: 'booking',
        entityId: id,
        before: { amountPaidCents: booking.amount_paid_cents },
        after: { amountPaidCents: paid.amountPaidCents, payment: { id: paid.id, kind: paid.kind, method: body.method, amountCents: body.amountCents, note: body.note }, receiptEmailId: paid.receiptEmailId },
      },
      ...(paid.confirmed
        ? [{ action: 'booking.status', entity: 'booking', entityId: id, before: { status: booking.status }, after: { status: paid.status, reason: 'deposit collected at the door', emailId: paid.confirmationEmailId } }]
        : []),
    ],
  });
}

/**
 * Staff pay part of a booking from its customer's credit (a phone booking, a customer who asks):
 * at most the balance due and what the customer can spend today, oldest expiry first, in one
 * audited transaction with the receipt queued ("Paid from credit"). Managers only: it moves money.
 */
export async function recordCreditPayment(db: Database, id: string, body: z.infer<typeof creditPaymentBody>, staff: Staff, audit: Audit, now: Date) {
  const result = await auditedChange(db, audit, {
    lock: async (tx) => {
      const booking = await lockBooking(tx, id);
      const [owner] = await tx<{ customer_id: string }[]>`select customer_id from bookings where id = ${id}`;
      const settings = await getSettings(tx);
      const { draws, availableCents } = await allocateLockedCredit(tx, owner!.customer_id, localDate(now, settings.timezone), body.amountCents);
      return { booking, draws, availableCents };
    },
    check: ({ booking, availableCents }) => {
      if (booking.status === 'cancelled' || booking.status === 'expired') {
        throw new AppError('conflict', `This booking is ${statusWord(booking.status)}: there is nothing to pay.`);
      }
      const due = booking.total_cents - booking.amount_paid_cents;
      if (body.amountCents > due) {
        throw fieldError('amountCents', due > 0 ? `The balance due is ${centsToDecimal(due)}: pay at most that.` : 'This booking is paid in full.');
      }
      if (body.amountCents > availableCents) {
        throw fieldError('amountCents', availableCents > 0 ? `The customer has ${centsToDecimal(availableCents)} of credit to spend: pay at most that.` : 'The customer has no credit to spend.');
      }
    },
    change: async (tx, { booking, draws }) => {
      const kind = paymentKindFor({ paidBeforeCents: booking.amount_paid_cents, amountCents: body.amountCents, depositCents: booking.deposit_cents, totalCents: booking.total_cents });
      const paymentId = await writeCreditSpend(tx, { bookingId: id, draws, kind, usedBy: staff.email, now });
      const amountPaidCents = booking.amount_paid_cents + drawnCents(draws);
      // Like any money staff take: a pay-later booking is no longer released at its deadline.
      await tx`update bookings set hold_expires_at = case when status = 'deposit_due' then null else hold_expires_at end where id = ${id}`;
      const receipt = await queueReceipt(tx, paymentId, now);
      return { id: paymentId, kind, amountPaidCents, balanceCents: booking.total_cents - amountPaidCents, receiptTo: receipt.to, receiptEmailId: receipt.emailId };
    },
    audit: (paid, { booking, draws }) => ({
      action: 'booking.payment',
      entity: 'booking',
      entityId: id,
      before: { amountPaidCents: booking.amount_paid_cents },
      after: {
        amountPaidCents: paid.amountPaidCents,
        payment: { id: paid.id, kind: paid.kind, method: 'credit', amountCents: body.amountCents, note: 'Paid from credit' },
        credits: draws,
        receiptEmailId: paid.receiptEmailId,
      },
    }),
  });
  await sendQueuedMail(db, now, { only: [result.receiptEmailId] });
  return result;
}
