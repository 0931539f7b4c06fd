import { surfaces } from '../../../../lib/catalog';
import { SelectField, TextArea, TextField } from '../../../shared/form-kit';
import { Card } from '../../shared/ui';
import { surfaceLabels } from '../booking-text';
import { fieldError, type DeskForm } from './desk-form';
import { LabelledOptions } from '../../shared/options';

/** `surfaceAsked`: the Setup spot card asks the surface for this cart (one answer, there); otherwise it is here. */
export function AddressCard({ form, surfaceAsked }: { form: DeskForm; surfaceAsked: boolean }) {
  const { register } = form;
  const err = (path: string) => fieldError(form, path);
  return (
    <Card title="Delivery address">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...register('address.line1')} label="Street address" error={err('address.line1')} />
        <TextField {...register('address.line2')} label="Apartment, gate code" optional error={err('address.line2')} />
        <TextField {...register('address.city')} label="City" error={err('address.city')} />
        <div className="grid grid-cols-2 gap-3">
          <TextField {...register('address.state')} label="State" error={err('address.state')} />
          <TextField
            {...register('address.zip')}
            label="ZIP"
            inputMode="numeric"
            hint="Delivery fee and tax follow it."
            error={err('address.zip')}
          />
        </div>
        {!surfaceAsked && (
          <SelectField {...register('address.surface')} label="Surface" optional error={err('address.surface')}>
            <option value="">Not known</option>
            <LabelledOptions values={surfaces} labels={surfaceLabels} />
          </SelectField>
        )}
        <TextArea
          {...register('address.notes')}
          label="Notes for the crew"
          optional
          rows={2}
          error={err('address.notes')}
        />
      </div>
    </Card>
  );
}
