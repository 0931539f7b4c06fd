import { z } from '../validation';
import { hasRole, type StaffRole } from '../auth';
import { priceRequest, adjustmentsInput } from '../pricing';
import { availabilityQuery } from '../booking';
import { addressInput, customerInput, languageField } from '../booking';
import { paymentBody } from '../payments';
import type { BookingStatus } from '../booking';
import { isAddedGeneratorRefusal, overridable, siteOverrideInput, type SiteRefusal, type SiteRefusalRef } from '../site-check';
import { isLongerThanARental, RENTAL_TOO_LONG_MESSAGE } from '../time';
import type { UnavailableCode, WindowProblem } from '../availability';

/**
 * Bookings staff make and change themselves: a caller's order taken on the phone, and changes to a
 * booking (another date, another item, a new address). The same engine as the website prices and
 * checks them; the server computes every figure.
 */

/** Managers and owners take phone bookings; crew too when the owner allows it in Settings. */
export function mayTakeBookings(role: StaffRole, settings: { crewMayTakeBookings: boolean }): boolean {
  return hasRole(role, 'manager') || settings.crewMayTakeBookings;
}

/** A finished, cancelled or expired booking stays as it was; one waiting for its online payment is mid-checkout. */
export const editableStatuses: readonly BookingStatus[] = ['deposit_due', 'confirmed', 'out_for_delivery', 'delivered'];

/**
 * The cart as staff build it: the website's, with the delivery address, their adjustments and, when
 * the yard check refuses something the caller has settled on the phone, "Book it anyway" with the
 * reason (only here: the website's booking has no such field, and strips it).
 */
const staffCart = priceRequest.omit({ zip: true }).extend({ address: addressInput, adjustments: adjustmentsInput, siteOverride: siteOverrideInput.optional() });

/** POST /api/admin/bookings. The customer is matched by e-mail (found by search, or new). */
export const phoneBookingInput = staffCart.extend({
  customer: customerInput,
  status: z.enum(['deposit_due', 'confirmed'], { error: 'Choose deposit due or confirmed' }),
  /** Money taken on the phone, recorded with the booking. */
  payment: paymentBody.nullable().default(null),
  sendConfirmation: z.boolean({ error: 'Choose whether to e-mail the customer' }).default(true),
  /** The caller agreed, when asked in the desk's words, to texts about this booking (asked only when the site can text). */
  textConsent: z.boolean({ error: 'Text consent is true or false' }).default(false),
  /** The language the caller wants their e-mails, texts and invoice in. */
  language: languageField,
});
export type PhoneBookingInput = z.infer<typeof phoneBookingInput>;

/**
 * PUT /api/admin/bookings/{id}: everything but the payments. `customer` is the booking's own contact
 * (who to call and e-mail about this booking); the customer's record is changed only deliberately,
 * from the booking screen. Left out, the contact stays as it is.
 */
export const bookingChangeInput = staffCart.extend({
  customer: customerInput.optional(),
  notifyCustomer: z.boolean({ error: 'Choose whether to e-mail the customer' }).default(true),
});
export type BookingChangeInput = z.infer<typeof bookingChangeInput>;

/** POST /api/admin/booking-desk/prices: the exact price, for a new booking or (`bookingId`) a change to one. */
export const deskPriceInput = priceRequest.extend({
  adjustments: adjustmentsInput,
  bookingId: z.uuid('Unknown booking').optional(),
});
export type DeskPriceInput = z.infer<typeof deskPriceInput>;

/**
 * GET /api/admin/booking-desk/availability: every product's free count for a window, a booking's own
 * units counted free. No longer than a rental may last (MAX_RENTAL_DAYS), refused at `endDate` as the
 * price and the booking refuse it: a four-month window answered "free" for a rental the price refused.
 */
export const deskAvailabilityQuery = availabilityQuery
  .safeExtend({ booking: z.uuid('Unknown booking').optional() })
  .refine((q) => q.date && q.start && q.end && !q.product && !q.month, { message: 'Give a date, a start and an end time', path: ['date'] })
  .superRefine((q, ctx) => {
    if (q.date && q.end && isLongerThanARental({ date: q.date, end: q.end, endDate: q.endDate })) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: RENTAL_TOO_LONG_MESSAGE });
    }
  });
export type DeskAvailabilityQuery = z.infer<typeof deskAvailabilityQuery>;

