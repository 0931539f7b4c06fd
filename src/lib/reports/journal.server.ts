import type { Sql } from '../db/index.server';
import { journal, type EventRow, type JournalLine, type MoneyRow, type OtherRow, type PaymentMethod } from './journal';
import { COUNTED_STATUSES, type DateRange } from './reports';

const counted = [...COUNTED_STATUSES];

/**
 * The rows of the accountant's journal (journal.ts) for a range of the business's local days: the same
 * bookings, payments and credits, on the same calendar, as revenueReport and creditReport.
 */
export async function journalLines(sql: Sql, range: DateRange, tz: string, today: string): Promise<JournalLine[]> {
  const [events, money, other] = await Promise.all([
    sql<{ date: string; booking: string; customer: string; subtotal_cents: number; delivery_fee_cents: number; damage_waiver_cents: number; site_charges_cents: number; adjustments_cents: number; discount_cents: number; tax_cents: number; total_cents: number; paid_before_cents: string }[]>`
      select to_char(b.event_start at time zone ${tz}, 'YYYY-MM-DD') as date, b.number as booking, b.contact_name as customer, b.subtotal_cents, b.delivery_fee_cents,
        b.damage_waiver_cents, b.site_charges_cents, b.adjustments_cents, b.discount_cents, b.tax_cents, b.total_cents,
        coalesce((select sum(case when p.kind = 'refund' then -p.amount_cents else p.amount_cents end) from payments p
          where p.booking_id = b.id and p.status = 'succeeded'
            and (p.created_at at time zone ${tz})::date < (b.event_start at time zone ${tz})::date), 0)::int8 as paid_before_cents
      from bookings b
      where b.status = any(${counted}::text[])
        and (b.event_start at time zone ${tz})::date between ${range.from}::date and ${range.to}::date`,
    sql<{ date: string; booking: string; customer: string; kind: string; method: PaymentMethod; amount_cents: number; held: boolean }[]>`
      select to_char(p.created_at at time zone ${tz}, 'YYYY-MM-DD') as date, b.number as booking, b.contact_name as customer, p.kind, p.method, p.amount_cents,
        (not b.status = any(${counted}::text[]) or (p.created_at at time zone ${tz})::date < (b.event_start at time zone ${tz})::date) as held
      from payments p join bookings b on b.id = p.booking_id
      where p.status = 'succeeded'
        and (p.created_at at time zone ${tz})::date between ${range.from}::date and ${range.to}::date`,
    // Goodwill: the part of a credit no refund to credit paid for (a refund to credit is written with the
    // credit, at the same moment, on the credit's booking: creditFromBooking).
    sql<{ date: string; booking: string | null; customer: string; kind: OtherRow['kind']; amount_cents: string }[]>`
      select to_char(c.created_at at time zone ${tz}, 'YYYY-MM-DD') as date, b.number as booking, cu.name as customer, 'goodwill' as kind,
        greatest(c.amount_cents - coalesce((select sum(p.amount_cents) from payments p
          where p.booking_id = c.source_booking_id and p.kind = 'refund' and p.method = 'credit' and p.created_at = c.created_at), 0), 0)::int8 as amount_cents
      from customer_credits c join customers cu on cu.id = c.customer_id left join bookings b on b.id = c.source_booking_id
      where (c.created_at at time zone ${tz})::date between ${range.from}::date and ${range.to}::date
      union all
      select to_char(c.expires_on, 'YYYY-MM-DD'), b.number, cu.name, 'expired', c.remaining_cents::int8
      from customer_credits c join customers cu on cu.id = c.customer_id left join bookings b on b.id = c.source_booking_id
      where c.voided_at is null and c.remaining_cents > 0 and c.expires_on < ${today}::date
        and c.expires_on between ${range.from}::date and ${range.to}::date
      union all
      select to_char(b.cancelled_at at time zone ${tz}, 'YYYY-MM-DD'), b.number, b.contact_name, 'kept', least(b.cancellation_kept_cents, b.amount_paid_cents)::int8
      from bookings b
      where b.status = 'cancelled' and b.cancellation_kept_cents > 0 and b.cancelled_at is not null
        and (b.cancelled_at at time zone ${tz})::date between ${range.from}::date and ${range.to}::date`,
  ]);
  const eventRows: EventRow[] = events.map((e) => ({
    date: e.date,
    booking: e.booking,
    customer: e.customer,
    subtotalCents: e.subtotal_cents,
    deliveryCents: e.delivery_fee_cents,
    waiverCents: e.damage_waiver_cents,
    siteChargesCents: e.site_charges_cents,
    adjustmentsCents: e.adjustments_cents,
    discountCents: e.discount_cents,
    taxCents: e.tax_cents,
    totalCents: e.total_cents,
    paidBeforeCents: Number(e.paid_before_cents),
  }));
  const moneyRows: MoneyRow[] = money.map((m) => ({
    date: m.date,
    booking: m.booking,
    customer: m.customer,
    kind: m.kind === 'refund' ? 'refund' : 'payment',
    method: m.method,
    amountCents: m.amount_cents,
    held: m.held,
  }));
  const otherRows: OtherRow[] = other.map((o) => ({ date: o.date, booking: o.booking ?? '', customer: o.customer, kind: o.kind, amountCents: Number(o.amount_cents) }));
  return journal(eventRows, moneyRows, otherRows);
}
