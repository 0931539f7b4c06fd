import type { Page } from '../../../lib/lists';
import type { MissingWaiverItem, WaiverListItem } from '../../../lib/waivers/index.server';
import { formatMediumDate } from '../../../lib/time';
import { adminApi } from '../../../lib/paths';
import { useAdminData } from '../shared/admin-api';
import { staffClock } from '../shared/business';
import { DataTable, type Column, notedCell } from '../shared/DataTable';
import { DateRangeFilters, SearchAndFilters } from '../shared/filters';
import { listSearch, Pagination, useListParams, type ListParams } from '../shared/list';
import { Badge, BookingLink, Card, ScreenHeader, secondaryButtonClass } from '../shared/ui';
import { PagedTable, type PagedTableProps } from '../shared/PagedTable';
import { SignedTextNote } from './SignedTextNote';
import { LegalReviewNotice, WaiverTextsPanel } from './WaiverTextsPanel';
import { useStaff } from '../shared/staff';

const defaults = { q: '', page: 1, pageSize: 25, sort: 'signedAt', dir: 'desc' as const, filters: { view: '', from: '', to: '' } };

/** /admin/waivers: signed waivers with their PDFs, and upcoming bookings nobody has signed for yet. */
export default function WaiversScreen() {
  const { params, update, sortBy, search } = useListParams(defaults);
  const missing = params.filters.view === 'missing';
  // The waiver's text per language is the owner's to publish.
  const owner = useStaff().can('owner');
  const text = owner && params.filters.view === 'text';
  const show = (view: '' | 'missing' | 'text') =>
    update(view === 'missing' ? { sort: 'eventDate', dir: 'asc', filters: { view } } : { sort: 'signedAt', dir: 'desc', filters: { view } });
  // The view is chosen by the buttons above, in sight: only the dates are folded.
  const { view: _view, ...dates } = params.filters;
  return (
    <div>
      <ScreenHeader title="Waivers" description="Signed safety waivers by party date, and the parties still missing one." />
      {owner && !text && <LegalReviewNotice />}
      <div className="mb-3 flex flex-wrap gap-2" role="group" aria-label="Which waivers">
        <button type="button" className={secondaryButtonClass} aria-pressed={!missing && !text} onClick={() => show('')}>
          Signed waivers
        </button>
        <button type="button" className={secondaryButtonClass} aria-pressed={missing} onClick={() => show('missing')}>
          Missing waivers
        </button>
        {owner && (
          <button type="button" className={secondaryButtonClass} aria-pressed={text} onClick={() => show('text')}>
            Waiver text
          </button>
        )}
      </div>
      {text ? (
        <WaiverTextsPanel />
      ) : (
        <>
          <div className="mb-3 flex flex-wrap items-end gap-3">
            <SearchAndFilters label={missing ? 'Search booking or customer' : 'Search signer or booking number'} list={{ params, update, search }} folded={dates}>
              <DateRangeFilters noun="Party" filters={params.filters} update={update} />
            </SearchAndFilters>
          </div>
          <Card>{missing ? <MissingList list={{ params, update, sortBy }} /> : <SignedList list={{ params, update, sortBy }} />}</Card>
        </>
      )}
    </div>
  );
}

interface ListProps {
  list: PagedTableProps<{ id: string }>['list'];
}

const query = (params: ListParams) => {
  const { view: _view, ...filters } = params.filters;
  return listSearch({ ...params, filters });
};

const linkClass = 'font-semibold text-brand-800 underline';
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const signedColumns: Column<WaiverListItem>[] = [
  { key: 'signer', header: 'Signer', sort: 'server', cell: notedCell((w) => w.signerName, (w) => w.signerEmail) },
  { key: 'booking', header: 'Booking', sort: 'server', cell: notedCell((w) => <BookingLink id={w.bookingId} number={w.bookingNumber} />, (w) => w.renterName) },
  { key: 'eventDate', header: 'Party', sort: 'server', cell: (w) => formatMediumDate(w.eventDate) },
  { key: 'people', header: 'People', cell: (w) => `${plural(w.adults, 'adult')}, ${plural(w.guests, 'guest')}` },
  {
    key: 'signedAt',
    header: 'Signed',
    sort: 'server',
    cell: (w) => (
      <>
        {staffClock().timestamp(w.signedAt)} <Badge>{w.signatureKind}</Badge>
        <SignedTextNote w={w} />
      </>
    ),
  },
  {
    key: 'pdf',
    header: 'PDF',
    cell: (w) => (
      <a className={linkClass} href={w.pdfUrl} target="_blank" rel="noopener">
        Open PDF<span className="sr-only"> of the waiver signed by {w.signerName} (opens in a new tab)</span>
      </a>
    ),
  },
];

function SignedList({ list }: ListProps) {
  const loaded = useAdminData<Page<WaiverListItem>>(adminApi.waivers.list(query(list.params)));
  return <PagedTable caption="Signed waivers" columns={signedColumns} loaded={loaded} empty="No signed waivers match." list={list} />;
}

const missingColumns: Column<MissingWaiverItem>[] = [
  {
    key: 'booking',
    header: 'Booking',
    sort: 'server',
    cell: (b) => <BookingLink id={b.bookingId} number={b.bookingNumber} />,
  },
  {
    key: 'customer',
    header: 'Customer',
    sort: 'server',
    cell: (b) => (
      <>
        {b.customerName}
        <span className="block text-xs text-slate-700">
          <a className="underline" href={`mailto:${b.customerEmail}`}>{b.customerEmail}</a> · {b.customerPhone}
        </span>
      </>
    ),
  },
  { key: 'eventDate', header: 'Party', sort: 'server', cell: (b) => `${formatMediumDate(b.eventDate)}, ${b.city}` },
  {
    key: 'link',
    header: 'Signing link',
    cell: (b) => (
      <a className="text-brand-800 underline" href={b.signPath} target="_blank" rel="noopener">
        Signing page<span className="sr-only"> for {b.bookingNumber} (opens in a new tab)</span>
      </a>
    ),
  },
];

function MissingList({ list: { params, update, sortBy } }: ListProps) {
  const list = useAdminData<Page<MissingWaiverItem>>(adminApi.waivers.missing(query(params)));
  const total = list.data?.total ?? 0;
  return (
    <>
      {total > 0 && <p className="mb-2 text-sm text-slate-800">{plural(total, 'upcoming booking')} without a signed waiver.</p>}
      <DataTable
        caption="Upcoming bookings without a waiver"
        columns={missingColumns}
        rows={list.data?.items}
        rowKey={(b) => b.bookingId}
        loading={list.loading}
        error={list.error}
        empty="Every upcoming booking has a signed waiver."
        serverSort={{ params, onSort: sortBy }}
        footer={list.data && total > 0 && <Pagination page={list.data.page} pageSize={list.data.pageSize} total={total} onPage={(page) => update({ page })} />}
      />
    </>
  );
}
