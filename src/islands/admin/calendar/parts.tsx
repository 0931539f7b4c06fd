import { useId } from 'react';
import { formatRatio, type InventorySummary, type UnitStatus, unitStatusLabels, type Utilisation } from '../../../lib/inventory';
import { formatMediumDate } from '../../../lib/time';
import { Badge } from '../shared/ui';
import { inputClass, labelClass } from '../../shared/form-classes';

/** Pieces the inventory screens share. */

const statusTone = { available: 'good', maintenance: 'warn', retired: 'neutral' } as const;

/** A unit's label, with its serial number under it when it has one. */
export function UnitName({ unit }: { unit: { label: string; serialNumber: string | null } }) {
  return (
    <>
      {unit.label}
      {unit.serialNumber && <div className="text-xs font-normal text-slate-700">S/N {unit.serialNumber}</div>}
    </>
  );
}

export function UnitStatusBadge({ status }: { status: UnitStatus }) {
  return <Badge tone={statusTone[status]}>{unitStatusLabels[status]}</Badge>;
}

export function UtilisationCell({ utilisation }: { utilisation: Utilisation }) {
  const percent = utilisation.ratio === null ? 0 : Math.round(utilisation.ratio * 100);
  return (
    <div className="min-w-28">
      <span className="font-semibold">{formatRatio(utilisation.ratio)}</span>
      <span className="ml-1 text-xs text-slate-700">
        ({utilisation.bookedDays} of {utilisation.availableDays} days)
      </span>
      <div aria-hidden="true" className="mt-1 h-1.5 w-full rounded bg-slate-200">
        <div className="h-1.5 rounded bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** From/to dates for the utilisation figures; empty means the last 90 days. */
export function PeriodPicker({ from, to, onChange }: { from: string; to: string; onChange(range: { from: string; to: string }): void }) {
  const id = useId();
  return (
    <fieldset className="flex flex-wrap items-end gap-2">
      <legend className={labelClass}>Utilisation period (empty: last 90 days)</legend>
      <div>
        <label htmlFor={`${id}-from`} className="block text-xs font-semibold text-slate-800">
          From
        </label>
        <input id={`${id}-from`} type="date" className={inputClass} value={from} onChange={(e) => onChange({ from: e.target.value, to })} />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className="block text-xs font-semibold text-slate-800">
          To
        </label>
        <input id={`${id}-to`} type="date" className={inputClass} value={to} onChange={(e) => onChange({ from, to: e.target.value })} />
      </div>
    </fieldset>
  );
}

/** Units by status and the combined utilisation (retired units left out). */
export function InventorySummaryCards({ summary }: { summary: InventorySummary }) {
  const items: [string, string][] = [
    ['Units', String(summary.units)],
    ['Available', String(summary.byStatus.available)],
    ['In maintenance', String(summary.byStatus.maintenance)],
    ['Retired', String(summary.byStatus.retired)],
    [`Utilisation ${formatMediumDate(summary.period.from)} – ${formatMediumDate(summary.period.to)}`, formatRatio(summary.utilisation.ratio)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white p-3">
          <dt className="text-xs font-semibold text-slate-700">{label}</dt>
          <dd className="text-xl font-bold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
