import { unitStatuses, unitStatusLabels, type InventoryList, type UnitDto } from '../../../lib/inventory';
import { adminApi, adminPaths } from '../../../lib/paths';
import { useAdminData } from '../shared/admin-api';
import type { Column } from '../shared/DataTable';
import { PagedTable } from '../shared/PagedTable';
import { filterOptions, FilterSelect } from '../shared/filters';
import { listSearch, SearchBox, useListParams } from '../shared/list';
import { Card, ScreenHeader } from '../shared/ui';
import { InventorySummaryCards, PeriodPicker, UnitName, UnitStatusBadge, UtilisationCell } from '../calendar/parts';
import { DamageReports } from './DamageReports';

const defaults = { q: '', page: 1, pageSize: 25, sort: 'product', dir: 'asc' as const, filters: { status: '', categoryId: '', from: '', to: '' } };

const columns: Column<UnitDto>[] = [
  {
    key: 'product',
    header: 'Product',
    sort: 'server',
    cell: (u) => (
      <>
        <a className="font-semibold text-brand-800 underline" href={adminPaths.productUnits(u.productId)}>
          {u.productName}
        </a>
        <div className="text-xs text-slate-700">{u.categoryName}</div>
      </>
    ),
  },
  {
    key: 'label',
    header: 'Unit',
    sort: 'server',
    rowHeader: true,
    cell: (u) => <UnitName unit={u} />,
  },
  { key: 'status', header: 'Status', sort: 'server', cell: (u) => <UnitStatusBadge status={u.status} /> },
  {
    key: 'notes',
    header: 'Maintenance notes',
    className: 'max-w-72 text-slate-800',
    cell: (u) => (
      <>
        <span className="whitespace-pre-line">{u.notes || '—'}</span>
        <DamageReports label={u.label} reports={u.damageReports} />
      </>
    ),
  },
  { key: 'utilisation', header: 'Utilisation', sort: 'server', cell: (u) => <UtilisationCell utilisation={u.utilisation} /> },
  { key: 'upcoming', header: 'Upcoming bookings', cell: (u) => u.upcomingBookings },
];

/** Every unit of the fleet: status, maintenance notes and how busy it was. */
export default function InventoryScreen() {
  const { params, update, sortBy, search } = useListParams(defaults);
  // Utilisation needs both ends of the period: wait until both are filled in.
  const { from, to } = params.filters;
  const periodReady = (from === '') === (to === '');
  const query = listSearch(periodReady ? params : { ...params, filters: { ...params.filters, from: '', to: '' } });
  const list = useAdminData<InventoryList>(adminApi.inventory.list(query));
  const data = list.data;

  return (
    <div className="space-y-4">
      <ScreenHeader title="Inventory" description="Every physical unit, its status, maintenance notes and utilisation (booked unit-days over rentable unit-days)." />
      {data && <InventorySummaryCards summary={data.summary} />}
      <Card>
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <SearchBox label="Search units, products, serial numbers or notes" {...search} />
          <FilterSelect label="Status" value={params.filters.status ?? ''} onChange={(status) => update({ filters: { status } })} options={filterOptions('Any status', unitStatuses, (s) => unitStatusLabels[s])} />
          <FilterSelect
            label="Category"
            value={params.filters.categoryId ?? ''}
            onChange={(categoryId) => update({ filters: { categoryId } })}
            options={[{ value: '', label: 'All categories' }, ...(data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))]}
          />
          <PeriodPicker from={from ?? ''} to={to ?? ''} onChange={(range) => update({ filters: range })} />
        </div>
        <PagedTable
          caption="Units"
          columns={columns}
          loaded={list}
          empty="No units match these filters."
          list={{ params, update, sortBy }}
        />
      </Card>
    </div>
  );
}
