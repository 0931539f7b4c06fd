import { auditedChange, auditedChangeIn } from '../admin/index.server';
import type { Audit, Staff } from '../auth/index.server';
import { toAvailabilitySettings, windowProblem, type WindowProblem } from '../availability';
import { type BookingView, cakesOnStaffMove, staffCakeNotices, staffStatusLabels, type StaffMovedCake } from '../booking';
import {
  cakesForBooking,
  changeSummary,
  getBookingView,
  listedFreeCounts,
  loadAvailabilitySnapshot,
  NO_LONGER_AVAILABLE,
  placeBooking,
  prepareCart,
  type PriceQuote,
  problemBesidesSite,
  type ProductFreeCount,
  queueCustomerEmail,
  quoteFromCart,
  rebookIn,
  withoutBooking,
} from '../booking/index.server';
import { getSettings } from '../business/index.server';
import type { Database, Sql } from '../db/index.server';
import { sendQueuedMail } from '../email/index.server';
import { AppError, isConflict } from '../http';
import { likePattern } from '../lists';
import { recordPaymentIn } from '../payments/index.server';
import { overrideToStore, type SiteOverride, type SiteOverrideInput, type SiteRefusal, type StaffOverride } from '../site-check';
import { textConsentWording } from '../texts';
import { recordTextConsent } from '../texts/index.server';
import { businessClock, toEventWindow } from '../time';
import { phoneSearchDigits } from './booking-rules';
import {
  editableStatuses,
  mayTakeBookings,
  type BookingChangeInput,
  type DeskAvailabilityQuery,
  type DeskPriceInput,
  type PhoneBookingInput,
} from './desk';

/** Whether this staff member may take bookings: one column read (a database with no settings yet: managers and owners only). */
export async function staffMayTakeBookings(sql: Sql, staff: Staff): Promise<boolean> {
  if (mayTakeBookings(staff.role, { crewMayTakeBookings: false })) return true;
  const [row] = await sql<{ crew_may_take_bookings: boolean }[]>`select crew_may_take_bookings from business_settings where id`;
  return mayTakeBookings(staff.role, { crewMayTakeBookings: row?.crew_may_take_bookings ?? false });
}

async function assertMayTakeBookings(sql: Sql, staff: Staff): Promise<void> {
  if (!(await staffMayTakeBookings(sql, staff))) {
    throw new AppError('forbidden', 'Only a manager or owner can take bookings here (an owner can allow crew in Settings).');
  }
}

/**
 * Every product's free count for the window, the edited booking's own units counted as free, and why
 * the window itself cannot be booked (`windowProblem`: the desk says it at the date or time before any
 * product is chosen, rather than beside every product in the list).
 */
export async function deskAvailability(
  db: Database,
  staff: Staff,
  query: DeskAvailabilityQuery,
  now: Date,
): Promise<{ products: ProductFreeCount[]; windowProblem: WindowProblem | null }> {
  await assertMayTakeBookings(db, staff);
  const event = { date: query.date!, endDate: query.endDate, start: query.start!, end: query.end! };
  return withoutBooking(db, query.booking, async (sql) => {
    const snapshot = await loadAvailabilitySnapshot(sql, { slugs: [], listed: true }, { from: event.date, to: event.endDate ?? event.date });
    // Staff are not held to the lead time (prepareCart's `staff`): the same here.
    const settings = { ...toAvailabilitySettings(snapshot.settings), leadTimeHours: 0 };
    return {
      products: listedFreeCounts(snapshot, event, now, { settings }),
      windowProblem: windowProblem(toEventWindow(event, settings.timeZone), snapshot.blackouts, settings, now),
    };
  });
}

/**
 * The desk's price: the website's, with why the window itself cannot be booked (`windowProblem`, its
 * code and the field to change), which every line then repeats: the desk says it once, at that field.
 */
export interface DeskQuote extends PriceQuote {
  windowProblem: WindowProblem | null;
  /**
   * Why it cannot be booked other than the yard check (problemBesidesSite): `problem` names a refusal
   * first, and "Book it anyway" covers only the refusal, so the desk must still say this one.
   */
  problemBesidesSite: string | null;
}

/** The exact price and each line's availability, as the booking (or the change) would get them. */
export async function deskPrice(db: Database, staff: Staff, input: DeskPriceInput, now: Date): Promise<DeskQuote> {
  await assertMayTakeBookings(db, staff);
  return withoutBooking(db, input.bookingId, async (sql) => {
    const cart = await prepareCart(sql, input, input.zip, now, 'zip', { staff: true });
    return { ...quoteFromCart(cart), windowProblem: cart.evaluation.windowProblem, problemBesidesSite: problemBesidesSite(cart.evaluation) };
  });
}

