import type { ReactNode } from 'react';
import type { DashboardBooking } from '../../../lib/dashboard/index.server';
import { adminPaths } from '../../../lib/paths';
import { DataTable, type Column } from '../shared/DataTable';
import { Badge } from '../shared/ui';

const goodStatuses = ['confirmed', 'delivered', 'completed'];

/** One of the dashboard's booking lists: when (each list says it its own way), who, where and the status. */
export function BookingTable({ rows, caption, when, extra }: { rows: DashboardBooking[]; caption: string; when(b: DashboardBooking): string; extra?: ((b: DashboardBooking) => ReactNode) | undefined }) {
  const columns: Column<DashboardBooking>[] = [
    { key: 'when', header: 'When', cell: when },
    { key: 'number', header: 'Booking', rowHeader: true, cell: (b) => b.number },
    {
      key: 'customer',
      header: 'Customer',
      cell: (b) => (
        <>
          {b.customerName}
          <br />
          <a className="text-slate-700 underline" href={`tel:${b.customerPhone}`}>
            {b.customerPhone}
          </a>
        </>
      ),
    },
    {
      key: 'where',
      header: 'Where and what',
      cell: (b) => (
        <>
          {b.address}
          <br />
          <span className="text-slate-700">{b.items}</span>
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (b) => (
        <>
          <Badge tone={goodStatuses.includes(b.status) ? 'good' : 'warn'}>{b.statusLabel}</Badge>
          {extra?.(b)}
        </>
      ),
    },
  ];
  return <DataTable caption={caption} columns={columns} rows={rows} rowKey={(b) => b.id} rowHref={(b) => adminPaths.booking(b.id)} empty={null} />;
}
