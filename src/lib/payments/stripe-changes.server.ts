import type { Transaction } from '../db/index.server';
import { getSettings } from '../business/index.server';
import { env } from '../config';
import { queueEmail } from '../email/index.server';
import { businessInbox } from '../forms/index.server';
import { stripe, stripeConfigured } from '../stripe/index.server';
import { localDate, localTime } from '../time';
import { z } from '../validation';
import { disputeStatusFor, refundFailedEmail, refundFailedNote, refundIsLive, refundShortfall } from './stripe-changes';
import { queueReceipt } from '../invoices/index.server';

/**
 * Changes made on Stripe's side of a payment (refunds from the Stripe dashboard, disputes) applied
 * to the booking, inside the webhook's transaction (so once per event). Each first locks the
 * booking row, as a refund from the admin does while it asks Stripe, so the two never interleave.
 */

const stripeIdText = z.string().regex(/^[\x21-\x7e]{1,255}$/);
const stripeId = z.union([stripeIdText, z.looseObject({ id: stripeIdText }).transform((o) => o.id)]).nullish();
const cents = z.number().int().min(0).max(100_000_000);

/** The fields of a Charge this site reads. `refunds` is only there when the event's API version includes it. */
export const stripeCharge = z.looseObject({
  id: stripeIdText,
  payment_intent: stripeId,
  amount: cents,
  amount_refunded: cents,
  refunds: z
    .looseObject({ data: z.array(z.looseObject({ id: stripeIdText, amount: cents, status: z.string().nullish() })) })
    .nullish(),
});
export type StripeCharge = z.infer<typeof stripeCharge>;

/** The fields of a Refund this site reads (refund.created / refund.updated / refund.failed / charge.refund.updated). */
export const stripeRefund = z.looseObject({
  id: stripeIdText,
  amount: cents.min(1),
  status: z.string().max(100).nullish(),
  payment_intent: stripeId,
  failure_reason: z.string().max(200).nullish(),
});
export type StripeRefund = z.infer<typeof stripeRefund>;

export const stripeDispute = z.looseObject({
  id: stripeIdText,
  amount: cents.min(1),
  payment_intent: stripeId,
  reason: z.string().max(100).nullish(),
  status: z.string().max(100),
});
export type StripeDispute = z.infer<typeof stripeDispute>;

interface PaidPayment {
  id: string;
  booking_id: string;
}

/** The site's payment for a payment intent, with its booking locked; null for payments this site did not take. */
async function lockedPaymentFor(tx: Transaction, paymentIntent: string | null | undefined): Promise<PaidPayment | null> {
  if (!paymentIntent) return null;
  const [payment] = await tx<PaidPayment[]>`
    select id, booking_id from payments where stripe_payment_intent_id = ${paymentIntent} and kind <> 'refund'
    order by created_at limit 1`;
  if (!payment) return null;
  await tx`select 1 from bookings where id = ${payment.booking_id} for update`;
  return payment;
}

/** What applying Stripe's refunds did: receipts for refunds recorded, staff notices for refunds that failed (e-mail ids, sent after commit). */
export interface RefundEffects {
  receipts: string[];
  notices: string[];
}

/**
 * charge.refunded: a refund of one of this site's payments was made (in Stripe's dashboard, or from
 * the admin, which recorded it already). The charge in the event is a snapshot that may be old (events
 * arrive late, twice and out of order), so the booking is reconciled with Stripe's current list of the
 * payment's refunds, each by its id (applyRefundTo): nothing is counted twice however many events name
 * it. Without Stripe's API (no secret key here) the charge's amount_refunded is the fallback: what
 * the booking has not recorded of it is recorded. Null when the charge is not one of this site's payments.
 */
