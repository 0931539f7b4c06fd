import type { CancellationOutcome } from '../changes';
import { formatMoney } from '../money';
import { addDays, formatMediumDate } from '../time';

/**
 * A cake ordered for delivery with a party booking, as the booking shows it. Its price is NOT part of
 * the booking's total or balance: cake orders are priced and paid on their own (the cake page takes
 * no payment; the bakery collects it), so the booking, its delivery sheet, the tracking page and the
 * invoice show the cake as a separate line: "Cake order CK-…, $x, paid separately".
 */
export interface BookingCake {
  id: string;
  number: string;
  product: string;
  servings: number;
  tiers: number;
  messageOnCake: string | null;
  allergies: string;
  neededOn: string;
  status: 'new' | 'confirmed' | 'baking' | 'ready' | 'delivered' | 'cancelled';
  priceCents: number;
}

/** "Cake order CK-7Q2M4X, $85, paid separately": how every screen names a cake beside a booking's own money. */
export const bookingCakeLine = (cake: Pick<BookingCake, 'number' | 'priceCents'>) => `Cake order ${cake.number}, ${formatMoney(cake.priceCents)}, paid separately`;

/** Statuses a customer may be told about when staff move the cake there. */
export const NOTIFIABLE_CAKE_STATUSES = ['ready', 'delivered'] as const;
export type NotifiableCakeStatus = (typeof NOTIFIABLE_CAKE_STATUSES)[number];
export const isNotifiableCakeStatus = (status: string): status is NotifiableCakeStatus => (NOTIFIABLE_CAKE_STATUSES as readonly string[]).includes(status);

/**
 * The last day a cake can be changed or cancelled free of charge (the cancellation policy's
 * {cakeDeadline}): its lead time before the day it is needed, the same days an order needs ahead. A
 * date of the business's calendar.
 */
export const cakeLastChangeDay = (neededOn: string, leadTimeDays: number) => addDays(neededOn, -leadTimeDays);

/**
 * Past its last day (`today` from the business's clock) the ingredients are bought and the baking has
 * started: a customer can no longer change or cancel the cake online, and its price is not refunded.
 * Staff still can (the cake orders screen), by hand.
 */
export const cakeChangeClosed = (cake: Pick<BookingCake, 'neededOn'>, today: string, leadTimeDays: number) => today > cakeLastChangeDay(cake.neededOn, leadTimeDays);

/**
 * What cancelling the booking does to the cakes ordered with it, for the outcome the customer is shown
 * and e-mailed: before its last day a cake is cancelled with the booking, free; after it, it stays
 * ordered and its price is not refunded (it was never part of the booking's money, which is what the
 * refund is made of).
 */
export function cakesOnCancelling(cakes: readonly BookingCake[], today: string, leadTimeDays: number): NonNullable<CancellationOutcome['cakes']> {
  return cakes
    .filter((c) => c.status !== 'cancelled' && c.status !== 'delivered')
    .map((c) => ({ number: c.number, priceCents: c.priceCents, lastDay: cakeLastChangeDay(c.neededOn, leadTimeDays), refundable: !cakeChangeClosed(c, today, leadTimeDays) }));
}

/** A cake as the staff booking screen shows it: with its last day to change and whether that has passed (on the business's clock). */
export type StaffBookingCake = BookingCake & { lastChangeDay: string; changeClosed: boolean };

export const staffBookingCakes = (cakes: readonly BookingCake[], today: string, leadTimeDays: number): StaffBookingCake[] =>
  cakes.map((c) => ({ ...c, lastChangeDay: cakeLastChangeDay(c.neededOn, leadTimeDays), changeClosed: c.status !== 'cancelled' && c.status !== 'delivered' && cakeChangeClosed(c, today, leadTimeDays) }));

/** The staff refund preview's word on a cake past its last day: never in the refund, which is the booking's money. */
export const cakeNotRefundedLine = (cake: Pick<StaffBookingCake, 'number' | 'priceCents' | 'lastChangeDay'>) =>
  `Cake order ${cake.number} (${formatMoney(cake.priceCents)}) is past its last day to change or cancel (${formatMediumDate(cake.lastChangeDay)}): its price is not refunded, and is not part of this refund (paid separately). Cancel it by hand on the cake orders screen to make an exception.`;

