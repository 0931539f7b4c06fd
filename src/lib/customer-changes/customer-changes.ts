import { z } from '../validation';
import { eventWindowInput } from '../time';
import type { CancellationOutcome } from '../changes';
import { bookingNumberField } from '../booking';

/**
 * A customer changing their own booking (issue #25): everything here needs the booking's management
 * key (bookings.manage_token), which only the booking's e-mails carry. Knowing a number and an e-mail
 * is not enough: from /track-order they only get the link e-mailed to the booking's address.
 */

/** At most this long: a key is 43 characters; anything much longer is not one. */
const MAX_KEY = 128;

/** The booking number and its management key; a missing key is a 403, a wrong one a 404. */
export const manageRequest = z.object({
  bookingNumber: bookingNumberField,
  key: z
    .string({ error: 'The link is missing its key' })
    .trim()
    .max(MAX_KEY, 'That is not a booking link key')
    .default(''),
});
export type ManageRequest = z.infer<typeof manageRequest>;

/** POST /api/manage-booking/quote and /move: the booking's new window (its items stay as they are). */
export const moveRequest = manageRequest.extend({ event: eventWindowInput });
export type MoveRequest = z.infer<typeof moveRequest>;

/**
 * POST /api/manage-booking/cancel. `expected` is what the page showed: when the server's answer at
 * the moment of confirming differs, nothing is cancelled and the answer carries the new terms.
 */
export const cancelRequest = manageRequest.extend({
  expected: z.enum(['refund', 'credit', 'none'], { error: 'Confirm what you get back' }),
});
export type CancelRequest = z.infer<typeof cancelRequest>;

/** POST /api/manage-booking/pay: pay what is owed, or (`amountCents`) part of it, such as a move's difference. */
export const managePayRequest = manageRequest.extend({
  amountCents: z
    .number({ error: 'An amount in cents' })
    .int('An amount in cents')
    .min(50, 'At least 50 cents')
    .max(100_000_000)
    .optional(),
});
export type ManagePayRequest = z.infer<typeof managePayRequest>;

/** Statuses a customer may move or cancel themselves: booked and not yet on its way. */
export const selfServiceStatuses = ['deposit_due', 'confirmed'] as const;

/** What the tracking page may offer, beside the booking, when it was opened with the key. */
export interface ManageOptions {
  /** Whether moving or cancelling online is still possible (status, and before the cut-off). */
  open: boolean;
  /** Why not, in words, with the phone to call; null when open. */
  closedReason: string | null;
  /** The cut-off: the last moment to change online. */
  until: string;
  /** What cancelling now gives back, as the server computes it at this moment. */
  cancellation: CancellationOutcome;
  /**
   * Rained out, with a free move offered and not answered yet: the move is open whatever the cut-off,
   * to any day until `moveUntil`; cancelling goes through the rain check's own choices instead.
   */
  rainOut: { moveUntil: string } | null;
}

/** What a move costs: the new price beside the booking's, and how the difference is settled. */
export interface MoveQuote {
  bookable: boolean;
  problem: string | null;
  lines: { name: string; quantity: number; lineTotalCents: number; available: boolean; reason: string | null }[];
  currentTotalCents: number;
  newTotalCents: number;
  /** New total minus the current one: positive to pay, negative owed back. */
  differenceCents: number;
  amountPaidCents: number;
  /** Paid above the new total: refunded to the customer. */
  refundCents: number;
  /** What the move does to the cakes ordered with the booking, one sentence a cake in the page's language (movedCakesText). */
  cakes: string[];
}

/** The difference settled: to pay now (up to what is owed), or to refund. */
export function moveDifference(current: { totalCents: number; amountPaidCents: number }, newTotalCents: number) {
  const differenceCents = newTotalCents - current.totalCents;
  return { differenceCents, refundCents: Math.max(0, current.amountPaidCents - newTotalCents) };
}
