import { useId, useState } from 'react';
import { toast } from 'sonner';
import { unitStatuses, unitStatusLabels, type UnitDto, type UnitStatus } from '../../../lib/inventory';
import { adminApi } from '../../../lib/paths';
import { inputClass } from '../../shared/form-classes';
import { adminMutate } from '../shared/admin-api';
import { dangerButtonClass, secondaryButtonClass } from '../shared/ui';
import { LabelledOptions } from '../shared/options';

/** A unit's status (managers). The product's counts and utilisation change with it: the screen reloads them. */
export function StatusControl({ unit, onChanged }: { unit: UnitDto; onChanged(): void }) {
  const id = useId();
  const change = async (status: UnitStatus) => {
    const result = await adminMutate<UnitDto>(adminApi.inventory.unit(unit.id), 'PATCH', { status }, `${unit.label} is now ${unitStatusLabels[status].toLowerCase()}.`);
    if (result.ok && status !== 'available' && result.data.upcomingBookings > 0) {
      toast.warning(`${unit.label} still holds ${result.data.upcomingBookings} upcoming booking(s): move them to another unit from the booking page.`);
    }
    onChanged();
  };
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Status of {unit.label}
      </label>
      <select id={id} className={inputClass} value={unit.status} onChange={(e) => void change(e.target.value as UnitStatus)}>
        <LabelledOptions values={unitStatuses} labels={unitStatusLabels} />
      </select>
    </div>
  );
}

export function DeleteUnit({ unit, onDeleted }: { unit: UnitDto; onDeleted(): void }) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(true)}>
        Delete<span className="sr-only"> {unit.label}</span>
      </button>
    );
  }
  const remove = async () => {
    const result = await adminMutate(adminApi.inventory.unit(unit.id), 'DELETE', undefined, `${unit.label} deleted.`);
    setConfirming(false);
    if (result.ok) onDeleted();
  };
  return (
    <div className="flex gap-2">
      <button type="button" className={dangerButtonClass} onClick={remove}>
        Confirm delete<span className="sr-only"> {unit.label}</span>
      </button>
      <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </div>
  );
}