export interface CustomerMatch {
  id: string;
  name: string;
  email: string;
  phone: string;
  bookings: number;
}

/** Customers by name, e-mail or phone digits, most recent first: the caller is usually someone who booked before. */
export async function findCustomers(sql: Sql, staff: Staff, q: string): Promise<{ customers: CustomerMatch[] }> {
  await assertMayTakeBookings(sql, staff);
  const digits = phoneSearchDigits(q);
  const customers = await sql<CustomerMatch[]>`
    select c.id, c.name, c.email, c.phone, (select count(*)::int from bookings b where b.customer_id = c.id) as bookings
    from customers c
    where c.name ilike ${likePattern(q)} or c.email ilike ${likePattern(q)}
      ${digits ? sql`or regexp_replace(c.phone, '\\D', '', 'g') like ${`%${digits}%`}` : sql``}
    order by c.updated_at desc
    limit 8`;
  return { customers };
}

export interface StaffBookingResult {
  id: string;
  number: string;
  status: BookingView['status'];
  statusLabel: string;
  totals: BookingView['totals'];
  emailedTo: string | null;
  /** What the change did to the cakes ordered with the booking, one sentence a cake (staffCakeNotices); empty when nothing. */
  cakeNotices?: string[];
}

/**
 * A booking taken on the phone: placed like a website booking (source `phone`, no lead time), with
 * the payment taken on the call, the confirmation e-mail (unless staff untick it) and the audit entry
 * in its transaction. The e-mails go after commit; a mail failure leaves them queued.
 */
export async function createPhoneBooking(db: Database, staff: Staff, input: PhoneBookingInput, audit: Audit, now: Date): Promise<StaffBookingResult> {
  await assertMayTakeBookings(db, staff);
  const mail: string[] = [];
  let emailedTo: string | null = null;
  let textConsent = false;
  let siteOverride: SiteOverride | null = null;
  const placed = await placeBooking(db, input, {
    now,
    status: input.status,
    source: 'phone',
    staff: true,
    siteOverride: input.siteOverride,
    // The booking is written by placeBooking's own transaction; its payment, confirmation and entry join it.
    alsoInTransaction: (tx, booking) =>
      auditedChangeIn(tx, audit, {
        check: () => {
          if (input.payment && input.payment.amountCents > booking.price.totalCents) {
            throw new AppError('validation', 'The payment is more than the booking’s total.', { 'payment.amountCents': 'The payment is more than the booking’s total.' });
          }
        },
        change: async (tx) => {
          const payment = input.payment ? await recordPaymentIn(tx, booking.id, input.payment, staff, audit, now) : null;
          if (payment) mail.push(payment.receiptEmailId);
          const confirmation = input.sendConfirmation ? await queueCustomerEmail(tx, booking.id, now) : null;
          if (confirmation) {
            mail.push(confirmation.emailId);
            emailedTo = confirmation.to;
          }
          // The desk read the caller the same words the checkout shows; they are stored with who asked.
          textConsent = input.textConsent
            ? await recordTextConsent(tx, { bookingId: booking.id, phone: input.customer.phone, wording: textConsentWording(booking.settings.businessName), source: 'staff', recordedBy: staff.email, now })
            : false;
          siteOverride = await storeSiteOverride(tx, booking.id, staffOverride(staff, input), booking.site.overridden, now);
          return confirmation;
        },
        audit: (confirmation) => ({
          action: 'booking.create',
          entity: 'booking',
          entityId: booking.id,
          after: {
            number: booking.number,
            source: 'phone',
            status: booking.status,
            customer: booking.customer.email,
            totalCents: booking.price.totalCents,
            adjustments: booking.price.adjustments,
            emailId: confirmation?.emailId ?? null,
            textConsent,
            siteOverride,
          },
        }),
      }).then(() => undefined),
  });
  if (mail.length) await sendQueuedMail(db, now, { only: mail });
  const view = (await getBookingView(db, { id: placed.id }, placed.settings))!;
  return { id: view.id, number: view.number, status: view.status, statusLabel: staffStatusLabels[view.status], totals: view.totals, emailedTo };
}

