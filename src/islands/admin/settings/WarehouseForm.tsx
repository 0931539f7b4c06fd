import { warehouseSection } from '../../../lib/settings';
import type { z } from '../../../lib/validation';
import { apiResolver } from '../shared/admin-form';
import { AddressFields } from './AddressFields';
import { SectionCard } from './SettingsCards';
import { useSectionForm, type Settings } from './use-settings-form';

type Warehouse = z.input<typeof warehouseSection>;
const warehouseResolver = apiResolver(warehouseSection, (v: Warehouse) => ({ ...v, warehouseState: v.warehouseState.toUpperCase() }));

/** The form's values from the settings (as loaded, or as a save returned them). */
const formValues = (initial: Settings): Warehouse => ({ warehouseLine1: initial.warehouseLine1, warehouseCity: initial.warehouseCity, warehouseState: initial.warehouseState, warehouseZip: initial.warehouseZip });

/** Where the trucks load: the day screen's suggested order starts and ends at its ZIP code. */
export function WarehouseForm({ initial, onSaved }: { initial: Settings; onSaved?(values: Settings): void }) {
  const { field, card } = useSectionForm<Warehouse, z.output<typeof warehouseSection>>({ section: 'warehouse', resolver: warehouseResolver, toValues: formValues, initial, onSaved, success: 'Warehouse saved.' });
  return (
    <SectionCard
      title="Warehouse"
      description="Where the trucks load and come back to. The day screen's suggested driving order starts and ends here (by its ZIP code)."
      {...card}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <AddressFields place="Warehouse" fields={[field('warehouseLine1'), field('warehouseCity'), field('warehouseState'), field('warehouseZip')]} />
      </div>
    </SectionCard>
  );
}
