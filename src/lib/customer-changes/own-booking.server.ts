import type { BusinessSettings } from '../business';
import { getSettings } from '../business/index.server';
import { cancellationOutcome, cancellationTier, changePolicyOf, selfServiceOpen, selfServiceUntil } from '../changes';
import { env } from '../config';
import type { Database, Sql } from '../db/index.server';
import { sendQueuedMail } from '../email/index.server';
import { AppError } from '../http';
import { sameSecret } from '../http/index.server';
import { type BookingCake, type BookingStatus, cakesOnCancelling } from '../booking';
import { cakesForBooking, getBookingView, paymentLink } from '../booking/index.server';
import { businessClock } from '../time';
import type { Locale } from '../i18n';
import { MOVE_WORDS } from './move-words';
import { trackedBooking, type TrackedBooking } from '../tracking/index.server';
import { refusePayingWhileRainedOut } from '../rain-outs/index.server';
import { selfServiceStatuses, type ManageOptions, type ManagePayRequest, type ManageRequest } from './customer-changes';

// The booking a customer's personal link opens, and what they may do with it now: what the move
// (move-booking.server.ts) and the cancellation (cancel-booking.server.ts) both stand on.

/** One answer for a booking number that does not exist and a key that is not the booking's. */
export const WRONG_LINK =
  'This link does not open a booking. Use the newest “Change or cancel” link from your booking e-mails, or look the booking up below.';
export const KEY_MISSING =
  'This link is missing its key. Open the whole link from your booking e-mail, or look the booking up below.';

/**
 * Gives money paid for a booking back inside the caller's transaction (the booking row locked):
 * payments' refundFromBooking, card payments through Stripe at once, what cannot go back by itself
 * left as the refund due for staff. Passed in by the function (netlify/functions/manage-booking.ts)
 * because payments already imports bookings: importing it here would be a circle.
 */
export type BookingRefunder = (
  tx: Sql,
  booking: { id: string; number: string },
  amountCents: number,
  reason: string,
  now: Date,
) => Promise<{ refundedCents: number; leftCents: number; receiptEmailIds: string[] }>;

export const NO_REFUND = { refundedCents: 0, leftCents: 0, receiptEmailIds: [] as string[] };

/** The tracking page's booking, with what the customer may do themselves now. */
export type ManagedBooking = TrackedBooking & { manage: ManageOptions };

export interface KeyedRow {
  id: string;
  number: string;
  status: BookingStatus;
  coupon_id: string | null;
  customer_id: string;
  event_start: Date;
  event_end: Date;
  contact_email: string;
  total_cents: number;
  deposit_cents: number;
  amount_paid_cents: number;
  manage_token: string;
  /** Rained out with a free move offered and not answered yet: the last day the move may go to. */
  rain_out_move_until: string | null;
}

/** The booking the key opens, its row locked when `lock` (inside a transaction); 403 without a key, 404 for a wrong one. */
export async function keyedBooking(sql: Sql, request: ManageRequest, { lock = false } = {}): Promise<KeyedRow> {
  if (!request.key) throw new AppError('forbidden', KEY_MISSING);
  const [row] = await sql<KeyedRow[]>`
    select b.id, b.number, b.status, b.coupon_id, b.customer_id, b.event_start, b.event_end, b.contact_email, b.total_cents, b.deposit_cents,
      b.amount_paid_cents, b.manage_token,
      (select (o.rained_out_on + make_interval(months => s.credit_expiry_months))::date::text
        from rain_out_offers o cross join business_settings s
        where s.id and o.booking_id = b.id and o.answer is null and o.answer_by > now() and 'move' = any(o.offers)) as rain_out_move_until
    from bookings b where b.number = ${request.bookingNumber} ${lock ? sql`for update of b` : sql``}`;
  if (!row || !sameSecret(row.manage_token, request.key)) throw new AppError('not_found', WRONG_LINK);
  return row;
}

