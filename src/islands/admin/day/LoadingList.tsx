import { gearTotal, type DayRun, type GearLine, type LoadingLine } from '../../../lib/day';
import { DataTable, TotalsRow, type Column } from '../shared/DataTable';
import { Card } from '../shared/ui';

const columns: Column<LoadingLine>[] = [
  { key: 'unit', header: 'Unit', className: 'font-mono font-semibold', sort: (l) => l.label, cell: (l) => l.label },
  { key: 'product', header: 'Product', sort: (l) => l.productName, cell: (l) => l.productName },
  { key: 'booking', header: 'Booking', sort: (l) => l.bookingNumber, cell: (l) => l.bookingNumber },
  { key: 'truck', header: 'Truck', sort: (l) => l.truckName, cell: (l) => l.truckName },
];

function LoadingTable({ caption, lines }: { caption: string; lines: LoadingLine[] }) {
  if (lines.length === 0) return <p className="text-sm text-slate-700">{caption}: none.</p>;
  return (
    <div>
      <h3 className="py-1 text-sm font-semibold text-slate-900">{caption}</h3>
      <DataTable caption={caption} columns={columns} rows={lines} rowKey={(l) => `${l.label}-${l.bookingNumber}`} empty={`${caption}: none.`} />
    </div>
  );
}

const gearColumns: Column<GearLine>[] = [
  { key: 'truck', header: 'Truck', cell: (l) => l.truckName },
  { key: 'sandbags', header: 'Sandbags', numeric: true, cell: (l) => l.sandbags },
  { key: 'stakes', header: 'Stakes', numeric: true, cell: (l) => l.stakes },
  { key: 'cords', header: 'Extension cords', numeric: true, cell: (l) => l.cords },
  { key: 'generators', header: 'Generators', numeric: true, cell: (l) => l.generators },
];

/** The gear the setups take (issue #38), by truck, with the day's total when more than one truck carries some. */
function GearTable({ caption, lines }: { caption: string; lines: GearLine[] }) {
  if (lines.length === 0) return <p className="text-sm text-slate-700">{caption}: none.</p>;
  const foot = lines.length > 1 ? <TotalsRow columns={gearColumns} row={{ truckName: 'All trucks', ...gearTotal(lines) }} /> : undefined;
  return (
    <div>
      <h3 className="py-1 text-sm font-semibold text-slate-900">{caption}</h3>
      <DataTable caption={caption} columns={gearColumns} rows={lines} rowKey={(l) => l.truckName} empty={`${caption}: none.`} foot={foot} />
    </div>
  );
}

/** Every unit leaving the warehouse this day, and every unit coming back, by truck; the gear to count with them. */
export function LoadingList({ run }: { run: DayRun }) {
  return (
    <Card title="Loading list">
      <div className="space-y-4">
        <LoadingTable caption="Leaving the warehouse" lines={run.loading.out} />
        <GearTable caption="Gear to load" lines={run.loading.gear.out} />
        <LoadingTable caption="Coming back" lines={run.loading.back} />
        <GearTable caption="Gear coming back" lines={run.loading.gear.back} />
      </div>
    </Card>
  );
}
