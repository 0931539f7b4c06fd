import { TextField } from '../shared/form-kit';
import type { BoundField } from '../shared/form-fields';

/**
 * The booking a customer names on a form (the cake delivered with a rental, the waiver's "find your
 * booking", a support request): its number as printed on the confirmation, in capitals and never
 * autofilled, and the e-mail address it was booked with.
 */
export function BookingNumberField({
  field,
  label = 'Booking number',
  hint,
  optional,
}: {
  field: BoundField;
  label?: string;
  hint: string;
  optional?: boolean;
}) {
  return (
    <TextField {...field} label={label} optional={optional} hint={hint} autoComplete="off" inputClassName="uppercase" />
  );
}

export function BookingEmailField({ field, hint, label = 'E-mail used for the booking' }: { field: BoundField; hint?: string; label?: string }) {
  return <TextField {...field} label={label} hint={hint} type="email" autoComplete="email" />;
}