/** The desk's override with who gives it; null when staff did not tick "Book it anyway". */
const staffOverride = (staff: Staff, input: { siteOverride?: SiteOverrideInput | undefined }): StaffOverride | null =>
  input.siteOverride ? { input: input.siteOverride, byName: staff.name, byEmail: staff.email } : null;

/** A new booking's override, stored in its transaction when it covered a refusal (the audit entry names it too). */
async function storeSiteOverride(tx: Sql, bookingId: string, given: StaffOverride | null, overridden: SiteRefusal[], now: Date): Promise<SiteOverride | null> {
  const stored = overrideToStore(given, null, overridden, now);
  if (stored) await tx`update bookings set site_override = ${tx.json(stored as never)} where id = ${bookingId}`;
  return stored;
}

/**
 * Staff change a booking in one transaction, through the engine the customer's own move uses too
 * (rebookIn: re-priced and re-allocated as a new booking would be, a unit taken meanwhile a 409 with
 * nothing changed, the calendar invite's SEQUENCE raised). The amount paid stays; the balance follows
 * the new total. A new contact is the booking's (its e-mails go there); the customer's record stays
 * as it is. A cake ordered with the booking moves with the party to its new date, even past the cake's
 * last day to change (staff agreed it with the customer); the answer (`cakeNotices`) and the audit say so.
 */
export async function changeBooking(db: Database, staff: Staff, id: string, input: BookingChangeInput, audit: Audit, now: Date): Promise<StaffBookingResult> {
  let emailId: string | null = null;
  let emailedTo: string | null = null;
  let cakes: StaffMovedCake[] = [];
  let rainCheck = false;
  try {
    const view = await auditedChange(db, audit, {
      lock: async (tx) => {
        const [row] = await tx<{ status: BookingView['status']; coupon_id: string | null }[]>`
          select status, coupon_id from bookings where id = ${id} for update`;
        if (!row) throw new AppError('not_found', 'No such booking.');
        return row;
      },
      check: (row) => {
        if (!editableStatuses.includes(row.status)) {
          throw new AppError('conflict', `A booking that is ${staffStatusLabels[row.status].toLowerCase()} cannot be changed.`);
        }
      },
      change: async (tx, row) => {
        const rebooked = await rebookIn(tx, id, row.coupon_id, input, now, { staff: true, notifyCustomer: input.notifyCustomer, siteOverride: staffOverride(staff, input) });
        emailId = rebooked.email?.emailId ?? null;
        emailedTo = rebooked.email?.to ?? null;
        // Left alone, a cake would still be baked and delivered for the party's old date.
        const settings = await getSettings(tx);
        cakes = cakesOnStaffMove(await cakesForBooking(tx, id), rebooked.after.event.date, businessClock(settings.timezone, now).today(), settings.cakeLeadTimeDays);
        if (cakes.length) await tx`update cake_orders set needed_on = ${rebooked.after.event.date}::date where id = any(${cakes.map((c) => c.id)}::uuid[])`;
        // A rained-out party staff move is the rain check's free move, made for the customer: its offer is
        // answered as their own move answers it, or they could still take the credit or the refund for a
        // party that goes ahead. The booking row is locked above, so a customer's answer waits for this.
        const { before, after } = rebooked;
        if (before.event.startsAt !== after.event.startsAt || before.event.endsAt !== after.event.endsAt) {
          rainCheck = (await tx`update rain_out_offers set answer = 'moved', answered_at = ${now} where booking_id = ${id} and answer is null returning booking_id`).length > 0;
        }
        return rebooked;
      },
      audit: ({ before, after, siteOverride }) => ({
        action: 'booking.edit',
        entity: 'booking',
        entityId: id,
        before: { ...changeSummary(before), siteOverride: siteOverride.before },
        after: {
          ...changeSummary(after),
          siteOverride: siteOverride.after,
          emailId,
          ...(rainCheck ? { rainCheck: true } : {}),
          ...(cakes.length ? { cakesMoved: cakes.map(({ number, from, to, pastLastDay }) => ({ number, from, to, pastLastDay })) } : {}),
        },
      }),
    }).then(({ after }) => after);
    if (emailId) await sendQueuedMail(db, now, { only: [emailId] });
    return { id, number: view.number, status: view.status, statusLabel: staffStatusLabels[view.status], totals: view.totals, emailedTo, cakeNotices: staffCakeNotices({ moved: cakes }) };
  } catch (error) {
    if (isConflict(error)) throw new AppError('conflict', NO_LONGER_AVAILABLE);
    throw error;
  }
}