/** GET /api/admin/booking-desk/customers?q=: at least two characters of a name, an e-mail or a phone number. */
export const customerLookupQuery = z.object({
  q: z.string({ error: 'Type at least 2 characters' }).trim().min(2, 'Type at least 2 characters').max(100, 'At most 100 characters'),
});

/** Reasons that are about the window (the date and times), never about one product. */
const windowCodes: readonly (UnavailableCode | null)[] = ['past', 'lead_time', 'too_far', 'outside_hours'];

/**
 * What one of the desk's price lines says about itself: its own reason (a unit booked out, the product
 * closed or blacked out), or nothing when the reason is the window's, which the desk says once at the
 * field to change (`windowProblem`, the desk price's) rather than on every line.
 */
export function lineReason(
  line: { available: boolean; reason: string | null; reasonCode: UnavailableCode | null },
  windowProblem: Pick<WindowProblem, 'code' | 'message'> | null,
): string | null {
  if (line.available || !line.reason) return null;
  const windows = windowProblem !== null && (windowCodes.includes(line.reasonCode) || (line.reasonCode === windowProblem.code && line.reason === windowProblem.message));
  return windows ? null : line.reason;
}

/** What the desk's bar says stops the booking: the field the window's reason is said at, or the reason itself. */
export type DeskBlock = { field: WindowProblem['field'] } | { message: string } | null;

/**
 * What the desk's bar says, beside the total, stops the booking other than the yard check (whose
 * refusals it says apart, and staff may book anyway): a unit taken, a discount over the order, a time
 * outside the hours. Said whether or not the check refuses too, so the bar never offers a price the
 * server would refuse. The window's reason is said at its field, so the bar names that field, and
 * nothing when the date or a time changed since the price was asked (`windowNow` is then null).
 */
export function deskBlock(
  quote: { problemBesidesSite: string | null; windowProblem: Pick<WindowProblem, 'message'> | null },
  windowNow: Pick<WindowProblem, 'field'> | null,
): DeskBlock {
  const blocked = quote.problemBesidesSite;
  if (blocked === null) return null;
  if (blocked === quote.windowProblem?.message) return windowNow ? { field: windowNow.field } : null;
  return { message: blocked };
}

/**
 * What the desk's bar says of the setup spot check: nothing when no refusal stands beyond those the
 * booking's stored override covers; "booking anyway" only when staff ticked it and an override covers
 * every one (not a question left unanswered, not the generator the check added booked out), or the bar
 * would offer a booking the server refuses; otherwise "refused".
 */
export function deskSiteLine(
  quote: { site: { refusals: readonly SiteRefusal[] }; lines: readonly { product: string; siteAdded: boolean }[] },
  stored: { refusals: readonly SiteRefusalRef[] } | null,
  bookingAnyway: boolean,
): 'anyway' | 'refused' | null {
  const key = (r: SiteRefusalRef) => `${r.field} ${r.product ?? ''}`;
  const storedKeys = new Set(stored?.refusals.map(key) ?? []);
  const standing = quote.site.refusals.filter((r) => !storedKeys.has(key(r)));
  if (standing.length === 0) return null;
  const stock = isAddedGeneratorRefusal(quote.lines);
  return bookingAnyway && standing.every((r) => overridable(r) && !stock(r)) ? 'anyway' : 'refused';
}

/**
 * What the desk's Price card says stops the booking, each once: the yard check's refusal first, then
 * what else stops it. Not the window's reason (said at its field), and not the added generator's own
 * "already booked" when the check's refusal of that generator already says it is booked.
 */
export function priceProblems(quote: {
  problem: string | null;
  problemBesidesSite: string | null;
  windowProblem: Pick<WindowProblem, 'message'> | null;
  lines: readonly { product: string; siteAdded: boolean; reason: string | null }[];
  site: { refusals: readonly SiteRefusalRef[] };
}): string[] {
  const stock = isAddedGeneratorRefusal(quote.lines);
  const refusedGenerators = new Set(quote.site.refusals.filter(stock).map((r) => r.product));
  const saidByRefusal = new Set(quote.lines.filter((l) => refusedGenerators.has(l.product)).map((l) => l.reason));
  const problems = [quote.problem, quote.problemBesidesSite].filter((p): p is string => p !== null && p !== quote.windowProblem?.message);
  return [...new Set(problems)].filter((p) => p === quote.problem || !saidByRefusal.has(p));
}
