import type { Locale } from '../i18n';
import type { Sql } from '../db/index.server';
import type { BusinessSettings } from '../business';
import { getSettings } from '../business/index.server';
import { businessClock } from '../time';
import { amountsDue } from './amounts-due';
import { statusLabels } from './booking-status';
import { partyAddress, type BookingHeadRow, type BookingView, type PartyAddressRow } from './booking-view';
import type { PlacedBooking, PlacementRequest } from './place-booking.server';
import { confirmRequestKey } from './booking-links.server';
import { siteChargeInSpanish, type SiteAnswers, type SiteCharge } from '../site-check';

export type { BookingView };
export { statusLabels };


/** A booking as the view reads it: its row's columns and, as JSON, its items, adjustments and payments. */
interface BookingViewRow extends PartyAddressRow, BookingHeadRow {
  invoice_token: string;
  manage_token: string;
  cancellation_kept_cents: number | null;
  subtotal_cents: number;
  discount_cents: number;
  coupon_code: string | null;
  damage_waiver_cents: number;
  delivery_fee_cents: number;
  adjustments_cents: number;
  site_answers: SiteAnswers;
  site_charges: SiteCharge[];
  site_charges_cents: number;
  /** A Spanish booking's products' Spanish names by their English names (null for an English booking). */
  spanish_names: Record<string, string> | null;
  site_flags: string[];
  calendar_sequence: number;
  language: Locale;
  tax_cents: number;
  total_cents: number;
  deposit_cents: number;
  amount_paid_cents: number;
  balance_due_on: string | null;
  hold_expires_at: Date | null;
  awaiting_email_confirmation: boolean;
  created_at: Date;
  waivers: number;
  items: { product: string; name: string; quantity: number; unit_price_cents: number; line_total_cents: number }[];
  adjustments: { label: string; reason: string; direction: 'discount' | 'surcharge'; kind: 'amount' | 'percent'; value: string; cents: number }[];
  payments: { kind: string; method: string; amount_cents: number; created_at: string }[];
}

const firstName = (name: string) => name.split(/\s+/)[0] ?? name;
/** The order the view's query lists items in: the largest line first, then by name. */
const itemOrder = (a: { line_total_cents: number; name: string }, b: { line_total_cents: number; name: string }) =>
  b.line_total_cents - a.line_total_cents || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * A booking just placed, as getBookingView would read it back, from what the placement already
 * holds: the website's booking answers and e-mails without reading its own rows again.
 */
export function placedBookingView(
  placed: PlacedBooking,
  request: Pick<PlacementRequest, 'address'>,
  now: Date,
): BookingView {
  const { price } = placed;
  const { address } = request;
  return bookingViewOf(
    {
      id: placed.id,
      number: placed.number,
      status: placed.status,
      name: placed.customer.name,
      email: placed.customer.email,
      phone: placed.customer.phone,
      invoice_token: placed.invoiceToken,
      manage_token: placed.manageToken,
      cancellation_kept_cents: null,
      event_start: placed.window.start,
      event_end: placed.window.end,
      address_line1: address.line1,
      address_line2: address.line2 ?? null,
      address_city: address.city,
      address_state: address.state,
      address_zip: address.zip,
      surface: placed.site.answers.surface ?? null,
      customer_notes: address.notes ?? '',
      subtotal_cents: price.subtotalCents,
      discount_cents: price.discountCents,
      coupon_code: price.couponCode,
      damage_waiver_cents: price.damageWaiverCents,
      delivery_fee_cents: price.deliveryFeeCents,
      adjustments_cents: price.adjustmentsCents,
      site_answers: placed.site.answers,
      site_charges: price.siteCharges,
      site_charges_cents: price.siteChargesCents,
      spanish_names: placed.language === 'es' ? placed.spanishNames : null,
      site_flags: placed.site.flags,
      calendar_sequence: 0,
      language: placed.language,
      tax_cents: price.taxCents,
      total_cents: price.totalCents,
      deposit_cents: price.depositCents,
      amount_paid_cents: placed.creditCents,
      balance_due_on: price.balanceDueOn,
      hold_expires_at: placed.holdExpiresAt ?? null,
      awaiting_email_confirmation: placed.awaitingEmailConfirmation,
      created_at: now,
      waivers: 0,
      items: price.lines
        .map((l) => ({ product: l.slug, name: (placed.language === 'es' && placed.spanishNames[l.name]) || l.name, quantity: l.quantity, unit_price_cents: l.unitPriceCents, line_total_cents: l.lineTotalCents }))
        .sort(itemOrder),
      adjustments: price.adjustments.map((a) => ({ ...a, value: String(a.value) })),
      payments: placed.creditCents > 0 ? [{ kind: 'deposit', method: 'credit', amount_cents: placed.creditCents, created_at: now.toISOString() }] : [],
    },
    placed.settings.timezone,
  );
}

/**
 * One read: the booking with its items and payments. `settings` when the caller has just read them
 * (the time zone is all that is used).
 */
