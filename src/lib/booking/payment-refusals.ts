import type { BookingStatus } from './booking-status';

/** The statuses whose booking can still be paid online (its deposit, or its balance). */
type Payable = 'hold' | 'deposit_due' | 'confirmed' | 'out_for_delivery' | 'delivered';

/**
 * Why a booking of every other status is not paid online: one whole sentence a status, typed so a new
 * status must be given its own, and each in the server's Spanish catalog (payment-refusals.test.ts)
 * rather than made from the status's English label, which the catalog could not know.
 */
export const NOT_PAYABLE_ONLINE: Record<Exclude<BookingStatus, Payable>, string> = {
  completed: 'A booking that is completed cannot be paid online.',
  cancelled: 'A booking that is cancelled cannot be paid online.',
  expired: 'A booking that is expired (deposit not paid in time) cannot be paid online.',
};

/** The refusal of an online payment for a booking of this status; null when it may be paid. */
export const notPayableOnline = (status: BookingStatus): string | null => (status in NOT_PAYABLE_ONLINE ? NOT_PAYABLE_ONLINE[status as keyof typeof NOT_PAYABLE_ONLINE] : null);
