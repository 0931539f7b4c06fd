import type Stripe from 'stripe';
import type { BookingTexts } from '../texts';
import { bookingTexts } from '../texts/index.server';
import type { z } from 'zod';
import type { Audit, Staff } from '../auth/index.server';
import { hasRole, type StaffRole } from '../auth';
import { sendQueuedMail, queueEmail } from '../email/index.server';
import { allowedTransitions, type BookingStatus } from './booking-status';
import { changeBookingStatus } from './booking-status.server';
import { amountsDue } from './amounts-due';
import { depositPaidOnline } from './quote-price.server';
import { getBookingView, type BookingView } from './booking-view.server';
import type { BookingHeadRow } from './booking-view';
import { env } from '../config';
import { centsToDecimal } from '../money';
import type { Database, Sql } from '../db/index.server';
import { customerBookingEmail, type ChangedBy } from './booking-emails';
import { queueReceipt } from './receipts.server';
import type { BookingCake } from './booking-cakes';
import { cakesForBooking } from './booking-cakes.server';
import { AppError, fieldError } from '../http';
import { autoChargeDate, type BalanceChargeStatus, balanceChargeStatusLabels, disputeStatusLabels, type DisputeStatus, savedCardLabel } from '../payments';
import { stripe, stripeConfigured } from '../stripe/index.server';
import type { BusinessSettings } from '../business';
import { listTrucks } from '../settings/index.server';
import { getSettings } from '../business/index.server';
import { allocateLockedCredit, restoreCreditIn, writeCreditSpend } from '../credits/index.server';
import { drawnCents, type creditPaymentBody } from '../credits';
import { addDays, localDate, localTime, wallClockToInstant } from '../time';
import { staffStatusLabels } from './booking-labels';
import { bookingLinks, type BookingLinks } from './booking-links.server';
import {
  contactDifferences,
  type ContactField,
  noteLine,
  paymentKindFor,
  phoneDigits,
  refundableCents,
  bookingCsvColumns,
  roleForStatusChange,
  staffTransitions,
  type BookingListQuery,
  type BookingListRow,
  type OfflineMethod,
  type paymentBody,
  type refundBody,
  type statusChangeBody,
  type unitMoveBody,
} from './bookings-admin';
import { allRows, likePattern, offsetOf, pageOf, type Page } from '../lists';
import { csvFileName, toCsv, type CsvFile } from '../reports';
import { auditedChange, auditedChangeIn } from '../admin/index.server';

export type { BookingListRow };

const sortColumns: Record<BookingListQuery['sort'], string> = {
  eventDate: 'b.event_start',
  created: 'b.created_at',
  total: 'b.total_cents',
  status: 'b.status',
  number: 'b.number',
  customer: 'b.contact_name',
};

/** The bookings list: search by number, customer name, e-mail or phone digits; filter by status and event day. */
export async function listBookings(sql: Sql, query: BookingListQuery): Promise<Page<BookingListRow>> {
  const { timezone } = await getSettings(sql);
  const conditions = [sql`true`];
  if (query.q) {
    const like = likePattern(query.q);
    const digits = phoneDigits(query.q);
    // The contact each booking was placed with: a stranger who booked under someone's e-mail is found by what they typed.
    conditions.push(sql`(b.number ilike ${like} or b.contact_name ilike ${like} or b.contact_email ilike ${like}
      ${digits.length >= 3 ? sql`or regexp_replace(b.contact_phone, '\\D', '', 'g') like ${`%${digits}%`}` : sql``})`);
  }
  if (query.status) conditions.push(sql`b.status = ${query.status}`);
  if (query.from) conditions.push(sql`b.event_start >= ${wallClockToInstant(query.from, '00:00', timezone)}`);
  if (query.to) conditions.push(sql`b.event_start < ${wallClockToInstant(addDays(query.to, 1), '00:00', timezone)}`);
  const where = conditions.reduce((all, c) => sql`${all} and ${c}`);
  const order = sql.unsafe(`${sortColumns[query.sort]} ${query.dir === 'asc' ? 'asc' : 'desc'}, b.number asc`);

  const [rows, [count]] = await Promise.all([
    sql<
      (BookingHeadRow & {
        address_city: string;
        total_cents: number;
        amount_paid_cents: number;
        created_at: Date;
        items: string | null;
      })[]
    >`
      select b.id, b.number, b.status, b.contact_name as name, b.contact_email as email, b.contact_phone as phone, b.event_start, b.event_end, b.address_city,
        b.total_cents, b.amount_paid_cents, b.created_at,
        (select string_agg(i.product_name || case when i.quantity > 1 then ' ×' || i.quantity else '' end, ', ' order by i.product_name)
           from booking_items i where i.booking_id = b.id) as items
      from bookings b
      where ${where}
      order by ${order}
      limit ${query.pageSize} offset ${offsetOf(query)}`,
    sql<{ total: number }[]>`select count(*)::int as total from bookings b where ${where}`,
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    number: r.number,
    status: r.status,
    statusLabel: staffStatusLabels[r.status],
    customer: { name: r.name, email: r.email, phone: r.phone },
    event: { date: localDate(r.event_start, timezone), start: localTime(r.event_start, timezone), end: localTime(r.event_end, timezone) },
    city: r.address_city,
    items: r.items ?? '',
    totalCents: r.total_cents,
    amountPaidCents: r.amount_paid_cents,
    // What the booking screen says is due (nothing for a cancelled booking): the same computation.
    balanceCents: amountsDue({ status: r.status, totalCents: r.total_cents, depositCents: 0, amountPaidCents: r.amount_paid_cents }).amountDueCents,
    createdAt: r.created_at.toISOString(),
  }));
  return pageOf(query, items, count!.total);
}

