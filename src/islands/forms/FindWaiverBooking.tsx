import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { waiverAccess, type WaiverAccess, type WaiverAccessInput, type WaiverFormWords } from '../../lib/waivers';
import { interpolate } from '../../lib/i18n';
import { FormAlert, primaryButtonClass } from '../shared/form-kit';
import { formFields } from '../shared/form-fields';
import { BookingEmailField, BookingNumberField } from './BookingFields';
import { TitledForm } from '../shared/TitledForm';
import type { FormProblem } from './use-form-submission';
import { bookingNumberExample } from '../../lib/reference';

/**
 * The booking number in the page's address: `booking` in the links the site sends, `bookingNumber` where
 * this form was sent before the page's script had taken it over (the browser's own submit names the query
 * after the fields), so what the signer typed is not lost.
 */
export const bookingInAddress = (params: URLSearchParams): string | null => params.get('booking') || params.get('bookingNumber');

/** The waiver's first step when the link did not carry the booking: its number and the renter's e-mail. */
export default function FindBooking({ onFind, problem, bookingPrefix, words: t }: { onFind: (access: WaiverAccess) => void; problem?: FormProblem; bookingPrefix: string; words: WaiverFormWords }) {
  const formId = useId();
  const form = useForm<WaiverAccessInput, unknown, WaiverAccess>({
    resolver: zodResolver(waiverAccess),
    defaultValues: { bookingNumber: '', email: '' },
  });
  const { handleSubmit, setValue } = form;
  const field = formFields(form, formId);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const booking = bookingInAddress(params);
    if (booking) setValue('bookingNumber', booking);
    if (params.get('email')) setValue('email', params.get('email')!);
  }, [setValue]);
  return (
    <TitledForm id={formId} title={t.findTitle} onSubmit={handleSubmit(onFind)} className="space-y-5 rounded-2xl border border-brand-100 p-6" headingClassName="text-2xl font-bold text-slate-900">
      <p className="text-slate-700">{t.findIntro}</p>
      {problem && <FormAlert title={problem.title} message={problem.message} />}
      <div className="grid gap-5 sm:grid-cols-2">
        <BookingNumberField field={field('bookingNumber')} label={t.bookingNumber} hint={interpolate(t.bookingNumberHint, { example: bookingNumberExample(bookingPrefix) })} />
        <BookingEmailField field={field('email')} label={t.bookingEmail} hint={t.bookingEmailHint} />
      </div>
      <button type="submit" className={primaryButtonClass}>
        {t.open}
      </button>
    </TitledForm>
  );
}
