import { useEffect, useState } from 'react';
import type { ProductInventory, UnitDto } from '../../../lib/inventory';
import { formatMoney } from '../../../lib/money';
import { adminApi, adminPaths } from '../../../lib/paths';
import { formatMediumDate } from '../../../lib/time';
import { DataTable, type Column } from '../shared/DataTable';
import { useRecord } from '../shared/record-editor';
import { useStaff } from '../shared/staff';
import { Card, LoadState, ScreenHeader } from '../shared/ui';
import { InventorySummaryCards, PeriodPicker, UnitName, UnitStatusBadge, UtilisationCell } from '../calendar/parts';
import { AddUnitForm, NotesEditor } from './UnitForms';
import { DeleteUnit, StatusControl } from './UnitControls';

/** The product's units page is one static page for every product: the id comes from the address. */
function productIdFromPath(): string | null {
  const id = location.pathname.split('/')[3] ?? '';
  return /^[0-9a-f-]{36}$/i.test(id) && location.pathname.replace(/\/$/, '') === adminPaths.productUnits(id) ? id : null;
}

function unitColumns(manager: boolean, changed: () => void, saved: (unit: UnitDto) => void): Column<UnitDto>[] {
  const columns: Column<UnitDto>[] = [
    {
      key: 'label',
      header: 'Unit',
      rowHeader: true,
      cell: (u) => <UnitName unit={u} />,
    },
    { key: 'status', header: 'Status', cell: (u) => (manager ? <StatusControl unit={u} onChanged={changed} /> : <UnitStatusBadge status={u.status} />) },
    { key: 'notes', header: 'Maintenance notes', cell: (u) => <NotesEditor key={u.notes} unit={u} onSaved={saved} /> },
    { key: 'utilisation', header: 'Utilisation', cell: (u) => <UtilisationCell utilisation={u.utilisation} /> },
    { key: 'upcoming', header: 'Upcoming bookings', cell: (u) => u.upcomingBookings },
    {
      key: 'purchased',
      header: 'Purchased',
      className: 'text-slate-800',
      cell: (u) => (
        <>
          {u.purchasedOn ? formatMediumDate(u.purchasedOn) : '—'}
          {u.purchaseCostCents !== null && <div className="text-xs">{formatMoney(u.purchaseCostCents)}</div>}
        </>
      ),
    },
  ];
  if (manager) columns.push({ key: 'actions', header: <span className="sr-only">Actions</span>, cell: (u) => <DeleteUnit unit={u} onDeleted={changed} /> });
  return columns;
}

/**
 * The units of one product: add (managers), status (managers), notes (crew too), utilisation. Saved
 * notes keep the unit the API answers with; a unit added, deleted or put out of service changes the
 * product's counts and utilisation, which only the server works out, so those reload the product.
 */
export default function ProductInventoryScreen() {
  // Read after hydration: the prebuilt HTML cannot know the id (undefined = not read yet).
  const [productId, setProductId] = useState<string | null | undefined>(undefined);
  useEffect(() => setProductId(productIdFromPath()), []);
  const [period, setPeriod] = useState({ from: '', to: '' });
  const { can } = useStaff();
  const ready = (period.from === '') === (period.to === '');
  const url = productId ? adminApi.inventory.product(productId, ready && period.from ? new URLSearchParams(period).toString() : undefined) : null;
  const { record: inventory, error, loading, setRecord, reload } = useRecord<ProductInventory, ProductInventory>(url, (d) => d);
  if (productId === undefined) return <LoadState loading error={null} />;
  if (productId === null) {
    return (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-semibold text-red-900">
        This address does not name a product. Open a product from the{' '}
        <a href={adminPaths.inventory} className="underline">
          inventory
        </a>
        .
      </p>
    );
  }
  const manager = can('manager');
  const savedUnit = (unit: UnitDto) => inventory && setRecord({ ...inventory, units: inventory.units.map((u) => (u.id === unit.id ? unit : u)) });

  return (
    <div className="space-y-4">
      <ScreenHeader
        title={inventory ? `${inventory.product.name}: units` : 'Product units'}
        description={
          <>
            {inventory?.product.categoryName && `${inventory.product.categoryName}. `}
            <a href={adminPaths.inventory} className="font-semibold text-brand-800 underline">
              All inventory
            </a>
          </>
        }
      />
      <LoadState loading={loading} error={error}>
        {inventory && (
          <>
            <InventorySummaryCards summary={inventory.summary} />
            {inventory.product.isPackage && <p className="text-sm text-slate-800">A package has no units of its own: it books units of the products inside it.</p>}
            {!inventory.product.tracksInventory && <p className="text-sm text-slate-800">This product is made to order; it has no units to track.</p>}
            {manager && inventory.product.tracksInventory && !inventory.product.isPackage && <AddUnitForm productId={productId} onAdded={reload} />}
            <Card title="Units" actions={<PeriodPicker from={period.from} to={period.to} onChange={setPeriod} />}>
              <DataTable
                caption={`Units of ${inventory.product.name}`}
                columns={unitColumns(manager, reload, savedUnit)}
                rows={inventory.units}
                rowKey={(u) => u.id}
                empty="No units yet."
              />
            </Card>
          </>
        )}
      </LoadState>
    </div>
  );
}
