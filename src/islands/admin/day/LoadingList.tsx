import type { DayRun, LoadingLine } from '../../../lib/day';
import { DataTable, type Column } from '../shared/DataTable';
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

/** Every unit leaving the warehouse this day, and every unit coming back, by truck. */
export function LoadingList({ run }: { run: DayRun }) {
  return (
    <Card title="Loading list">
      <div className="space-y-4">
        <LoadingTable caption="Leaving the warehouse" lines={run.loading.out} />
        <LoadingTable caption="Coming back" lines={run.loading.back} />
      </div>
    </Card>
  );
}
