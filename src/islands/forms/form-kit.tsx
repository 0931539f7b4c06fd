import { forwardRef, useEffect, useId, useRef, type ReactNode, type Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * Building blocks shared by the customer forms: labelled fields with their hint and error tied to
 * the input (aria-describedby), the honeypot, the form-level alert and the success panel.
 */

export const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700';

export const primaryButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-6 py-2 font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-wait disabled:opacity-70';

export const secondaryButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-full border-2 border-brand-700 bg-white px-5 py-2 font-bold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

export const fieldsetClass = 'space-y-4 rounded-2xl border border-brand-100 p-5';
export const legendClass = 'px-1 text-xl font-bold text-slate-900';

export const fieldId = (formId: string, name: string) => `${formId}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="mt-1 font-semibold text-red-800">
      {message}
    </p>
  );
}

/** A label, an optional hint, the control (given the ids it must reference) and the error. */
export function Field({
  id,
  label,
  error,
  hint,
  optional,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  children: (aria: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined; 'aria-required': true | undefined }) => ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
        {optional && <span className="font-normal text-slate-700"> (optional)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, Boolean(hint), Boolean(error)), 'aria-required': optional ? undefined : true })}
      <FieldError id={id} message={error} />
    </div>
  );
}

/**
 * The spam trap. Off screen, out of the tab order and hidden from assistive technology, so people
 * never fill it; simple bots fill every field they find.
 */
export const Honeypot = forwardRef(function Honeypot(props: Record<string, unknown>, ref: Ref<HTMLInputElement>) {
  const id = `${useId()}-website`;
  return (
    <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' }}>
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" ref={ref} {...props} />
    </div>
  );
});

/** A problem that belongs to no single field (network, rate limit, booking not found): announced and focused. */
export function FormAlert({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [title, message]);
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="rounded-xl border-l-4 border-red-700 bg-red-50 p-4 text-red-950 focus-visible:outline-2 focus-visible:outline-brand-700">
      <p className="font-bold">{title}</p>
      <p className="mt-1">{message}</p>
      {children}
    </div>
  );
}

/** Replaces a form once it was sent: the heading takes focus so screen readers hear the outcome. */
export function SuccessPanel({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <section role="status" aria-live="polite" className="rounded-2xl border-2 border-emerald-700 bg-emerald-50 p-6 text-slate-900">
      <h2 ref={ref} tabIndex={-1} className="text-2xl font-bold text-emerald-900 focus-visible:outline-2 focus-visible:outline-brand-700">
        {title}
      </h2>
      <div className="mt-3 space-y-2 text-slate-800">{children}</div>
      {actions && <div className="mt-5 flex flex-wrap gap-3">{actions}</div>}
    </section>
  );
}

/** sonner's toaster, drawn once per page by whichever island mounts first (shared with the booking islands). */
export { default as FormToaster } from '../shared/IslandToaster';

/** A v4 UUID for the submission id, also where crypto.randomUUID is missing (plain http on a LAN). */
export function newSubmissionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** '' from an empty number input means "not given"; anything else is a number (NaN fails validation with the field's message). */
export const optionalNumber = (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value));
export const requiredNumber = (value: unknown) => (value === '' || value === null || value === undefined ? Number.NaN : Number(value));

/** The local calendar date of the visitor, 'YYYY-MM-DD', for date inputs' min. */
export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

type Registration = UseFormRegisterReturn<string>;

interface TextFieldProps {
  formId: string;
  registration: Registration;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  type?: 'text' | 'email' | 'tel' | 'url' | 'date' | 'number';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email' | 'url';
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  className?: string;
  multiline?: number;
}

/** A text input (or textarea with `multiline` rows) wired to react-hook-form's register(). */
export function TextField({ formId, registration, label, error, hint, optional, type = 'text', multiline, className = '', ...rest }: TextFieldProps) {
  const id = fieldId(formId, registration.name);
  return (
    <Field id={id} label={label} error={error} hint={hint} optional={optional ?? false}>
      {(aria) =>
        multiline ? (
          <textarea {...aria} rows={multiline} maxLength={rest.maxLength} className={`${inputClass} ${className}`} {...registration} />
        ) : (
          <input {...aria} type={type} {...rest} className={`${inputClass} ${className}`} {...registration} />
        )
      }
    </Field>
  );
}

interface SelectFieldProps {
  formId: string;
  registration: Registration;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  children: ReactNode;
}

export function SelectField({ formId, registration, label, error, hint, optional, children }: SelectFieldProps) {
  const id = fieldId(formId, registration.name);
  return (
    <Field id={id} label={label} error={error} hint={hint} optional={optional ?? false}>
      {(aria) => (
        <select {...aria} className={inputClass} {...registration}>
          {children}
        </select>
      )}
    </Field>
  );
}
