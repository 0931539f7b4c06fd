import type { BusinessSettings } from '../business';
import { formatClock, formatDayMonth, formatShortDate, localDate, localTime } from '../time';

/** The status a new booking starts in (place-booking.server.ts decides which). */
export type InitialStatus = 'hold' | 'deposit_due' | 'confirmed';

/**
 * Unpaid bookings end by themselves (issue #22). Pure rules: when an unpaid website booking is
 * released, how long a hold's payment page stays open, and what one website booking may take.
 */

type Source = 'web' | 'admin' | 'quote' | 'phone';

/**
 * How long a website booking made without paying (pay later) holds its units until its customer
 * confirms it from the e-mail (issue #36): a script booking under made-up addresses never confirms,
 * so it cannot keep a product's last units for the whole pay-later window.
 */
export const UNCONFIRMED_HOLD_MINUTES = 60;

/**
 * When a new booking is released unless it is paid or staff keep it: a Stripe hold after the owner's
 * `holdMinutes`, a website booking with its deposit due ("pay later", or no online payments) after
 * `UNCONFIRMED_HOLD_MINUTES` until its customer confirms it from the e-mail (then the owner's
 * `unpaidHoldHours` from when it was placed: payLaterDeadline). Staff bookings (phone, admin, quote)
 * are never released by themselves.
 */
export function unpaidDeadline(
  booking: { status: InitialStatus; source: Source; staff: boolean },
  settings: Pick<BusinessSettings, 'holdMinutes' | 'unpaidHoldHours'>,
  now: Date,
): Date | null {
  if (booking.status === 'hold') return new Date(now.getTime() + settings.holdMinutes * 60_000);
  if (awaitsEmailConfirmation(booking)) {
    return new Date(Math.min(now.getTime() + UNCONFIRMED_HOLD_MINUTES * 60_000, payLaterDeadline(now, settings).getTime()));
  }
  return null;
}

/**
 * Whether a new booking waits for its customer to confirm it from the e-mail: a website booking with
 * its deposit due (not a Stripe hold, not staff's).
 */
export function awaitsEmailConfirmation(booking: { status: InitialStatus; source: Source; staff: boolean }): boolean {
  return booking.status === 'deposit_due' && booking.source === 'web' && !booking.staff;
}

/**
 * The pay-later deadline of a website booking: the owner's `unpaidHoldHours` from when it was placed.
 * A booking confirmed from the e-mail gets it then (never earlier than the moment of the click).
 */
export function payLaterDeadline(placedAt: Date, settings: Pick<BusinessSettings, 'unpaidHoldHours'>, now: Date = placedAt): Date {
  return new Date(Math.max(placedAt.getTime() + settings.unpaidHoldHours * 3_600_000, now.getTime()));
}

/** Stripe Checkout's shortest and longest session, from when it is made. */
export const CHECKOUT_MIN_MINUTES = 30;
const CHECKOUT_MAX_MINUTES = 24 * 60;

/**
 * When the payment page of a hold closes. A hold ends at its own deadline, set when it was booked;
 * a payment page never moves it. The page closes at that deadline, or, when the deadline is nearer
 * than Stripe's shortest session (30 minutes), 30 minutes from now rounded up to the minute (a retry
 * within the minute gets the same page back): the units are still released at the deadline, and a
 * deposit paid on that page afterwards re-takes them if they are still free (otherwise staff are
 * told to refund it, see the Stripe webhook).
 */
export function holdSessionExpiry(deadline: Date, now: Date): Date {
  const earliest = Math.ceil((now.getTime() + CHECKOUT_MIN_MINUTES * 60_000) / 60_000) * 60_000;
  const latest = now.getTime() + CHECKOUT_MAX_MINUTES * 60_000 - 60_000;
  return new Date(Math.min(Math.max(deadline.getTime(), earliest), latest));
}

/** A website booking's wish list, as the caps read it. */
interface RequestedItem {
  product: string;
  quantity: number;
}

