import { auditedChangeIn } from '../admin/index.server';
import { customerAudit } from '../auth/index.server';
import type { BusinessSettings } from '../business';
import { getSettings } from '../business/index.server';
import { changePolicyOf, selfServiceOpen } from '../changes';
import { env } from '../config';
import type { Database, Sql } from '../db/index.server';
import { queueEmail } from '../email/index.server';
import { AppError, fieldError, isConflict } from '../http';
import { stripeConfigured } from '../stripe/index.server';
import { addDays, businessClock, localDate, toEventWindow } from '../time';
import { businessChangeEmail, cakeChangeClosed, cakeLastChangeDay, cakesOnCustomerMove, type CustomerMoveCakes, customerMoveCakes, movedCakesText, priceWordInLanguage } from '../booking';
import { type Locale, serverErrorCatalog } from '../i18n';
import { bookingCartOf, cakesForBooking, changeSummary, NO_LONGER_AVAILABLE, prepareCart, quoteFromCart, rebookIn, storedSiteOverride, withoutBooking } from '../booking/index.server';
import { moveDifference, type MoveQuote, type MoveRequest } from './customer-changes';
import { MOVE_WORDS } from './move-words';
import {
  assertOpen,
  type BookingRefunder,
  businessInbox,
  changeOwnBooking,
  keyedBooking,
  type KeyedRow,
  type ManagedBooking,
  manageBooking,
  NO_REFUND,
} from './own-booking.server';

/** The 409 of a move whose window lost a unit to someone else meanwhile: nothing changed. */
export const MOVE_TAKEN =
  'Sorry, something in your booking was just taken for that time by someone else. Nothing has changed: your booking is as it was. Please choose another time.';

/** The new window must leave the owner's cut-off too: a party moved to tomorrow is a phone call. Refused in the page's language. */
function assertNewWindow(request: MoveRequest, row: KeyedRow, settings: BusinessSettings, now: Date, language: Locale): void {
  const w = MOVE_WORDS[language];
  const window = toEventWindow(request.event, settings.timezone);
  if (window.start.getTime() === row.event_start.getTime() && window.end.getTime() === row.event_end.getTime()) {
    throw fieldError('event.date', w.sameWindow);
  }
  if (row.rain_out_move_until) {
    if (localDate(window.start, settings.timezone) > row.rain_out_move_until) {
      throw fieldError('event.date', w.rainCheckUntil(row.rain_out_move_until));
    }
    return;
  }
  if (!selfServiceOpen(window.start, now, changePolicyOf(settings))) {
    throw fieldError('event.date', w.cutoff(settings.changeCutoffHours, settings.phone));
  }
}

/**
 * A cake ordered with the booking moves with the party. Past its last day to change (the cancellation
 * policy's {cakeDeadline}, on the business's clock) it is being baked for its day, so the move is
 * refused at the date; before it, the new date must leave the baking time an order needs. Answers the
 * cakes to move and where each goes. A rain check's free move is the weather's doing, not the
 * customer's: a cake before its last day moves as on any move (the same baking time), and one past it
 * does not refuse the move but stays ordered for its own day (cakesOnCustomerMove), which the page and
 * the e-mails say.
 */
async function cakesToMove(sql: Sql, request: MoveRequest, row: KeyedRow, settings: BusinessSettings, now: Date, language: Locale): Promise<{ ids: string[]; cakes: CustomerMoveCakes }> {
  const date = localDate(toEventWindow(request.event, settings.timezone).start, settings.timezone);
  const today = businessClock(settings.timezone, now).today();
  const lead = settings.cakeLeadTimeDays;
  const w = MOVE_WORDS[language];
  const move = cakesOnCustomerMove(await cakesForBooking(sql, row.id), date, today, lead, row.rain_out_move_until !== null);
  for (const cake of move.moving) {
    if (cakeChangeClosed(cake, today, lead)) throw fieldError('event.date', w.cakeLocked(cake.number, cakeLastChangeDay(cake.neededOn, lead), settings.phone));
    if (date < addDays(today, lead)) throw fieldError('event.date', w.cakeTooSoon(cake.number, lead, settings.phone));
  }
  return { ids: move.moving.map((c) => c.id), cakes: customerMoveCakes(move, date, lead) };
}

/**
 * POST /api/manage-booking/quote: what moving the booking to `event` would cost, priced by the staff
 * edit's engine in a transaction where the booking has let go of its units, then rolled back. Each
 * line's availability and the problem in the page's language (`language`, X-Page-Language).
 */