/** The bookings list as filtered and sorted on screen, as a CSV file of every row (up to CSV_ROW_LIMIT). */
export async function exportBookings(sql: Sql, query: BookingListQuery): Promise<CsvFile> {
  const { items } = await listBookings(sql, allRows(query));
  return { fileName: csvFileName('bookings', query.from ?? '', query.to ?? ''), body: toCsv(bookingCsvColumns, items) };
}

export interface AdminUnit {
  allocationId: string;
  unitId: string;
  label: string;
  productId: string;
  productName: string;
  released: boolean;
  /** Other units of the same product, and whether each is free for this booking's window. */
  alternatives: { unitId: string; label: string; free: boolean; status: string }[];
}

export interface AdminPayment {
  id: string;
  kind: string;
  method: string;
  status: string;
  amountCents: number;
  note: string;
  recordedBy: string | null;
  at: string;
  refundOf: string | null;
  refundedCents: number;
  refundableCents: number;
  /** Whether the admin can give this money back from here (Stripe payments need Stripe configured). */
  refundable: boolean;
  /** The customer's bank disputed this payment (a chargeback), and where that stands; null when never. */
  dispute: { status: DisputeStatus; statusLabel: string; amountCents: number; reason: string } | null;
}

export interface AdminBooking {
  id: string;
  number: string;
  status: BookingStatus;
  statusLabel: string;
  source: string;
  customerId: string;
  /** The contact the booking was placed with (or staff set on it): what the booking shows and e-mails. */
  customer: BookingView['customer'];
  /** The customer's record, which may differ (someone else booked with that e-mail, or the customer moved on). */
  customerRecord: { name: string; email: string; phone: string };
  /** Where the booking's contact and the customer's record differ: staff may copy the booking's over, deliberately. */
  contactDiffers: ContactField[];
  /** The booking's links that open something without a login (staff can rotate their secrets). */
  links: BookingLinks;
  event: BookingView['event'];
  address: BookingView['address'];
  /** `product`: the product's slug, what a change of the booking sends back. */
  items: { id: string; product: string; name: string; quantity: number; unitPriceCents: number; lineTotalCents: number; units: AdminUnit[] }[];
  adjustments: BookingView['adjustments'];
  totals: BookingView['totals'];
  balanceDueOn: string | null;
  holdExpiresAt: string | null;
  /** A pay-later website booking its customer has not yet confirmed from the e-mail (issue #36): released after its first hour. */
  awaitingEmailConfirmation: boolean;
  damageWaiverAccepted: boolean;
  staffNotes: string;
  cancellationReason: string | null;
  cancelledAt: string | null;
  createdAt: string;
  /** Statuses the signed-in staff member may move the booking to. */
  transitions: BookingStatus[];
  /** Transitions that exist but need a higher role, so the screen can say who to ask. */
  lockedTransitions: BookingStatus[];
  payments: AdminPayment[];
  /** What the booking's customer can spend from credit today (staff may pay the booking from it). */
  customerCreditCents: number;
  /**
   * What the booking was paid above its total (after an edit lowered it), or above what a customer's
   * own cancellation kept (BookingView.refundDueCents): the
   * "refund due" the booking screen offers to refund in one go (POST …/booking-refunds).
   */
  refundDueCents: number;
  /** `signedOnCrewPhone`: signed by a guest on a crew member's phone at the party, that staff member's name ('' once the account is gone); null on the signer's own device. */
  waivers: { id: string; signerName: string; signedAt: string; adults: number; guests: number; hasPdf: boolean; signedOnCrewPhone: string | null }[];
  history: { at: string; actor: string | null; actorKind: 'staff' | 'customer' | 'system'; action: string; before: unknown; after: unknown }[];
  stripeConfigured: boolean;
  /** Text messages (issue #26): the customer's consent and every text kept for this booking. */
  texts: BookingTexts;
  /** Cakes delivered with this booking: priced and paid separately, never in the totals. */
  cakes: BookingCake[];
  /** The truck that runs the booking (the day screen plans by it), and the trucks it may go on. */
  truckId: string | null;
  trucks: { id: string; name: string; active: boolean }[];
  /**
   * The card saved at the deposit checkout and the balance charges made to it (the owner's
   * "charge the balance automatically"); null when the booking has neither.
   */
  autoCharge: {
    /** "Visa •••• 4242"; null when no card is saved. */
    card: string | null;
    /** The day the balance is charged ('YYYY-MM-DD', business calendar); null while the setting is off. */
    chargeOn: string | null;
    attempts: { at: string; amountCents: number; status: BalanceChargeStatus; statusLabel: string; message: string | null; reason: 'scheduled' | 'edit' }[];
  } | null;
}

