import { fieldsetClass, legendClass, TextField } from '../shared/form-kit';
import type { BoundField } from '../shared/form-fields';
import { useFormWords } from './form-words';

/**
 * "Who are you and how do we reach you": name, e-mail and phone with the same labels, autocomplete and
 * error wiring on every customer form that asks for them (the cake order, the quote request). The baker
 * calls to confirm a cake, so there the phone is required and comes before the e-mail.
 */
export function ContactFieldset({
  field,
  legend,
  phone,
}: {
  /** The form's fields (formFields); its schema names the contact fields name, email and phone. */
  field: (name: 'name' | 'email' | 'phone') => BoundField;
  legend: string;
  phone: 'required, before the e-mail' | 'optional';
}) {
  const { forms, local } = useFormWords();
  const phoneField = (
    <TextField {...local(field('phone'))} label={forms.phone} type="tel" autoComplete="tel" optional={phone === 'optional'} />
  );
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{legend}</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...local(field('name'))} label={forms.yourName} autoComplete="name" />
        {phone === 'optional' ? null : phoneField}
        <TextField {...local(field('email'))} label={forms.email} type="email" autoComplete="email" />
        {phone === 'optional' ? phoneField : null}
      </div>
    </fieldset>
  );
}
