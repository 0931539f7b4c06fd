import { useState } from 'react';
import type { CouponInput } from '../../../lib/pricing/index.server';
import type { CouponDto } from '../../../lib/settings/index.server';
import { formatMoney } from '../../../lib/money';
import { adminApi } from '../../../lib/paths';
import { formatMediumDate } from '../../../lib/time';
import { Checkbox, TextField } from '../../shared/form-kit';
import { adminMutate } from '../shared/admin-api';
import { DataTable, type Column } from '../shared/DataTable';
import { buttonClass, Card, RowButton } from '../shared/ui';
import { CouponForm } from './CouponForm';
import { activeColumn, minimumOrderColumn } from './record-columns';
import { useOpenRecord, withRecord } from './use-settings-form';

const emptyCoupon: CouponDto = {
  id: '',
  code: '',
  description: '',
  kind: 'percent',
  percentOff: 10,
  amountOffCents: null,
  startsOn: null,
  endsOn: null,
  usageLimit: null,
  minimumOrderCents: 0,
  active: true,
  timesUsed: 0,
  createdAt: '',
};
const couponBody = (c: CouponDto): CouponInput => ({
  code: c.code,
  description: c.description,
  kind: c.kind,
  percentOff: c.percentOff,
  amountOffCents: c.amountOffCents,
  startsOn: c.startsOn,
  endsOn: c.endsOn,
  usageLimit: c.usageLimit,
  minimumOrderCents: c.minimumOrderCents,
  active: c.active,
});

const statusFirst = (a: CouponDto, b: CouponDto) => Number(b.active) - Number(a.active) || a.code.localeCompare(b.code);
const valid = (c: CouponDto) =>
  c.startsOn || c.endsOn
    ? `${c.startsOn ? formatMediumDate(c.startsOn) : 'now'} – ${c.endsOn ? formatMediumDate(c.endsOn) : 'no end'}`
    : 'Always';

function couponColumns(
  currency: string,
  edit: (c: CouponDto) => void,
  toggle: (c: CouponDto) => void,
): Column<CouponDto>[] {
  return [
    {
      key: 'code',
      header: 'Code',
      rowHeader: true,
      className: 'font-mono',
      cell: (c) => (
        <>
          {c.code}
          {c.description && <span className="block font-sans text-xs font-normal text-slate-700">{c.description}</span>}
        </>
      ),
    },
    {
      key: 'discount',
      header: 'Discount',
      cell: (c) =>
        c.kind === 'percent' ? `${c.percentOff} % off` : `${formatMoney(c.amountOffCents ?? 0, currency)} off`,
    },
    { key: 'valid', header: 'Valid', cell: valid },
    { key: 'used', header: 'Used', cell: (c) => (c.usageLimit ? `${c.timesUsed} of ${c.usageLimit}` : c.timesUsed) },
    minimumOrderColumn(currency),
    activeColumn('Deactivated'),
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'whitespace-nowrap',
      cell: (c) => (
        <>
          <RowButton label="Edit" name={c.code} onClick={() => edit(c)} />{' '}
          <RowButton label={c.active ? 'Deactivate' : 'Activate'} name={c.code} onClick={() => toggle(c)} />
        </>
      ),
    },
  ];
}

/** The coupons tab: the coupons (searchable, switched on and off in place) and the form of the one being added or edited. */
export function Coupons({
  coupons,
  currency,
  onSaved,
}: {
  coupons: CouponDto[];
  currency: string;
  onSaved(coupons: CouponDto[]): void;
}) {
  const { editing, edit, done } = useOpenRecord<CouponDto>();
  const [q, setQ] = useState('');
  const [showInactive, setShowInactive] = useState(true);
  const shown = coupons.filter(
    (c) =>
      (showInactive || c.active) &&
      (c.code.includes(q.trim().toUpperCase()) || c.description.toLowerCase().includes(q.trim().toLowerCase())),
  );
  const keep = (coupon: CouponDto) => onSaved(withRecord(coupons, coupon, statusFirst));
  const toggle = async (c: CouponDto) => {
    const result = await adminMutate<CouponDto>(
      adminApi.settings.coupons.one(c.id),
      'PUT',
      { ...couponBody(c), active: !c.active },
      c.active ? `${c.code} deactivated.` : `${c.code} is active again.`,
    );
    if (result.ok) keep(result.data);
  };
  return (
    <div className="space-y-4">
      <Card
        title="Coupons"
        actions={
          <button type="button" className={buttonClass} onClick={() => edit(emptyCoupon)}>
            Add coupon
          </button>
        }
      >
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <TextField
            label="Search coupons"
            type="search"
            required={false}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className="min-w-56 flex-1"
          />
          <Checkbox
            label="Show deactivated coupons"
            checked={showInactive}
            onChange={(e) => setShowInactive(e.target.checked)}
          />
        </div>
        <DataTable
          caption="Coupons"
          columns={couponColumns(currency, edit, (c) => void toggle(c))}
          rows={shown}
          rowKey={(c) => c.id}
          empty="No coupon matches."
        />
      </Card>
      {editing && (
        <CouponForm
          key={editing.id || 'new'}
          coupon={editing}
          onSaved={(coupon) => {
            done();
            keep(coupon);
          }}
          onCancel={() => edit(null)}
        />
      )}
    </div>
  );
}
