import { writeSiteAudit } from '../auth/index.server';
import type Stripe from 'stripe';
import type { BookingStatus } from '../booking';
import { getBookingView } from '../booking/index.server';
import type { BusinessSettings } from '../business';
import { getSettings, SettingsMissingError } from '../business/index.server';
import { env } from '../config';
import type { Database, Sql, Transaction } from '../db/index.server';
import { queueEmail, sendQueuedMail } from '../email/index.server';
import { stripe, stripeConfigured } from '../stripe/index.server';
import { balanceChargeKey, balanceToCharge, type BalanceChargeStatus, type ChargeTried } from './auto-charge';
import { balanceChargeFailedEmail } from './auto-charge-emails';
import { queueReceipt } from '../invoices/index.server';

/**
 * Balances that collect themselves: the card saved at the deposit checkout is charged off-session
 * (housekeeping, and right after a staff edit that raises the total), at most once per card and
 * balance (see balanceToCharge and the balance_charges table). The attempt is claimed in the
 * transaction that locks the booking row, before Stripe is asked, so two overlapping runs make one
 * charge; Stripe's answer is recorded in a second transaction; the payment_intent.succeeded /
 * payment_failed webhooks record the same answer when a run stopped in between (and find it already
 * recorded otherwise).
 */

export interface SavedCard {
  customerId: string;
  paymentMethodId: string;
  brand: string | null;
  last4: string | null;
}

/**
 * The card a paid deposit session saved (its payment intent's payment method, with brand and last
 * four digits). Asked of Stripe before the webhook's transaction; null when the session saved none
 * or Stripe could not be asked (the payment is recorded all the same, and the balance reminder stays).
 */
export async function savedCardOfSession(session: { payment_intent?: string | null | undefined; customer?: string | null | undefined; metadata?: { saveCard?: string | undefined } | null | undefined }): Promise<SavedCard | null> {
  if (session.metadata?.saveCard !== 'yes' || !session.payment_intent || !session.customer) return null;
  try {
    const intent = await stripe().paymentIntents.retrieve(session.payment_intent, { expand: ['payment_method'] });
    const method = intent.payment_method;
    if (!method) return null;
    if (typeof method === 'string') return { customerId: session.customer, paymentMethodId: method, brand: null, last4: null };
    return { customerId: session.customer, paymentMethodId: method.id, brand: method.card?.brand ?? null, last4: method.card?.last4 ?? null };
  } catch (error) {
    console.error(`Could not read the card saved with payment ${session.payment_intent}; its balance is not charged automatically:`, error);
    return null;
  }
}

/** Keeps the saved card on the booking (Stripe's ids, brand and last four; never the number). */
export async function saveCardForBooking(tx: Sql, bookingId: string, card: SavedCard, now: Date): Promise<void> {
  await tx`
    update bookings set stripe_customer_id = ${card.customerId}, saved_payment_method_id = ${card.paymentMethodId},
      saved_card_brand = ${card.brand}, saved_card_last4 = ${card.last4 && /^\d{4}$/.test(card.last4) ? card.last4 : null}, updated_at = ${now}
    where id = ${bookingId}`;
}

export interface BalanceChargeOutcome {
  bookingId: string;
  status: BalanceChargeStatus;
  amountCents: number;
  /** Stripe's message for a decline. */
  message: string | null;
}

interface ChargeFactsRow {
  id: string;
  number: string;
  status: BookingStatus;
  event_start: Date;
  event_end: Date;
  total_cents: number;
  amount_paid_cents: number;
  stripe_customer_id: string | null;
  saved_payment_method_id: string | null;
}

interface Claim {
  id: string;
  bookingId: string;
  bookingNumber: string;
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  idempotencyKey: string;
}

async function loadSettings(db: Database): Promise<BusinessSettings | null> {
  return getSettings(db).catch((error: unknown) => {
    if (error instanceof SettingsMissingError) return null;
    throw error;
  });
}