/** Everything the booking screen shows, for one staff role. */
export async function getAdminBooking(sql: Sql, id: string, role: StaffRole): Promise<AdminBooking> {
  const view = await getBookingView(sql, { id });
  if (!view) throw new AppError('not_found', 'No such booking.');
  const [[extra], items, allocations, payments, waivers, history, cakes, trucks, [credit], settings, charges, texts] = await Promise.all([
    sql<
      {
        source: string;
        customer_id: string;
        staff_notes: string;
        cancellation_reason: string | null;
        cancelled_at: Date | null;
        damage_waiver_accepted: boolean;
        truck_id: string | null;
        invoice_token: string;
        waiver_key: string;
        record_name: string;
        record_email: string;
        record_phone: string;
        saved_payment_method_id: string | null;
        saved_card_brand: string | null;
        saved_card_last4: string | null;
      }[]
    >`
      select b.source, b.customer_id, b.staff_notes, b.cancellation_reason, b.cancelled_at, b.damage_waiver_accepted, b.truck_id,
        b.invoice_token, b.waiver_key, c.name as record_name, c.email as record_email, c.phone as record_phone,
        b.saved_payment_method_id, b.saved_card_brand, b.saved_card_last4
      from bookings b join customers c on c.id = b.customer_id where b.id = ${id}`,
    sql<{ id: string; product: string; product_name: string; quantity: number; unit_price_cents: number; line_total_cents: number }[]>`
      select bi.id, p.slug as product, bi.product_name, bi.quantity, bi.unit_price_cents, bi.line_total_cents
      from booking_items bi join products p on p.id = bi.product_id
      where bi.booking_id = ${id} order by bi.line_total_cents desc, bi.product_name`,
    sql<{ id: string; booking_item_id: string; unit_id: string; label: string; product_id: string; product_name: string; released: boolean; during: string }[]>`
      select a.id, a.booking_item_id, a.unit_id, u.label, u.product_id, p.name as product_name,
        a.released_at is not null as released, a.during::text as during
      from unit_allocations a join inventory_units u on u.id = a.unit_id join products p on p.id = u.product_id
      where a.booking_id = ${id} order by p.name, u.label`,
    sql<{ id: string; kind: string; method: string; status: string; amount_cents: number; note: string; recorded_by: string | null; created_at: Date; refund_of: string | null; stripe_payment_intent_id: string | null; refunded: number; dispute_id: string | null; dispute_status: DisputeStatus | null; dispute_cents: number | null; dispute_reason: string | null }[]>`
      select p.id, p.kind, p.method, p.status, p.amount_cents, p.note, p.recorded_by, p.created_at, p.refund_of, p.stripe_payment_intent_id,
        coalesce((select sum(r.amount_cents) from payments r where r.refund_of = p.id and r.status = 'succeeded'), 0)::int as refunded,
        p.dispute_id, d.status as dispute_status, d.amount_cents as dispute_cents, d.reason as dispute_reason
      from payments p
      left join lateral (select status, amount_cents, reason from payment_disputes where payment_id = p.id order by created_at desc limit 1) d on true
      where p.booking_id = ${id} order by p.created_at, p.id`,
    sql<{ id: string; signer_name: string; signed_at: Date; adults: number; guests: number; pdf_path: string | null; crew_name: string | null }[]>`
      select w.id, w.signer_name, w.signed_at, jsonb_array_length(w.adults)::int as adults, jsonb_array_length(w.guests)::int as guests, w.pdf_path,
        case when w.signed_on = 'crew_device' then coalesce(s.name, '') end as crew_name
      from waivers w left join staff_user s on s.id = w.signed_by_staff_id where w.booking_id = ${id} order by w.signed_at`,
    sql<{ created_at: Date; actor_email: string | null; actor_kind: 'staff' | 'customer' | 'system'; action: string; before: unknown; after: unknown }[]>`
      select created_at, actor_email, actor_kind, action, before, after from audit_log
      where entity = 'booking' and entity_id = ${id} order by created_at desc, id desc limit 50`,
    cakesForBooking(sql, id),
    listTrucks(sql),
    sql<{ cents: number }[]>`
      select coalesce(sum(c.remaining_cents), 0)::int as cents
      from bookings b join customer_credits c on c.customer_id = b.customer_id, business_settings s
      where b.id = ${id} and s.id and c.voided_at is null and (c.expires_on is null or c.expires_on >= (now() at time zone s.timezone)::date)`,
    getSettings(sql),
    sql<{ created_at: Date; amount_cents: number; status: BalanceChargeStatus; failure_message: string | null; reason: 'scheduled' | 'edit' }[]>`
      select created_at, amount_cents, status, failure_message, reason from balance_charges where booking_id = ${id} order by created_at, id`,
    bookingTexts(sql, id),
  ]);

  // Alternatives: every unit of the allocated products, free when no other live allocation overlaps this one.
  const live = allocations.filter((a) => !a.released);
  const alternatives = live.length
    ? await sql<{ allocation_id: string; unit_id: string; label: string; status: string; free: boolean }[]>`
        select a.id as allocation_id, u.id as unit_id, u.label, u.status,
          u.status = 'available' and not exists (
            select 1 from unit_allocations o
            where o.unit_id = u.id and o.released_at is null and o.id <> a.id and o.during && a.during) as free
        from unit_allocations a
        join inventory_units cur on cur.id = a.unit_id
        join inventory_units u on u.product_id = cur.product_id and u.id <> a.unit_id and u.status <> 'retired'
        where a.id = any(${live.map((a) => a.id)}::uuid[])
        order by u.label`
    : [];

  const stripeOn = stripeConfigured();
  const possible = staffTransitions(allowedTransitions, view.status, 'owner');
  const mine = staffTransitions(allowedTransitions, view.status, role);
  return {
    id: view.id,
    number: view.number,
    status: view.status,
    statusLabel: staffStatusLabels[view.status],
    source: extra!.source,
    customerId: extra!.customer_id,
    customer: view.customer,
    customerRecord: { name: extra!.record_name, email: extra!.record_email, phone: extra!.record_phone },
    contactDiffers: contactDifferences(view.customer, { name: extra!.record_name, email: extra!.record_email, phone: extra!.record_phone }),
    links: bookingLinks(view.number, extra!),
    event: view.event,
    address: view.address,
    items: items.map((i) => ({
      id: i.id,
      product: i.product,
      name: i.product_name,
      quantity: i.quantity,
      unitPriceCents: i.unit_price_cents,
      lineTotalCents: i.line_total_cents,
      units: allocations
        .filter((a) => a.booking_item_id === i.id)
        .map((a) => ({
          allocationId: a.id,
          unitId: a.unit_id,
          label: a.label,
          productId: a.product_id,
          productName: a.product_name,
          released: a.released,
          alternatives: alternatives.filter((x) => x.allocation_id === a.id).map((x) => ({ unitId: x.unit_id, label: x.label, free: x.free, status: x.status })),
        })),
    })),
    adjustments: view.adjustments,
    totals: view.totals,
    balanceDueOn: view.balanceDueOn,
    holdExpiresAt: view.holdExpiresAt,
    awaitingEmailConfirmation: Boolean(view.confirmRequestKey),
    damageWaiverAccepted: extra!.damage_waiver_accepted,
    staffNotes: extra!.staff_notes,
    cancellationReason: extra!.cancellation_reason,
    cancelledAt: extra!.cancelled_at?.toISOString() ?? null,
    createdAt: view.createdAt,
    transitions: mine,
    lockedTransitions: possible.filter((s) => !mine.includes(s)),
    payments: payments.map((p) => {
      // Stripe refuses to refund a charged-back payment: the bank already took the money back.
      const chargedBack = p.dispute_status === 'open' || p.dispute_status === 'lost';
      // A dispute's own rows (the chargeback, the money a won dispute returned) are the bank's moves, not payments to refund.
      const left = p.kind === 'refund' || p.status !== 'succeeded' || chargedBack || p.dispute_id !== null ? 0 : refundableCents(p.amount_cents, p.refunded);
      return {
        id: p.id,
        kind: p.kind,
        method: p.method,
        status: p.status,
        amountCents: p.amount_cents,
        note: p.note,
        recordedBy: p.recorded_by,
        at: p.created_at.toISOString(),
        refundOf: p.refund_of,
        refundedCents: p.refunded,
        refundableCents: left,
        refundable: left > 0 && (p.method !== 'stripe' || (stripeOn && p.stripe_payment_intent_id !== null)),
        dispute: p.dispute_status
          ? { status: p.dispute_status, statusLabel: disputeStatusLabels[p.dispute_status], amountCents: p.dispute_cents!, reason: p.dispute_reason ?? '' }
          : null,
      };
    }),
    customerCreditCents: credit?.cents ?? 0,
    refundDueCents: view.refundDueCents,
    waivers: waivers.map((w) => ({ id: w.id, signerName: w.signer_name, signedAt: w.signed_at.toISOString(), adults: w.adults, guests: w.guests, hasPdf: w.pdf_path !== null, signedOnCrewPhone: w.crew_name })),
    history: history.map((h) => ({ at: h.created_at.toISOString(), actor: h.actor_email, actorKind: h.actor_kind, action: h.action, before: h.before, after: h.after })),
    stripeConfigured: stripeOn,
    texts,
    cakes,
    truckId: extra!.truck_id,
    trucks: trucks.filter((t) => t.active || t.id === extra!.truck_id).map((t) => ({ id: t.id, name: t.name, active: t.active })),
    autoCharge:
      extra!.saved_payment_method_id || charges.length > 0
        ? {
            card: extra!.saved_payment_method_id ? savedCardLabel(extra!.saved_card_brand, extra!.saved_card_last4) : null,
            chargeOn: settings.autoChargeBalance && stripeOn ? autoChargeDate(new Date(view.event.startsAt), settings) : null,
            attempts: charges.map((c) => ({ at: c.created_at.toISOString(), amountCents: c.amount_cents, status: c.status, statusLabel: balanceChargeStatusLabels[c.status], message: c.failure_message, reason: c.reason })),
          }
        : null,
  };
}

