import { unitStatuses, unitStatusLabels, type InventoryList } from '../../../lib/inventory/inventory';
import { DamageReports } from './DamageReports';
import { useAdminData } from '../shared/admin-api';
import { listSearch, Pagination, SearchBox, SortHeader, useListParams } from '../shared/list';
import { filterOptions, FilterSelect } from '../shared/filters';
import { Card, LoadState, ScreenHeader, tableClass, tdClass, thClass } from '../shared/ui';
import { InventorySummaryCards, PeriodPicker, UnitStatusBadge, UtilisationCell } from '../calendar/parts';
import { adminPaths } from '../../../lib/paths/pages';

const defaults = { q: '', page: 1, pageSize: 25, sort: 'product', dir: 'asc' as const, filters: { status: '', categoryId: '', from: '', to: '' } };

/** Every unit of the fleet: status, maintenance notes and how busy it was. */
export default function InventoryScreen() {
  const { params, update, sortBy } = useListParams(defaults);
  // Utilisation needs both ends of the period: wait until both are filled in.
  const { from, to } = params.filters;
  const periodReady = (from === '') === (to === '');
  const query = listSearch(periodReady ? params : { ...params, filters: { ...params.filters, from: '', to: '' } });
  const list = useAdminData<InventoryList>(`/api/admin/inventory?${query}`);
  const data = list.data;

  return (
    <div className="space-y-4">
      <ScreenHeader title="Inventory" description="Every physical unit, its status, maintenance notes and utilisation (booked unit-days over rentable unit-days)." />
      {data && <InventorySummaryCards summary={data.summary} />}
      <Card>
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <SearchBox label="Search units, products, serial numbers or notes" value={params.q} onSearch={(q) => update({ q })} />
          <FilterSelect label="Status" value={params.filters.status ?? ''} onChange={(status) => update({ filters: { status } })} options={filterOptions('Any status', unitStatuses, (s) => unitStatusLabels[s])} />
          <FilterSelect
            label="Category"
            value={params.filters.categoryId ?? ''}
            onChange={(categoryId) => update({ filters: { categoryId } })}
            options={[{ value: '', label: 'All categories' }, ...(data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))]}
          />
          <PeriodPicker from={from ?? ''} to={to ?? ''} onChange={(range) => update({ filters: range })} />
        </div>
        <LoadState loading={list.loading} error={list.error} empty={data && data.total === 0 ? 'No units match these filters.' : undefined}>
          {data && (
            <>
              <div className="relative overflow-x-auto">
                <table className={tableClass}>
                  <caption className="sr-only">Units, sorted by {params.sort}</caption>
                  <thead>
                    <tr>
                      <SortHeader column="product" label="Product" params={params} onSort={sortBy} />
                      <SortHeader column="label" label="Unit" params={params} onSort={sortBy} />
                      <SortHeader column="status" label="Status" params={params} onSort={sortBy} />
                      <th scope="col" className={thClass}>
                        Maintenance notes
                      </th>
                      <SortHeader column="utilisation" label="Utilisation" params={params} onSort={sortBy} />
                      <th scope="col" className={thClass}>
                        Upcoming bookings
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((u) => (
                      <tr key={u.id}>
                        <td className={tdClass}>
                          <a className="font-semibold text-brand-800 underline" href={adminPaths.productUnits(u.productId)}>
                            {u.productName}
                          </a>
                          <div className="text-xs text-slate-700">{u.categoryName}</div>
                        </td>
                        <th scope="row" className={`${tdClass} font-semibold`}>
                          {u.label}
                          {u.serialNumber && <div className="text-xs font-normal text-slate-700">S/N {u.serialNumber}</div>}
                        </th>
                        <td className={tdClass}>
                          <UnitStatusBadge status={u.status} />
                        </td>
                        <td className={`${tdClass} max-w-72 text-slate-800`}>
                          <span className="whitespace-pre-line">{u.notes || '—'}</span>
                          <DamageReports label={u.label} reports={u.damageReports} />
                        </td>
                        <td className={tdClass}>
                          <UtilisationCell utilisation={u.utilisation} />
                        </td>
                        <td className={tdClass}>{u.upcomingBookings}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={(page) => update({ page })} />
            </>
          )}
        </LoadState>
      </Card>
    </div>
  );
}