export interface CartLimitProblem {
  /** The request field it is about, as the booking's 400 names it. */
  field: string;
  message: string;
}

/**
 * The owner's caps on what one website booking may take: units of one product and products in all.
 * A real party needs few of each; a script emptying a Saturday needs many.
 */
export function cartLimitProblem(
  items: readonly RequestedItem[],
  settings: Pick<BusinessSettings, 'maxUnitsPerProduct' | 'maxItemsPerBooking' | 'phone'>,
): CartLimitProblem | null {
  if (items.length > settings.maxItemsPerBooking) {
    return {
      field: 'items',
      message: `An online booking can have at most ${settings.maxItemsPerBooking} different products. Please remove some, or call us at ${settings.phone} for a bigger event.`,
    };
  }
  const index = items.findIndex((item) => item.quantity > settings.maxUnitsPerProduct);
  if (index >= 0) {
    return {
      field: `items.${index}.quantity`,
      message: `An online booking can take at most ${settings.maxUnitsPerProduct} of one product. Please lower the quantity, or call us at ${settings.phone} for more.`,
    };
  }
  return null;
}

/** Which of the owner's caps on open unpaid website bookings a booking would break. */
export type OpenUnpaidCap = 'email' | 'phone' | 'client';

/**
 * The answer to a customer over a cap on open unpaid bookings: what they can do about it (pay or
 * cancel one of those bookings, or call), and the field it is about ('_': the request as a whole).
 */
export function openUnpaidRefusal(cap: OpenUnpaidCap, settings: Pick<BusinessSettings, 'phone' | 'maxOpenUnpaidPerEmail' | 'maxOpenUnpaidPerPhone' | 'maxOpenUnpaidPerClient'>): { field: string; message: string } {
  const next = `Please pay the deposit of one of them (find it on “Track your booking”) or cancel one first, or call us at ${settings.phone} and we’ll book it with you.`;
  switch (cap) {
    case 'email':
      return {
        field: 'customer.email',
        message: `You already have ${plural(settings.maxOpenUnpaidPerEmail)} waiting for payment with this e-mail address. ${next}`,
      };
    case 'phone':
      return {
        field: 'customer.phone',
        message: `You already have ${plural(settings.maxOpenUnpaidPerPhone)} waiting for payment with this phone number. ${next}`,
      };
    case 'client':
      return {
        field: '_',
        message: `${settings.maxOpenUnpaidPerClient === 1 ? 'A booking' : `${settings.maxOpenUnpaidPerClient} bookings`} from your internet connection ${settings.maxOpenUnpaidPerClient === 1 ? 'is' : 'are'} already waiting for payment. ${next}`,
      };
  }
}

const plural = (n: number) => (n === 1 ? 'a booking' : `${n} bookings`);

/** 'Sat, November 28 at 2:30 PM': a deadline as the customer reads it, in the business's time zone. */
export function formatDeadline(instant: Date, timeZone: string): string {
  const date = localDate(instant, timeZone);
  // The weekday of 'Sat, Nov 28': toLocaleDateString would build an Intl formatter on every call
  // (about a millisecond, once per booking's confirmation).
  const weekday = formatShortDate(date).split(',')[0];
  return `${weekday}, ${formatDayMonth(date)} at ${formatClock(localTime(instant, timeZone))}`;
}

/**
 * The client address as the cap on open unpaid bookings counts it: an IPv4 address as it is (also
 * when written IPv4-mapped, `::ffff:192.0.2.7`), an IPv6 address by its /64 network, since one home
 * or phone is given a whole /64 and could take a new address for every booking.
 */
export function clientAddressKey(address: string): string {
  const ip = address.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip.slice(0, 64);
  const halves = ip.split('::');
  if (halves.length > 2) return ip.slice(0, 64);
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return ip.slice(0, 64);
  const all = [...head, ...Array<string>(missing).fill('0'), ...tail];
  const network = all.slice(0, 4);
  if (!network.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return ip.slice(0, 64);
  return `${network.map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
