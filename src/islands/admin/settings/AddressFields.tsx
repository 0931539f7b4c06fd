import { TextField } from '../../shared/form-kit';
import type { BoundField } from '../../shared/form-fields';

/**
 * A street address's four fields (street, city, two-letter state, ZIP code) in the settings' two-column
 * grid; `place` names whose address it is ("Warehouse") where the card holds more than the address.
 */
export function AddressFields({ fields: [line1, city, state, zip], place }: { fields: [BoundField, BoundField, BoundField, BoundField]; place?: string }) {
  const label = (what: string) => (place ? `${place} ${what}` : what.charAt(0).toUpperCase() + what.slice(1));
  return (
    <>
      <TextField {...line1} label={label('street address')} className="sm:col-span-2" />
      <TextField {...city} label={label('city')} />
      <div className="grid grid-cols-2 gap-3">
        <TextField {...state} label={label('state')} maxLength={2} />
        <TextField {...zip} label={label('ZIP code')} inputMode="numeric" />
      </div>
    </>
  );
}
