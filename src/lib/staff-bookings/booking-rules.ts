import { LOCALES } from '../i18n';
import { z } from '../validation';
import { hasRole, type StaffRole } from '../auth';
import type { BookingStatus } from '../booking';
import { bookingStatuses } from '../booking';
import { listFormat, listQuery, optionalDate, optionalEnum } from '../lists';
import { csvColumns, phoneCell } from '../reports';
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
 * While a rain-out offer waits for the customer's answer the party is not going ahead, and the answer
 * cancels the booking: only a move that ends it is left. Delivered or completed meanwhile (a button on
 * the booking's page, a move queued on a crew phone before the rain-out), the customer's credit or
 * refund would take their money and leave the booking live, owing its whole total.
 */
export const statusesWhileRainedOut: readonly BookingStatus[] = ['cancelled', 'expired'];

/** Why a status move is refused while the booking's rain-out offer waits (409). */
export const rainedOutRefusal = (number: string) =>
  `${number} was rained out and its customer has not answered yet: the party is not going ahead. Wait for their answer, or cancel the booking.`;

/**
 * The statuses this role may move a booking to from `from`, among the moves the booking domain
 * allows (`allowedTransitions`, passed in: it lives beside the code that applies them), and only
 * those that end it while a rain-out offer waits.
 */
export function staffTransitions(allowed: Record<BookingStatus, readonly BookingStatus[]>, from: BookingStatus, role: StaffRole, rainOutWaiting = false): BookingStatus[] {
  return allowed[from].filter((to) => hasRole(role, roleForStatusChange(from, to)) && (!rainOutWaiting || statusesWhileRainedOut.includes(to)));
}

/** Digits of a search text, to find "(512) 555-0117" from "5125550117" or "555-0117". */
export function phoneDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * The digits a staff search matches against phone numbers: only a search typed as a phone number
 * (digits, spaces, brackets, dashes, dots, a plus) of at least three digits. The digits of a booking
 * number or an e-mail address ("AB-3K7A55", "sam22@example.com") are not part of a phone number, and
 * matched as one they brought other people's bookings up above the one asked for.
 */
export function phoneSearchDigits(text: string): string {
  const digits = phoneDigits(text);
  return /^[\d\s().+-]+$/.test(text.trim()) && digits.length >= 3 ? digits : '';
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
    /** A cancellation e-mails the customer unless this is false (a duplicate or a test booking nobody should hear about). */
    notifyCustomer: z.boolean({ error: 'Say whether to e-mail the customer (true or false)' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.to === 'cancelled' && (body.reason ?? '').length < 3) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why the booking is cancelled (at least 3 characters)' });
    }
  });

export const noteBody = z.object({ note: note(2000, 'Note').min(1, 'Write a note') });

/** POST /api/admin/bookings/{id}/language: what the customer receives about the booking is written in it (issue #40). */
export const bookingLanguageBody = z.object({ language: z.enum(LOCALES, { error: 'Choose English or Spanish' }) });

export const unitMoveBody = z.object({
  allocationId: z.uuid('Choose the allocation to move'),
  unitId: z.uuid('Choose a unit'),
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
export const bookingCsvColumns = csvColumns<BookingListRow>({
  Booking: 'number',
  Status: 'statusLabel',
  'Event date': (b) => b.event.date,
  Start: (b) => b.event.start,
  End: (b) => b.event.end,
  Customer: (b) => b.customer.name,
  'E-mail': (b) => b.customer.email,
  Phone: (b) => phoneCell(b.customer.phone),
  City: 'city',
  Items: 'items',
  'Total ($)': (b) => centsToDecimal(b.totalCents),
  'Paid ($)': (b) => centsToDecimal(b.amountPaidCents),
  'Balance ($)': (b) => centsToDecimal(b.balanceCents),
  'Booked at': 'createdAt',
});