async function lockBooking(sql: Sql, id: string) {
  const [row] = await sql<{ id: string; number: string; status: BookingStatus; total_cents: number; deposit_cents: number; amount_paid_cents: number; staff_notes: string }[]>`
    select id, number, status, total_cents, deposit_cents, amount_paid_cents, staff_notes from bookings where id = ${id} for update`;
  if (!row) throw new AppError('not_found', 'No such booking.');
  return row;
}

const label = (s: BookingStatus) => staffStatusLabels[s].toLowerCase();

/**
 * Moves a booking to another status: only transitions the domain allows (409 otherwise), only by a
 * role allowed to make that move (403), with a reason for a cancellation. Cancelling releases the units.
 */
export async function changeStatus(db: Database, id: string, body: z.infer<typeof statusChangeBody>, staff: Staff, audit: Audit, now: Date) {
  const { confirmation: _confirmation, ...changed } = await auditedChange(db, audit, {
    lock: (tx) => lockBooking(tx, id),
    check: (booking) => {
      if (!staffTransitions(allowedTransitions, booking.status, 'owner').includes(body.to)) {
        throw new AppError('conflict', `A booking that is ${label(booking.status)} cannot become ${label(body.to)}.`);
      }
      if (!hasRole(staff.role, roleForStatusChange(booking.status, body.to))) {
        throw new AppError('forbidden', `Only a manager or owner can make a booking ${label(body.to)}.`);
      }
    },
    change: async (tx, booking) => {
      await changeBookingStatus(tx, id, body.to, now);
      if (body.to === 'cancelled') await tx`update bookings set cancellation_reason = ${body.reason!} where id = ${id}`;
      // Staff confirm a booking whose deposit was taken another way (phone, cash): the customer gets the
      // same confirmation as after paying online. Only a hold or a deposit due can become confirmed, so
      // this is sent once.
      const confirmation = body.to === 'confirmed' ? await queueCustomerEmail(tx, id, now) : null;
      return { id, number: booking.number, status: body.to, statusLabel: staffStatusLabels[body.to], emailedTo: confirmation?.to ?? null, confirmation };
    },
    audit: ({ confirmation }, booking) => ({
      action: 'booking.status',
      entity: 'booking',
      entityId: id,
      before: { status: booking.status },
      after: {
        status: body.to,
        ...(body.to === 'cancelled' ? { reason: body.reason } : {}),
        ...(confirmation ? { emailId: confirmation.emailId } : {}),
      },
    }),
  });
  return changed;
}

/**
 * "Keep booking": staff confirm an unpaid website booking they want to keep (they spoke to the
 * customer), so it is not released at its deadline. The deadline is cleared; a Stripe hold becomes
 * "deposit due" (the deposit is still owed, now without a deadline) and the customer gets the booking
 * e-mail a hold never sent. Audited; a booking without a deadline is a 409.
 */
