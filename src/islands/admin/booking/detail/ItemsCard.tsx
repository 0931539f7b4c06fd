import { useId, useState, type FormEvent } from 'react';
import { formatMoney } from '../../../../lib/money';
import { adminApi } from '../../../../lib/paths';
import { inputClass } from '../../../shared/form-classes';
import { adminMutate } from '../../shared/admin-api';
import { DataTable, type Column } from '../../shared/DataTable';
import { Badge, Card, secondaryButtonClass } from '../../shared/ui';
import type { CardProps } from './card-props';
import type { AdminBooking, AdminUnit } from '../../../../lib/staff-bookings/index.server';

type Item = AdminBooking['items'][number];

/** What was booked, and the physical units on the truck; a manager may move an item to another free unit. */
export function ItemsCard({ booking, reload, canMove }: CardProps & { canMove: boolean }) {
  const columns: Column<Item>[] = [
    { key: 'item', header: 'Item', rowHeader: true, cell: (item) => item.name },
    { key: 'quantity', header: 'Qty', cell: (item) => item.quantity },
    { key: 'total', header: 'Line total', className: 'tabular-nums', cell: (item) => formatMoney(item.lineTotalCents) },
    {
      key: 'units',
      header: 'Units',
      cell: (item) =>
        item.units.length === 0 ? (
          <span className="text-slate-700">No physical unit</span>
        ) : (
          <ul className="space-y-2">
            {item.units.map((unit) => (
              <li key={unit.allocationId}>
                <UnitRow unit={unit} itemName={item.name} bookingId={booking.id} reload={reload} canMove={canMove} />
              </li>
            ))}
          </ul>
        ),
    },
  ];
  return (
    <Card title="Items and units">
      <DataTable caption="Items and units" columns={columns} rows={booking.items} rowKey={(item) => item.id} empty="Nothing booked." />
    </Card>
  );
}

function UnitRow({ unit, itemName, bookingId, reload, canMove }: { unit: AdminUnit; itemName: string; bookingId: string; reload(): void; canMove: boolean }) {
  const selectId = useId();
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);
  const free = unit.alternatives.filter((a) => a.free);
  const move = async (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    setBusy(true);
    const label = unit.alternatives.find((a) => a.unitId === target)?.label ?? 'the new unit';
    const result = await adminMutate(adminApi.bookings.one(bookingId, 'units'), 'POST', { allocationId: unit.allocationId, unitId: target }, `${unit.productName} moved to unit ${label}.`);
    setBusy(false);
    if (result.ok) {
      setTarget('');
      reload();
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="font-mono font-semibold" data-testid="unit-label">
        {unit.label}
      </span>
      {unit.productName !== itemName && <span className="text-slate-700">({unit.productName})</span>}
      {unit.released && <Badge>released</Badge>}
      {canMove && !unit.released && unit.alternatives.length > 0 && (
        <form className="flex flex-wrap items-center gap-2" onSubmit={move}>
          <label htmlFor={selectId} className="sr-only">
            Move {unit.productName} {unit.label} to another unit
          </label>
          <select id={selectId} className={`${inputClass} w-auto`} value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">{free.length ? 'Move to unit…' : 'No free unit'}</option>
            {unit.alternatives.map((a) => (
              <option key={a.unitId} value={a.unitId} disabled={!a.free}>
                {a.label}
                {a.free ? '' : a.status === 'available' ? ' (booked)' : ` (${a.status})`}
              </option>
            ))}
          </select>
          <button type="submit" className={secondaryButtonClass} disabled={!target || busy}>
            Move<span className="sr-only"> {unit.productName} {unit.label}</span>
          </button>
        </form>
      )}
    </div>
  );
}
