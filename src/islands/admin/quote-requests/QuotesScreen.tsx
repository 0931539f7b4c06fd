import { quoteStatuses, quoteStatusLabels } from '../../../lib/quote-requests';
import type { QuoteListItem } from '../../../lib/quote-requests/index.server';
import type { Page } from '../../../lib/lists';
import { formatMediumDate } from '../../../lib/time';
import { formatMoney } from '../../../lib/money';
import { adminApi } from '../../../lib/paths';
import { useAdminData } from '../shared/admin-api';
import { staffClock } from '../shared/business';
import { CellNote, notedCell, type Column } from '../shared/DataTable';
import { DateRangeFilters, filterOptions, FilterSelect, SearchAndFilters } from '../shared/filters';
import { PagedListWithDetail } from '../shared/ListWithDetail';
import { listSearch, useListParams } from '../shared/list';
import { openColumn, useOpenRecord } from '../shared/record-parts';
import { Badge, ScreenHeader } from '../shared/ui';
import { QuotePanel, quoteTones } from './QuotePanel';

const defaults = { q: '', page: 1, pageSize: 25, sort: 'created', dir: 'desc' as const, filters: { status: '', from: '', to: '' } };

function quoteColumns(openId: string | null, open: (id: string) => void): Column<QuoteListItem>[] {
  return [
    openColumn({ key: 'number', header: 'Quote' }, openId, open, (q) => q.number),
    { key: 'name', header: 'Customer', sort: 'server', cell: notedCell((q) => q.name, (q) => q.email) },
    {
      key: 'eventDate',
      header: 'Event',
      sort: 'server',
      cell: (q) => (
        <>
          {formatMediumDate(q.eventDate)}
          <CellNote>ZIP {q.zip}</CellNote>
          {q.outsideServiceArea && <Badge tone="warn">Outside service area</Badge>}
        </>
      ),
    },
    { key: 'status', header: 'Status', sort: 'server', cell: (q) => <Badge tone={quoteTones[q.status]}>{quoteStatusLabels[q.status]}</Badge> },
    { key: 'offerTotal', header: 'Offer', sort: 'server', cell: (q) => (q.offerTotalCents === null ? '—' : formatMoney(q.offerTotalCents)) },
    { key: 'created', header: 'Received', sort: 'server', cell: (q) => staffClock().timestamp(q.createdAt) },
  ];
}

/** /admin/quotes: quote requests, answered with an offer priced by the booking engine, then booked. */
export default function QuotesScreen() {
  const { params, update, sortBy, search } = useListParams(defaults);
  const list = useAdminData<Page<QuoteListItem>>(adminApi.quotes.list(listSearch(params)));
  const { openId, open, close } = useOpenRecord('quote');

  return (
    <div>
      <ScreenHeader title="Quotes" description="Quote requests from the website: reply with a priced offer, then book it." />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SearchAndFilters label="Search number, name or e-mail" list={{ params, update, search }} folded={params.filters}>
          <FilterSelect label="Status" value={params.filters.status!} options={filterOptions('All statuses', quoteStatuses, (s) => quoteStatusLabels[s])} onChange={(status) => update({ filters: { status } })} />
          <DateRangeFilters noun="Event" filters={params.filters} update={update} />
        </SearchAndFilters>
      </div>
      <PagedListWithDetail
        detailLabel="Quote request"
        onClose={close}
        placeholder="Choose a quote to see the request and reply with an offer."
        detail={openId ? <QuotePanel key={openId} id={openId} onChanged={list.reload} /> : null}
        table={{ caption: 'Quote requests', columns: quoteColumns(openId, open), loaded: list, openId, empty: 'No quotes match.', list: { params, update, sortBy } }}
      />
    </div>
  );
}
