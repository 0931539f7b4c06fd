import type Stripe from 'stripe';
import type { Database, Transaction } from '../db/index.server';
import { releaseHold } from '../booking/index.server';
import { AppError } from '../http';
import { z } from '../validation';
import { applyChargeRefunded, applyDispute, applyRefundEvent, stripeCharge, stripeDispute, stripeRefund } from './stripe-changes.server';
import { balanceChargeOfIntent, recordBalanceChargeFailed, recordBalanceChargeSucceeded, type SavedCard, saveCardForBooking, savedCardOfSession } from './auto-charge.server';
import { queueReceipt } from '../invoices/index.server';

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

export interface WebhookEffects {
  /** Bookings that became confirmed: the caller sends their confirmation e-mails after commit. */
  confirmed: string[];
  /** E-mails queued (receipts for the payments recorded, staff notices of failed refunds): the caller sends them after commit. */
  receipts: string[];
}

/**
 * Applies one verified Stripe event exactly once: a paid or expired checkout, a refund made in
 * Stripe (charge.refunded) or a refund's status changing (refund.created / updated / failed,
 * charge.refund.updated: a failed refund goes back on the amount paid), a dispute opened or closed (charge.dispute.created / closed), a payout paid into the bank (payout.paid). The event
 * id is recorded in the same transaction as its effects, so a replay is a no-op and a crash half-way
 * leaves nothing behind. Effects are written to be order-independent: an expiry that arrives after
 * the payment does nothing, a payment after an expiry re-takes the units when they are still free,
 * a refund already recorded from the admin is not counted again, a dispute's close before its
 * opening counts once.
 */
export async function applyStripeEvent(sql: Database, signed: Stripe.Event, now: Date): Promise<{ outcome: WebhookOutcome } & WebhookEffects> {
  // A valid signature proves who sent the bytes, not what they contain: check the envelope first.
  const envelope = stripeEvent.safeParse(signed);
  if (!envelope.success) throw new AppError('validation', 'Malformed Stripe event.');
  const event = envelope.data;
  try {
    // The card a deposit saved is asked of Stripe before the transaction (no network wait holding locks).
    const completed = event.type === 'checkout.session.completed' ? checkoutSession.safeParse(event.data.object) : null;
    const card = completed?.success ? await savedCardOfSession(completed.data) : null;
    return await applyOnce(sql, event, now, card);
  } catch (error) {
    // The transaction rolled back, so record the failure on its own for the payments page;
    // Stripe retries the event, and a retry of an unprocessed event is applied again.
    await recordStripeEventFailure(sql, event, now, error).catch(() => {});
    throw error;
  }
}

