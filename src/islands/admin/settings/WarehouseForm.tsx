import { useForm } from 'react-hook-form';
import { warehouseSection } from '../../../lib/settings/settings-admin';
import type { z } from '../../../lib/validation/zod';
import { TextField } from '../../shared/form-kit';
import { apiResolver } from '../shared/admin-form';
import { SectionCard } from './SettingsCards';
import { useSettingsForm, type Settings } from './use-settings-form';

type Warehouse = z.input<typeof warehouseSection>;
const warehouseResolver = apiResolver(warehouseSection, (v: Warehouse) => ({ ...v, warehouseState: v.warehouseState.toUpperCase() }));

/** Where the trucks load: the day screen's suggested order starts and ends at its ZIP code. */
export function WarehouseForm({ initial }: { initial: Settings }) {
  const defaults: Warehouse = { warehouseLine1: initial.warehouseLine1, warehouseCity: initial.warehouseCity, warehouseState: initial.warehouseState, warehouseZip: initial.warehouseZip };
  const form = useForm<Warehouse, unknown, z.output<typeof warehouseSection>>({ resolver: warehouseResolver, defaultValues: defaults });
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;
  const { save, problem } = useSettingsForm(form, defaults);
  return (
    <SectionCard
      title="Warehouse"
      description="Where the trucks load and come back to. The day screen's suggested driving order starts and ends here (by its ZIP code)."
      busy={formState.isSubmitting}
      problem={problem}
      onSubmit={() => void handleSubmit((values) => save('/api/admin/settings/warehouse', 'PUT', values, 'Warehouse saved.'))()}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...register('warehouseLine1')} label="Warehouse street address" error={errors.warehouseLine1?.message} className="sm:col-span-2" />
        <TextField {...register('warehouseCity')} label="Warehouse city" error={errors.warehouseCity?.message} />
        <div className="grid grid-cols-2 gap-3">
          <TextField {...register('warehouseState')} label="Warehouse state" maxLength={2} error={errors.warehouseState?.message} />
          <TextField {...register('warehouseZip')} label="Warehouse ZIP code" inputMode="numeric" error={errors.warehouseZip?.message} />
        </div>
      </div>
    </SectionCard>
  );
}