export async function keepBooking(db: Database, id: string, audit: Audit, now: Date) {
  const { emailId, ...kept } = await auditedChange(db, audit, {
    lock: async (tx) => {
      const [booking] = await tx<{ number: string; status: BookingStatus; hold_expires_at: Date | null }[]>`
        select number, status, hold_expires_at from bookings where id = ${id} for update`;
      if (!booking) throw new AppError('not_found', 'No such booking.');
      return booking;
    },
    check: (booking) => {
      if ((booking.status !== 'hold' && booking.status !== 'deposit_due') || !booking.hold_expires_at) {
        throw new AppError('conflict', `This booking is ${label(booking.status)}${booking.status === 'deposit_due' ? ' and kept already' : ''}: it has no deadline to clear.`);
      }
    },
    change: async (tx, booking) => {
      const status: BookingStatus = 'deposit_due';
      await tx`update bookings set status = ${status}, hold_expires_at = null, updated_at = ${now} where id = ${id}`;
      const confirmation = booking.status === 'hold' ? await queueCustomerEmail(tx, id, now) : null;
      return { id, number: booking.number, status, statusLabel: staffStatusLabels[status], emailedTo: confirmation?.to ?? null, emailId: confirmation?.emailId ?? null };
    },
    audit: ({ status, emailId }, booking) => ({
      action: 'booking.keep',
      entity: 'booking',
      entityId: id,
      before: { status: booking.status, releasesAt: booking.hold_expires_at!.toISOString() },
      after: { status, releasesAt: null, ...(emailId ? { emailId } : {}) },
    }),
  });
  // After commit: a mail failure leaves the message queued for the scheduled retry.
  if (emailId) await sendQueuedMail(db, now, { only: [emailId] });
  return kept;
}

/** Appends a dated, signed line to the staff notes (crew add notes; nobody rewrites someone else's). */
export async function addNote(db: Database, id: string, note: string, staff: Staff, audit: Audit, now: Date) {
  const { timezone } = await getSettings(db);
  return auditedChange(db, audit, {
    lock: (tx) => lockBooking(tx, id),
    change: async (tx, booking) => {
      const line = noteLine({ date: localDate(now, timezone), time: localTime(now, timezone) }, staff.name, note);
      const staffNotes = booking.staff_notes.trim() ? `${booking.staff_notes.trimEnd()}\n${line}` : line;
      await tx`update bookings set staff_notes = ${staffNotes}, updated_at = ${now} where id = ${id}`;
      return { id, staffNotes };
    },
    audit: ({ staffNotes }, booking) => ({ action: 'booking.note', entity: 'booking', entityId: id, before: { staffNotes: booking.staff_notes }, after: { staffNotes } }),
  });
}

/**
 * Records money taken in person (cash, cheque, card reader) and raises the amount paid. `rule`: a
 * caller's own rule (the crew's at the door), run on the locked row.
 */
export async function recordPayment(db: Database, ...[id, body, staff, audit, now, rule]: PaymentArgs) {
  const result = await db.begin((tx) => recordPaymentIn(tx, id, body, staff, audit, now, rule));
  // After commit: a mail failure leaves the receipt (and a confirmation) queued for the scheduled retry.
  await sendQueuedMail(db, now, { only: [result.confirmationEmailId, result.receiptEmailId].filter((e): e is string => e !== null) });
  return result;
}

/** A caller's rule for a payment (the crew's at the door: src/lib/day/door-money.ts). */
export interface PaymentRule {
  /** Refuses the payment from the booking's status (throws). */
  check?: (status: BookingStatus) => void;
  /** Whether this payment confirms the booking (a deposit still due that it covers). */
  confirms?: (p: { status: BookingStatus; depositCents: number; paidBeforeCents: number; amountCents: number }) => boolean;
}

type PaymentArgs = [
  id: string,
  body: z.infer<typeof paymentBody>,
  staff: Staff,
  audit: Audit,
  now: Date,
  rule?: PaymentRule,
];

/** recordPayment's work in the caller's transaction (a phone booking records its payment with it): the receipt is queued, not sent. */
export async function recordPaymentIn(tx: Sql, ...[id, body, staff, audit, now, rule]: PaymentArgs) {
  return auditedChangeIn(tx, audit, {
    lock: (tx) => lockBooking(tx, id),
    check: (booking) => {
      rule?.check?.(booking.status);
      if (booking.status === 'cancelled' || booking.status === 'expired') {
        throw new AppError('conflict', `This booking is ${label(booking.status)}: there is nothing to pay.`);
      }
      const due = booking.total_cents - booking.amount_paid_cents;
      if (body.amountCents > due) {
        throw fieldError('amountCents', due > 0 ? `The balance due is ${centsToDecimal(due)}: record at most that.` : 'This booking is paid in full.');
      }
    },
    change: async (tx, booking) => {
      const kind = paymentKindFor({ paidBeforeCents: booking.amount_paid_cents, amountCents: body.amountCents, depositCents: booking.deposit_cents, totalCents: booking.total_cents });
      const [payment] = await tx<{ id: string }[]>`
        insert into payments (booking_id, kind, method, status, amount_cents, recorded_by, note, created_at)
        values (${id}, ${kind}, ${body.method}, 'succeeded', ${body.amountCents}, ${staff.email}, ${body.note}, ${now})
        returning id`;
      const amountPaidCents = booking.amount_paid_cents + body.amountCents;
      // Money taken by staff keeps a pay-later booking: it is no longer released at its deadline.
      await tx`
        update bookings set amount_paid_cents = ${amountPaidCents}, updated_at = ${now},
          hold_expires_at = case when status = 'deposit_due' then null else hold_expires_at end
        where id = ${id}`;
      // The deposit collected at the door confirms the booking, as the deposit paid online does: the
      // customer gets the same confirmation e-mail.
      const confirms = rule?.confirms?.({ status: booking.status, depositCents: booking.deposit_cents, paidBeforeCents: booking.amount_paid_cents, amountCents: body.amountCents }) ?? false;
      if (confirms) await changeBookingStatus(tx, id, 'confirmed', now);
      const confirmation = confirms ? await queueCustomerEmail(tx, id, now) : null;
      // The receipt shows the booking after the payment (and the status it brought): queued last.
      const receipt = await queueReceipt(tx, payment!.id, now);
      const status: BookingStatus = confirms ? 'confirmed' : booking.status;
      return {
        id: payment!.id,
        kind,
        amountPaidCents,
        balanceCents: booking.total_cents - amountPaidCents,
        status,
        statusLabel: staffStatusLabels[status],
        confirmed: confirms,
        receiptTo: receipt.to,
        receiptEmailId: receipt.emailId,
        confirmationEmailId: confirmation?.emailId ?? null,
      };
    },
    audit: (paid, booking) => [
      {
        action: 'booking.payment',
        entity: 'booking',
        entityId: id,
        before: { amountPaidCents: booking.amount_paid_cents },
        after: { amountPaidCents: paid.amountPaidCents, payment: { id: paid.id, kind: paid.kind, method: body.method, amountCents: body.amountCents, note: body.note }, receiptEmailId: paid.receiptEmailId },
      },
      ...(paid.confirmed
        ? [{ action: 'booking.status', entity: 'booking', entityId: id, before: { status: booking.status }, after: { status: paid.status, reason: 'deposit collected at the door', emailId: paid.confirmationEmailId } }]
        : []),
    ],
  });
}

