import { useForm } from 'react-hook-form';
import { bpsToPercentInput, centsToDollarsInput, percentToHundredths } from '../../../lib/money';
import { parseZipList, serviceAreaBody } from '../../../lib/settings';
import type { ServiceAreaDto } from '../../../lib/settings/index.server';
import type { z } from '../../../lib/validation';
import { Checkbox, TextArea, TextField } from '../../shared/form-kit';
import { apiResolver } from '../shared/admin-form';
import { slugify } from '../shared/slug';
import { RecordFormCard } from './SettingsCards';
import { useSettingsForm } from './use-settings-form';
import { adminApi } from '../../../lib/paths';
import { formFields } from '../../shared/form-fields';

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
const areaResolver = apiResolver(serviceAreaBody, (v: AreaForm, read) => {
  const taxPercent = read.number('taxRateBps', v.taxRateBps);
  return {
    slug: v.slug || slugify(v.city),
    city: v.city,
    state: v.state.toUpperCase(),
    county: v.county,
    zipCodes: parseZipList(v.zipCodes),
    deliveryFeeCents: read.dollars('deliveryFeeCents', v.deliveryFeeCents),
    // Staff type percent ('8.25'); the API keeps basis points.
    taxRateBps: percentToHundredths(taxPercent),
    minimumOrderCents: read.dollars('minimumOrderCents', v.minimumOrderCents),
    active: v.active,
  };
});

/** The form's values from an area (as listed, or as a save returned it). */
const formValues = (area: ServiceAreaDto): AreaForm => ({
  slug: area.slug,
  city: area.city,
  state: area.state,
  county: area.county,
  zipCodes: area.zipCodes.join(', '),
  deliveryFeeCents: centsToDollarsInput(area.deliveryFeeCents),
  taxRateBps: Number.isNaN(area.taxRateBps) ? '' : bpsToPercentInput(area.taxRateBps),
  minimumOrderCents: centsToDollarsInput(area.minimumOrderCents),
  active: area.active,
});

export function ServiceAreaForm({
  area,
  onSaved,
  onCancel,
}: {
  area: ServiceAreaDto;
  onSaved(area: ServiceAreaDto): void;
  onCancel(): void;
}) {
  const form = useForm<AreaForm, unknown, z.output<typeof serviceAreaBody>>({
    resolver: areaResolver,
    defaultValues: formValues(area),
  });
  const { handleSubmit, formState } = form;
  const field = formFields(form);
  const { errors } = formState;
  const { saveRecord, problem } = useSettingsForm(form, formValues, onSaved);
  const submit = handleSubmit(async (body) => {
    await (area.id
      ? saveRecord(adminApi.settings.serviceAreas.one(area.id), 'PUT', body, `${body.city} saved.`)
      : saveRecord(adminApi.settings.serviceAreas.list(), 'POST', body, `${body.city} added.`));
  });
  const zipError =
    errors.zipCodes?.message ??
    errors.zipCodes?.root?.message ??
    (Array.isArray(errors.zipCodes) ? errors.zipCodes.find(Boolean)?.message : undefined);
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
      <TextField {...field('city')} label="City" />
      <TextField {...field('state')} label="State" maxLength={2} />
      <TextField
        {...field('county')}
        label="County"
        optional
        hint="Shown on the town's pages, e.g. Franklin."
      />
      <TextField
        {...field('slug')}
        label="Slug (used in page addresses)"
        optional={!area.id}
        hint={area.id ? undefined : 'Leave empty to make one from the city.'}
      />
      <TextArea
        {...field('zipCodes')}
        label="ZIP codes"
        rows={3}
        hint="Separated by commas or spaces."
        error={zipError}
      />
      <TextField
        {...field('deliveryFeeCents')}
        label="Delivery fee ($)"
        inputMode="decimal"
      />
      <TextField
        {...field('taxRateBps')}
        label="Sales tax (%)"
        inputMode="decimal"
      />
      <TextField
        {...field('minimumOrderCents')}
        label="Minimum order ($)"
        inputMode="decimal"
      />
      <Checkbox {...field('active')} label="Active (we deliver here)" className="self-end" />
    </RecordFormCard>
  );
}
