import { type StaffRole } from '../auth';
import {
  allowedTransitions,
  autoChargeDate,
  type BookingStatus,
  type BookingView,
  type StaffBookingCake,
  staffBookingCakes,
  staffStatusLabels,
  statusesOnTheDay,
  statusTooEarly,
} from '../booking';
import { bookingLinks, type BookingLinks, cakesForBooking, getBookingView, keptSitesOfBookings, statusDaysOf } from '../booking/index.server';
import { getSettings } from '../business/index.server';
import type { Sql } from '../db/index.server';
import { listTrucks } from '../day/index.server';
import { AppError } from '../http';
import type { Locale } from '../i18n';
import { type BalanceChargeStatus, balanceChargeStatusLabels, disputeStatusLabels, type DisputeStatus, refundableCents, savedCardLabel } from '../payments';
import { rainOutWaiting } from '../rain-outs/index.server';
import type { BookedSite, SiteOverride } from '../site-check';
import type { SitePhoto } from '../site-photos';
import { sitePhotosOf } from '../site-photos/index.server';
import { stripeConfigured } from '../stripe/index.server';
import type { BookingTexts } from '../texts';
import { bookingTexts } from '../texts/index.server';
import { businessClock } from '../time';
import { contactDifferences, type ContactField, staffTransitions } from './booking-rules';


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
  /** What the customer receives about the booking is written in it (issue #40); staff may change it. */
  language: Locale;
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
  /**
   * The yard: the customer's answers (with the address's surface when they name none), the automatic
   * lines, what to call about; the outlet distance the answers name and the gear the setup takes;
   * and the refusals staff booked anyway, with who and why (staff screens only: not the customer's view).
   */
  site: BookingView['site'] & BookedSite & { photos: SitePhoto[]; override: SiteOverride | null };
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
  /**
   * Of those, the ones whose day has not come on the business's clock, with why (statusTooEarly's
   * words, which the server answers with too): the screen shows the reason at the button.
   */
  tooEarly: Partial<Record<BookingStatus, string>>;
  /** Transitions that exist but need a higher role, so the screen can say who to ask. */
  lockedTransitions: BookingStatus[];
  /** Rained out and its customer has not answered: an edit that moves the party answers the offer for them (the edit's preview says so). */
  rainOutWaiting: boolean;
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
  /** `language`, `waiverVersion`, `textSha256`: which text each guest signed (the language's version) and its SHA-256. */
  waivers: {
    id: string;
    signerName: string;
    signedAt: string;
    adults: number;
    guests: number;
    hasPdf: boolean;
    signedOnCrewPhone: string | null;
    language: 'en' | 'es';
    waiverVersion: string;
    textSha256: string;
  }[];
  /** `actor`: a staff member's name (their e-mail once the account is removed), a customer's e-mail, null for the system. */
  history: { at: string; actor: string | null; actorKind: 'staff' | 'customer' | 'system'; action: string; before: unknown; after: unknown }[];
  stripeConfigured: boolean;
  /** Text messages (issue #26): the customer's consent and every text kept for this booking. */
  texts: BookingTexts;
  /** Cakes delivered with this booking: priced and paid separately, never in the totals; each with its last day to change. */
  cakes: StaffBookingCake[];
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
export async function getAdminBooking(sql: Sql, id: string, role: StaffRole, now: Date): Promise<AdminBooking> {
  const view = await getBookingView(sql, { id });
  if (!view) throw new AppError('not_found', 'No such booking.');
  const [[extra], items, allocations, payments, waivers, history, cakes, trucks, [credit], settings, charges, texts, sitePhotos, rainedOut] = await Promise.all([
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
        site_override: SiteOverride | null;
      }[]
    >`
      select b.source, b.customer_id, b.staff_notes, b.cancellation_reason, b.cancelled_at, b.damage_waiver_accepted, b.truck_id,
        b.invoice_token, b.waiver_key, c.name as record_name, c.email as record_email, c.phone as record_phone,
        b.saved_payment_method_id, b.saved_card_brand, b.saved_card_last4, b.site_override
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
    sql<
      {
        id: string;
        signer_name: string;
        signed_at: Date;
        adults: number;
        guests: number;
        pdf_path: string | null;
        crew_name: string | null;
        language: 'en' | 'es';
        waiver_version: string;
        text_sha256: string;
      }[]
    >`
      select w.id, w.signer_name, w.signed_at, jsonb_array_length(w.adults)::int as adults, jsonb_array_length(w.guests)::int as guests, w.pdf_path,
        w.language, w.waiver_version, w.text_sha256,
        case when w.signed_on = 'crew_device' then coalesce(s.name, '') end as crew_name
      from waivers w left join staff_user s on s.id = w.signed_by_staff_id where w.booking_id = ${id} order by w.signed_at`,
    sql<{ created_at: Date; actor_email: string | null; actor_kind: 'staff' | 'customer' | 'system'; action: string; before: unknown; after: unknown }[]>`
      select a.created_at, a.actor_kind, a.action, a.before, a.after,
        -- Staff by the name the rest of the screen uses (the override, payments' "By"); their e-mail once the account is gone.
        case when a.actor_kind = 'staff' then coalesce(nullif(s.name, ''), a.actor_email) else a.actor_email end as actor_email
      from audit_log a left join staff_user s on s.id = a.actor_id
      where a.entity = 'booking' and a.entity_id = ${id} order by a.created_at desc, a.id desc limit 50`,
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
    sitePhotosOf(sql, [id]),
    rainOutWaiting(sql, id),
  ]);
  // The setup as the booking kept it (a booking from before: worked out by today's site rules).
  const kept = (await keptSitesOfBookings(sql, [id], settings.siteRules)).get(id)!;

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
  const possible = staffTransitions(allowedTransitions, view.status, 'owner', rainedOut);
  const mine = staffTransitions(allowedTransitions, view.status, role, rainedOut);
  const dated = mine.filter((to) => statusesOnTheDay.includes(to));
  const tooEarly: Partial<Record<BookingStatus, string>> = {};
  if (dated.length > 0) {
    const clock = businessClock(settings.timezone, now);
    const days = await statusDaysOf(sql, id, clock);
    for (const to of dated) {
      const reason = statusTooEarly(to, days, clock);
      if (reason) tooEarly[to] = reason;
    }
  }
  return {
    id: view.id,
    number: view.number,
    status: view.status,
    statusLabel: staffStatusLabels[view.status],
    source: extra!.source,
    customerId: extra!.customer_id,
    customer: view.customer,
    language: view.language ?? 'en',
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
    site: { ...view.site, answers: kept.answers, ...kept.site, photos: sitePhotos.get(id) ?? [], override: extra!.site_override },
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
    tooEarly,
    lockedTransitions: possible.filter((s) => !mine.includes(s)),
    rainOutWaiting: rainedOut,
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
    waivers: waivers.map((w) => ({
      id: w.id,
      signerName: w.signer_name,
      signedAt: w.signed_at.toISOString(),
      adults: w.adults,
      guests: w.guests,
      hasPdf: w.pdf_path !== null,
      signedOnCrewPhone: w.crew_name,
      language: w.language,
      waiverVersion: w.waiver_version,
      textSha256: w.text_sha256,
    })),
    history: history.map((h) => ({ at: h.created_at.toISOString(), actor: h.actor_email, actorKind: h.actor_kind, action: h.action, before: h.before, after: h.after })),
    stripeConfigured: stripeOn,
    texts,
    cakes: staffBookingCakes(cakes, businessClock(settings.timezone, now).today(), settings.cakeLeadTimeDays),
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