export async function applyChargeRefunded(tx: Transaction, charge: StripeCharge, now: Date): Promise<RefundEffects | null> {
  const payment = await lockedPaymentFor(tx, charge.payment_intent);
  if (!payment) return null;
  const effects: RefundEffects = { receipts: [], notices: [] };
  if (stripeConfigured() && charge.payment_intent) {
    // Under the booking's lock: a refund the admin is making now is either committed (recorded) or not made yet.
    const listed = await stripe().refunds.list({ payment_intent: charge.payment_intent, limit: 100 });
    const refunds = listed.data.map((r) => stripeRefund.safeParse(r)).flatMap((r) => (r.success ? [r.data] : []));
    // Oldest first, so the booking's refund lines read in the order they were made.
    for (const refund of refunds.reverse()) merge(effects, await applyRefundTo(tx, payment, refund, now));
    return effects;
  }
  const recorded = await tx<{ stripe_refund_id: string | null; amount_cents: number }[]>`
    select stripe_refund_id, amount_cents from payments where refund_of = ${payment.id} and method = 'stripe' and status = 'succeeded'`;
  const missing = refundShortfall(
    charge.amount_refunded,
    recorded.map((r) => ({ id: r.stripe_refund_id, amountCents: r.amount_cents })),
    (charge.refunds?.data ?? []).filter((r) => refundIsLive(r.status)).map((r) => ({ id: r.id, amountCents: r.amount })),
  );
  for (const refund of missing) {
    const id = await insertStripeRefund(tx, payment, refund.id, refund.amountCents, now);
    if (id) effects.receipts.push((await queueReceipt(tx, id, now)).emailId);
  }
  return effects;
}

/** refund.created / refund.updated / refund.failed / charge.refund.updated: the refund as Stripe has it now. Null when not this site's payment. */
export async function applyRefundEvent(tx: Transaction, refund: StripeRefund, now: Date): Promise<RefundEffects | null> {
  const payment = await lockedPaymentFor(tx, refund.payment_intent);
  if (!payment) return null;
  return applyRefundTo(tx, payment, refund, now);
}

const merge = (into: RefundEffects, more: RefundEffects) => {
  into.receipts.push(...more.receipts);
  into.notices.push(...more.notices);
};

/** Inserts a refund made in Stripe as the payment's refund line and lowers the amount paid; null when that Stripe id is recorded already. */
async function insertStripeRefund(tx: Transaction, payment: PaidPayment, stripeRefundId: string | null, amountCents: number, now: Date): Promise<string | null> {
  const [row] = await tx<{ id: string }[]>`
    insert into payments (booking_id, kind, method, status, amount_cents, stripe_refund_id, recorded_by, note, refund_of, created_at)
    values (${payment.booking_id}, 'refund', 'stripe', 'succeeded', ${amountCents}, ${stripeRefundId}, 'Stripe', 'Refunded in Stripe', ${payment.id}, ${now})
    on conflict (stripe_refund_id) do nothing
    returning id`;
  if (!row) return null;
  await tx`update bookings set amount_paid_cents = amount_paid_cents - ${amountCents}, updated_at = ${now} where id = ${payment.booking_id}`;
  return row.id;
}

/**
 * One Stripe refund of the payment, by its id, whatever told us of it and in whatever order: a live
 * refund (pending or succeeded) not recorded yet is recorded once (taking over a line an older
 * charge.refunded recorded without an id, when one of the same amount is there); a refund that failed
 * or was cancelled gives its amount back to the booking's amount paid once, its line marked failed, and
 * staff are told (a note on the booking and an e-mail). Failed is final: an older event that still says
 * pending changes nothing, and a refund that failed before it was ever recorded is kept as a failed line
 * so that a late event cannot record it.
 */
async function applyRefundTo(tx: Transaction, payment: PaidPayment, refund: StripeRefund, now: Date): Promise<RefundEffects> {
  const effects: RefundEffects = { receipts: [], notices: [] };
  const live = refundIsLive(refund.status);
  let [line] = await tx<{ id: string; status: string; amount_cents: number }[]>`
    select id, status, amount_cents from payments where stripe_refund_id = ${refund.id} for update`;
  if (!line) {
    // A line charge.refunded recorded without Stripe's id (an event with no refunds list): this refund's.
    [line] = await tx<{ id: string; status: string; amount_cents: number }[]>`
      update payments set stripe_refund_id = ${refund.id}
      where id = (select id from payments where refund_of = ${payment.id} and method = 'stripe' and stripe_refund_id is null
                    and status = 'succeeded' and amount_cents = ${refund.amount} order by created_at limit 1 for update)
      returning id, status, amount_cents`;
  }
  if (!line) {
    if (live) {
      const id = await insertStripeRefund(tx, payment, refund.id, refund.amount, now);
      if (id) effects.receipts.push((await queueReceipt(tx, id, now)).emailId);
    } else {
      await tx`
        insert into payments (booking_id, kind, method, status, amount_cents, stripe_refund_id, recorded_by, note, refund_of, created_at)
        values (${payment.booking_id}, 'refund', 'stripe', 'failed', ${refund.amount}, ${refund.id}, 'Stripe', ${failedNote(refund)}, ${payment.id}, ${now})
        on conflict (stripe_refund_id) do nothing`;
    }
    return effects;
  }
  if (live || line.status !== 'succeeded') return effects;
  // The refund failed after it was recorded: the money is back with the business, so back on the booking.
  await tx`update payments set status = 'failed', note = ${failedNote(refund)} where id = ${line.id}`;
  const [booking] = await tx<{ number: string; staff_notes: string }[]>`
    update bookings set amount_paid_cents = amount_paid_cents + ${line.amount_cents}, updated_at = ${now} where id = ${payment.booking_id}
    returning number, staff_notes`;
  const settings = await getSettings(tx);
  const when = { date: localDate(now, settings.timezone), time: localTime(now, settings.timezone) };
  const note = refundFailedNote(when, line.amount_cents, refund.failure_reason ?? null);
  await tx`update bookings set staff_notes = ${booking!.staff_notes.trim() ? `${booking!.staff_notes.trimEnd()}\n${note}` : note} where id = ${payment.booking_id}`;
  const email = refundFailedEmail(settings, env().SITE_URL, businessInbox(settings.email), {
    bookingId: payment.booking_id,
    number: booking!.number,
    amountCents: line.amount_cents,
    reason: refund.failure_reason ?? null,
  });
  effects.notices.push(await queueEmail(tx, 'refund-failed-business', email, now));
  return effects;
}

