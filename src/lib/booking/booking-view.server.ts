import type { Sql } from '../db/index.server';
import type { BusinessSettings } from '../business';
import { getSettings } from '../business/index.server';
import { localDate, localTime } from '../time';
import { amountsDue } from './amounts-due';
import type { BookingStatus } from './booking-status';
import { partyAddress, type BookingHeadRow, type BookingView, type PartyAddressRow } from './booking-view';
import type { PlacedBooking, PlacementRequest } from './place-booking.server';
import { confirmRequestKey } from './booking-links.server';

export type { BookingView };

export const statusLabels: Record<BookingStatus, string> = {
  hold: 'Waiting for deposit payment',
  deposit_due: 'Booked: deposit due',
  confirmed: 'Confirmed',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered and set up',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired (deposit not paid in time)',
};

const firstName = (name: string) => name.split(/\s+/)[0] ?? name;
const itemOrder = (a: { lineTotalCents: number; name: string }, b: { lineTotalCents: number; name: string }) =>
  b.lineTotalCents - a.lineTotalCents || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * A booking just placed, as getBookingView would read it back, from what the placement already
 * holds: the website's booking answers and e-mails without reading its own rows again.
 */
export function placedBookingView(
  placed: PlacedBooking,
  request: Pick<PlacementRequest, 'address'>,
  now: Date,
): BookingView {
  const { price, settings } = placed;
  const tz = settings.timezone;
  return {
    id: placed.id,
    number: placed.number,
    status: placed.status,
    statusLabel: statusLabels[placed.status],
    customer: { name: placed.customer.name, firstName: firstName(placed.customer.name), email: placed.customer.email, phone: placed.customer.phone },
    invoiceToken: placed.invoiceToken,
    manageToken: placed.manageToken,
    event: {
      date: localDate(placed.window.start, tz),
      endDate: localDate(placed.window.end, tz),
      start: localTime(placed.window.start, tz),
      end: localTime(placed.window.end, tz),
      startsAt: placed.window.start.toISOString(),
      endsAt: placed.window.end.toISOString(),
    },
    address: {
      line1: request.address.line1,
      line2: request.address.line2 ?? null,
      city: request.address.city,
      state: request.address.state,
      zip: request.address.zip,
      surface: request.address.surface ?? null,
      notes: request.address.notes ?? '',
    },
    items: price.lines.map((l) => ({ product: l.slug, name: l.name, quantity: l.quantity, unitPriceCents: l.unitPriceCents, lineTotalCents: l.lineTotalCents })).sort(itemOrder),
    adjustments: price.adjustments,
    totals: {
      subtotalCents: price.subtotalCents,
      discountCents: price.discountCents,
      couponCode: price.couponCode,
      damageWaiverCents: price.damageWaiverCents,
      deliveryFeeCents: price.deliveryFeeCents,
      adjustmentsCents: price.adjustmentsCents,
      taxCents: price.taxCents,
      totalCents: price.totalCents,
      depositCents: price.depositCents,
      amountPaidCents: placed.creditCents,
      ...amountsDue({ status: placed.status, totalCents: price.totalCents, depositCents: price.depositCents, amountPaidCents: placed.creditCents }),
    },
    balanceDueOn: price.balanceDueOn,
    holdExpiresAt: placed.holdExpiresAt?.toISOString() ?? null,
    confirmRequestKey: placed.awaitingEmailConfirmation ? confirmRequestKey(placed.number, placed.manageToken) : null,
    waiversSigned: 0,
    createdAt: now.toISOString(),
    payments: placed.creditCents > 0 ? [{ kind: 'deposit', method: 'credit', amountCents: placed.creditCents, at: now.toISOString() }] : [],
    calendarSequence: 0,
    refundDueCents: 0,
  };
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
  const [b] = await sql<
    (PartyAddressRow &
      BookingHeadRow & {
      invoice_token: string;
      manage_token: string;
      cancellation_kept_cents: number | null;
      subtotal_cents: number;
      discount_cents: number;
      coupon_code: string | null;
      damage_waiver_cents: number;
      delivery_fee_cents: number;
      adjustments_cents: number;
      calendar_sequence: number;
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
    })[]
  >`
    select b.id, b.number, b.status, b.contact_name as name, b.contact_email as email, b.contact_phone as phone, b.invoice_token, b.manage_token, b.cancellation_kept_cents, b.event_start, b.event_end, b.address_line1,
      b.address_line2, b.address_city, b.address_state, b.address_zip, b.surface, b.customer_notes, b.subtotal_cents,
      b.discount_cents, co.code as coupon_code, b.damage_waiver_cents, b.delivery_fee_cents, b.adjustments_cents, b.calendar_sequence, b.tax_cents, b.total_cents,
      b.deposit_cents, b.amount_paid_cents, b.balance_due_on::text, b.hold_expires_at, b.created_at,
      (b.status = 'deposit_due' and b.source = 'web' and b.email_confirmed_at is null and b.hold_expires_at is not null) as awaiting_email_confirmation,
      (select count(*)::int from waivers w where w.booking_id = b.id) as waivers,
      coalesce((select json_agg(i order by i.line_total_cents desc, i.name) from (
        select p.slug as product, bi.product_name as name, bi.quantity, bi.unit_price_cents, bi.line_total_cents
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
  const tz = (settings ?? (await getSettings(sql))).timezone;
  return {
    id: b.id,
    number: b.number,
    status: b.status,
    statusLabel: statusLabels[b.status],
    customer: { name: b.name, firstName: firstName(b.name), email: b.email, phone: b.phone },
    invoiceToken: b.invoice_token,
    manageToken: b.manage_token,
    event: {
      date: localDate(b.event_start, tz),
      endDate: localDate(b.event_end, tz),
      start: localTime(b.event_start, tz),
      end: localTime(b.event_end, tz),
      startsAt: b.event_start.toISOString(),
      endsAt: b.event_end.toISOString(),
    },
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
    calendarSequence: b.calendar_sequence,
    // Paid above what the booking keeps: its total, or what a customer's own cancellation kept.
    refundDueCents: Math.max(0, b.amount_paid_cents - (b.status === 'cancelled' && b.cancellation_kept_cents !== null ? b.cancellation_kept_cents : b.total_cents)),
  };
}
