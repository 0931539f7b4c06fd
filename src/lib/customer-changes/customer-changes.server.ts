import { auditedChangeIn } from '../admin/index.server';
import { customerAudit } from '../auth/index.server';
import type { BusinessSettings } from '../business';
import { getSettings } from '../business/index.server';
import {
  cancellationOutcome,
  cancellationTier,
  changePolicyOf,
  selfServiceOpen,
  selfServiceUntil,
  type CancellationOutcome,
} from '../changes';
import { env } from '../config';
import { creditExpiry } from '../credits';
import { creditFromBooking } from '../credits/index.server';
import type { Database, Sql } from '../db/index.server';
import { queueEmail, sendQueuedMail } from '../email/index.server';
import { AppError, fieldError, isConflict } from '../http';
import { rateLimit, sameSecret } from '../http/index.server';
import { stripeConfigured } from '../stripe/index.server';
import { formatLongDate, localDate, toEventWindow } from '../time';
import { businessChangeEmail, customerCancellationEmail, manageLinkEmail } from '../booking';
import type { BookingStatus } from '../booking';
import { changeBookingStatus } from '../booking/index.server';
import { getBookingView, statusLabels } from '../booking/index.server';
import type { BookingView } from '../booking';
import {
  moveDifference,
  selfServiceStatuses,
  type CancelRequest,
  type ManageOptions,
  type ManagePayRequest,
  type ManageRequest,
  type MoveQuote,
  type MoveRequest,
} from './customer-changes';
import { paymentLink } from '../booking/index.server';
import { NO_LONGER_AVAILABLE, prepareCart } from '../booking/index.server';
import { quoteFromCart } from '../booking/index.server';
import { bookingCartOf, changeSummary, rebookIn, withoutBooking } from '../booking/index.server';
import { findOwnBooking, trackedBooking, type TrackedBooking } from '../tracking/index.server';
import type { TrackOrderRequest } from '../tracking';

/** One answer for a booking number that does not exist and a key that is not the booking's. */
export const WRONG_LINK =
  'This link does not open a booking. Use the newest “Change or cancel” link from your booking e-mails, or look the booking up below.';
export const KEY_MISSING =
  'This link is missing its key. Open the whole link from your booking e-mail, or look the booking up below.';
/** The 409 of a move whose window lost a unit to someone else meanwhile: nothing changed. */
export const MOVE_TAKEN =
  'Sorry, something in your booking was just taken for that time by someone else. Nothing has changed: your booking is as it was. Please choose another time.';

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

const NO_REFUND = { refundedCents: 0, leftCents: 0, receiptEmailIds: [] as string[] };

/** The tracking page's booking, with what the customer may do themselves now. */
export type ManagedBooking = TrackedBooking & { manage: ManageOptions };

