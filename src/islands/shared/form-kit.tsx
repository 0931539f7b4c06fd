import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { describedBy, fieldId } from './form-ids';
import { checkboxClass, hintClass, inputClass, labelClass } from './form-classes';
import { useErrorAfterPress } from './error-after-press';
import { FieldError } from './field-error';

/**
 * The one form kit of the site, for the customer forms, checkout, the cart and every admin screen:
 * labelled fields whose hint and error are tied to the control (aria-describedby), the same classes
 * everywhere, the error summary, the honeypot, the form-level alert and the success panel.
 *
 * Inputs are 16 px text and at least 44 px tall on every screen, admin included: smaller text makes
 * phones zoom into the page on focus, and the crew use the admin on their phones.
 */
// The kit's other pieces, from one place: classes, ids, the panels around the fields, value helpers.
export * from './field-error';
export * from './form-classes';
export * from './form-ids';
export * from './form-panels';
export * from './form-values';

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
  /** The words after an optional field's label in the page's language (the booking path's islands give theirs). */
  optionalText?: string | undefined;
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
  optionalText = ' (optional)',
  required,
  className,
  announceError,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const shownError = useErrorAfterPress(error); // invalid at once (nothing moves); described once it shows
  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelClass}>
        {label}
        {optional && <span className="font-normal text-slate-700">{optionalText}</span>}
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
        'aria-describedby': describedBy(controlId, Boolean(hint), Boolean(shownError)),
        'aria-required': required ? true : undefined,
      })}
      <FieldError id={controlId} message={shownError} announce={announceError} />
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
  const { formId, id, label, hint, error, optional, optionalText, required, className, announceError, inputClassName, ...own } = props;
  return (
    <Field
      id={resolveId({ id, formId, name: own.name })}
      label={label}
      hint={hint}
      error={error}
      optional={optional}
      optionalText={optionalText}
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
  const shownError = useErrorAfterPress(error);
  return (
    <div className={`flex items-start gap-3 ${className ?? ''}`}>
      <input
        id={controlId}
        type="checkbox"
        className={checkboxClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(controlId, Boolean(hint), Boolean(shownError))}
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
        <FieldError id={controlId} message={shownError} />
      </div>
    </div>
  );
}

/**
 * Radio buttons in a fieldset with a legend, for choices of two or three. The rest of the props go
 * to every radio: `{...register('kind')}`; or, held by the caller, `value` and `onValueChange`.
 */
export function RadioGroup<T extends string>({ legend, options, error, className, value, onValueChange, formId: _formId, ...input }: {
  /** Taken so a bound field (formFields) can be spread here; a group of controls has no one id to give. */
  formId?: string | undefined;
  legend: ReactNode;
  options: readonly { value: T; label: ReactNode; hint?: ReactNode }[];
  error?: string | undefined;
  className?: string | undefined;
  value?: NoInfer<T> | undefined;
  onValueChange?: ((value: NoInfer<T>) => void) | undefined;
} & Omit<InputProps, 'type' | 'value'>) {
  const id = useId();
  const shownError = useErrorAfterPress(error);
  return (
    <fieldset aria-describedby={shownError ? `${id}-error` : undefined} className={className}>
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
      <FieldError id={id} message={shownError} />
    </fieldset>
  );
}
