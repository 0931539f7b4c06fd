import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Field } from '../../shared/form-kit';
import { SearchBox, type useListParams } from './list';
import { secondaryButtonClass } from './ui';

/** The select and date filters above the admin lists, on the form kit's Field (filters are never required); FilterSelect is also the plain labelled select of an admin card. */

export function FilterSelect({
  label,
  hint,
  value,
  options,
  onChange,
}: {
  label: string;
  /** What a short option means, under the label: a closed select shows its option whole only if it is short. */
  hint?: string;
  value: string;
  options: { value: string; label: string }[];
  onChange(value: string): void;
}) {
  return (
    <Field label={label} hint={hint}>
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

/** How many of a list's filters narrow it (a filter left at "any" is off); the search box is not one of them. */
export const filtersOn = (filters: Record<string, string | undefined>): number => Object.values(filters).filter(Boolean).length;

/**
 * A list's filters folded behind a "Filters" button on a narrow screen, so the list itself (and what to do
 * next) is on the first screen of a phone; on a wide screen they are always open and the button is not
 * there. The button says how many filters are on, so a folded filter never hides why rows are missing.
 * A disclosure as WAI-ARIA describes it: focus stays on the button, the filters follow it, and Escape
 * inside them folds them again with focus back on the button. "Clear filters" (shown while `clear.shown`)
 * stays outside the fold; it goes once pressed, so focus moves to the Filters button (or, on a wide
 * screen, the first filter) rather than being lost to the page.
 */
export function FoldingFilters({ on, children, clear }: { on: number; children: ReactNode; clear: { shown: boolean; onClear(): void } }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const folds = () => Boolean(button.current && getComputedStyle(button.current).display !== 'none');
  const fold = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open || !folds()) return;
    e.preventDefault();
    setOpen(false);
    button.current!.focus();
  };
  const clearAll = () => {
    clear.onClear();
    (folds() ? button.current : panel.current?.querySelector<HTMLElement>('select, input'))?.focus();
  };
  return (
    <>
      <button ref={button} type="button" className={`${secondaryButtonClass} sm:hidden`} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        Filters
        {on > 0 && (
          <>
            {' '}
            <span className="rounded-full bg-slate-800 px-2 text-xs font-bold text-white">{on} on</span>
          </>
        )}
      </button>
      <div ref={panel} id={id} className={`${open ? 'flex' : 'hidden'} w-full flex-wrap items-end gap-3 sm:contents`} onKeyDown={fold}>
        {children}
      </div>
      {clear.shown && (
        <button type="button" className={secondaryButtonClass} onClick={clearAll}>
          Clear filters
        </button>
      )}
    </>
  );
}

/**
 * A list's search box and its filters folded beside it (FoldingFilters): `folded` are the filters in the
 * fold, which its button counts and "Clear filters" empties with the search. A filter chosen in sight
 * elsewhere (the waivers' view, the cake stage) stays out of both.
 */
export function SearchAndFilters({
  label,
  list: { params, update, search },
  folded,
  children,
}: {
  label: string;
  list: Pick<ReturnType<typeof useListParams>, 'params' | 'update' | 'search'>;
  folded: Record<string, string | undefined>;
  children: ReactNode;
}) {
  const on = filtersOn(folded);
  const clear = () => update({ q: '', filters: Object.fromEntries(Object.keys(folded).map((key) => [key, ''])) });
  return (
    <>
      <SearchBox label={label} {...search} />
      <FoldingFilters on={on} clear={{ shown: Boolean(params.q || on), onClear: clear }}>
        {children}
      </FoldingFilters>
    </>
  );
}