/**
 * Staff pay part of a booking from its customer's credit (a phone booking, a customer who asks):
 * at most the balance due and what the customer can spend today, oldest expiry first, in one
 * audited transaction with the receipt queued ("Paid from credit"). Managers only: it moves money.
 */
export async function recordCreditPayment(db: Database, id: string, body: z.infer<typeof creditPaymentBody>, staff: Staff, audit: Audit, now: Date) {
  const result = await auditedChange(db, audit, {
    lock: async (tx) => {
      const booking = await lockBooking(tx, id);
      const [owner] = await tx<{ customer_id: string }[]>`select customer_id from bookings where id = ${id}`;
      const settings = await getSettings(tx);
      const { draws, availableCents } = await allocateLockedCredit(tx, owner!.customer_id, localDate(now, settings.timezone), body.amountCents);
      return { booking, draws, availableCents };
    },
    check: ({ booking, availableCents }) => {
      if (booking.status === 'cancelled' || booking.status === 'expired') {
        throw new AppError('conflict', `This booking is ${label(booking.status)}: there is nothing to pay.`);
      }
      const due = booking.total_cents - booking.amount_paid_cents;
      if (body.amountCents > due) {
        throw fieldError('amountCents', due > 0 ? `The balance due is ${centsToDecimal(due)}: pay at most that.` : 'This booking is paid in full.');
      }
      if (body.amountCents > availableCents) {
        throw fieldError('amountCents', availableCents > 0 ? `The customer has ${centsToDecimal(availableCents)} of credit to spend: pay at most that.` : 'The customer has no credit to spend.');
      }
    },
    change: async (tx, { booking, draws }) => {
      const kind = paymentKindFor({ paidBeforeCents: booking.amount_paid_cents, amountCents: body.amountCents, depositCents: booking.deposit_cents, totalCents: booking.total_cents });
      const paymentId = await writeCreditSpend(tx, { bookingId: id, draws, kind, usedBy: staff.email, now });
      const amountPaidCents = booking.amount_paid_cents + drawnCents(draws);
      // Like any money staff take: a pay-later booking is no longer released at its deadline.
      await tx`update bookings set hold_expires_at = case when status = 'deposit_due' then null else hold_expires_at end where id = ${id}`;
      const receipt = await queueReceipt(tx, paymentId, now);
      return { id: paymentId, kind, amountPaidCents, balanceCents: booking.total_cents - amountPaidCents, receiptTo: receipt.to, receiptEmailId: receipt.emailId };
    },
    audit: (paid, { booking, draws }) => ({
      action: 'booking.payment',
      entity: 'booking',
      entityId: id,
      before: { amountPaidCents: booking.amount_paid_cents },
      after: {
        amountPaidCents: paid.amountPaidCents,
        payment: { id: paid.id, kind: paid.kind, method: 'credit', amountCents: body.amountCents, note: 'Paid from credit' },
        credits: draws,
        receiptEmailId: paid.receiptEmailId,
      },
    }),
  });
  await sendQueuedMail(db, now, { only: [result.receiptEmailId] });
  return result;
}

/**
 * Gives money back from one payment (the booking screen's refund of one payment line): checks what
 * is left of that payment, then refundPaymentIn does the refund. Audited in the same transaction.
 */
export async function refundPayment(db: Database, id: string, body: z.infer<typeof refundBody>, staff: Staff, audit: Audit, now: Date) {
  return auditedChange(db, audit, {
    lock: async (tx) => {
      const booking = await lockBooking(tx, id);
      const [payment] = await tx<(RefundablePayment & { kind: string; status: string })[]>`
        select id, kind, method, status, amount_cents, stripe_payment_intent_id,
          coalesce((select sum(r.amount_cents) from payments r where r.refund_of = p.id and r.status = 'succeeded'), 0)::int as refunded,
          ${refundsHere(tx)}
        from payments p
        where id = ${body.paymentId} and booking_id = ${id} for update`;
      if (!payment) throw fieldError('paymentId', 'That payment does not belong to this booking.');
      if (payment.kind === 'refund' || payment.status !== 'succeeded') throw fieldError('paymentId', 'Only a received payment can be refunded.');
      return { booking, payment };
    },
    check: ({ payment }) => {
      const left = refundableCents(payment.amount_cents, payment.refunded);
      if (body.amountCents > left) {
        throw fieldError('amountCents', left > 0 ? `At most ${centsToDecimal(left)} of this payment can be refunded.` : 'This payment is already refunded in full.');
      }
    },
    change: (tx, { booking, payment }) => refundPaymentIn(tx, booking, payment, body.amountCents, { recordedBy: staff.email, note: body.reason, now }),
    audit: (refund, { booking, payment }) => ({
      action: 'booking.refund',
      entity: 'booking',
      entityId: id,
      before: { amountPaidCents: booking.amount_paid_cents },
      after: {
        amountPaidCents: refund.amountPaidCents,
        refund: { id: refund.id, paymentId: payment.id, method: payment.method, amountCents: body.amountCents, reason: body.reason, stripeRefundId: refund.stripeRefundId },
        receiptEmailId: refund.receiptEmailId,
      },
    }),
  }).then(async (result) => {
    await sendQueuedMail(db, now, { only: [result.receiptEmailId] });
    return result;
  });
}

