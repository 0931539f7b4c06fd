import type { BookingListQuery } from '../admin/bookings';
import { listBookings, type BookingListRow } from '../admin/bookings.server';
import { centsToDecimal, csvFileName, toCsv, type CsvColumn, type CsvFile } from '../admin/csv';
import { listCustomers, type CustomerListQuery, type CustomerRow } from '../admin/customers.server';
import type { Page } from '../admin/list-query';
import type { Sql } from '../db/client.server';
import { fieldError } from '../http/errors';

/** More than any screen would page through; a bigger export is refused rather than cut short silently. */
export const EXPORT_ROW_LIMIT = 20_000;
const PAGE = 100;

/**
 * Every row of a list as filtered and sorted on screen: the list's own service, page after page (so
 * the export and the screen can never disagree on what a filter means), whatever page the screen shows.
 */
async function allRows<Q extends { page: number; pageSize: number }, T>(list: (query: Q) => Promise<Page<T>>, query: Q): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const result = await list({ ...query, page, pageSize: PAGE });
    if (result.total > EXPORT_ROW_LIMIT) {
      throw fieldError('q', `That is ${result.total} rows: narrow the search or filters to at most ${EXPORT_ROW_LIMIT} to export.`);
    }
    rows.push(...result.items);
    if (result.items.length < PAGE || rows.length >= result.total) return rows;
  }
}

const bookingColumns: CsvColumn<BookingListRow>[] = [
  { header: 'Booking', value: (b) => b.number },
  { header: 'Status', value: (b) => b.statusLabel },
  { header: 'Event date', value: (b) => b.event.date },
  { header: 'Start', value: (b) => b.event.start },
  { header: 'End', value: (b) => b.event.end },
  { header: 'Customer', value: (b) => b.customer.name },
  { header: 'E-mail', value: (b) => b.customer.email },
  { header: 'Phone', value: (b) => b.customer.phone },
  { header: 'City', value: (b) => b.city },
  { header: 'Items', value: (b) => b.items },
  { header: 'Total', value: (b) => centsToDecimal(b.totalCents) },
  { header: 'Paid', value: (b) => centsToDecimal(b.amountPaidCents) },
  { header: 'Balance', value: (b) => centsToDecimal(b.balanceCents) },
  { header: 'Booked at', value: (b) => b.createdAt },
];

export async function bookingsCsv(sql: Sql, query: BookingListQuery, now: Date): Promise<CsvFile> {
  const rows = await allRows((q: BookingListQuery) => listBookings(sql, q), query);
  return { fileName: csvFileName('bookings', query.status ?? '', query.from ?? '', query.to ?? '', now.toISOString().slice(0, 10)), body: toCsv(bookingColumns, rows) };
}

const customerColumns: CsvColumn<CustomerRow>[] = [
  { header: 'Name', value: (c) => c.name },
  { header: 'E-mail', value: (c) => c.email },
  { header: 'Phone', value: (c) => c.phone },
  { header: 'Bookings', value: (c) => c.bookings },
  { header: 'Last event', value: (c) => c.lastEventDate },
  { header: 'Lifetime value', value: (c) => centsToDecimal(c.lifetimeValueCents) },
  { header: 'Customer since', value: (c) => c.createdAt },
];

export async function customersCsv(sql: Sql, query: CustomerListQuery, now: Date): Promise<CsvFile> {
  const rows = await allRows((q: CustomerListQuery) => listCustomers(sql, q), query);
  return { fileName: csvFileName('customers', now.toISOString().slice(0, 10)), body: toCsv(customerColumns, rows) };
}