/**
 * Housekeeping: charges every booking whose charge moment has come (and re-sends an attempt a run
 * left without Stripe's answer). Each booking on its own: one failing does not stop the others.
 */
export async function chargeDueBalances(db: Database, now: Date): Promise<BalanceChargeOutcome[]> {
  if (!stripeConfigured()) return [];
  const settings = await loadSettings(db);
  if (!settings?.autoChargeBalance) return [];
  const outcomes: BalanceChargeOutcome[] = [];
  for (const stale of await stalePendingClaims(db, now)) {
    const outcome = await sendCharge(db, stale, settings, now).catch((error: unknown) => void console.error(`Balance charge ${stale.id}: Stripe did not answer; the next run asks again:`, error));
    if (outcome) outcomes.push(outcome);
  }
  // The charge moment is at most 30 days before the event and never after it ends.
  const candidates = await db<{ id: string }[]>`
    select id from bookings
    where status = 'confirmed' and saved_payment_method_id is not null and stripe_customer_id is not null
      and total_cents > amount_paid_cents and event_end > ${now} and event_start < ${new Date(now.getTime() + 32 * 86_400_000)}
    order by event_start, id`;
  for (const { id } of candidates) {
    try {
      const outcome = await chargeBooking(db, id, settings, now, 'scheduled');
      if (outcome) outcomes.push(outcome);
    } catch (error) {
      console.error(`Automatic balance charge for booking ${id} failed; the next run looks again:`, error);
    }
  }
  return outcomes;
}

/**
 * Right after a staff edit commits: when the edit raised the total after the charge moment (or the
 * moment has come and the balance was never charged), the difference is charged now, and its receipt
 * or decline e-mail sent. Null when nothing is due (setting off, no saved card, nothing owed, too early).
 */
export async function chargeBalanceNow(db: Database, bookingId: string, now: Date): Promise<BalanceChargeOutcome | null> {
  if (!stripeConfigured()) return null;
  const settings = await loadSettings(db);
  if (!settings?.autoChargeBalance) return null;
  const outcome = await chargeBooking(db, bookingId, settings, now, 'edit');
  return outcome;
}

async function chargeBooking(db: Database, bookingId: string, settings: BusinessSettings, now: Date, reason: 'scheduled' | 'edit'): Promise<BalanceChargeOutcome | null> {
  const claim = await db.begin(async (tx): Promise<Claim | null> => {
    const [b] = await tx<ChargeFactsRow[]>`
      select id, number, status, event_start, event_end, total_cents, amount_paid_cents, stripe_customer_id, saved_payment_method_id
      from bookings where id = ${bookingId} for update`;
    if (!b?.stripe_customer_id) return null;
    const tried = await tx<ChargeTried[]>`
      select payment_method_id as "paymentMethodId", amount_cents as "amountCents", paid_before_cents as "paidBeforeCents"
      from balance_charges where booking_id = ${bookingId}`;
    const decision = balanceToCharge(
      { status: b.status, eventStart: b.event_start, eventEnd: b.event_end, totalCents: b.total_cents, amountPaidCents: b.amount_paid_cents, paymentMethodId: b.saved_payment_method_id, tried },
      settings,
      now,
    );
    if (!decision.charge) return null;
    const key = balanceChargeKey(bookingId, decision.amountCents, decision.attempt);
    const [row] = await tx<{ id: string }[]>`
      insert into balance_charges (booking_id, payment_method_id, amount_cents, paid_before_cents, attempt, idempotency_key, reason, created_at)
      values (${bookingId}, ${b.saved_payment_method_id}, ${decision.amountCents}, ${decision.paidBeforeCents}, ${decision.attempt}, ${key}, ${reason}, ${now})
      on conflict do nothing returning id`;
    if (!row) return null;
    return { id: row.id, bookingId, bookingNumber: b.number, customerId: b.stripe_customer_id, paymentMethodId: b.saved_payment_method_id!, amountCents: decision.amountCents, idempotencyKey: key };
  });
  if (!claim) return null;
  try {
    return await sendCharge(db, claim, settings, now);
  } catch (error) {
    // Stripe unreachable or refusing the request itself: the claim stays pending and the next run
    // sends it again with the same idempotency key (the same charge if the first one got through).
    console.error(`Balance charge for ${claim.bookingNumber}: Stripe did not answer; the next run asks again:`, error);
    return { bookingId, status: 'pending', amountCents: claim.amountCents, message: null };
  }
}