async function applyOnce(sql: Database, event: StripeEvent, now: Date, card: SavedCard | null): Promise<{ outcome: WebhookOutcome } & WebhookEffects> {
  return sql.begin(async (tx) => {
    // A failed earlier delivery left a row without processed_at: take it over and try again.
    const inserted = await tx`
      insert into stripe_events (id, type, livemode, received_at) values (${event.id}, ${event.type}, ${event.livemode}, ${now})
      on conflict (id) do update set received_at = excluded.received_at, error = null
        where stripe_events.processed_at is null
      returning id`;
    if (inserted.length === 0) return { outcome: 'duplicate' as const, confirmed: [], receipts: [] };

    const effects: WebhookEffects = { confirmed: [], receipts: [] };
    let outcome: WebhookOutcome = 'ignored';
    // Sessions this site did not create (another integration on the same Stripe account) are ignored.
    const parsed = event.type.startsWith('checkout.session.') ? checkoutSession.safeParse(event.data.object) : null;
    const session = parsed?.success ? parsed.data : null;
    if (session && (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded')) {
      if (session.payment_status === 'paid' && session.metadata.bookingId) {
        outcome = 'processed';
        const recorded = await recordSessionPayment(tx, session, now);
        if (recorded?.confirmed) effects.confirmed.push(recorded.confirmed);
        if (recorded?.receiptEmailId) effects.receipts.push(recorded.receiptEmailId);
        if (card && session.metadata.kind === 'deposit') {
          const [exists] = await tx`select 1 from bookings where id = ${session.metadata.bookingId}`;
          if (exists) await saveCardForBooking(tx, session.metadata.bookingId, card, now);
        }
      }
    } else if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
      // Our off-session balance charges (metadata.balanceChargeId): recorded here when the run that
      // made them stopped before it could; otherwise already recorded, and nothing happens twice.
      // Payment intents of Checkout Sessions are recorded from checkout.session.completed instead.
      const intent = stripeIntent.safeParse(event.data.object);
      const chargeId = intent.success ? await balanceChargeOfIntent(tx, intent.data) : null;
      if (intent.success && chargeId) {
        outcome = 'processed';
        const emailId =
          event.type === 'payment_intent.succeeded'
            ? await recordBalanceChargeSucceeded(tx, chargeId, intent.data.id, now)
            : await recordBalanceChargeFailed(tx, chargeId, { intentId: intent.data.id, code: intent.data.last_payment_error?.code ?? null, message: intent.data.last_payment_error?.message ?? 'The payment failed.' }, now);
        if (emailId) effects.receipts.push(emailId);
      }
    } else if (event.type === 'charge.refunded' || refundEvents.has(event.type)) {
      const charge = event.type === 'charge.refunded' ? stripeCharge.safeParse(event.data.object) : null;
      const refund = charge ? null : stripeRefund.safeParse(event.data.object);
      const applied = charge?.success ? await applyChargeRefunded(tx, charge.data, now) : refund?.success ? await applyRefundEvent(tx, refund.data, now) : null;
      if (applied) {
        outcome = 'processed';
        // Receipts for refunds recorded and the staff's notices of failed ones: both sent after commit.
        effects.receipts.push(...applied.receipts, ...applied.notices);
      }
    } else if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') {
      const dispute = stripeDispute.safeParse(event.data.object);
      if (dispute.success && (await applyDispute(tx, dispute.data, now))) outcome = 'processed';
    } else if (event.type === 'payout.paid') {
      // The money reached the bank: recorded once, and (connected to QuickBooks) its Deposit is queued by the table's trigger.
      const payout = stripePayout.safeParse(event.data.object);
      if (payout.success && !event.account && payout.data.amount > 0) {
        outcome = 'processed';
        const p = payout.data;
        await tx`
          insert into stripe_payouts (stripe_payout_id, amount_cents, currency, arrival_date, automatic, livemode)
          values (${p.id}, ${p.amount}, ${p.currency}, (to_timestamp(${p.arrival_date}) at time zone 'UTC')::date, ${p.automatic}, ${event.livemode})
          on conflict (stripe_payout_id) do nothing`;
      }
    } else if (session && event.type === 'checkout.session.expired') {
      const bookingId = session.metadata?.bookingId;
      if (bookingId && session.metadata?.kind === 'deposit') {
        outcome = 'processed';
        // Only the booking's current session counts: an older one may expire while a newer one is open.
        const [current] = await tx`select 1 from bookings where id = ${bookingId} and stripe_checkout_session_id = ${session.id}`;
        if (current) await releaseHold(tx, bookingId, now, { notify: true });
      }
    }
    await tx`update stripe_events set processed_at = ${now} where id = ${event.id}`;
    return { outcome, ...effects };
  });
}

/** The events that carry one Refund as Stripe has it now (refund.* for every refund since API version 2024-10-28). */
const refundEvents = new Set(['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated']);

/** Stripe ids are short printable ASCII (evt_…, cs_…); anything else is not from Stripe. */
const stripeIdText = z.string().regex(/^[\x21-\x7e]{1,255}$/);

const stripeEvent = z.looseObject({
  id: stripeIdText,
  type: stripeIdText,
  livemode: z.boolean().default(false),
  /** Set on a Connect platform's events about another account's money: never this business's. */
  account: stripeIdText.nullish(),
  data: z.looseObject({ object: z.unknown() }),
});

const stripeId = z.union([stripeIdText, z.looseObject({ id: stripeIdText }).transform((o) => o.id)]).nullish();

/** The fields of a Checkout Session this site reads; metadata.bookingId is ours only when it is a UUID. */
const checkoutSession = z.looseObject({
  id: stripeIdText,
  payment_status: z.string().nullish(),
  amount_total: z.number().int().min(0).max(100_000_000).nullish(),
  payment_intent: stripeId,
  customer: stripeId,
  metadata: z
    .looseObject({ bookingId: z.string().optional(), kind: z.string().optional(), saveCard: z.string().optional() })
    .nullish()
    .transform((m) => ({ bookingId: z.uuid().safeParse(m?.bookingId).data, kind: m?.kind, saveCard: m?.saveCard })),
});