interface KeyedRow {
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
async function keyedBooking(sql: Sql, request: ManageRequest, { lock = false } = {}): Promise<KeyedRow> {
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
function manageOptions(
  row: Pick<KeyedRow, 'status' | 'event_start' | 'amount_paid_cents' | 'deposit_cents' | 'rain_out_move_until'>,
  settings: BusinessSettings,
  now: Date,
): ManageOptions {
  const policy = changePolicyOf(settings);
  const statusOk = (selfServiceStatuses as readonly string[]).includes(row.status);
  // A rain-out's free move is open whatever the cut-off: the weather, not the customer, called the party off.
  const beforeCutoff = selfServiceOpen(row.event_start, now, policy) || row.rain_out_move_until !== null;
  const closedReason = !statusOk
    ? `A booking that is ${statusLabels[row.status].toLowerCase()} can’t be changed online. Call us at ${settings.phone}.`
    : !beforeCutoff
      ? `Changes online close ${policy.changeCutoffHours} hours before your event. To move or cancel now, call us at ${settings.phone}.`
      : null;
  return {
    open: closedReason === null,
    closedReason,
    until: selfServiceUntil(row.event_start, policy).toISOString(),
    cancellation: cancellationOutcome(
      cancellationTier(row.event_start, now, policy),
      row.amount_paid_cents,
      row.deposit_cents,
    ),
    rainOut: row.rain_out_move_until ? { moveUntil: row.rain_out_move_until } : null,
  };
}

function assertOpen(row: KeyedRow, settings: BusinessSettings, now: Date): void {
  const options = manageOptions(row, settings, now);
  if (!options.open) throw new AppError('conflict', options.closedReason!);
}

/** POST /api/manage-booking: the booking as the tracking page shows it, with what its customer may do now. */
export async function manageBooking(sql: Sql, request: ManageRequest, now: Date): Promise<ManagedBooking> {
  const row = await keyedBooking(sql, request);
  const [view, settings] = await Promise.all([getBookingView(sql, { id: row.id }), getSettings(sql)]);
  return { ...(await trackedBooking(sql, view!)), manage: manageOptions(row, settings, now) };
}

/** The new window must leave the owner's cut-off too: a party moved to tomorrow is a phone call. */
function assertNewWindow(request: MoveRequest, row: KeyedRow, settings: BusinessSettings, now: Date): void {
  const window = toEventWindow(request.event, settings.timezone);
  if (window.start.getTime() === row.event_start.getTime() && window.end.getTime() === row.event_end.getTime()) {
    throw fieldError('event.date', 'That is your booking’s date and time already: choose another.');
  }
  if (row.rain_out_move_until) {
    if (localDate(window.start, settings.timezone) > row.rain_out_move_until) {
      throw fieldError('event.date', `Your rain check moves the party free to any day until ${formatLongDate(row.rain_out_move_until)}: choose a day until then.`);
    }
    return;
  }
  if (!selfServiceOpen(window.start, now, changePolicyOf(settings))) {
    throw fieldError(
      'event.date',
      `Online, the new date must be at least ${settings.changeCutoffHours} hours away. For anything sooner, call us at ${settings.phone}.`,
    );
  }
}

/**
 * POST /api/manage-booking/quote: what moving the booking to `event` would cost, priced by the staff
 * edit's engine in a transaction where the booking has let go of its units, then rolled back.
 */
export async function quoteOwnMove(db: Database, request: MoveRequest, now: Date): Promise<MoveQuote> {
  const row = await keyedBooking(db, request);
  const settings = await getSettings(db);
  assertOpen(row, settings, now);
  assertNewWindow(request, row, settings, now);
  const cart = await bookingCartOf(db, row.id, request.event);
  const quote = await withoutBooking(db, row.id, async (sql) =>
    quoteFromCart(await prepareCart(sql, cart, cart.address.zip, now, 'address.zip')),
  );
  const current = { totalCents: row.total_cents, amountPaidCents: row.amount_paid_cents };
  return {
    bookable: quote.bookable,
    problem: quote.problem,
    lines: quote.lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      lineTotalCents: l.lineTotalCents,
      available: l.available,
      reason: l.reason,
    })),
    currentTotalCents: row.total_cents,
    newTotalCents: quote.totalCents,
    amountPaidCents: row.amount_paid_cents,
    ...moveDifference(current, quote.totalCents),
  };
}

export interface MoveResult {
  booking: ManagedBooking;
  differenceCents: number;
  /** What to pay now online (the difference, at most what is owed); 0 when nothing or when the deposit is still due. */
  payNowCents: number;
  /** Paid above the new total: owed back. */
  refundCents: number;
  /** Of that, refunded at once (to the card, through Stripe); the rest is the refund due staff pay. */
  refundedCents: number;
}

/**
 * A move the engine refused for stock: taken meanwhile (the exclusion constraint, take_cart) or
 * already sold out for that window. Either way the transaction rolls back and the answer says so.
 */
