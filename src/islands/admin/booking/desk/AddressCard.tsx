import { surfaces } from '../../../../lib/catalog';
import { SelectField, TextArea, TextField } from '../../../shared/form-kit';
import { Card } from '../../shared/ui';
import { surfaceLabels } from '../booking-text';
import { formFields } from '../../../shared/form-fields';
import type { DeskForm } from './desk-form';
import { LabelledOptions } from '../../shared/options';

/**
 * `surfaceAsked`: the Setup spot card asks the surface for this cart (one answer, there); otherwise it is here.
 * `zipNotServed`: the price's word that no area covers the ZIP, said at the field (the save's own refusal first).
 */
export function AddressCard({ form, surfaceAsked, zipNotServed }: { form: DeskForm; surfaceAsked: boolean; zipNotServed: string | null }) {
  const field = formFields(form);
  const zip = field('address.zip');
  return (
    <Card title="Delivery address">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...field('address.line1')} label="Street address" />
        <TextField {...field('address.line2')} label="Apartment, gate code" optional />
        <TextField {...field('address.city')} label="City" />
        <div className="grid grid-cols-2 gap-3">
          <TextField {...field('address.state')} label="State" />
          <TextField {...zip} error={zip.error ?? zipNotServed ?? undefined} label="ZIP" inputMode="numeric" hint="Delivery fee and tax follow it." />
        </div>
        {!surfaceAsked && (
          <SelectField {...field('address.surface')} label="Surface" optional>
            <option value="">Not known</option>
            <LabelledOptions values={surfaces} labels={surfaceLabels} />
          </SelectField>
        )}
        <TextArea {...field('address.notes')} label="Notes for the crew" optional rows={2} />
      </div>
    </Card>
  );
}
