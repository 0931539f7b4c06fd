import { z } from '../validation';
import { hasRole, type StaffRole } from '../auth';
import type { BookingStatus } from './booking-status';
import { bookingStatuses } from './booking-labels';
import { listFormat, listQuery, optionalDate, optionalEnum } from '../lists';
import { type CsvColumn } from '../reports';
import { centsToDecimal } from '../money';

/**
 * Who may do what to a booking. Crew run the day: they move a booking forward along the delivery
 * path and add notes. Everything that changes money, the promise to the customer or the units
 * (confirming, cancelling, expiring, payments, refunds, unit moves) needs a manager.
 */
export const deliveryPath: BookingStatus[] = ['confirmed', 'out_for_delivery', 'delivered', 'completed'];

export function roleForStatusChange(from: BookingStatus, to: BookingStatus): StaffRole {
  const a = deliveryPath.indexOf(from);
  const b = deliveryPath.indexOf(to);
  return a >= 0 && b > a ? 'crew' : 'manager';
}

/**
 * The statuses this role may move a booking to from `from`, among the moves the booking domain
 * allows (`allowedTransitions`, passed in: it lives beside the code that applies them).
 */
export function staffTransitions(allowed: Record<BookingStatus, readonly BookingStatus[]>, from: BookingStatus, role: StaffRole): BookingStatus[] {
  return allowed[from].filter((to) => hasRole(role, roleForStatusChange(from, to)));
}

/**
 * What a payment staff record pays, so it is listed by that and a balance collected at the stop is
 * never "Deposit": the part of it up to the deposit still owed pays the deposit, the rest pays the
 * balance. It is the balance when it pays the booking off or pays more of the balance than of the
 * deposit, the deposit otherwise (a tie too). Only the kinds payments.kind allows.
 */
export function paymentKindFor(p: { paidBeforeCents: number; amountCents: number; depositCents: number; totalCents: number }): 'deposit' | 'balance' {
  const towardDeposit = Math.min(p.amountCents, Math.max(0, p.depositCents - p.paidBeforeCents));
  const towardBalance = p.amountCents - towardDeposit;
  const paysOff = p.paidBeforeCents + p.amountCents >= p.totalCents;
  return towardDeposit === 0 || towardBalance > towardDeposit || (paysOff && towardBalance > 0) ? 'balance' : 'deposit';
}

/** How much of a payment can still be given back. */
export function refundableCents(paymentCents: number, refundedCents: number): number {
  return Math.max(0, paymentCents - refundedCents);
}

/** Digits of a search text, to find "(512) 555-0117" from "5125550117" or "555-0117". */
export function phoneDigits(text: string): string {
  return text.replace(/\D/g, '');
}


export const bookingListSorts = ['eventDate', 'created', 'total', 'status', 'number', 'customer'] as const;

/** GET /api/admin/bookings: search, status, event date range, sort and page. */
export const bookingListQuery = listQuery(bookingListSorts, 'created', 'desc')
  .extend({
    status: optionalEnum(bookingStatuses, `Status is one of: ${bookingStatuses.join(', ')}`),
    from: optionalDate('From must be a date (YYYY-MM-DD)'),
    to: optionalDate('To must be a date (YYYY-MM-DD)'),
    ...listFormat,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'The end date must be on or after the start date' });
export type BookingListQuery = z.infer<typeof bookingListQuery>;

const note = (max: number, label: string) => z.string({ error: `${label} is required` }).trim().max(max, `${label}: at most ${max} characters`);

export const statusChangeBody = z
  .object({
    to: z.enum(bookingStatuses, { error: 'Choose a status' }),
    reason: z.string().trim().max(500, 'Reason: at most 500 characters').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.to === 'cancelled' && (body.reason ?? '').length < 3) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why the booking is cancelled (at least 3 characters)' });
    }
  });

export const noteBody = z.object({ note: note(2000, 'Note').min(1, 'Write a note') });