function moveRefused(error: unknown): never {
  if (isConflict(error) || (error instanceof AppError && error.message === NO_LONGER_AVAILABLE))
    throw new AppError('conflict', MOVE_TAKEN);
  if (error instanceof AppError && error.code === 'conflict')
    throw new AppError('conflict', `${error.message} Nothing has changed: your booking is as it was.`);
  throw error;
}

const businessInbox = (settings: BusinessSettings) => env().BUSINESS_NOTIFY_EMAIL ?? settings.email;

/**
 * POST /api/manage-booking/move: the customer moves their booking to another window. The same engine
 * as the staff edit (rebookIn) in one transaction, audited as the customer's; a unit taken meanwhile
 * is a 409 and nothing changes. The customer gets the "has changed" e-mail (same UID, higher
 * SEQUENCE), the business a notice.
 */
export async function moveOwnBooking(
  db: Database,
  request: MoveRequest,
  ip: string | null,
  now: Date,
  refund?: BookingRefunder,
): Promise<MoveResult> {
  const siteUrl = env().SITE_URL;
  let mail: string[] = [];
  try {
    const { before, after, refunded } = await db.begin(async (tx) => {
      const row = await keyedBooking(tx, request, { lock: true });
      const settings = await getSettings(tx);
      assertOpen(row, settings, now);
      assertNewWindow(request, row, settings, now);
      const cart = await bookingCartOf(tx, row.id, request.event);
      return auditedChangeIn(tx, customerAudit(row.contact_email, ip), {
        change: async (tx) => {
          const rebooked = await rebookIn(tx, row.id, row.coupon_id, cart, now, {
            staff: false,
            notifyCustomer: true,
          }).catch(moveRefused);
          // A rain check's free move answers its offer: the rain-out is settled.
          if (row.rain_out_move_until) await tx`update rain_out_offers set answer = 'moved', answered_at = ${now} where booking_id = ${row.id} and answer is null`;
          const notice = await queueEmail(
            tx,
            'booking-business-change',
            businessChangeEmail(rebooked.after, settings, siteUrl, businessInbox(settings), {
              kind: 'move',
              before: rebooked.before,
            }),
            now,
          );
          // A lower total: what was paid above it goes back at once where it can (the card).
          const over = Math.max(0, rebooked.after.totals.amountPaidCents - rebooked.after.totals.totalCents);
          const refunded =
            over > 0 && refund
              ? await refund(tx, row, over, `Booking ${row.number} moved online to a lower total`, now)
              : NO_REFUND;
          mail = [...(rebooked.email ? [rebooked.email.emailId] : []), notice, ...refunded.receiptEmailIds];
          return { ...rebooked, refunded };
        },
        audit: ({ before, after, email, refunded }) => ({
          action: 'booking.customer_move',
          entity: 'booking',
          entityId: row.id,
          before: changeSummary(before),
          after: {
            ...changeSummary(after),
            emailId: email?.emailId ?? null,
            refundedCents: refunded.refundedCents,
            refundDueCents: refunded.leftCents,
            ...(row.rain_out_move_until ? { rainCheck: true } : {}),
          },
        }),
      });
    });
    await sendQueuedMail(db, now, { only: mail });
    const booking = await manageBooking(db, { bookingNumber: request.bookingNumber, key: request.key }, now);
    const { differenceCents, refundCents } = moveDifference(before.totals, after.totals.totalCents);
    const payNowCents =
      differenceCents > 0 && after.status !== 'deposit_due' && stripeConfigured()
        ? Math.min(differenceCents, after.totals.amountDueCents)
        : 0;
    return { booking, differenceCents, payNowCents, refundCents, refundedCents: refunded.refundedCents };
  } catch (error) {
    if (isConflict(error)) throw new AppError('conflict', MOVE_TAKEN);
    throw error;
  }
}

