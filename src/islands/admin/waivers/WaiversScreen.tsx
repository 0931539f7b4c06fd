import { useCallback } from 'react';
import type { Page } from '../../../lib/lists/list-query';
import type { MissingWaiverItem, WaiverListItem } from '../../../lib/waivers/waivers-admin.server';
import { formatShortDate, formatTimestamp as formatInstant } from '../../../lib/time/format';
import { useAdminData } from '../shared/admin-api';
import { listSearch, Pagination, SearchBox, SortHeader, useListParams, type ListParams } from '../shared/list';
import { Badge, Card, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';
import { DateFilter } from '../shared/filters';
import { businessTimeZone } from '../shared/business';

const formatTimestamp = (iso: string) => formatInstant(iso, businessTimeZone());

const defaults = { q: '', page: 1, pageSize: 25, sort: 'signedAt', dir: 'desc' as const, filters: { view: '', from: '', to: '' } };

/** /admin/waivers: signed waivers with their PDFs, and upcoming bookings nobody has signed for yet. */
export default function WaiversScreen() {
  const { params, update, sortBy } = useListParams(defaults);
  const missing = params.filters.view === 'missing';
  const onSearch = useCallback((q: string) => update({ q }), [update]);
  const show = (view: '' | 'missing') =>
    update(view === 'missing' ? { sort: 'eventDate', dir: 'asc', filters: { view } } : { sort: 'signedAt', dir: 'desc', filters: { view } });
  return (
    <div>
      <ScreenHeader title="Waivers" description="Signed safety waivers by party date, and the parties still missing one." />
      <div className="mb-3 flex flex-wrap gap-2" role="group" aria-label="Which waivers">
        <button type="button" className={secondaryButtonClass} aria-pressed={!missing} onClick={() => show('')}>
          Signed waivers
        </button>
        <button type="button" className={secondaryButtonClass} aria-pressed={missing} onClick={() => show('missing')}>
          Missing waivers
        </button>
      </div>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SearchBox label={missing ? 'Search booking or customer' : 'Search signer or booking number'} value={params.q} onSearch={onSearch} />
        <DateFilter label="Party from" value={params.filters.from!} onChange={(from) => update({ filters: { from } })} />
        <DateFilter label="Party to" value={params.filters.to!} onChange={(to) => update({ filters: { to } })} />
      </div>
      <Card>{missing ? <MissingList params={params} onSort={sortBy} onPage={(page) => update({ page })} /> : <SignedList params={params} onSort={sortBy} onPage={(page) => update({ page })} />}</Card>
    </div>
  );
}

interface ListProps {
  params: ListParams;
  onSort(column: string): void;
  onPage(page: number): void;
}

const query = (params: ListParams) => {
  const { view: _view, ...filters } = params.filters;
  return listSearch({ ...params, filters });
};

function SignedList({ params, onSort, onPage }: ListProps) {
  const list = useAdminData<Page<WaiverListItem>>(`/api/admin/waivers?${query(params)}`);
  return (
    <LoadState loading={list.loading} error={list.error} empty={list.data?.total === 0 ? 'No signed waivers match.' : undefined}>
      {list.data && (
        <div className="relative overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">Signed waivers</caption>
            <thead>
              <tr>
                <SortHeader column="signer" label="Signer" params={params} onSort={onSort} />
                <SortHeader column="booking" label="Booking" params={params} onSort={onSort} />
                <SortHeader column="eventDate" label="Party" params={params} onSort={onSort} />
                <th scope="col" className={thClass}>
                  People
                </th>
                <SortHeader column="signedAt" label="Signed" params={params} onSort={onSort} />
                <th scope="col" className={thClass}>
                  PDF
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((w) => (
                <tr key={w.id}>
                  <td className={tdClass}>
                    {w.signerName}
                    <span className="block text-xs text-slate-700">{w.signerEmail}</span>
                  </td>
                  <td className={tdClass}>
                    <a className="font-semibold text-brand-800 underline" href={`/admin/bookings/${w.bookingId}`}>
                      {w.bookingNumber}
                    </a>
                    <span className="block text-xs text-slate-700">{w.renterName}</span>
                  </td>
                  <td className={tdClass}>{formatShortDate(w.eventDate)}</td>
                  <td className={tdClass}>
                    {w.adults} adult{w.adults === 1 ? '' : 's'}, {w.guests} guest{w.guests === 1 ? '' : 's'}
                  </td>
                  <td className={tdClass}>
                    {formatTimestamp(w.signedAt)} <Badge>{w.signatureKind}</Badge>
                  </td>
                  <td className={tdClass}>
                    <a className="font-semibold text-brand-800 underline" href={w.pdfUrl} target="_blank" rel="noopener">
                      Open PDF<span className="sr-only"> of the waiver signed by {w.signerName} (opens in a new tab)</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={onPage} />
        </div>
      )}
    </LoadState>
  );
}

function MissingList({ params, onSort, onPage }: ListProps) {
  const list = useAdminData<Page<MissingWaiverItem>>(`/api/admin/waivers/missing?${query(params)}`);
  return (
    <LoadState loading={list.loading} error={list.error} empty={list.data?.total === 0 ? 'Every upcoming booking has a signed waiver.' : undefined}>
      {list.data && (
        <div className="relative overflow-x-auto">
          <p className="mb-2 text-sm text-slate-800">
            {list.data.total} upcoming booking{list.data.total === 1 ? '' : 's'} without a signed waiver.
          </p>
          <table className={tableClass}>
            <caption className="sr-only">Upcoming bookings without a waiver</caption>
            <thead>
              <tr>
                <SortHeader column="booking" label="Booking" params={params} onSort={onSort} />
                <SortHeader column="customer" label="Customer" params={params} onSort={onSort} />
                <SortHeader column="eventDate" label="Party" params={params} onSort={onSort} />
                <th scope="col" className={thClass}>
                  Signing link
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((b) => (
                <tr key={b.bookingId}>
                  <td className={tdClass}>
                    <a className="font-semibold text-brand-800 underline" href={`/admin/bookings/${b.bookingId}`}>
                      {b.bookingNumber}
                    </a>
                  </td>
                  <td className={tdClass}>
                    {b.customerName}
                    <span className="block text-xs text-slate-700">
                      <a className="underline" href={`mailto:${b.customerEmail}`}>{b.customerEmail}</a> · {b.customerPhone}
                    </span>
                  </td>
                  <td className={tdClass}>
                    {formatShortDate(b.eventDate)}, {b.city}
                  </td>
                  <td className={tdClass}>
                    <a className="text-brand-800 underline" href={b.signPath} target="_blank" rel="noopener">
                      Signing page<span className="sr-only"> for {b.bookingNumber} (opens in a new tab)</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={onPage} />
        </div>
      )}
    </LoadState>
  );
}