/** What a staff cancellation did to the cakes ordered with the booking (the answer and the audit). */
export interface StaffCancelledCakes {
  /** Before their last day: cancelled with the booking, as the customer's own cancellation does. */
  cancelled: string[];
  /** Past it: still ordered (being baked); staff decide by hand on the cake orders screen. */
  kept: { number: string; lastDay: string }[];
}

/** The cakes a staff cancellation cancels and keeps: the customer's own rule (`outcome`, from cakesOnCancelling), by number. */
export function cakesOnStaffCancelling(outcome: ReturnType<typeof cakesOnCancelling>): StaffCancelledCakes {
  return {
    cancelled: outcome.filter((c) => c.refundable).map((c) => c.number),
    kept: outcome.filter((c) => !c.refundable).map((c) => ({ number: c.number, lastDay: c.lastDay })),
  };
}

/** A cake a staff edit moved with the party: from and to which day, and whether that overrode its last day to change. */
export interface StaffMovedCake {
  id: string;
  number: string;
  from: string;
  to: string;
  pastLastDay: boolean;
  lastDay: string;
}

/**
 * The cakes a staff edit moves to the party's new date (`partyDate`): every one not delivered yet.
 * Staff may move one past its last day to change (they agreed it with the customer and the bakery);
 * the answer says so, since the bakery may have started on it.
 */
export const cakesOnStaffMove = (cakes: readonly BookingCake[], partyDate: string, today: string, leadTimeDays: number): StaffMovedCake[] =>
  cakes
    .filter((c) => c.status !== 'cancelled' && c.status !== 'delivered' && c.neededOn !== partyDate)
    .map((c) => ({ id: c.id, number: c.number, from: c.neededOn, to: partyDate, pastLastDay: cakeChangeClosed(c, today, leadTimeDays), lastDay: cakeLastChangeDay(c.neededOn, leadTimeDays) }));

/** What staff are told after a cancellation or an edit about the cakes ordered with the booking: one sentence a cake. */
export function staffCakeNotices(change: { cancelled?: StaffCancelledCakes; moved?: readonly StaffMovedCake[] }): string[] {
  const notices: string[] = [];
  for (const number of change.cancelled?.cancelled ?? []) notices.push(`Cake order ${number} is cancelled with the booking.`);
  for (const c of change.cancelled?.kept ?? []) {
    notices.push(`Cake order ${c.number} stays ordered: it is past its last day to change or cancel (${formatMediumDate(c.lastDay)}). Cancel it by hand on the cake orders screen if the bakery agrees.`);
  }
  for (const c of change.moved ?? []) {
    notices.push(
      `Cake order ${c.number} moved with the party to ${formatMediumDate(c.to)}.${c.pastLastDay ? ` It was past its last day to change (${formatMediumDate(c.lastDay)}): check with the bakery, which may have started on it.` : ''}`,
    );
  }
  return notices;
}

/**
 * What a customer's own move does to the cakes ordered with the booking (those not delivered nor on the
 * new date already): they move with the party. On an ordinary move a cake past its last day refuses the
 * move (the server says so); on a rain check's free move the weather called the party off, so the move
 * goes ahead and a cake past its last day, being baked for its day, stays ordered for that day
 * (`staying`), which the page and the e-mails say.
 */
export function cakesOnCustomerMove(cakes: readonly BookingCake[], newDate: string, today: string, leadTimeDays: number, rainCheck: boolean): { moving: BookingCake[]; staying: BookingCake[] } {
  const changing = cakes.filter((c) => c.status !== 'cancelled' && c.status !== 'delivered' && c.neededOn !== newDate);
  const staying = rainCheck ? changing.filter((c) => cakeChangeClosed(c, today, leadTimeDays)) : [];
  return { moving: changing.filter((c) => !staying.includes(c)), staying };
}

/** A customer's move's cakes as the e-mails and the page say them: moved to `to`, or staying on their own day. */
export interface CustomerMoveCakes {
  moved: { number: string; to: string }[];
  staying: { number: string; priceCents: number; neededOn: string; lastDay: string }[];
}

export const customerMoveCakes = (move: { moving: readonly BookingCake[]; staying: readonly BookingCake[] }, to: string, leadTimeDays: number): CustomerMoveCakes => ({
  moved: move.moving.map((c) => ({ number: c.number, to })),
  staying: move.staying.map((c) => ({ number: c.number, priceCents: c.priceCents, neededOn: c.neededOn, lastDay: cakeLastChangeDay(c.neededOn, leadTimeDays) })),
});