async function restoreCredit(tx: Sql, r: Omit<Parameters<typeof restoreCreditIn>[1], 'today' | 'expiryMonths'>) {
  const settings = await getSettings(tx);
  await restoreCreditIn(tx, { ...r, today: localDate(r.now, settings.timezone), expiryMonths: settings.creditExpiryMonths });
}

/**
 * A received payment as the refund core reads it: `refunded` is what its succeeded refunds gave back
 * so far (whoever made them); `refunded_here` and `refund_lines` count only the refunds this site made
 * (not those recorded from Stripe's events): their sum, and how many in any status (a failed one too).
 */
export interface RefundablePayment {
  id: string;
  method: string;
  amount_cents: number;
  stripe_payment_intent_id: string | null;
  refunded: number;
  refunded_here: number;
  refund_lines: number;
}

/** The columns of RefundablePayment about the refunds this site made of payment `p` (the idempotency key's parts). */
export const refundsHere = (sql: Sql) => sql`
  coalesce((select sum(r.amount_cents) from payments r where r.refund_of = p.id and r.status = 'succeeded' and r.recorded_by is distinct from 'Stripe'), 0)::int as refunded_here,
  (select count(*) from payments r where r.refund_of = p.id and r.recorded_by is distinct from 'Stripe')::int as refund_lines`;

/** One refund recorded by refundPaymentIn. */
export interface PaymentRefund {
  /** The refund's own payment line. */
  id: string;
  paymentId: string;
  /** How the money went back: 'stripe' through Stripe, otherwise the way staff handed it over. */
  method: string;
  amountCents: number;
  stripeRefundId: string | null;
  /** The booking's amount paid after this refund. */
  amountPaidCents: number;
  receiptTo: string;
  receiptEmailId: string;
}

/**
 * The one way to give money back from one payment, in the caller's transaction; the caller holds the
 * booking row lock (select … for update) and has checked the amount against what is left of the
 * payment. A Stripe payment is refunded through Stripe first, with an idempotency key made of the
 * booking, the payment, what this site refunded of it before (the sum, and how many refund lines in
 * any status, so a refund made again after one failed is a new one) and the amount, so a retry after
 * a failed commit gets the same refund back instead of a second one. Refunds recorded from Stripe's
 * events are left out of the key: when the first attempt's own refund was recorded by its webhook
 * after that attempt rolled back, the retry meets it again and is a 409, never a second refund.
 * (Stripe down: nothing is written and the
 * caller's transaction rolls back). Other payments, or any payment when `paidBy` says the money went
 * back another way (cash, check, card reader), are recorded as handed back. Either way the refund is a
 * payment line (kind 'refund', refund_of the payment, its Stripe id), the amount paid goes down by it
 * and the customer's receipt is queued (the caller sends it after commit).
 */
export async function refundPaymentIn(
  tx: Sql,
  booking: { id: string; number: string },
  payment: RefundablePayment,
  amountCents: number,
  options: { recordedBy: string; note: string; now: Date; paidBy?: OfflineMethod },
): Promise<PaymentRefund> {
  const { now } = options;
  let stripeRefundId: string | null = null;
  if (payment.method === 'stripe' && !options.paidBy) {
    if (!stripeConfigured()) {
      throw new AppError('conflict', 'Stripe is not configured on this site, so this card payment can’t be refunded from here. Refund it in the Stripe dashboard.');
    }
    if (!payment.stripe_payment_intent_id) throw new AppError('conflict', 'This card payment has no Stripe payment reference to refund.');
    stripeRefundId = await createStripeRefund(payment.stripe_payment_intent_id, amountCents, {
      idempotencyKey: `refund-${booking.id}-${payment.id}-${payment.refunded_here}-${payment.refund_lines}-${amountCents}`,
      metadata: { bookingId: booking.id, bookingNumber: booking.number, paymentId: payment.id },
    });
  }

  const method = options.paidBy ?? payment.method;
  const [refund] = await tx<{ id: string }[]>`
    insert into payments (booking_id, kind, method, status, amount_cents, stripe_refund_id, recorded_by, note, refund_of, created_at)
    values (${booking.id}, 'refund', ${method}, 'succeeded', ${amountCents}, ${stripeRefundId}, ${options.recordedBy}, ${options.note}, ${payment.id}, ${now})
    on conflict (stripe_refund_id) do nothing
    returning id`;
  // Stripe answered with a refund the booking has already: made by an earlier attempt whose transaction
  // rolled back, and recorded since from Stripe's event. Nothing more was refunded.
  if (!refund) throw new AppError('conflict', 'Stripe had already made this refund, and it is recorded on the booking: nothing more was refunded.');
  const [paid] = await tx<{ amount_paid_cents: number }[]>`
    update bookings set amount_paid_cents = amount_paid_cents - ${amountCents}, updated_at = ${now} where id = ${booking.id} returning amount_paid_cents`;
  // A credit payment's refund goes back to the credit it came from (credits/credit-spend.server.ts).
  if (method === 'credit') {
    await restoreCredit(tx, { paymentId: payment.id, refundPaymentId: refund!.id, bookingId: booking.id, refundedBeforeCents: payment.refunded, amountCents, by: options.recordedBy, now });
  }
  const receipt = await queueReceipt(tx, refund!.id, now);
  return {
    id: refund!.id,
    paymentId: payment.id,
    method,
    amountCents,
    stripeRefundId,
    amountPaidCents: paid!.amount_paid_cents,
    receiptTo: receipt.to,
    receiptEmailId: receipt.emailId,
  };
}

