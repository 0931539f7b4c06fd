import { useState } from 'react';
import { formatMoney, formatPercentBps } from '../../../lib/money';
import type { ServiceAreaDto } from '../../../lib/settings/index.server';
import { businessState } from '../shared/business';
import { DataTable, type Column } from '../shared/DataTable';
import { buttonClass, Card, RowButton, secondaryButtonClass } from '../shared/ui';
import { AreaBuilder } from './AreaBuilder';
import { ServiceAreaForm } from './ServiceAreaForm';
import { activeColumn, minimumOrderColumn } from './record-columns';
import { useOpenRecord, withRecord } from './use-settings-form';

/** A rate not typed yet: the new area's tax box starts empty. */
const NO_RATE_YET = Number.NaN;

/**
 * A new area starts in the business's own state with the tax rate of the last area listed (areas
 * around one town mostly share a rate); the first area's rate is typed by the owner.
 */
function newArea(areas: readonly ServiceAreaDto[]): ServiceAreaDto {
  const last = areas.at(-1);
  return {
    id: '',
    slug: '',
    city: '',
    state: businessState(),
    county: '',
    zipCodes: [],
    deliveryFeeCents: 0,
    taxRateBps: last ? last.taxRateBps : NO_RATE_YET,
    minimumOrderCents: 0,
    active: true,
    bookings: 0,
  };
}

const activeFirst = (a: ServiceAreaDto, b: ServiceAreaDto) =>
  Number(b.active) - Number(a.active) || a.city.localeCompare(b.city);

function areaColumns(currency: string, edit: (a: ServiceAreaDto) => void): Column<ServiceAreaDto>[] {
  return [
    {
      key: 'city',
      header: 'City',
      rowHeader: true,
      cell: (a) => (
        <>
          {a.city}, {a.state}
          {a.county && <span className="block text-xs font-normal text-slate-600">{a.county} County</span>}
        </>
      ),
    },
    { key: 'zips', header: 'ZIP codes', className: 'max-w-64', cell: (a) => a.zipCodes.join(', ') },
    { key: 'fee', header: 'Delivery fee', cell: (a) => formatMoney(a.deliveryFeeCents, currency) },
    { key: 'tax', header: 'Sales tax', cell: (a) => formatPercentBps(a.taxRateBps) },
    minimumOrderColumn(currency),
    activeColumn('Inactive'),
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (a) => <RowButton label="Edit" name={a.city} onClick={() => edit(a)} />,
    },
  ];
}

/** The service areas tab: the areas with their ZIP codes and charges, and the form of the one being added or edited. */
export function ServiceAreas({
  areas,
  currency,
  onSaved,
  onApplied,
}: {
  areas: ServiceAreaDto[];
  currency: string;
  onSaved(areas: ServiceAreaDto[]): void;
  onApplied(): void;
}) {
  const { editing, edit, done } = useOpenRecord<ServiceAreaDto>();
  const [building, setBuilding] = useState(false);
  return (
    <div className="space-y-4">
      <Card
        title="Service areas"
        actions={
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={secondaryButtonClass}
              aria-expanded={building}
              onClick={() => setBuilding((b) => !b)}
            >
              Add towns by radius or ZIP list
            </button>
            <button type="button" className={buttonClass} onClick={() => edit(newArea(areas))}>
              Add service area
            </button>
          </div>
        }
      >
        <p className="mb-3 text-sm text-slate-700">
          Each ZIP code belongs to one area, which sets the delivery fee, sales tax and minimum order. Changes apply to
          prices at once and to the pages after the rebuild they request.
        </p>
        <DataTable
          caption="Service areas"
          columns={areaColumns(currency, edit)}
          rows={areas}
          rowKey={(a) => a.id}
          empty="No service areas yet."
        />
      </Card>
      {building && (
        <AreaBuilder
          onApplied={() => {
            setBuilding(false);
            onApplied();
          }}
        />
      )}
      {editing && (
        <ServiceAreaForm
          key={editing.id || 'new'}
          area={editing}
          onSaved={(area) => {
            done();
            onSaved(withRecord(areas, area, activeFirst));
          }}
          onCancel={() => edit(null)}
        />
      )}
    </div>
  );
}
