import { TextField } from '../../shared/form-kit';

/** One field's binding: a form's (formFields) or the setup draft's; the label is the address's own. */
type Bound = Omit<Parameters<typeof TextField>[0], 'label'>;

/**
 * A street address's four fields (street, city, two-letter state, ZIP code) in a two-column grid, for
 * the settings and the setup wizard; `place` names whose address it is ("Warehouse").
 */
export function AddressFields({ fields: [line1, city, state, zip], place }: { fields: [Bound, Bound, Bound, Bound]; place?: string }) {
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