async function createStripeRefund(paymentIntent: string, amount: number, options: { idempotencyKey: string; metadata: Record<string, string> }): Promise<string> {
  let refund: Stripe.Refund;
  try {
    refund = await stripe().refunds.create({ payment_intent: paymentIntent, amount, metadata: options.metadata }, { idempotencyKey: options.idempotencyKey });
  } catch (error) {
    const e = error as { type?: string; message?: string };
    // Stripe said no (already refunded, amount too large ...): staff can act on that message.
    if (e.type === 'StripeInvalidRequestError' || e.type === 'StripeCardError') throw new AppError('conflict', `Stripe refused the refund: ${e.message ?? 'no reason given'}`);
    console.error('Stripe refund failed:', error);
    throw new AppError('unavailable', 'We couldn’t reach Stripe, so nothing was refunded. Please try again in a minute.');
  }
  // Card refunds are 'pending' until the bank settles them and almost always succeed; a failed or
  // cancelled one gave nothing back.
  if (refund.status === 'failed' || refund.status === 'canceled') throw new AppError('conflict', `Stripe could not refund this payment (${refund.status}).`);
  return refund.id;
}

/**
 * Puts an item on another physical unit of the same product. The exclusion constraint on
 * unit_allocations is the final word: a unit booked for an overlapping window is a 409.
 */
export async function moveUnit(db: Database, id: string, body: z.infer<typeof unitMoveBody>, audit: Audit) {
  try {
    return await auditedChange(db, audit, {
      lock: async (tx) => {
        await lockBooking(tx, id);
        const [allocation] = await tx<{ id: string; unit_id: string; label: string; product_id: string }[]>`
          select a.id, a.unit_id, u.label, u.product_id from unit_allocations a join inventory_units u on u.id = a.unit_id
          where a.id = ${body.allocationId} and a.booking_id = ${id} and a.released_at is null for update of a`;
        if (!allocation) throw fieldError('allocationId', 'That unit is not allocated to this booking any more.');
        const [target] = await tx<{ id: string; label: string; product_id: string; status: string }[]>`
          select id, label, product_id, status from inventory_units where id = ${body.unitId}`;
        return { allocation, target };
      },
      check: ({ allocation, target }) => {
        if (!target || target.product_id !== allocation.product_id) throw fieldError('unitId', 'Choose a unit of the same product.');
        if (target.id === allocation.unit_id) throw fieldError('unitId', `The item is already on unit ${target.label}.`);
        if (target.status !== 'available') throw new AppError('conflict', `Unit ${target.label} is ${target.status === 'maintenance' ? 'in maintenance' : 'retired'} and can’t be booked.`);
      },
      change: async (tx, { allocation, target }) => {
        try {
          await tx.savepoint((sp) => sp`update unit_allocations set unit_id = ${target!.id} where id = ${allocation.id}`);
        } catch (error) {
          if ((error as { code?: string }).code === '23P01') {
            throw new AppError('conflict', `Unit ${target!.label} is already booked for an overlapping time. Choose another unit.`);
          }
          throw error;
        }
        return { allocationId: allocation.id, unitId: target!.id, label: target!.label };
      },
      audit: (moved, { allocation }) => ({
        action: 'booking.unit',
        entity: 'booking',
        entityId: id,
        before: { allocationId: allocation.id, unitId: allocation.unit_id, unit: allocation.label },
        after: { allocationId: moved.allocationId, unitId: moved.unitId, unit: moved.label },
      }),
    });
  } catch (error) {
    // A concurrent move committed between our check and the update: still the constraint's 409.
    if ((error as { code?: string }).code === '23P01') throw new AppError('conflict', 'That unit was just booked for an overlapping time. Choose another unit.');
    throw error;
  }
}

/** Sends the customer's booking e-mail again (what it says follows the status), through the outbox. */
export async function resendConfirmation(db: Database, id: string, audit: Audit, now: Date) {
  const sent = await auditedChange(db, audit, {
    lock: (tx) => lockBooking(tx, id),
    check: (booking) => {
      if (booking.status === 'cancelled' || booking.status === 'expired') {
        throw new AppError('conflict', `This booking is ${label(booking.status)}: there is no confirmation to send.`);
      }
    },
    change: (tx) => queueCustomerEmail(tx, id, now),
    audit: (queued) => ({ action: 'booking.resend_confirmation', entity: 'booking', entityId: id, after: queued }),
  });
  // After commit: a mail failure leaves the message queued for the scheduled retry.
  await sendQueuedMail(db, now);
  return sent;
}

/** The customer's booking e-mail as the booking stands in `tx`, into the outbox (sent after commit). */
export async function queueCustomerEmail(
  tx: Sql,
  id: string,
  now: Date,
  { changedBy, ...known }: { changedBy?: ChangedBy | undefined } & Partial<{ view: BookingView; settings: BusinessSettings }> = {},
) {
  // The booking and settings when the caller has just read them in this transaction.
  const [view, settings] = await Promise.all([known.view ?? getBookingView(tx, { id }), known.settings ?? getSettings(tx)]);
  const email = customerBookingEmail(view!, settings, env().SITE_URL, { changedBy, depositOnline: depositPaidOnline(settings) });
  const emailId = await queueEmail(tx, 'booking-customer', email, now);
  return { emailId, to: email.to, subject: email.subject };
}
