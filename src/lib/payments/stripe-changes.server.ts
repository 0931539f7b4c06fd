import type { Transaction } from '../db/index.server';
import { queueReceipt } from '../booking/index.server';
import { z } from '../validation';
import { disputeStatusFor, refundShortfall } from './stripe-changes';

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

/**
 * charge.refunded: Stripe's charge says how much of it is refunded in all. What the booking has not
 * recorded yet (a refund made in Stripe's dashboard) is recorded now and taken off the amount paid;
 * a refund made from the admin is already recorded, so it is not counted again. Answers the new
 * refund payments (for receipts), or null when the charge is not one of this site's payments.
 */
export async function applyChargeRefunded(tx: Transaction, charge: StripeCharge, now: Date): Promise<string[] | null> {
  const payment = await lockedPaymentFor(tx, charge.payment_intent);
  if (!payment) return null;
  const recorded = await tx<{ stripe_refund_id: string | null; amount_cents: number }[]>`
    select stripe_refund_id, amount_cents from payments where refund_of = ${payment.id} and status = 'succeeded'`;
  const missing = refundShortfall(
    charge.amount_refunded,
    recorded.map((r) => ({ id: r.stripe_refund_id, amountCents: r.amount_cents })),
    (charge.refunds?.data ?? []).filter((r) => r.status !== 'failed' && r.status !== 'canceled').map((r) => ({ id: r.id, amountCents: r.amount })),
  );
  const created: string[] = [];
  for (const refund of missing) {
    const [row] = await tx<{ id: string }[]>`
      insert into payments (booking_id, kind, method, status, amount_cents, stripe_refund_id, recorded_by, note, refund_of, created_at)
      values (${payment.booking_id}, 'refund', 'stripe', 'succeeded', ${refund.amountCents}, ${refund.id}, 'Stripe', 'Refunded in Stripe', ${payment.id}, ${now})
      on conflict (stripe_refund_id) do nothing
      returning id`;
    if (!row) continue;
    await tx`update bookings set amount_paid_cents = amount_paid_cents - ${refund.amountCents}, updated_at = ${now} where id = ${payment.booking_id}`;
    created.push(row.id);
  }
  const receipts: string[] = [];
  for (const id of created) receipts.push((await queueReceipt(tx, id, now)).emailId);
  return receipts;
}

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