export async function quoteOwnMove(db: Database, request: MoveRequest, now: Date, language: Locale = 'en'): Promise<MoveQuote> {
  const row = await keyedBooking(db, request);
  const settings = await getSettings(db);
  assertOpen(row, settings, now, language);
  assertNewWindow(request, row, settings, now, language);
  const { cakes } = await cakesToMove(db, request, row, settings, now, language);
  const cart = await bookingCartOf(db, row.id, request.event);
  // In the page's language, so the preview names each product as the rest of /es/track-order does.
  // Held to what staff booked anyway, as the move itself is (rebookIn): else the page would refuse a move the server takes.
  const quote = await withoutBooking(db, row.id, async (sql) =>
    quoteFromCart(await prepareCart(sql, cart, cart.address.zip, now, 'address.zip', { language }), language, await storedSiteOverride(sql, row.id)),
  );
  const current = { totalCents: row.total_cents, amountPaidCents: row.amount_paid_cents };
  const catalog = await serverErrorCatalog(language);
  const say = (message: string | null) => (message === null ? null : priceWordInLanguage(message, language, catalog));
  return {
    bookable: quote.bookable,
    problem: say(quote.problem),
    lines: quote.lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      lineTotalCents: l.lineTotalCents,
      available: l.available,
      reason: say(l.reason),
    })),
    currentTotalCents: row.total_cents,
    newTotalCents: quote.totalCents,
    amountPaidCents: row.amount_paid_cents,
    ...moveDifference(current, quote.totalCents),
    cakes: movedCakesText(cakes, settings, language),
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
  /** What the move did to the cakes ordered with the booking, one sentence a cake in the page's language. */
  cakes: string[];
}

/**
 * A move the engine refused for stock: taken meanwhile (the exclusion constraint, take_cart) or
 * already sold out for that window. Either way the transaction rolls back and the answer says so,
 * in the page's language (MOVE_TAKEN through the server's catalog, like every error answer).
 */
async function moveRefused(error: unknown, language: Locale): Promise<never> {
  if (isConflict(error) || (error instanceof AppError && error.message === NO_LONGER_AVAILABLE))
    throw new AppError('conflict', MOVE_TAKEN);
  if (error instanceof AppError && error.code === 'conflict') {
    const refusal = priceWordInLanguage(error.message, language, await serverErrorCatalog(language));
    throw new AppError('conflict', MOVE_WORDS[language].nothingChanged(refusal));
  }
  throw error;
}

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
  /** The page's language (X-Page-Language): the refusals' words. */
  language: Locale = 'en',
): Promise<MoveResult> {
  const siteUrl = env().SITE_URL;
  try {
    const { before, after, refunded, cakes, settings } = await changeOwnBooking(db, request, now, language, async (tx, row, settings) => {
      assertNewWindow(request, row, settings, now, language);
      const cakes = await cakesToMove(tx, request, row, settings, now, language);
      const cart = await bookingCartOf(tx, row.id, request.event);
      return auditedChangeIn(tx, customerAudit(row.contact_email, ip), {
        change: async (tx) => {
          const rebooked = await rebookIn(tx, row.id, row.coupon_id, cart, now, {
            staff: false,
            notifyCustomer: true,
            language,
            cakes: cakes.cakes,
          }).catch((error: unknown) => moveRefused(error, language));
          if (cakes.ids.length) await tx`update cake_orders set needed_on = ${rebooked.after.event.date}::date where id = any(${cakes.ids}::uuid[])`;
          // A rain check's free move answers its offer: the rain-out is settled.
          if (row.rain_out_move_until) await tx`update rain_out_offers set answer = 'moved', answered_at = ${now} where booking_id = ${row.id} and answer is null`;
          const notice = await queueEmail(
            tx,
            'booking-business-change',
            businessChangeEmail(rebooked.after, settings, siteUrl, businessInbox(settings), {
              kind: 'move',
              before: rebooked.before,
              cakes: cakes.cakes,
            }),
            now,
          );
          // A lower total: what was paid above it goes back at once where it can (the card).
          const over = Math.max(0, rebooked.after.totals.amountPaidCents - rebooked.after.totals.totalCents);
          const refunded =
            over > 0 && refund
              ? await refund(tx, row, over, `Booking ${row.number} moved online to a lower total`, now)
              : NO_REFUND;
          const mail = [...(rebooked.email ? [rebooked.email.emailId] : []), notice, ...refunded.receiptEmailIds];
          return { ...rebooked, refunded, cakes: cakes.cakes, mail };
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
            ...(cakes.cakes.moved.length ? { cakesMoved: cakes.cakes.moved.map((c) => c.number) } : {}),
            ...(cakes.cakes.staying.length ? { cakesKept: cakes.cakes.staying.map((c) => c.number) } : {}),
          },
        }),
      });
    });
    const booking = await manageBooking(db, { bookingNumber: request.bookingNumber, key: request.key }, now, language);
    const { differenceCents, refundCents } = moveDifference(before.totals, after.totals.totalCents);
    const payNowCents =
      differenceCents > 0 && after.status !== 'deposit_due' && stripeConfigured()
        ? Math.min(differenceCents, after.totals.amountDueCents)
        : 0;
    return { booking, differenceCents, payNowCents, refundCents, refundedCents: refunded.refundedCents, cakes: movedCakesText(cakes, settings, language) };
  } catch (error) {
    if (isConflict(error)) throw new AppError('conflict', MOVE_TAKEN);
    throw error;
  }
}
