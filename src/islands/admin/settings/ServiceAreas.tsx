import { useForm } from 'react-hook-form';
import { centsToDollarsInput } from '../../../lib/money/money';
import { parseZipList, serviceAreaBody } from '../../../lib/settings/settings-admin';
import type { ServiceAreaDto } from '../../../lib/settings/settings-admin.server';
import type { z } from '../../../lib/validation/zod';
import { formatMoney } from '../../../lib/money';
import { Checkbox, TextArea, TextField } from '../../shared/form-kit';
import { apiResolver, textReader } from '../shared/admin-form';
import { businessState } from '../shared/business';
import { slugify } from '../shared/slug';
import { Badge, buttonClass, Card, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';
import { useState } from 'react';
import { AreaBuilder } from './AreaBuilder';
import { RecordFormCard } from './SettingsCards';
import { useRecordEditor, useSettingsForm } from './use-settings-form';

/** A rate not typed yet: the new area's tax box starts empty. */
const NO_RATE_YET = Number.NaN;

/**
 * A new area starts in the business's own state with the tax rate of the last area listed (areas
 * around one town mostly share a rate); the first area's rate is typed by the owner.
 */
function newArea(areas: readonly ServiceAreaDto[]): ServiceAreaDto {
  const last = areas.at(-1);
  return { id: '', slug: '', city: '', state: businessState(), county: '', zipCodes: [], deliveryFeeCents: 0, taxRateBps: last ? last.taxRateBps : NO_RATE_YET, minimumOrderCents: 0, active: true, bookings: 0 };
}

/** The service areas tab: the areas with their ZIP codes and charges, and the form of the one being added or edited. */
export function ServiceAreas({ areas, currency, onChange }: { areas: ServiceAreaDto[]; currency: string; onChange(): void }) {
  const { editing, edit, done } = useRecordEditor<ServiceAreaDto>(onChange);
  const [building, setBuilding] = useState(false);
  return (
    <div className="space-y-4">
      <Card
        title="Service areas"
        actions={
          <div className="flex flex-wrap gap-2">
            <button type="button" className={secondaryButtonClass} aria-expanded={building} onClick={() => setBuilding((b) => !b)}>
              Add towns by radius or ZIP list
            </button>
            <button type="button" className={buttonClass} onClick={() => edit(newArea(areas))}>
              Add service area
            </button>
          </div>
        }
      >
        <p className="mb-3 text-sm text-slate-700">Each ZIP code belongs to one area, which sets the delivery fee, sales tax and minimum order. Changes apply to prices at once and to the pages after the rebuild they request.</p>
        <div className="relative overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">Service areas</caption>
            <thead>
              <tr>
                {['City', 'ZIP codes', 'Delivery fee', 'Sales tax', 'Minimum order', 'Status'].map((h) => (
                  <th key={h} scope="col" className={thClass}>
                    {h}
                  </th>
                ))}
                <th scope="col" className={thClass}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {areas.map((a) => (
                <tr key={a.id}>
                  <th scope="row" className={`${tdClass} font-semibold`}>
                    {a.city}, {a.state}
                    {a.county && <span className="block text-xs font-normal text-slate-600">{a.county} County</span>}
                  </th>
                  <td className={`${tdClass} max-w-64`}>{a.zipCodes.join(', ')}</td>
                  <td className={tdClass}>{formatMoney(a.deliveryFeeCents, currency)}</td>
                  <td className={tdClass}>{(a.taxRateBps / 100).toFixed(2)} %</td>
                  <td className={tdClass}>{a.minimumOrderCents ? formatMoney(a.minimumOrderCents, currency) : '—'}</td>
                  <td className={tdClass}>{a.active ? <Badge tone="good">Active</Badge> : <Badge>Inactive</Badge>}</td>
                  <td className={tdClass}>
                    <button type="button" className={secondaryButtonClass} onClick={() => edit(a)}>
                      Edit<span className="sr-only"> {a.city}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      {building && (
        <AreaBuilder
          onApplied={() => {
            setBuilding(false);
            onChange();
          }}
        />
      )}
      {editing && (
        <ServiceAreaForm
          key={editing.id || 'new'}
          area={editing}
          onDone={done}
          onCancel={() => edit(null)}
        />
      )}
    </div>
  );
}

interface AreaForm {
  slug: string;
  city: string;
  state: string;
  county: string;
  zipCodes: string;
  deliveryFeeCents: string;
  taxRateBps: string;
  minimumOrderCents: string;
  active: boolean;
}
const areaResolver = apiResolver(serviceAreaBody, (v: AreaForm, problems) => {
  const read = textReader(problems);
  const taxPercent = read.number('taxRateBps', v.taxRateBps);
  return {
    slug: v.slug || slugify(v.city),
    city: v.city,
    state: v.state.toUpperCase(),
    county: v.county,
    zipCodes: parseZipList(v.zipCodes),
    deliveryFeeCents: read.dollars('deliveryFeeCents', v.deliveryFeeCents),
    // Staff type percent ('8.25'); the API keeps basis points.
    taxRateBps: Math.round(taxPercent * 100),
    minimumOrderCents: read.dollars('minimumOrderCents', v.minimumOrderCents),
    active: v.active,
  };
});

function ServiceAreaForm({ area, onDone, onCancel }: { area: ServiceAreaDto; onDone(): void; onCancel(): void }) {
  const defaults: AreaForm = {
    slug: area.slug,
    city: area.city,
    state: area.state,
    county: area.county,
    zipCodes: area.zipCodes.join(', '),
    deliveryFeeCents: centsToDollarsInput(area.deliveryFeeCents),
    taxRateBps: Number.isNaN(area.taxRateBps) ? '' : (area.taxRateBps / 100).toString(),
    minimumOrderCents: centsToDollarsInput(area.minimumOrderCents),
    active: area.active,
  };
  const form = useForm<AreaForm, unknown, z.output<typeof serviceAreaBody>>({ resolver: areaResolver, defaultValues: defaults });
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;
  const { save, problem } = useSettingsForm(form, defaults);
  const submit = handleSubmit(async (body) => {
    const saved = area.id
      ? await save(`/api/admin/settings/service-areas/${area.id}`, 'PUT', body, `${body.city} saved.`)
      : await save('/api/admin/settings/service-areas', 'POST', body, `${body.city} added.`);
    if (saved) onDone();
  });
  const zipError = errors.zipCodes?.message ?? errors.zipCodes?.root?.message ?? (Array.isArray(errors.zipCodes) ? errors.zipCodes.find(Boolean)?.message : undefined);
  return (
    <RecordFormCard
      title={area.id ? `Edit ${area.city}` : 'New service area'}
      onSubmit={(e) => void submit(e)}
      problem={problem}
      notSaved="The service area was not saved"
      submitLabel={area.id ? 'Save service area' : 'Add service area'}
      busy={formState.isSubmitting}
      onCancel={onCancel}
    >
      <TextField {...register('city')} label="City" error={errors.city?.message} />
      <TextField {...register('state')} label="State" maxLength={2} error={errors.state?.message} />
      <TextField {...register('county')} label="County" optional hint="Shown on the town's pages, e.g. Franklin." error={errors.county?.message} />
      <TextField {...register('slug')} label="Slug (used in page addresses)" optional={!area.id} hint={area.id ? undefined : 'Leave empty to make one from the city.'} error={errors.slug?.message} />
      <TextArea {...register('zipCodes')} label="ZIP codes" rows={3} hint="Separated by commas or spaces." error={zipError} />
      <TextField {...register('deliveryFeeCents')} label="Delivery fee ($)" inputMode="decimal" error={errors.deliveryFeeCents?.message} />
      <TextField {...register('taxRateBps')} label="Sales tax (%)" inputMode="decimal" error={errors.taxRateBps?.message} />
      <TextField {...register('minimumOrderCents')} label="Minimum order ($)" inputMode="decimal" error={errors.minimumOrderCents?.message} />
      <Checkbox {...register('active')} label="Active (we deliver here)" className="self-end" />
    </RecordFormCard>
  );
}
