import { z } from '../validation/zod';
import type { Audit } from '../auth/audit.server';
import type { BookingStatus } from '../booking/booking-status';
import type { Database, Sql } from '../db/client.server';
import { AppError } from '../http/errors';
import { getSettings } from '../settings/settings.server';
import { localDate } from '../time/event-window';
import { staffStatusLabels } from '../booking/booking-labels';
import { phoneDigits } from '../booking/bookings-admin';
import { allRows, likePattern, listFormat, listQuery, offsetOf, type Page } from '../admin/list-query';
import { centsToDecimal, csvFileName, toCsv, type CsvColumn, type CsvFile } from '../reports/csv';

/**
 * Customers and what they are worth. Lifetime value is the money we kept: every received payment
 * minus every refund, over all the customer's bookings. A deposit kept on a cancelled booking
 * counts (it was earned under the cancellation policy); a refunded one does not. Booked value is
 * the total of bookings that were not cancelled or expired, paid or not.
 */
export const customerListQuery = listQuery(['name', 'email', 'phone', 'created', 'bookings', 'lifetimeValue', 'lastEvent'], 'created', 'desc').extend(listFormat);
export type CustomerListQuery = z.infer<typeof customerListQuery>;

export interface CustomerRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  bookings: number;
  lastEventDate: string | null;
  lifetimeValueCents: number;
  createdAt: string;
}

/**
 * Each column's sort expression over `stats` (aliased `s`): every column the list shows sorts both
 * ways; names and e-mails without regard to case, phones by their digits.
 */
export const customerSortColumns: Record<CustomerListQuery['sort'], string> = {
  name: 'lower(s.name)',
  email: 'lower(s.email)',
  phone: "regexp_replace(s.phone, '\\D', '', 'g')",
  created: 's.created_at',
  bookings: 's.bookings',
  lifetimeValue: 's.lifetime_value',
  lastEvent: 's.last_event',
};

/** Per customer: bookings, last event and net money received (payments minus refunds). */
const stats = (sql: Sql) => sql`
  select c.id, c.name, c.email, c.phone, c.notes, c.created_at,
    (select count(*)::int from bookings b where b.customer_id = c.id) as bookings,
    (select max(b.event_start) from bookings b where b.customer_id = c.id) as last_event,
    coalesce((select sum(case when p.kind = 'refund' then -p.amount_cents else p.amount_cents end)
      from payments p join bookings b on b.id = p.booking_id
      where b.customer_id = c.id and p.status = 'succeeded'), 0)::int as lifetime_value
  from customers c`;

export async function listCustomers(sql: Sql, query: CustomerListQuery): Promise<Page<CustomerRow>> {
  const { timezone } = await getSettings(sql);
  const like = likePattern(query.q);
  const digits = phoneDigits(query.q);
  const where = query.q
    ? sql`where s.name ilike ${like} or s.email ilike ${like} ${digits.length >= 3 ? sql`or regexp_replace(s.phone, '\\D', '', 'g') like ${`%${digits}%`}` : sql``}`
    : sql``;
  const order = sql.unsafe(`${customerSortColumns[query.sort]} ${query.dir === 'asc' ? 'asc' : 'desc'} nulls last, s.id`);
  const [rows, [count]] = await Promise.all([
    sql<{ id: string; name: string; email: string; phone: string; created_at: Date; bookings: number; last_event: Date | null; lifetime_value: number }[]>`
      select * from (${stats(sql)}) s ${where} order by ${order} limit ${query.pageSize} offset ${offsetOf(query)}`,
    sql<{ total: number }[]>`select count(*)::int as total from customers s ${where}`,
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      bookings: r.bookings,
      lastEventDate: r.last_event ? localDate(r.last_event, timezone) : null,
      lifetimeValueCents: r.lifetime_value,
      createdAt: r.created_at.toISOString(),
    })),
    total: count!.total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

