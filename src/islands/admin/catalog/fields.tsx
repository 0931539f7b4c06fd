import type { ReactNode } from 'react';
import { inputClass, labelClass } from '../shared/ui';

/** Form pieces for the catalog editors: every input labelled, its error announced and tied to it. */

export type FieldErrors = Record<string, string>;

export const fieldId = (name: string) => `field-${name.replace(/\W/g, '-')}`;

export function Field({ name, label, hint, error, children }: { name: string; label: string; hint?: ReactNode | undefined; error?: string | undefined; children: ReactNode }) {
  const id = fieldId(name);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-700">
          {hint}
        </p>
      )}
      <div className="mt-1">{children}</div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** Props that tie an input to its Field: id, error state and descriptions. */
export function inputProps(name: string, errors: FieldErrors, hint = false) {
  const id = fieldId(name);
  const describedBy = [hint ? `${id}-hint` : '', errors[name] ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, name, 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': describedBy || undefined, className: inputClass } as const;
}

export function TextField(props: {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  errors: FieldErrors;
  hint?: ReactNode | undefined;
  type?: 'text' | 'number' | 'url';
  inputMode?: 'decimal' | 'numeric' | 'text';
  maxLength?: number;
  required?: boolean;
  prefix?: string | undefined;
}) {
  const input = (
    <input
      {...inputProps(props.name, props.errors, Boolean(props.hint))}
      type={props.type === 'number' ? 'text' : (props.type ?? 'text')}
      inputMode={props.inputMode ?? (props.type === 'number' ? 'decimal' : undefined)}
      value={props.value}
      maxLength={props.maxLength}
      required={props.required}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
  return (
    <Field name={props.name} label={props.label} hint={props.hint} error={props.errors[props.name]}>
      {props.prefix ? (
        <div className="flex items-center gap-1">
          <span aria-hidden="true" className="text-sm font-semibold text-slate-800">
            {props.prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </Field>
  );
}

export function TextArea(props: { name: string; label: string; value: string; onChange(value: string): void; errors: FieldErrors; hint?: ReactNode | undefined; rows?: number; maxLength?: number }) {
  return (
    <Field name={props.name} label={props.label} hint={props.hint} error={props.errors[props.name]}>
      <textarea
        {...inputProps(props.name, props.errors, Boolean(props.hint))}
        rows={props.rows ?? 4}
        value={props.value}
        maxLength={props.maxLength}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Field>
  );
}

export function Checkbox({ name, label, checked, onChange, hint }: { name: string; label: string; checked: boolean; onChange(value: boolean): void; hint?: string | undefined }) {
  const id = fieldId(name);
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="checkbox" className="mt-1 size-4 accent-brand-700" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={hint ? `${id}-hint` : undefined} />
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-slate-900">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-700">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** The list of problems above a form, so nobody has to hunt for the red field; each links to its input. */
export function ErrorSummary({ errors, labels }: { errors: FieldErrors; labels: Record<string, string> }) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-bold">Please fix {entries.length === 1 ? 'this' : `these ${entries.length} things`} before saving:</p>
      <ul className="mt-1 list-disc pl-5">
        {entries.map(([key, message]) => (
          <li key={key}>
            <a className="inline-block py-1 underline" href={`#${fieldId(key)}`}>
              {labels[key] ?? 'Form'}: {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Castle Bouncer 2!" → "castle-bouncer-2" (a suggestion; staff may edit it). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** The id in /admin/products/{id} or /admin/categories/{id}/edit. */
export function idFromPath(prefix: string): string | null {
  const rest = location.pathname.slice(prefix.length).split('/')[0] ?? '';
  return rest || null;
}

export const isUuid = (v: string | null) => v !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export function formatWhen(iso: string | null): string {
  if (!iso) return 'unknown';
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
