import { bookingStatuses, staffStatusLabels } from '../../../lib/booking/booking-labels';
import type { BookingListRow } from '../../../lib/booking/bookings-admin.server';
import type { Page } from '../../../lib/lists/list-query';
import { formatShortDate, formatClock } from '../../../lib/time/format';
import { formatMoney } from '../../../lib/money';
import { useAdminData } from '../shared/admin-api';
import { DateFilter, filterOptions, FilterSelect } from '../shared/filters';
import { CsvLink, listCsvUrl, listSearch, Pagination, SearchBox, SortHeader, useListParams, type ListParams } from '../shared/list';
import { buttonClass, Card, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';
import { useStaff } from '../shared/staff';
import { adminPaths } from '../../../lib/paths/pages';
import { StatusBadge } from './StatusBadge';

const defaults: ListParams = { q: '', page: 1, pageSize: 25, sort: 'created', dir: 'desc', filters: { status: '', from: '', to: '' } };

/** /admin/bookings: every booking, found by number, name, e-mail or phone, filtered by status and event date. */
export default function BookingList() {
  const { params, update, sortBy } = useListParams(defaults);
  const { mayTakeBookings } = useStaff();
  const { data, error, loading } = useAdminData<Page<BookingListRow>>(`/api/admin/bookings?${listSearch(params)}`);
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
            <CsvLink href={listCsvUrl('/api/admin/bookings', params)} label={filtered ? 'the bookings found' : 'every booking'} />
          </>
        }
      />
      <Card>
        <form className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label="Find bookings" onSubmit={(e) => e.preventDefault()}>
          <SearchBox label="Search: number, customer name, e-mail or phone" value={params.q} onSearch={(q) => update({ q })} />
          <FilterSelect label="Status" value={params.filters.status ?? ''} onChange={(status) => update({ filters: { status } })} options={filterOptions('All statuses', bookingStatuses, (s) => staffStatusLabels[s])} />
          <DateFilter label="Event from" value={params.filters.from ?? ''} onChange={(from) => update({ filters: { from } })} />
          <DateFilter label="Event to" value={params.filters.to ?? ''} onChange={(to) => update({ filters: { to } })} />
          {filtered && (
            <button type="button" className={secondaryButtonClass} onClick={() => update({ q: '', filters: { status: '', from: '', to: '' } })}>
              Clear filters
            </button>
          )}
        </form>
        <LoadState loading={loading} error={error} empty={data && data.items.length === 0 ? (filtered ? 'No booking matches these filters.' : 'No bookings yet.') : undefined}>
          {data && (
            <div className="relative overflow-x-auto" aria-busy={loading}>
              <table className={tableClass}>
                <caption className="sr-only">Bookings, sorted by {params.sort}</caption>
                <thead>
                  <tr>
                    <SortHeader column="number" label="Booking" params={params} onSort={sortBy} />
                    <SortHeader column="eventDate" label="Event" params={params} onSort={sortBy} />
                    <SortHeader column="customer" label="Customer" params={params} onSort={sortBy} />
                    <th scope="col" className={thClass}>
                      Items
                    </th>
                    <SortHeader column="status" label="Status" params={params} onSort={sortBy} />
                    <SortHeader column="total" label="Total" params={params} onSort={sortBy} />
                    <th scope="col" className={thClass}>
                      Balance
                    </th>
                    <SortHeader column="created" label="Booked" params={params} onSort={sortBy} />
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((b) => (
                    <tr key={b.id} className="hover:bg-slate-50">
                      <th scope="row" className={`${tdClass} font-semibold`}>
                        <a href={`/admin/bookings/${b.id}`} className="text-brand-800 underline">
                          {b.number}
                        </a>
                      </th>
                      <td className={tdClass}>
                        {formatShortDate(b.event.date)}
                        <span className="block text-xs text-slate-700">
                          {formatClock(b.event.start)}–{formatClock(b.event.end)} · {b.city}
                        </span>
                      </td>
                      <td className={tdClass}>
                        {b.customer.name}
                        <span className="block text-xs text-slate-700">{b.customer.phone}</span>
                      </td>
                      <td className={`${tdClass} max-w-64`}>{b.items}</td>
                      <td className={tdClass}>
                        <StatusBadge status={b.status} />
                      </td>
                      <td className={`${tdClass} tabular-nums`}>{formatMoney(b.totalCents)}</td>
                      <td className={`${tdClass} tabular-nums`}>{b.balanceCents > 0 ? formatMoney(b.balanceCents) : 'Paid'}</td>
                      <td className={`${tdClass} whitespace-nowrap`}>{new Date(b.createdAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </LoadState>
        {data && <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={(page) => update({ page })} />}
      </Card>
    </>
  );
}