const customerCsvColumns: CsvColumn<CustomerRow>[] = [
  { header: 'Name', value: (c) => c.name },
  { header: 'E-mail', value: (c) => c.email },
  { header: 'Phone', value: (c) => c.phone },
  { header: 'Bookings', value: (c) => c.bookings },
  { header: 'Last event', value: (c) => c.lastEventDate },
  { header: 'Lifetime value ($)', value: (c) => centsToDecimal(c.lifetimeValueCents) },
  { header: 'Customer since', value: (c) => c.createdAt },
];

/** The customers list as searched and sorted on screen, as a CSV file of every row (up to CSV_ROW_LIMIT). */
export async function exportCustomers(sql: Sql, query: CustomerListQuery): Promise<CsvFile> {
  const { items } = await listCustomers(sql, allRows(query));
  return { fileName: csvFileName('customers'), body: toCsv(customerCsvColumns, items) };
}

export interface CustomerDetail {
  id: string;
  name: string;
  email: string;
  phone: string;
  notes: string;
  createdAt: string;
  totals: { bookings: number; activeBookings: number; bookedValueCents: number; paidCents: number; refundedCents: number; lifetimeValueCents: number };
  bookings: { id: string; number: string; status: BookingStatus; statusLabel: string; eventDate: string; totalCents: number; amountPaidCents: number }[];
}

export async function getCustomer(sql: Sql, id: string): Promise<CustomerDetail> {
  const [customer] = await sql<{ id: string; name: string; email: string; phone: string; notes: string; created_at: Date }[]>`
    select id, name, email, phone, notes, created_at from customers where id = ${id}`;
  if (!customer) throw new AppError('not_found', 'No such customer.');
  const [{ timezone }, bookings, [money]] = await Promise.all([
    getSettings(sql),
    sql<{ id: string; number: string; status: BookingStatus; event_start: Date; total_cents: number; amount_paid_cents: number }[]>`
      select id, number, status, event_start, total_cents, amount_paid_cents from bookings where customer_id = ${id} order by event_start desc`,
    sql<{ paid: number; refunded: number }[]>`
      select coalesce(sum(p.amount_cents) filter (where p.kind <> 'refund'), 0)::int as paid,
        coalesce(sum(p.amount_cents) filter (where p.kind = 'refund'), 0)::int as refunded
      from payments p join bookings b on b.id = p.booking_id where b.customer_id = ${id} and p.status = 'succeeded'`,
  ]);
  const active = bookings.filter((b) => b.status !== 'cancelled' && b.status !== 'expired');
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    notes: customer.notes,
    createdAt: customer.created_at.toISOString(),
    totals: {
      bookings: bookings.length,
      activeBookings: active.length,
      bookedValueCents: active.reduce((sum, b) => sum + b.total_cents, 0),
      paidCents: money!.paid,
      refundedCents: money!.refunded,
      lifetimeValueCents: money!.paid - money!.refunded,
    },
    bookings: bookings.map((b) => ({
      id: b.id,
      number: b.number,
      status: b.status,
      statusLabel: staffStatusLabels[b.status],
      eventDate: localDate(b.event_start, timezone),
      totalCents: b.total_cents,
      amountPaidCents: b.amount_paid_cents,
    })),
  };
}

export const customerNotesBody = z.object({ notes: z.string({ error: 'Notes are required' }).trim().max(2000, 'Notes: at most 2000 characters') });

/** Staff notes about a customer (how they like to be reached, gate codes…), audited. */
export async function updateCustomerNotes(db: Database, id: string, notes: string, audit: Audit): Promise<{ id: string; notes: string }> {
  return db.begin(async (tx) => {
    const [before] = await tx<{ notes: string }[]>`select notes from customers where id = ${id} for update`;
    if (!before) throw new AppError('not_found', 'No such customer.');
    await tx`update customers set notes = ${notes}, updated_at = now() where id = ${id}`;
    await audit(tx, { action: 'customer.notes', entity: 'customer', entityId: id, before: { notes: before.notes }, after: { notes } });
    return { id, notes };
  });
}