const cents = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents` })
    .int(`${label} must be whole cents`)
    .min(1, `${label} must be more than zero`)
    .max(10_000_000, `${label} is too large`);

export const offlinePaymentMethods = ['cash', 'check', 'card_in_person'] as const;
export type OfflineMethod = (typeof offlinePaymentMethods)[number];

export const paymentBody = z.object({
  amountCents: cents('Amount'),
  method: z.enum(offlinePaymentMethods, { error: 'Method is cash, check or card_in_person' }),
  note: note(500, 'Note').default(''),
});

export const refundBody = z.object({
  paymentId: z.uuid('Choose the payment to refund'),
  amountCents: cents('Amount'),
  reason: note(500, 'Reason').min(3, 'Say why the money is refunded (at least 3 characters)'),
});

export const unitMoveBody = z.object({
  allocationId: z.uuid('Choose the allocation to move'),
  unitId: z.uuid('Choose a unit'),
});

/** POST /api/admin/bookings/{id}/links: which of the booking's links get a new secret (the old ones stop working). */
export const linksToRotate = ['invoice', 'guest', 'both'] as const;
export type LinksToRotate = (typeof linksToRotate)[number];
export const rotateLinksBody = z.object({
  links: z.enum(linksToRotate, { error: 'Choose invoice, guest or both' }),
});

export type ContactField = 'name' | 'email' | 'phone';

/**
 * Where a booking's contact and the customer's record differ. E-mail case, spacing and the way a
 * phone number is written are no difference.
 */
export function contactDifferences(booking: Record<ContactField, string>, record: Record<ContactField, string>): ContactField[] {
  const same: Record<ContactField, (a: string, b: string) => boolean> = {
    name: (a, b) => a.trim().replace(/\s+/g, ' ') === b.trim().replace(/\s+/g, ' '),
    email: (a, b) => a.trim().toLowerCase() === b.trim().toLowerCase(),
    phone: (a, b) => phoneDigits(a) === phoneDigits(b),
  };
  return (['name', 'email', 'phone'] as const).filter((f) => !same[f](booking[f], record[f]));
}

/** POST /api/admin/bookings/{id}/customer: the booking's contact becomes the customer's record. */
export const customerFromBookingBody = z.object({
  fields: z
    .array(z.enum(['name', 'email', 'phone'], { error: 'Choose name, email or phone' }), { error: 'Choose what to copy' })
    .min(1, 'Choose what to copy')
    .max(3)
    .default(['name', 'email', 'phone']),
});

/** A staff note line: when, who, what; appended so nobody overwrites someone else's note. */
export function noteLine(at: { date: string; time: string }, author: string, text: string): string {
  return `${at.date} ${at.time} · ${author}: ${text.replace(/\s*\n\s*/g, ' ')}`;
}

/** A row of the bookings list (listBookings in bookings-admin.server.ts reads it). */
export interface BookingListRow {
  id: string;
  number: string;
  status: BookingStatus;
  statusLabel: string;
  customer: { name: string; email: string; phone: string };
  event: { date: string; start: string; end: string };
  city: string;
  items: string;
  totalCents: number;
  amountPaidCents: number;
  balanceCents: number;
  createdAt: string;
}

/** The bookings list's CSV: what the table shows, one booking per row, amounts in dollars. */
export const bookingCsvColumns: CsvColumn<BookingListRow>[] = [
  { header: 'Booking', value: (b) => b.number },
  { header: 'Status', value: (b) => b.statusLabel },
  { header: 'Event date', value: (b) => b.event.date },
  { header: 'Start', value: (b) => b.event.start },
  { header: 'End', value: (b) => b.event.end },
  { header: 'Customer', value: (b) => b.customer.name },
  { header: 'E-mail', value: (b) => b.customer.email },
  { header: 'Phone', value: (b) => b.customer.phone },
  { header: 'City', value: (b) => b.city },
  { header: 'Items', value: (b) => b.items },
  { header: 'Total ($)', value: (b) => centsToDecimal(b.totalCents) },
  { header: 'Paid ($)', value: (b) => centsToDecimal(b.amountPaidCents) },
  { header: 'Balance ($)', value: (b) => centsToDecimal(b.balanceCents) },
  { header: 'Booked at', value: (b) => b.createdAt },
];
