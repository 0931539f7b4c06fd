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

export const paymentMethodLabels: Record<string, string> = {
  stripe: 'Card (Stripe)',
  cash: 'Cash',
  check: 'Cheque',
  card_in_person: 'Card in person',
  credit: 'Paid from credit',
};

export const paymentKindLabels: Record<string, string> = {
  deposit: 'Deposit',
  balance: 'Balance',
  refund: 'Refund',
  other: 'Other',
};
