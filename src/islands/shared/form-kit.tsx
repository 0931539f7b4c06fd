import { forwardRef, useEffect, useId, useRef, type ComponentPropsWithRef, type ReactNode, type Ref } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { checkboxClass, errorClass, hintClass, inputClass, labelClass } from './form-classes';

/**
 * The one form kit of the site, for the customer forms, checkout, the cart and every admin screen:
 * labelled fields whose hint and error are tied to the control (aria-describedby), the same classes
 * everywhere, the error summary, the honeypot, the form-level alert and the success panel.
 *
 * Inputs are 16 px text and at least 44 px tall on every screen, admin included: smaller text makes
 * phones zoom into the page on focus, and the crew use the admin on their phones.
 */

export * from './form-classes';

/** The id of a form's field, from the form's useId() and the field's path ('items.0.quantity'). */
export const fieldId = (formId: string, name: string) => `${formId}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export function FieldError({
  id,
  message,
  announce,
}: {
  id: string;
  message: string | undefined;
  announce?: boolean | undefined;
}) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} role={announce ? 'alert' : undefined} className={errorClass}>
      {message}
    </p>
  );
}

/** What a control needs to belong to its Field: its id, error state, descriptions and the input class. */
export interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

export interface FieldProps {
  /** The control's id; a generated one when absent. */
  id?: string | undefined;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Says "(optional)" after the label. */
  optional?: boolean | undefined;
  /** Announced as required (aria-required). Form fields are, unless optional; filters are not. */
  required?: boolean | undefined;
  /** Classes of the wrapper (a grid span, a width). */
  className?: string | undefined;
  /** Announce the error when it appears (a field checked on its own, outside a form's submit). */
  announceError?: boolean | undefined;
}

/** A label, an optional hint, the control (given the props it must carry) and the error, in that order. */
export function Field({
  id,
  label,
  hint,
  error,
  optional,
  required,
  className,
  announceError,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelClass}>
        {label}
        {optional && <span className="font-normal text-slate-700"> (optional)</span>}
      </label>
      {hint && (
        <p id={`${controlId}-hint`} className={hintClass}>
          {hint}
        </p>
      )}
      {children({
        id: controlId,
        className: inputClass,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(controlId, Boolean(hint), Boolean(error)),
        'aria-required': required ? true : undefined,
      })}
      <FieldError id={controlId} message={error} announce={announceError} />
    </div>
  );
}

interface FormFieldProps extends FieldProps {
  /** With the field's name, gives the control a stable id (fieldId) the error summary can link to. */
  formId?: string | undefined;
  /** Extra classes of the control itself ('uppercase', a width). */
  inputClassName?: string | undefined;
}

const resolveId = (props: { id?: string | undefined; formId?: string | undefined; name?: string | undefined }) =>
  props.id ?? (props.formId && props.name ? fieldId(props.formId, props.name) : undefined);

/**
 * Splits a form field's own props from its control's and renders the control in its Field, with the
 * control's class plus `inputClassName`. Form fields are required unless optional.
 */
function formField<P extends { name?: string | undefined }>(props: FormFieldProps & P, render: (control: ControlProps, own: Omit<P, keyof FormFieldProps>) => ReactNode) {
  const { formId, id, label, hint, error, optional, required, className, announceError, inputClassName, ...own } = props;
  return (
    <Field
      id={resolveId({ id, formId, name: own.name })}
      label={label}
      hint={hint}
      error={error}
      optional={optional}
      required={required ?? !optional}
      className={className}
      announceError={announceError}
    >
      {(control) => render({ ...control, className: `${control.className} ${inputClassName ?? ''}` }, own)}
    </Field>
  );
}

type InputProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'className' | 'prefix' | 'required'>;

/**
 * A labelled text input. Everything else is passed to the <input>: `{...register('email')}` from
 * react-hook-form, or `value` and `onChange`.
 */
export function TextField({ prefix, ...props }: FormFieldProps & InputProps & { prefix?: string | undefined }) {
  return formField(props, (control, input) => {
    const element = <input {...control} type="text" {...input} className={control.className} />;
    return prefix ? (
      <div className="flex items-center gap-2">
        <span aria-hidden="true" className="mt-1 font-semibold text-slate-700">
          {prefix}
        </span>
        {element}
      </div>
    ) : (
      element
    );
  });
}

type TextAreaProps = Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'className' | 'required'>;

export function TextArea({ rows = 4, ...props }: FormFieldProps & TextAreaProps) {
  return formField(props, (control, textarea) => <textarea {...control} rows={rows} {...textarea} className={control.className} />);
}

type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'id' | 'className' | 'required'>;

export function SelectField({ children, ...props }: FormFieldProps & SelectProps) {
  return formField(props, (control, select) => (
    <select {...control} {...select} className={control.className}>
      {children}
    </select>
  ));
}

/** A checkbox with its label beside it, and a hint or error under the label. */
export function Checkbox({
  formId,
  id,
  label,
  hint,
  error,
  className,
  ...input
}: Omit<FormFieldProps, 'optional' | 'required' | 'inputClassName'> & Omit<InputProps, 'type'>) {
  const generated = useId();
  const controlId = resolveId({ id, formId, name: input.name }) ?? generated;
  return (
    <div className={`flex items-start gap-3 ${className ?? ''}`}>
      <input
        id={controlId}
        type="checkbox"
        className={checkboxClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(controlId, Boolean(hint), Boolean(error))}
        {...input}
      />
      <div>
        <label htmlFor={controlId} className="font-semibold text-slate-900">
          {label}
        </label>
        {hint && (
          <p id={`${controlId}-hint`} className={hintClass}>
            {hint}
          </p>
        )}
        <FieldError id={controlId} message={error} />
      </div>
    </div>
  );
}

/**
 * Radio buttons in a fieldset with a legend, for choices of two or three. The rest of the props go
 * to every radio: `{...register('kind')}`; or, held by the caller, `value` and `onValueChange`.
 */
export function RadioGroup<T extends string>({
  legend,
  options,
  error,
  className,
  value,
  onValueChange,
  ...input
}: {
  legend: ReactNode;
  options: readonly { value: T; label: ReactNode; hint?: ReactNode }[];
  error?: string | undefined;
  className?: string | undefined;
  value?: NoInfer<T> | undefined;
  onValueChange?: ((value: NoInfer<T>) => void) | undefined;
} & Omit<InputProps, 'type' | 'value'>) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className={className}>
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-1 flex flex-col gap-1">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-11 items-start gap-3 py-1 text-slate-900">
            <input
              type="radio"
              className={checkboxClass}
              value={option.value}
              {...(onValueChange
                ? { name: id, checked: value === option.value, onChange: () => onValueChange(option.value) }
                : {})}
              {...input}
            />
            <span>
              <span className="font-semibold">{option.label}</span>
              {option.hint && <span className={`block ${hintClass}`}>{option.hint}</span>}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}

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
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
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
      {actions && <div className="mt-5 flex flex-wrap gap-3">{actions}</div>}
    </section>
  );
}

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
export const optionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);
export const requiredNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? Number.NaN : Number(value);

/** The local calendar date of the visitor, 'YYYY-MM-DD', for date inputs' min. */
export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
