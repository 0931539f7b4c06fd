import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { waiverAccess, type WaiverAccess, type WaiverAccessInput } from '../../lib/waivers';
import { FormAlert, primaryButtonClass } from '../shared/form-kit';
import { formFields } from '../shared/form-fields';
import { BookingEmailField, BookingNumberField } from './BookingFields';
import { TitledForm } from '../shared/TitledForm';
import type { FormProblem } from './use-form-submission';
import { bookingNumberExample } from '../../lib/reference';

/** The waiver's first step when the link did not carry the booking: its number and the renter's e-mail. */
export default function FindBooking({ onFind, problem, bookingPrefix }: { onFind: (access: WaiverAccess) => void; problem?: FormProblem; bookingPrefix: string }) {
  const formId = useId();
  const form = useForm<WaiverAccessInput, unknown, WaiverAccess>({
    resolver: zodResolver(waiverAccess),
    defaultValues: { bookingNumber: '', email: '' },
  });
  const { handleSubmit, setValue } = form;
  const field = formFields(form, formId);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('booking')) setValue('bookingNumber', params.get('booking')!);
    if (params.get('email')) setValue('email', params.get('email')!);
  }, [setValue]);
  return (
    <TitledForm id={formId} title="Find your booking" onSubmit={handleSubmit(onFind)} className="space-y-5 rounded-2xl border border-brand-100 p-6" headingClassName="text-2xl font-bold text-slate-900">
      <p className="text-slate-700">Enter the booking number and the e-mail address from your booking confirmation.</p>
      {problem && <FormAlert title={problem.title} message={problem.message} />}
      <div className="grid gap-5 sm:grid-cols-2">
        <BookingNumberField field={field('bookingNumber')} hint={`It looks like ${bookingNumberExample(bookingPrefix)}.`} />
        <BookingEmailField field={field('email')} hint="The address your confirmation went to." />
      </div>
      <button type="submit" className={primaryButtonClass}>
        Open the waiver
      </button>
    </TitledForm>
  );
}
