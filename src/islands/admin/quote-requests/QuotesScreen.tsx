import { useCallback } from 'react';
import { quoteStatuses, quoteStatusLabels } from '../../../lib/quote-requests';
import type { QuoteListItem } from '../../../lib/quote-requests/index.server';
import type { Page } from '../../../lib/lists';
import { formatShortDate } from '../../../lib/time';
import { formatMoney } from '../../../lib/money';
import { adminApi } from '../../../lib/paths';
import { useAdminData } from '../shared/admin-api';
import { staffTimestamp } from '../shared/business';
import { CellNote, type Column } from '../shared/DataTable';
import { PagedTable } from '../shared/PagedTable';
import { DateFilter, filterOptions, FilterSelect } from '../shared/filters';
import { ListWithDetail } from '../shared/ListWithDetail';
import { listSearch, SearchBox, useListParams } from '../shared/list';
import { OpenButton, useOpenRecord } from '../shared/record-parts';
import { Badge, Card, ScreenHeader } from '../shared/ui';
import { QuotePanel, quoteTones } from './QuotePanel';

const defaults = { q: '', page: 1, pageSize: 25, sort: 'created', dir: 'desc' as const, filters: { status: '', from: '', to: '' } };

function quoteColumns(openId: string | null, open: (id: string) => void): Column<QuoteListItem>[] {
  return [
    {
      key: 'number',
      header: 'Quote',
      sort: 'server',
      rowHeader: true,
      cell: (q) => (
        <OpenButton open={q.id === openId} onOpen={() => open(q.id)}>
          {q.number}
        </OpenButton>
      ),
    },
    {
      key: 'name',
      header: 'Customer',
      sort: 'server',
      cell: (q) => (
        <>
          {q.name}
          <CellNote>{q.email}</CellNote>
        </>
      ),
    },
    {
      key: 'eventDate',
      header: 'Event',
      sort: 'server',
      cell: (q) => (
        <>
          {formatShortDate(q.eventDate)}
          <CellNote>ZIP {q.zip}</CellNote>
          {q.outsideServiceArea && <Badge tone="warn">Outside service area</Badge>}
        </>
      ),
    },
    { key: 'status', header: 'Status', sort: 'server', cell: (q) => <Badge tone={quoteTones[q.status]}>{quoteStatusLabels[q.status]}</Badge> },
    { key: 'offerTotal', header: 'Offer', sort: 'server', cell: (q) => (q.offerTotalCents === null ? '—' : formatMoney(q.offerTotalCents)) },
    { key: 'created', header: 'Received', sort: 'server', cell: (q) => staffTimestamp(q.createdAt) },
  ];
}

/** /admin/quotes: quote requests, answered with an offer priced by the booking engine, then booked. */
export default function QuotesScreen() {
  const { params, update, sortBy } = useListParams(defaults);
  const list = useAdminData<Page<QuoteListItem>>(adminApi.quotes.list(listSearch(params)));
  const { openId, open, close } = useOpenRecord('quote');
  const onSearch = useCallback((q: string) => update({ q }), [update]);

  return (
    <div>
      <ScreenHeader title="Quotes" description="Quote requests from the website: reply with a priced offer, then book it." />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SearchBox label="Search number, name or e-mail" value={params.q} onSearch={onSearch} />
        <FilterSelect label="Status" value={params.filters.status!} options={filterOptions('All statuses', quoteStatuses, (s) => quoteStatusLabels[s])} onChange={(status) => update({ filters: { status } })} />
        <DateFilter label="Event from" value={params.filters.from!} onChange={(from) => update({ filters: { from } })} />
        <DateFilter label="Event to" value={params.filters.to!} onChange={(to) => update({ filters: { to } })} />
      </div>
      <ListWithDetail
        detailLabel="Quote request"
        onClose={close}
        placeholder="Choose a quote to see the request and reply with an offer."
        detail={openId ? <QuotePanel key={openId} id={openId} onChanged={list.reload} /> : null}
        list={
          <Card>
            <PagedTable
              caption="Quote requests"
              columns={quoteColumns(openId, open)}
              loaded={list}
              openId={openId}
              empty="No quotes match."
              list={{ params, update, sortBy }}
            />
          </Card>
        }
      />
    </div>
  );
}
