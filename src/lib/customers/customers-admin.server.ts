import { z } from '../validation';
import type { Audit } from '../auth/index.server';
import { type BookingStatus, staffStatusLabels } from '../booking';
import type { Database, Sql } from '../db/index.server';
import { AppError } from '../http';
import { getBusinessClock } from '../business/index.server';
import { allRows, likePattern, listFormat, listQuery, offsetOf, pageOf, type Page } from '../lists';
import { csvColumns, csvFileName, phoneCell, toCsv, type CsvFile } from '../reports';
import { centsToDecimal } from '../money';
import { auditedChange, lockedRow } from '../admin/index.server';
import { creditsOf, type CustomerCredits } from '../credits/index.server';
import { phoneSearchDigits } from '../staff-bookings';

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
  const clock = await getBusinessClock(sql);
  const like = likePattern(query.q);
  const digits = phoneSearchDigits(query.q);
  const where = query.q
    ? sql`where s.name ilike ${like} or s.email ilike ${like} ${digits ? sql`or regexp_replace(s.phone, '\\D', '', 'g') like ${`%${digits}%`}` : sql``}`
    : sql``;
  const order = sql.unsafe(`${customerSortColumns[query.sort]} ${query.dir === 'asc' ? 'asc' : 'desc'} nulls last, s.id`);
  const [rows, [count]] = await Promise.all([
    sql<{ id: string; name: string; email: string; phone: string; created_at: Date; bookings: number; last_event: Date | null; lifetime_value: number }[]>`
      select * from (${stats(sql)}) s ${where} order by ${order} limit ${query.pageSize} offset ${offsetOf(query)}`,
    sql<{ total: number }[]>`select count(*)::int as total from customers s ${where}`,
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    bookings: r.bookings,
    lastEventDate: r.last_event ? clock.dateOf(r.last_event) : null,
    lifetimeValueCents: r.lifetime_value,
    createdAt: r.created_at.toISOString(),
  }));
  return pageOf(query, items, count!.total);
}

const customerCsvColumns = csvColumns<CustomerRow>({
  Name: 'name',
  'E-mail': 'email',
  Phone: (c) => phoneCell(c.phone),
  Bookings: 'bookings',
  'Last event': 'lastEventDate',
  'Lifetime value ($)': (c) => centsToDecimal(c.lifetimeValueCents),
  'Customer since': 'createdAt',
});

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
  credits: CustomerCredits;
}

export async function getCustomer(sql: Sql, id: string): Promise<CustomerDetail> {
  const [customer] = await sql<{ id: string; name: string; email: string; phone: string; notes: string; created_at: Date }[]>`
    select id, name, email, phone, notes, created_at from customers where id = ${id}`;
  if (!customer) throw new AppError('not_found', 'No such customer.');
  const [clock, bookings, [money], credits] = await Promise.all([
    getBusinessClock(sql),
    sql<{ id: string; number: string; status: BookingStatus; event_start: Date; total_cents: number; amount_paid_cents: number }[]>`
      select id, number, status, event_start, total_cents, amount_paid_cents from bookings where customer_id = ${id} order by event_start desc`,
    sql<{ paid: number; refunded: number }[]>`
      select coalesce(sum(p.amount_cents) filter (where p.kind <> 'refund'), 0)::int as paid,
        coalesce(sum(p.amount_cents) filter (where p.kind = 'refund'), 0)::int as refunded
      from payments p join bookings b on b.id = p.booking_id where b.customer_id = ${id} and p.status = 'succeeded'`,
    creditsOf(sql, id, new Date()),
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
      eventDate: clock.dateOf(b.event_start),
      totalCents: b.total_cents,
      amountPaidCents: b.amount_paid_cents,
    })),
    credits,
  };
}

export const customerNotesBody = z.object({ notes: z.string({ error: 'Notes are required' }).trim().max(2000, 'Notes: at most 2000 characters') });

/** Staff notes about a customer (how they like to be reached, gate codes…), audited. */
export async function updateCustomerNotes(db: Database, id: string, notes: string, audit: Audit): Promise<{ id: string; notes: string }> {
  return auditedChange(db, audit, {
    lock: async (tx) => lockedRow(await tx<{ notes: string }[]>`select notes from customers where id = ${id} for update`, 'No such customer.'),
    change: async (tx) => {
      await tx`update customers set notes = ${notes}, updated_at = now() where id = ${id}`;
      return { id, notes };
    },
    audit: (_, before) => ({ action: 'customer.notes', entity: 'customer', entityId: id, before: { notes: before.notes }, after: { notes } }),
  });
}

type ContactField = 'name' | 'email' | 'phone';
const ANOTHER_CUSTOMER_HAS_EMAIL = 'Another customer already has that e-mail address: merge the two customers instead (Customers → the customer to keep → Merge).';

/**
 * POST /api/admin/bookings/{id}/customer: the contact a booking was placed with becomes the
 * customer's record (the fields staff chose), deliberately and audited. An online booking never does
 * this by itself, so a stranger typing someone's e-mail changes nothing of theirs.
 */