/** Attempts still pending after 5 minutes: a run stopped, or Stripe did not answer. */
async function stalePendingClaims(db: Database, now: Date): Promise<Claim[]> {
  return db<Claim[]>`
    select c.id, c.booking_id as "bookingId", b.number as "bookingNumber", b.stripe_customer_id as "customerId",
      c.payment_method_id as "paymentMethodId", c.amount_cents as "amountCents", c.idempotency_key as "idempotencyKey"
    from balance_charges c join bookings b on b.id = c.booking_id
    where c.status = 'pending' and c.created_at < ${new Date(now.getTime() - 5 * 60_000)} and b.stripe_customer_id is not null
    order by c.created_at limit 20`;
}

/** Asks Stripe for the off-session charge and records its answer; a card error is an answer, other errors throw. */
async function sendCharge(db: Database, claim: Claim, settings: BusinessSettings, now: Date): Promise<BalanceChargeOutcome> {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe().paymentIntents.create(
      {
        amount: claim.amountCents,
        currency: settings.currency,
        customer: claim.customerId,
        payment_method: claim.paymentMethodId,
        off_session: true,
        confirm: true,
        description: `Balance for booking ${claim.bookingNumber}`,
        metadata: { bookingId: claim.bookingId, bookingNumber: claim.bookingNumber, kind: 'balance', balanceChargeId: claim.id },
      },
      { idempotencyKey: claim.idempotencyKey },
    );
  } catch (error) {
    const card = cardError(error);
    if (!card) throw error;
    const emailId = await db.begin((tx) => recordBalanceChargeFailed(tx, claim.id, card, now));
    if (emailId) await sendQueuedMail(db, now, { only: [emailId] });
    return { bookingId: claim.bookingId, status: 'failed', amountCents: claim.amountCents, message: card.message };
  }
  if (intent.status !== 'succeeded') {
    // Off-session, anything but success (a bank asking for the customer) is a failure to collect now.
    const failure = { intentId: intent.id, code: intent.last_payment_error?.code ?? 'authentication_required', message: intent.last_payment_error?.message ?? 'The payment needs the customer to confirm it.' };
    const emailId = await db.begin((tx) => recordBalanceChargeFailed(tx, claim.id, failure, now));
    if (emailId) await sendQueuedMail(db, now, { only: [emailId] });
    return { bookingId: claim.bookingId, status: 'failed', amountCents: claim.amountCents, message: failure.message };
  }
  const receipt = await db.begin((tx) => recordBalanceChargeSucceeded(tx, claim.id, intent.id, now));
  if (receipt) await sendQueuedMail(db, now, { only: [receipt] });
  return { bookingId: claim.bookingId, status: 'succeeded', amountCents: claim.amountCents, message: null };
}

interface CardFailure {
  intentId: string | null;
  code: string | null;
  message: string;
}

/**
 * A decline (card_error: card_declined, authentication_required, expired_card…) as Stripe's SDK throws
 * it, or a request Stripe refuses for good (the card was detached from the customer, the customer
 * deleted): both are an answer, recorded as a failed attempt, never sent again. Outages and timeouts
 * are not: the attempt stays pending and is sent again with its key.
 */
function cardError(error: unknown): CardFailure | null {
  const e = error as { type?: string; code?: string; message?: string; raw?: { payment_intent?: { id?: string } }; payment_intent?: { id?: string } };
  if (e?.type !== 'StripeCardError' && e?.type !== 'StripeInvalidRequestError') return null;
  return { intentId: e.payment_intent?.id ?? e.raw?.payment_intent?.id ?? null, code: e.code ?? null, message: (e.message || 'Your card was declined.').slice(0, 500) };
}

