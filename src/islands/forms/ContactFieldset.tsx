import type { FieldErrors, FieldValues, UseFormRegister, UseFormReturn } from 'react-hook-form';
import { fieldsetClass, legendClass, TextField } from '../shared/form-kit';

/** The contact fields the customer forms share, as their schemas name them. */
interface ContactValues {
  name: string;
  email: string;
  phone?: string | undefined;
}

/**
 * "Who are you and how do we reach you": name, e-mail and phone with the same labels, autocomplete and
 * error wiring on every customer form that asks for them (the cake order, the quote request). The baker
 * calls to confirm a cake, so there the phone is required and comes before the e-mail.
 */
export function ContactFieldset<T extends FieldValues & ContactValues>({
  formId,
  form,
  legend,
  phone,
}: {
  formId: string;
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>;
  legend: string;
  phone: 'required, before the e-mail' | 'optional';
}) {
  // The form's own values include these three fields; react-hook-form's paths cannot say so generically.
  const register = form.register as unknown as UseFormRegister<ContactValues>;
  const errors = form.formState.errors as FieldErrors<ContactValues>;
  const phoneField = (
    <TextField
      formId={formId}
      {...register('phone')}
      label="Phone"
      type="tel"
      autoComplete="tel"
      optional={phone === 'optional'}
      error={errors.phone?.message}
    />
  );
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{legend}</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          formId={formId}
          {...register('name')}
          label="Your name"
          autoComplete="name"
          error={errors.name?.message}
        />
        {phone === 'optional' ? null : phoneField}
        <TextField
          formId={formId}
          {...register('email')}
          label="E-mail"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
        />
        {phone === 'optional' ? phoneField : null}
      </div>
    </fieldset>
  );
}
