import type { BookingStatus } from './booking-status';

/** Short status names for staff lists and buttons (customers see the longer booking-view labels). */
export const staffStatusLabels: Record<BookingStatus, string> = {
  hold: 'Hold (paying)',
  deposit_due: 'Deposit due',
  confirmed: 'Confirmed',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export const bookingStatuses = Object.keys(staffStatusLabels) as [BookingStatus, ...BookingStatus[]];

/** What the button that moves a booking into a status says. */
export const statusActionLabels: Record<BookingStatus, string> = {
  hold: 'Put on hold',
  deposit_due: 'Mark deposit due',
  confirmed: 'Confirm booking',
  out_for_delivery: 'Mark out for delivery',
  delivered: 'Mark delivered',
  completed: 'Mark completed',
  cancelled: 'Cancel booking',
  expired: 'Mark expired',
};

/** How staff read a payment's method, wherever one is shown or chosen (the business is American: a check). */
export const paymentMethodLabels: Record<string, string> = {
  stripe: 'Card (Stripe)',
  cash: 'Cash',
  check: 'Check',
  card_in_person: 'Card in person',
  credit: 'Paid from credit',
};

export const paymentKindLabels: Record<string, string> = {
  deposit: 'Deposit',
  balance: 'Balance',
  refund: 'Refund',
  other: 'Other',
};

/**
 * How a line of a booking's payments reads. A "refund" of method credit gave no money back: it moved
 * what was paid into a customer credit (a cancellation or a rain check in credit, a lapsed booking's
 * credit given back), so it reads as that, not as a refund "paid from credit".
 */
export function paymentLineLabels(p: { kind: string; method: string }): { kind: string; method: string } {
  if (p.kind === 'refund' && p.method === 'credit') return { kind: 'Moved to credit', method: 'Customer credit' };
  return { kind: paymentKindLabels[p.kind] ?? p.kind, method: paymentMethodLabels[p.method] ?? p.method };
}

/** A status as a word inside a sentence: "This booking is cancelled: …". */
export const statusWord = (status: BookingStatus) => staffStatusLabels[status].toLowerCase();
