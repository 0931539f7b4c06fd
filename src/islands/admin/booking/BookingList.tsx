import { bookingStatuses, staffStatusLabels } from '../../../lib/booking';
import type { Page } from '../../../lib/lists';
import { formatMediumDate, formatTimeRange } from '../../../lib/time';
import { formatMoney } from '../../../lib/money';
import { useAdminData } from '../shared/admin-api';
import { DateRangeFilters, filterOptions, FilterSelect, SearchAndFilters } from '../shared/filters';
import { staffClock } from '../shared/business';
import { notedCell, type Column } from '../shared/DataTable';
import { PagedTable } from '../shared/PagedTable';
import { CsvLink, listCsvUrl, listSearch, useListParams, type ListParams } from '../shared/list';
import { buttonClass, Card, ScreenHeader } from '../shared/ui';
import { useStaff } from '../shared/staff';
import { adminApi, adminPaths } from '../../../lib/paths';
import { StatusBadge } from './StatusBadge';
import type { BookingListRow } from '../../../lib/staff-bookings/index.server';

const columns: Column<BookingListRow>[] = [
  { key: 'number', header: 'Booking', sort: 'server', rowHeader: true, cell: (b) => b.number },
  {
    key: 'eventDate',
    header: 'Event',
    sort: 'server',
    cell: (b) => (
      <>
        {/* With its year: the list runs across years (last March's party and next March's read alike as "Mar 2"), as Booked does. */}
        {formatMediumDate(b.event.date)}
        <span className="block text-xs text-slate-700">
          {formatTimeRange(b.event.start, b.event.end)} · {b.city}
        </span>
      </>
    ),
  },
  { key: 'customer', header: 'Customer', sort: 'server', cell: notedCell((b) => b.customer.name, (b) => b.customer.phone) },
  { key: 'items', header: 'Items', className: 'max-w-64', cell: (b) => b.items },
  { key: 'status', header: 'Status', sort: 'server', cell: (b) => <StatusBadge status={b.status} /> },
  { key: 'total', header: 'Total', sort: 'server', className: 'tabular-nums', cell: (b) => formatMoney(b.totalCents) },
  // A cancelled or expired booking owes nothing without being paid: "Paid" beside one nobody paid misled.
  { key: 'balance', header: 'Balance', className: 'tabular-nums', cell: (b) => (b.balanceCents > 0 ? formatMoney(b.balanceCents) : b.status === 'cancelled' || b.status === 'expired' ? 'Nothing due' : 'Paid') },
  { key: 'created', header: 'Booked', sort: 'server', className: 'whitespace-nowrap', cell: (b) => staffClock().timestamp(b.createdAt) },
];

const defaults: ListParams = { q: '', page: 1, pageSize: 25, sort: 'created', dir: 'desc', filters: { status: '', from: '', to: '' } };

/** /admin/bookings: every booking, found by number, name, e-mail or phone, filtered by status and event date. */
export default function BookingList() {
  const { params, update, sortBy, search } = useListParams(defaults);
  const { mayTakeBookings } = useStaff();
  const { data, error, loading } = useAdminData<Page<BookingListRow>>(adminApi.bookings.list(listSearch(params)));
  const filtered = params.q || Object.values(params.filters).some(Boolean);

  return (
    <>
      <ScreenHeader
        title="Bookings"
        description="Every booking: open one for status, units, payments, waivers and the delivery sheet."
        actions={
          <>
            {mayTakeBookings && (
              <a href={adminPaths.newBooking} className={buttonClass}>
                New booking
              </a>
            )}
            <CsvLink href={listCsvUrl(adminApi.bookings.list(), params)} label={filtered ? 'the bookings found' : 'every booking'} />
          </>
        }
      />
      <Card>
        <form className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label="Find bookings" onSubmit={(e) => e.preventDefault()}>
          <SearchAndFilters label="Search: number, customer name, e-mail or phone" list={{ params, update, search }} folded={params.filters}>
            <FilterSelect label="Status" value={params.filters.status ?? ''} onChange={(status) => update({ filters: { status } })} options={filterOptions('All statuses', bookingStatuses, (s) => staffStatusLabels[s])} />
            <DateRangeFilters noun="Event" filters={params.filters} update={update} />
          </SearchAndFilters>
        </form>
        <PagedTable
          caption="Bookings"
          columns={columns}
          loaded={{ data, loading, error }}
          rowHref={(b) => adminPaths.booking(b.id)}
          empty={filtered ? 'No booking matches these filters.' : 'No bookings yet.'}
          list={{ params, update, sortBy }}
        />
      </Card>
    </>
  );
}