export async function updateCustomerFromBooking(
  db: Database,
  bookingId: string,
  fields: readonly ContactField[],
  audit: Audit,
  now: Date,
): Promise<{ customerId: string; customer: { name: string; email: string; phone: string } }> {
  return auditedChange(db, audit, {
    lock: async (tx) => {
      const [row] = await tx<{ customer_id: string; number: string; contact_name: string; contact_email: string; contact_phone: string }[]>`
        select customer_id, number, contact_name, contact_email, contact_phone from bookings where id = ${bookingId}`;
      if (!row) throw new AppError('not_found', 'No such booking.');
      const [before] = await tx<{ name: string; email: string; phone: string }[]>`
        select name, email, phone from customers where id = ${row.customer_id} for update`;
      const contact = { name: row.contact_name, email: row.contact_email, phone: row.contact_phone };
      const after = { ...before!, ...Object.fromEntries(fields.map((f) => [f, contact[f]])) } as typeof contact;
      return { row, before: before!, after };
    },
    check: async ({ row, after }, tx) => {
      if (!fields.includes('email')) return;
      const [taken] = await tx`select 1 from customers where lower(email) = lower(${after.email}) and id <> ${row.customer_id}`;
      if (taken) throw new AppError('conflict', ANOTHER_CUSTOMER_HAS_EMAIL);
    },
    change: async (tx, { row, after }) => {
      await tx`update customers set name = ${after.name}, email = ${after.email}, phone = ${after.phone}, updated_at = ${now} where id = ${row.customer_id}`;
      return { customerId: row.customer_id, customer: after };
    },
    audit: (_, { row, before, after }) => {
      const change = { before: { ...before }, after: { ...after, fromBooking: row.number } };
      return [
        { action: 'customer.update_from_booking', entity: 'customer', entityId: row.customer_id, ...change },
        { action: 'booking.customer_updated', entity: 'booking', entityId: bookingId, ...change },
      ];
    },
  });
}

export const customerMergeBody = z.object({
  /** The customer that goes: its bookings, quote requests and cake orders move to the one kept. */
  from: z.uuid('Choose the customer to merge into this one'),
});

/**
 * POST /api/admin/customers/{id}/merge: two records of one person become one. The customer `id` is
 * kept with its own name, e-mail and phone; the other's bookings, quote requests and cake orders move
 * to it, its staff notes are added to the kept ones, and it is removed. Audited with both records.
 */
export async function mergeCustomers(
  db: Database,
  keepId: string,
  fromId: string,
  audit: Audit,
  now: Date,
): Promise<{ id: string; moved: { bookings: number; quotes: number; cakeOrders: number } }> {
  if (keepId === fromId) throw new AppError('validation', 'Choose another customer to merge into this one.', { from: 'Choose another customer to merge into this one' });
  const merged = await auditedChange(db, audit, {
    lock: async (tx) => {
      // Both rows locked in one order, so two merges of the same pair cannot deadlock.
      const rows = await tx<{ id: string; name: string; email: string; phone: string; notes: string }[]>`
        select id, name, email, phone, notes from customers where id in (${keepId}, ${fromId}) order by id for update`;
      const keep = rows.find((r) => r.id === keepId);
      const from = rows.find((r) => r.id === fromId);
      if (!keep) throw new AppError('not_found', 'No such customer.');
      if (!from) throw new AppError('validation', 'The customer to merge is gone (merged or removed already).', { from: 'The customer to merge is gone' });
      return { keep, from };
    },
    change: async (tx, { keep, from }) => {
      const [moved] = await tx<{ bookings: number; quotes: number; cake_orders: number }[]>`
        with b as (update bookings set customer_id = ${keepId} where customer_id = ${fromId} returning 1),
          q as (update quotes set customer_id = ${keepId} where customer_id = ${fromId} returning 1),
          k as (update cake_orders set customer_id = ${keepId} where customer_id = ${fromId} returning 1),
          -- Credits go with the person (listed on the kept record from now on).
          c as (update customer_credits set customer_id = ${keepId} where customer_id = ${fromId} returning 1),
          -- Its QuickBooks items too: they would go with it (on delete cascade), those waiting never sent.
          -- Its records already in QuickBooks stay on its customer there (the sender keeps naming it for them).
          a as (update accounting_queue set customer_id = ${keepId} where customer_id = ${fromId} returning 1)
        select (select count(*)::int from b) as bookings, (select count(*)::int from q) as quotes, (select count(*)::int from k) as cake_orders`;
      const fromNotes = from.notes.trim();
      const notes = fromNotes ? [keep.notes.trim(), `From ${from.name} <${from.email}>: ${fromNotes}`].filter(Boolean).join('\n').slice(0, 2000) : keep.notes;
      await tx`delete from customers where id = ${fromId}`;
      await tx`update customers set notes = ${notes}, updated_at = ${now} where id = ${keepId}`;
      return { id: keepId, moved: { bookings: moved!.bookings, quotes: moved!.quotes, cakeOrders: moved!.cake_orders }, notes };
    },
    audit: ({ moved, notes }, { keep, from }) => ({
      action: 'customer.merge',
      entity: 'customer',
      entityId: keepId,
      before: { kept: keep, removed: from },
      after: { kept: { ...keep, notes }, moved },
    }),
  });
  return { id: merged.id, moved: merged.moved };
}
