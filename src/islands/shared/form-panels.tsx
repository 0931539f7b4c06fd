import { forwardRef, useEffect, useId, useRef, type ReactNode, type Ref } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { secondaryButtonClass } from './form-classes';
import { fieldId } from './form-ids';

/** The form kit's pieces around the fields: the error summary, the honeypot, the form-level alert and the success panel. */

/** Every message in react-hook-form's nested errors, by dot path ('items.0.quantity'). */
export function flattenErrors(errors: FieldErrors, prefix = ''): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || key === 'ref') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string') out.push([path, message]);
    else if (typeof value === 'object') out.push(...flattenErrors(value as FieldErrors, path));
  }
  return out;
}

/**
 * The list of problems above a long form, so nobody has to hunt for the red field; each links to
 * its control (fieldId(formId, path)). Announced as an alert; focus goes to the first field in error.
 */
export function ErrorSummary({
  formId,
  errors,
  labels,
  action = 'saving',
}: {
  formId: string;
  errors: [path: string, message: string][];
  labels: Record<string, string>;
  action?: string;
}) {
  if (errors.length === 0) return null;
  return (
    <div role="alert" className="mb-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
      <p className="font-bold">
        Please fix {errors.length === 1 ? 'this' : `these ${errors.length} things`} before {action}:
      </p>
      <ul className="mt-1 list-disc pl-5">
        {errors.map(([path, message]) => {
          // An array's own error (react-hook-form's `root`) belongs to the array's field.
          const field = path.replace(/\.root$/, '');
          return (
            <li key={path}>
              <a className="inline-block py-1 underline" href={`#${fieldId(formId, field)}`}>
                {labels[field] ?? labels[field.split('.')[0]!] ?? 'Form'}: {message}
              </a>
            </li>
          );
        })}
      </ul>
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
    <div
      aria-hidden="true"
      style={{ position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' }}
    >
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
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded-xl border-l-4 border-red-700 bg-red-50 p-4 text-red-950 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <p className="font-bold">{title}</p>
      <p className="mt-1">{message}</p>
      {children}
    </div>
  );
}

/** Replaces a form once it was sent: the heading takes focus so screen readers hear the outcome. */
export function SuccessPanel({
  title,
  children,
  actions,
  again,
}: {
  title: string;
  children: ReactNode;
  /** Links before the button that starts again (the quote's page, the signed PDF). */
  actions?: ReactNode;
  /** Every thank-you offers to fill the form in again: "Send another message". */
  again: { label: string; onClick(): void };
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <section
      role="status"
      aria-live="polite"
      className="rounded-2xl border-2 border-emerald-700 bg-emerald-50 p-6 text-slate-900"
    >
      <h2
        ref={ref}
        tabIndex={-1}
        className="text-2xl font-bold text-emerald-900 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {title}
      </h2>
      <div className="mt-3 space-y-2 text-slate-800">{children}</div>
      <div className="mt-5 flex flex-wrap gap-3">
        {actions}
        <button type="button" className={secondaryButtonClass} onClick={again.onClick}>
          {again.label}
        </button>
      </div>
    </section>
  );
}