/**
 * Records a successful off-session charge once: the attempt marked, a balance payment line with its
 * payment intent, the amount paid raised, the history entry and the receipt queued (its id returned,
 * for the caller to send after commit). Null when it was recorded already (the webhook after the run,
 * or the run after the webhook).
 */
export async function recordBalanceChargeSucceeded(tx: Transaction, chargeId: string, intentId: string, now: Date): Promise<string | null> {
  const [charge] = await tx<{ booking_id: string; amount_cents: number; reason: string }[]>`
    update balance_charges set status = 'succeeded', stripe_payment_intent_id = ${intentId}, failure_code = null, failure_message = null, finished_at = ${now}
    where id = ${chargeId} and status <> 'succeeded'
    returning booking_id, amount_cents, reason`;
  if (!charge) return null;
  await tx`select 1 from bookings where id = ${charge.booking_id} for update`;
  const [payment] = await tx<{ id: string }[]>`
    insert into payments (booking_id, kind, method, status, amount_cents, stripe_payment_intent_id, note, created_at)
    values (${charge.booking_id}, 'balance', 'stripe', 'succeeded', ${charge.amount_cents}, ${intentId}, 'Charged automatically to the saved card', ${now})
    on conflict (stripe_payment_intent_id, kind) where stripe_payment_intent_id is not null do nothing
    returning id`;
  if (!payment) return null;
  await tx`update bookings set amount_paid_cents = amount_paid_cents + ${charge.amount_cents}, updated_at = ${now} where id = ${charge.booking_id}`;
  await writeSiteAudit(tx, { action: 'booking.balance_charged', entity: 'booking', entityId: charge.booking_id, after: { amountCents: charge.amount_cents, paymentIntent: intentId, reason: charge.reason } }, now);
  const { emailId } = await queueReceipt(tx, payment.id, now);
  return emailId;
}

/**
 * Records a declined off-session charge once: nothing is paid; the customer's e-mail with the payment
 * link is queued (its id returned) and the history says why; the dashboard lists the booking for staff.
 */
export async function recordBalanceChargeFailed(tx: Transaction, chargeId: string, failure: CardFailure, now: Date): Promise<string | null> {
  const [charge] = await tx<{ booking_id: string; amount_cents: number }[]>`
    update balance_charges set status = 'failed', stripe_payment_intent_id = coalesce(${failure.intentId}, stripe_payment_intent_id),
      failure_code = ${failure.code?.slice(0, 100) ?? null}, failure_message = ${failure.message.slice(0, 500)}, finished_at = ${now}
    where id = ${chargeId} and status = 'pending'
    returning booking_id, amount_cents`;
  if (!charge) return null;
  const settings = await getSettings(tx);
  const view = await getBookingView(tx, { id: charge.booking_id }, settings);
  if (!view) return null;
  const email = balanceChargeFailedEmail(view, settings, { amountCents: charge.amount_cents, code: failure.code }, env().SITE_URL);
  const emailId = await queueEmail(tx, 'balance-charge-failed', email, now);
  await writeSiteAudit(
    tx,
    { action: 'booking.balance_charge_failed', entity: 'booking', entityId: charge.booking_id, after: { amountCents: charge.amount_cents, code: failure.code, message: failure.message, to: email.to, emailId } },
    now,
  );
  return emailId;
}

/** The attempt a payment intent of ours belongs to (its metadata names it), or null for any other intent. */
export async function balanceChargeOfIntent(tx: Sql, intent: { id: string; metadata?: Record<string, string> | null | undefined }): Promise<string | null> {
  const chargeId = intent.metadata?.balanceChargeId;
  if (!chargeId || !/^[0-9a-f-]{36}$/.test(chargeId)) return null;
  const [row] = await tx<{ id: string }[]>`select id from balance_charges where id = ${chargeId}`;
  return row?.id ?? null;
}