/** Whether the customer may move or cancel now, and what a cancellation gives back at this moment. */
export function manageOptions(
  row: Pick<KeyedRow, 'status' | 'event_start' | 'amount_paid_cents' | 'deposit_cents' | 'rain_out_move_until'>,
  settings: BusinessSettings,
  now: Date,
  language: Locale = 'en',
  /** The cakes ordered with it: what cancelling does to each (the policy's cake deadline). */
  cakes: readonly BookingCake[] = [],
): ManageOptions {
  const policy = changePolicyOf(settings);
  const cakesOutcome = cakesOnCancelling(cakes, businessClock(settings.timezone, now).today(), settings.cakeLeadTimeDays);
  const w = MOVE_WORDS[language];
  const statusOk = (selfServiceStatuses as readonly string[]).includes(row.status);
  // A rain-out's free move is open whatever the cut-off: the weather, not the customer, called the party off.
  const beforeCutoff = selfServiceOpen(row.event_start, now, policy) || row.rain_out_move_until !== null;
  const closedReason = !statusOk
    ? w.closedStatus(row.status, settings.phone)
    : !beforeCutoff
      ? w.closedCutoff(policy.changeCutoffHours, settings.phone)
      : null;
  return {
    open: closedReason === null,
    closedReason,
    until: selfServiceUntil(row.event_start, policy).toISOString(),
    cancellation: {
      ...cancellationOutcome(cancellationTier(row.event_start, now, policy), row.amount_paid_cents, row.deposit_cents),
      ...(cakesOutcome.length ? { cakes: cakesOutcome } : {}),
    },
    rainOut: row.rain_out_move_until ? { moveUntil: row.rain_out_move_until } : null,
  };
}

export function assertOpen(row: KeyedRow, settings: BusinessSettings, now: Date, language: Locale = 'en'): void {
  const options = manageOptions(row, settings, now, language);
  if (!options.open) throw new AppError('conflict', options.closedReason!);
}

/**
 * A customer's own change (a move, a cancellation) from its frame: in one transaction, the booking the
 * key opens with its row locked, refused while changes online are closed; the e-mails the change queued
 * (`mail`) go out once it is committed, so none tells of a change that rolled back.
 */
export async function changeOwnBooking<T extends { mail: string[] }>(
  db: Database,
  request: ManageRequest,
  now: Date,
  language: Locale,
  change: (tx: Sql, row: KeyedRow, settings: BusinessSettings) => Promise<T>,
): Promise<T> {
  const result = (await db.begin(async (tx) => {
    const row = await keyedBooking(tx, request, { lock: true });
    const settings = await getSettings(tx);
    assertOpen(row, settings, now, language);
    return change(tx, row, settings);
  })) as T;
  await sendQueuedMail(db, now, { only: result.mail });
  return result;
}

/** Where the business's notices of a customer's change go. */
export const businessInbox = (settings: BusinessSettings) => env().BUSINESS_NOTIFY_EMAIL ?? settings.email;

/** POST /api/manage-booking: the booking as the tracking page shows it, with what its customer may do now. */
export async function manageBooking(sql: Sql, request: ManageRequest, now: Date, language: Locale = 'en'): Promise<ManagedBooking> {
  const row = await keyedBooking(sql, request);
  const [view, settings, cakes] = await Promise.all([getBookingView(sql, { id: row.id }), getSettings(sql), cakesForBooking(sql, row.id)]);
  return { ...(await trackedBooking(sql, view!)), manage: manageOptions(row, settings, now, language, cakes) };
}

/** POST /api/manage-booking/pay: a Stripe Checkout link for what is owed (or part of the balance, a move's difference). */
export async function payOwnBooking(
  db: Database,
  request: ManagePayRequest,
  now: Date,
): Promise<{ url: string; amountCents: number; kind: 'deposit' | 'balance' }> {
  const row = await keyedBooking(db, request);
  await refusePayingWhileRainedOut(db, row.id);
  const view = (await getBookingView(db, { id: row.id }))!;
  return paymentLink(db, view, now, { upToCents: request.amountCents });
}
