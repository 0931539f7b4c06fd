import { Field } from '../../shared/form-kit';

/** The select and date filters above the admin lists, on the form kit's Field (filters are never required); FilterSelect is also the plain labelled select of an admin card. */

export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange(value: string): void;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A filter's options: "any" (the value '') first, then one per value. */
export function filterOptions<T extends string>(
  anyLabel: string,
  values: readonly T[],
  labelOf: (value: T) => string,
): { value: string; label: string }[] {
  return [{ value: '', label: anyLabel }, ...values.map((value) => ({ value, label: labelOf(value) }))];
}

const shownOnSiteOptions = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Shown' },
  { value: 'inactive', label: 'Hidden' },
];

/** Whether a list shows items that are on the public site, hidden, or both (the `active` filter). */
export function ShownOnSiteFilter({ filters, update }: { filters: { active?: string }; update(change: { filters: Record<string, string> }): void }) {
  return <FilterSelect label="Shown on the site" value={filters.active ?? ''} options={shownOnSiteOptions} onChange={(active) => update({ filters: { active } })} />;
}

export function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <Field label={label}>
      {(control) => <input {...control} type="date" value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

/** The "<noun> from" and "<noun> to" date filters of a list whose `filters` carry `from` and `to`. */
export function DateRangeFilters({
  noun,
  filters,
  update,
}: {
  noun: string;
  filters: Partial<Record<'from' | 'to', string>>;
  update(change: { filters: Record<string, string> }): void;
}) {
  return (
    <>
      <DateFilter label={`${noun} from`} value={filters.from ?? ''} onChange={(from) => update({ filters: { from } })} />
      <DateFilter label={`${noun} to`} value={filters.to ?? ''} onChange={(to) => update({ filters: { to } })} />
    </>
  );
}
