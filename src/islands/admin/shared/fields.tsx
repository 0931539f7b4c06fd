import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { inputClass, labelClass } from './ui';

/**
 * Small form pieces the admin screens share: a labelled field with its error tied to it for
 * screen readers, and the select and date filters of lists.
 */

export function Field({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Classes of the wrapper (a grid span, a width). */
  className?: string | undefined;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string; className: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), ...(describedBy ? { 'aria-describedby': describedBy } : {}), className: `mt-1 ${inputClass}` })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled `<input>`: Field with the input's own attributes passed through. */
export function InputField({
  label,
  error,
  hint,
  className,
  ...input
}: { label: ReactNode; error?: string | undefined; hint?: ReactNode; className?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(props) => <input {...props} {...input} />}
    </Field>
  );
}

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
      {(props) => (
        <select {...props} value={value} onChange={(e) => onChange(e.target.value)}>
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
export function filterOptions<T extends string>(anyLabel: string, values: readonly T[], labelOf: (value: T) => string): { value: string; label: string }[] {
  return [{ value: '', label: anyLabel }, ...values.map((value) => ({ value, label: labelOf(value) }))];
}

/** Whether a list shows items that are on the public site, hidden, or both (`active` filter). */
export const shownOnSiteOptions = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Shown' },
  { value: 'inactive', label: 'Hidden' },
];

export function DateFilter({ label, value, onChange }: { label: string; value: string; onChange(value: string): void }) {
  return <Field label={label}>{(props) => <input {...props} type="date" value={value} onChange={(e) => onChange(e.target.value)} />}</Field>;
}

/** '2026-11-22T15:04:05Z' → 'Nov 22, 2026, 9:04 AM' in the browser's zone (staff sit in the business's). */
export function formatTimestamp(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}