const failedNote = (refund: StripeRefund) => `Refund failed in Stripe${refund.failure_reason ? ` (${refund.failure_reason.replaceAll('_', ' ')})` : ''}`;

/**
 * charge.dispute.created / charge.dispute.closed. The bank takes the disputed amount back when a
 * dispute opens (not for an inquiry): it comes off the amount paid, and goes back on when the
 * dispute is won, each move recorded as a payment naming the dispute (a chargeback, then the
 * money returned) so the booking's payments still add up to its amount paid. `funds_withdrawn` on the dispute's row makes replays and out-of-order events
 * (closed before created) count once. False when the dispute is not about this site's payment.
 */
export async function applyDispute(tx: Transaction, dispute: StripeDispute, now: Date): Promise<boolean> {
  const payment = await lockedPaymentFor(tx, dispute.payment_intent);
  if (!payment) return false;
  const status = disputeStatusFor(dispute.status);
  const closed = status === 'won' || status === 'lost' || status === 'inquiry_closed';
  const [existing] = await tx<{ id: string; status: string; funds_withdrawn: boolean; amount_cents: number }[]>`
    select id, status, funds_withdrawn, amount_cents from payment_disputes where stripe_dispute_id = ${dispute.id} for update`;
  // An event older than what is recorded (created arriving after closed) changes nothing.
  const settled = existing && (existing.status === 'won' || existing.status === 'lost' || existing.status === 'inquiry_closed');
  if (settled) return true;
  const withdrawn = status === 'open' || status === 'lost';
  const [row] = existing
    ? await tx<{ id: string }[]>`
        update payment_disputes set status = ${status}, amount_cents = ${dispute.amount}, reason = ${dispute.reason ?? ''},
          funds_withdrawn = ${withdrawn}, closed_at = ${closed ? now : null}
        where id = ${existing.id} returning id`
    : await tx<{ id: string }[]>`
        insert into payment_disputes (payment_id, booking_id, stripe_dispute_id, amount_cents, reason, status, funds_withdrawn, created_at, closed_at)
        values (${payment.id}, ${payment.booking_id}, ${dispute.id}, ${dispute.amount}, ${dispute.reason ?? ''}, ${status}, ${withdrawn}, ${now}, ${closed ? now : null})
        returning id`;
  const before = existing?.funds_withdrawn ?? false;
  if (row && before !== withdrawn) {
    // What goes back is what was taken.
    const amount = withdrawn ? dispute.amount : (existing?.amount_cents ?? dispute.amount);
    const reason = (dispute.reason ?? '').replaceAll('_', ' ');
    const [kind, note] = withdrawn ? ['refund', `Chargeback: the customer’s bank disputed the payment${reason ? ` (${reason})` : ''}`] : ['other', 'Dispute won: the bank returned the chargeback'];
    await tx`
      insert into payments (booking_id, kind, method, status, amount_cents, recorded_by, note, dispute_id, created_at)
      values (${payment.booking_id}, ${kind}, 'stripe', 'succeeded', ${amount}, 'Stripe', ${note}, ${row.id}, ${now})`;
    await tx`update bookings set amount_paid_cents = amount_paid_cents + ${withdrawn ? -amount : amount}, updated_at = ${now} where id = ${payment.booking_id}`;
  }
  return true;
}
