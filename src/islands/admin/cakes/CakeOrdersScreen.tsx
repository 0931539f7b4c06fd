import type { CakeOrderPage } from '../../../lib/cakes/index.server';
import { cakeStatuses, cakeStatusLabels } from '../../../lib/cakes';
import { formatMediumDate } from '../../../lib/time';
import { formatMoney } from '../../../lib/money';
import { adminApi } from '../../../lib/paths';
import { useAdminData } from '../shared/admin-api';
import { notedCell, type Column } from '../shared/DataTable';
import { DateRangeFilters, SearchAndFilters } from '../shared/filters';
import { PagedListWithDetail } from '../shared/ListWithDetail';
import { listSearch, useListParams } from '../shared/list';
import { openColumn, useOpenRecord } from '../shared/record-parts';
import { Badge, ScreenHeader, secondaryButtonClass } from '../shared/ui';
import { CakePanel, cakeTones } from './CakePanel';

type CakeRow = CakeOrderPage['items'][number];

const defaults = { q: '', page: 1, pageSize: 25, sort: 'neededOn', dir: 'asc' as const, filters: { status: '', from: '', to: '' } };

function cakeColumns(openId: string | null, open: (id: string) => void): Column<CakeRow>[] {
  return [
    openColumn({ key: 'number', header: 'Order' }, openId, open, (o) => o.number, (o) => o.product),
    { key: 'name', header: 'Customer', sort: 'server', cell: (o) => o.name },
    { key: 'neededOn', header: 'Needed on', sort: 'server', cell: notedCell((o) => formatMediumDate(o.neededOn), (o) => (o.fulfilment === 'pickup' ? 'Pickup' : `Delivery with ${o.bookingNumber}`)) },
    { key: 'stage', header: 'Stage', cell: (o) => <Badge tone={cakeTones[o.status]}>{cakeStatusLabels[o.status]}</Badge> },
    { key: 'price', header: 'Price', sort: 'server', className: 'tabular-nums', cell: (o) => formatMoney(o.priceCents) },
  ];
}

/** /admin/cake-orders: the cake pipeline from new to delivered, with counts per stage. */
export default function CakeOrdersScreen() {
  const { params, update, sortBy, search } = useListParams(defaults);
  const list = useAdminData<CakeOrderPage>(adminApi.cakeOrders.list(listSearch(params)));
  // A booking's cake links here with ?id=: open that order at once.
  const { openId, open, close } = useOpenRecord('id');
  const counts = list.data?.counts;
  const all = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : null;

  return (
    <div>
      <ScreenHeader title="Cake orders" description="From a new order to a delivered cake: move each order along as the kitchen works." />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        {/* On a phone the stage buttons fold with the dates (seven of them took a third of the first screen); on a wide one they head the row. */}
        <SearchAndFilters label="Search order, name, e-mail or booking" list={{ params, update, search }} folded={params.filters}>
          <div className="flex flex-wrap gap-2 sm:order-first sm:basis-full" role="group" aria-label="Pipeline stage">
            <button type="button" className={secondaryButtonClass} aria-pressed={params.filters.status === ''} onClick={() => update({ filters: { status: '' } })}>
              All{all !== null && ` (${all})`}
            </button>
            {cakeStatuses.map((s) => (
              <button key={s} type="button" className={secondaryButtonClass} aria-pressed={params.filters.status === s} onClick={() => update({ filters: { status: s } })}>
                {cakeStatusLabels[s]}
                {counts && ` (${counts[s]})`}
              </button>
            ))}
          </div>
          <DateRangeFilters noun="Needed" filters={params.filters} update={update} />
        </SearchAndFilters>
      </div>
      <PagedListWithDetail
        detailLabel="Cake order"
        onClose={close}
        placeholder="Choose an order to see the cake, the photo and move it along."
        // The stage counts are the list's: a change refreshes the list, the order shows what the API returned.
        detail={openId ? <CakePanel key={openId} id={openId} onChanged={list.reload} /> : null}
        table={{ caption: 'Cake orders', columns: cakeColumns(openId, open), loaded: list, openId, empty: 'No cake orders match.', list: { params, update, sortBy } }}
      />
    </div>
  );
}