/** The fields of a PaymentIntent this site reads (its off-session balance charges). */
const stripeIntent = z.looseObject({
  id: stripeIdText,
  status: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  last_payment_error: z.looseObject({ code: z.string().max(100).nullish(), message: z.string().max(2000).nullish() }).nullish(),
});
/** The fields of a Payout this site reads (payout.paid). */
const stripePayout = z.looseObject({
  id: stripeIdText,
  amount: z.number().int().max(100_000_000_000),
  currency: z.string().regex(/^[a-z]{3}$/),
  arrival_date: z.number().int().min(0),
  automatic: z.boolean().default(true),
});
type CheckoutSession = z.infer<typeof checkoutSession>;
type StripeEvent = z.infer<typeof stripeEvent>;

/** Keeps the last error of an event that could not be applied (never overwrites a processed one). */
export async function recordStripeEventFailure(sql: Database, event: Pick<StripeEvent, 'id' | 'type' | 'livemode'>, now: Date, error: unknown): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'Unknown error';
  await sql`
    insert into stripe_events (id, type, livemode, received_at, error) values (${event.id}, ${event.type}, ${event.livemode}, ${now}, ${message})
    on conflict (id) do update set error = excluded.error, received_at = excluded.received_at
      where stripe_events.processed_at is null`;
}

/** Records the payment (once per payment intent) and confirms a booking waiting for its deposit. */
async function recordSessionPayment(sql: Transaction, session: CheckoutSession, now: Date): Promise<{ confirmed: string | null; receiptEmailId: string } | null> {
  const bookingId = session.metadata?.bookingId;
  const kind = session.metadata?.kind === 'balance' ? 'balance' : 'deposit';
  if (!bookingId || !session.amount_total) return null;
  // A session for a booking that is not (or no longer) here records nothing: the payment table needs its booking.
  const [exists] = await sql`select 1 from bookings where id = ${bookingId}`;
  if (!exists) return null;
  const intentId = session.payment_intent ?? null;
  const inserted = await sql<{ id: string }[]>`
    insert into payments (booking_id, kind, method, status, amount_cents, stripe_payment_intent_id, stripe_checkout_session_id, created_at)
    values (${bookingId}, ${kind}, 'stripe', 'succeeded', ${session.amount_total}, ${intentId}, ${session.id}, ${now})
    on conflict (stripe_payment_intent_id, kind) where stripe_payment_intent_id is not null do nothing
    returning id`;
  if (inserted.length === 0) return null;

  const customerId = session.customer ?? null;
  const [booking] = await sql<{ status: string }[]>`
    update bookings set amount_paid_cents = amount_paid_cents + ${session.amount_total},
      stripe_customer_id = coalesce(${customerId}, stripe_customer_id), updated_at = ${now}
    where id = ${bookingId} returning status`;
  if (!booking) return null;

  let confirmed: string | null = null;
  if (booking.status === 'hold' || booking.status === 'deposit_due') {
    await sql`update bookings set status = 'confirmed', hold_expires_at = null, confirmed_at = coalesce(confirmed_at, ${now}) where id = ${bookingId}`;
    confirmed = bookingId;
  } else if (booking.status === 'expired') {
    confirmed = await reclaimExpired(sql, bookingId, now);
  }
  // The receipt shows the booking after the payment (and the status it brought): queued last.
  const { emailId } = await queueReceipt(sql, inserted[0]!.id, now);
  return { confirmed, receiptEmailId: emailId };
}

/**
 * The deposit arrived after the booking was released (its deadline passed while the customer was on
 * a payment page, which Stripe keeps open at least 30 minutes). If every released unit is still free
 * the booking is confirmed again; otherwise it stays expired with a staff note, and the dashboard's
 * released bookings show it as paid, for staff to refund or offer other dates (the money is recorded
 * either way).
 */
async function reclaimExpired(sql: Transaction, bookingId: string, now: Date): Promise<string | null> {
  const released = await sql<{ id: string }[]>`select id from unit_allocations where booking_id = ${bookingId} and released_at is not null`;
  try {
    await sql.savepoint(async (sp) => {
      await sp`update unit_allocations set released_at = null where booking_id = ${bookingId} and id = any(${released.map((r) => r.id)}::uuid[])`;
    });
  } catch (error) {
    if ((error as { code?: string }).code !== '23P01') throw error;
    await sql`
      update bookings set staff_notes = staff_notes || ${`\n${now.toISOString()}: deposit paid after the hold expired and the units were re-booked: refund the deposit or offer other dates.`}
      where id = ${bookingId}`;
    return null;
  }
  await sql`update bookings set status = 'confirmed', updated_at = ${now}, confirmed_at = coalesce(confirmed_at, ${now}) where id = ${bookingId}`;
  return bookingId;
}
