import { formatMoney } from '../../../lib/money';
import type { Column } from '../shared/DataTable';
import { Badge } from '../shared/ui';

/** Columns the settings tables of switchable records (coupons, service areas) have in common. */

export const minimumOrderColumn = <T extends { minimumOrderCents: number | null }>(currency: string): Column<T> => ({
  key: 'minimum',
  header: 'Minimum order',
  cell: (r) => (r.minimumOrderCents ? formatMoney(r.minimumOrderCents, currency) : '—'),
});

/** Whether the record is switched on; `offLabel` is what a switched-off one is called. */
export const activeColumn = <T extends { active: boolean }>(offLabel: string): Column<T> => ({
  key: 'status',
  header: 'Status',
  cell: (r) => (r.active ? <Badge tone="good">Active</Badge> : <Badge>{offLabel}</Badge>),
});