export async function getBookingView(
  sql: Sql,
  by: { id: string } | { number: string },
  settings?: Pick<BusinessSettings, 'timezone'>,
): Promise<BookingView | null> {
  const [b] = await sql<BookingViewRow[]>`
    select b.id, b.number, b.status, b.contact_name as name, b.contact_email as email, b.contact_phone as phone, b.invoice_token, b.manage_token, b.cancellation_kept_cents, b.event_start, b.event_end, b.address_line1,
      b.address_line2, b.address_city, b.address_state, b.address_zip, b.surface, b.customer_notes, b.subtotal_cents,
      b.discount_cents, co.code as coupon_code, b.damage_waiver_cents, b.delivery_fee_cents, b.adjustments_cents,
      b.site_answers, b.site_charges, b.site_charges_cents, b.site_flags,
      case when b.language = 'es' then (select coalesce(json_object_agg(p.name, p.name_es), '{}') from products p where coalesce(p.name_es, '') <> '') end as spanish_names, b.calendar_sequence, b.language, b.tax_cents, b.total_cents,
      b.deposit_cents, b.amount_paid_cents, b.balance_due_on::text, b.hold_expires_at, b.created_at,
      (b.status = 'deposit_due' and b.source = 'web' and b.email_confirmed_at is null and b.hold_expires_at is not null) as awaiting_email_confirmation,
      (select count(*)::int from waivers w where w.booking_id = b.id) as waivers,
      coalesce((select json_agg(i order by i.line_total_cents desc, i.name) from (
        -- What the customer reads is in the booking's language: a Spanish booking names a product by its Spanish name.
        select p.slug as product, case when b.language = 'es' then coalesce(p.name_es, bi.product_name) else bi.product_name end as name, bi.quantity, bi.unit_price_cents, bi.line_total_cents
        from booking_items bi join products p on p.id = bi.product_id where bi.booking_id = b.id
      ) i), '[]') as items,
      coalesce((select json_agg(a order by a.position) from (
        select position, label, reason, direction, kind, value::text, cents from booking_adjustments where booking_id = b.id
      ) a), '[]') as adjustments,
      coalesce((select json_agg(p order by p.created_at) from (
        select kind, method, amount_cents, created_at from payments where booking_id = b.id and status = 'succeeded'
      ) p), '[]') as payments
    from bookings b left join coupons co on co.id = b.coupon_id
    where ${'id' in by ? sql`b.id = ${by.id}` : sql`b.number = ${by.number}`}`;
  if (!b) return null;
  return bookingViewOf(b, (settings ?? (await getSettings(sql))).timezone);
}

/** The setup spot's lines as the booking reads them: in Spanish with its products' Spanish names when it has them. */
function siteChargesIn(charges: SiteCharge[], spanishNames: Record<string, string> | null): SiteCharge[] {
  if (!spanishNames) return charges;
  const names = new Map(Object.entries(spanishNames));
  return charges.map((c) => siteChargeInSpanish(c, names));
}

/**
 * The one builder of the booking view, from the booking as stored: what getBookingView reads back and
 * what placedBookingView holds after placing it, so the web confirmation and the one staff resend say the same.
 */
function bookingViewOf(b: BookingViewRow, timeZone: string): BookingView {
  return {
    id: b.id,
    number: b.number,
    status: b.status,
    statusLabel: statusLabels[b.status],
    customer: { name: b.name, firstName: firstName(b.name), email: b.email, phone: b.phone },
    invoiceToken: b.invoice_token,
    manageToken: b.manage_token,
    event: { ...businessClock(timeZone).eventTimes({ start: b.event_start, end: b.event_end }), startsAt: b.event_start.toISOString(), endsAt: b.event_end.toISOString() },
    address: {
      ...partyAddress(b),
      surface: b.surface,
      notes: b.customer_notes,
    },
    items: b.items.map((i) => ({ product: i.product, name: i.name, quantity: i.quantity, unitPriceCents: i.unit_price_cents, lineTotalCents: i.line_total_cents })),
    totals: {
      subtotalCents: b.subtotal_cents,
      discountCents: b.discount_cents,
      couponCode: b.coupon_code,
      damageWaiverCents: b.damage_waiver_cents,
      deliveryFeeCents: b.delivery_fee_cents,
      adjustmentsCents: b.adjustments_cents,
      siteChargesCents: b.site_charges_cents,
      taxCents: b.tax_cents,
      totalCents: b.total_cents,
      depositCents: b.deposit_cents,
      amountPaidCents: b.amount_paid_cents,
      ...amountsDue({ status: b.status, totalCents: b.total_cents, depositCents: b.deposit_cents, amountPaidCents: b.amount_paid_cents }),
    },
    balanceDueOn: b.balance_due_on,
    holdExpiresAt: b.hold_expires_at?.toISOString() ?? null,
    confirmRequestKey: b.awaiting_email_confirmation ? confirmRequestKey(b.number, b.manage_token) : null,
    waiversSigned: b.waivers,
    createdAt: b.created_at.toISOString(),
    payments: b.payments.map((p) => ({ kind: p.kind, method: p.method, amountCents: p.amount_cents, at: new Date(p.created_at).toISOString() })),
    adjustments: b.adjustments.map((a) => ({ label: a.label, reason: a.reason, direction: a.direction, kind: a.kind, value: Number(a.value), cents: a.cents })),
    // The setup spot's lines are stored as checkSite wrote them, in English: a Spanish booking reads them in
    // Spanish, its products named as its own lines name them (the e-mails, the invoice, the booking's page).
    site: { answers: b.site_answers, charges: siteChargesIn(b.site_charges, b.spanish_names), flags: b.site_flags },
    calendarSequence: b.calendar_sequence,
    language: b.language,
    // Paid above what the booking keeps: its total, or what a customer's own cancellation kept.
    refundDueCents: Math.max(0, b.amount_paid_cents - (b.status === 'cancelled' && b.cancellation_kept_cents !== null ? b.cancellation_kept_cents : b.total_cents)),
  };
}