export interface CancelResult {
  booking: ManagedBooking;
  outcome: CancellationOutcome;
  /** Of `outcome.refundCents`, refunded at once (to the card, through Stripe); the rest is the refund due staff pay. */
  refundedCents: number;
  /** The credit's last day, when part of the money became a credit. */
  creditExpiresOn: string | null;
}

/** The 409 of a cancellation whose terms changed while the page was open: nothing is cancelled. */
export const termsChanged = (outcome: CancellationOutcome) =>
  `While this page was open, your booking passed a limit of the cancellation policy: ${
    outcome.tier === 'refund'
      ? 'you now get a full refund'
      : outcome.tier === 'credit'
        ? 'your deposit now becomes a credit'
        : 'the deposit is no longer refunded'
  }. Nothing is cancelled yet: check what you get back now and confirm again.`;

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
): Promise<CancelResult> {
  const siteUrl = env().SITE_URL;
  let mail: string[] = [];
  const { outcome, creditExpiresOn, refunded } = await db.begin(async (tx) => {
    const row = await keyedBooking(tx, request, { lock: true });
    const settings = await getSettings(tx);
    assertOpen(row, settings, now);
    if (row.rain_out_move_until) throw new AppError('conflict', 'Your party was rained out: choose a credit or your money back on your rain check page (the link in our e-mail).');
    const outcome = manageOptions(row, settings, now).cancellation;
    if (outcome.tier !== request.expected) throw new AppError('conflict', termsChanged(outcome));
    return auditedChangeIn(tx, customerAudit(row.contact_email, ip), {
      change: async (tx) => {
        await changeBookingStatus(tx, row.id, 'cancelled', now);
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
        mail = [email, notice, ...refunded.receiptEmailIds];
        return { outcome, creditId, creditExpiresOn, emailId: email, refunded };
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
  await sendQueuedMail(db, now, { only: mail });
  return {
    booking: await manageBooking(db, request, now),
    outcome,
    refundedCents: refunded.refundedCents,
    creditExpiresOn,
  };
}

/** POST /api/manage-booking/pay: a Stripe Checkout link for what is owed (or part of the balance, a move's difference). */
export async function payOwnBooking(
  db: Database,
  request: ManagePayRequest,
  now: Date,
): Promise<{ url: string; amountCents: number; kind: 'deposit' | 'balance' }> {
  const row = await keyedBooking(db, request);
  const view = (await getBookingView(db, { id: row.id }))!;
  return paymentLink(db, view, now, { upToCents: request.amountCents });
}

/** "j•••@example.com": where the link went, without showing the whole address to whoever typed the number. */
export const maskedEmail = (email: string) => {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}•••@${domain}`;
};

/** Links e-mailed for one booking per hour: a customer asks once or twice; more is someone else's doing. */
export const MANAGE_LINKS_PER_HOUR = 3;

/**
 * POST /api/manage-link: from a number + e-mail (or phone) lookup, the booking's "Change or cancel"
 * link goes to the booking's own e-mail address, never to the one asking. Audited as the customer's.
 */
export async function emailManageLink(
  db: Database,
  request: TrackOrderRequest,
  ip: string | null,
  now: Date,
): Promise<{ emailedTo: string }> {
  const view: BookingView = await findOwnBooking(db, request);
  await rateLimit(db, `manage-link:${view.number}`, MANAGE_LINKS_PER_HOUR, 3600, now);
  const settings = await getSettings(db);
  const emailId = await db.begin((tx) =>
    auditedChangeIn(tx, customerAudit(view.customer.email, ip), {
      change: (tx) => queueEmail(tx, 'booking-manage-link', manageLinkEmail(view, settings, env().SITE_URL), now),
      audit: (emailId) => ({
        action: 'booking.manage_link',
        entity: 'booking',
        entityId: view.id,
        after: { to: view.customer.email, emailId },
      }),
    }),
  );
  await sendQueuedMail(db, now, { only: [emailId] });
  return { emailedTo: maskedEmail(view.customer.email) };
}
