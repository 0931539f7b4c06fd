import { amountsDue } from '../booking';
import type { BookingHeadRow } from '../booking';
import type { Sql } from '../db/index.server';
import { getSettings } from '../business/index.server';
import { addDays, localDate, localTime, wallClockToInstant } from '../time';
import { staffStatusLabels } from '../booking';
import { phoneSearchDigits, bookingCsvColumns, type BookingListQuery, type BookingListRow } from './booking-rules';
import { allRows, likePattern, offsetOf, pageOf, type Page } from '../lists';
import { csvFileName, toCsv, type CsvFile } from '../reports';


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
    const digits = phoneSearchDigits(query.q);
    // The contact each booking was placed with: a stranger who booked under someone's e-mail is found by what they typed.
    conditions.push(sql`(b.number ilike ${like} or b.contact_name ilike ${like} or b.contact_email ilike ${like}
      ${digits ? sql`or regexp_replace(b.contact_phone, '\\D', '', 'g') like ${`%${digits}%`}` : sql``})`);
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
