import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { centsToDollarsInput, formatMoney } from '../../../../lib/money';
import { adminApi } from '../../../../lib/paths';
import type { z } from '../../../../lib/validation';
import { FormAlert, SelectField, TextField } from '../../../shared/form-kit';
import { apiResolver } from '../../shared/admin-form';
import { useCommandForm } from '../../shared/command-form';
import { buttonClass } from '../../shared/ui';
import { offlinePaymentMethods, paymentBody } from '../../../../lib/payments';
import { paymentMethodLabels } from '../../../../lib/booking';
import { LabelledOptions } from '../../shared/options';
import { formFields } from '../../../shared/form-fields';
import { recordPaymentId } from './money-standing';
import type { ApiError } from '../../../shared/api';
import { ReadAgainAlert, useChangeReadBack } from '../../shared/ReadAgain';

interface PaymentValues {
  amountCents: string;
  method: (typeof offlinePaymentMethods)[number];
  note: string;
}

/** Money a manager took in person (cash, check, card on a terminal), at most the balance due. */
export function PaymentForm({ bookingId, balanceCents, reload }: { bookingId: string; balanceCents: number; reload(): Promise<ApiError | null> }) {
  const [resolver] = useState(() =>
    apiResolver(paymentBody, (v: PaymentValues, read, problems) => {
      const amountCents = read.dollars('amountCents', v.amountCents);
      if (amountCents > balanceCents) problems.amountCents = `The balance due is ${formatMoney(balanceCents)}`;
      return { ...v, amountCents };
    }),
  );
  const form = useForm<PaymentValues, unknown, z.output<typeof paymentBody>>({ resolver, defaultValues: { amountCents: centsToDollarsInput(balanceCents), method: 'cash', note: '' } });
  const { handleSubmit, formState } = form;
  const field = formFields(form);
  const { problem, send, sent } = useCommandForm(form, (path) => path in form.getValues());
  // Recorded, the booking is read again (its balance renews this form). When that read fails (no
  // signal) the form says the payment went through and reads again on request; "Record payment" stays
  // off meanwhile, as the balance shown is from before the payment.
  const readBack = useChangeReadBack<number, number>(balanceCents, reload);
  const submit = handleSubmit(async (payment) => {
    if (await send(adminApi.bookings.one(bookingId, 'payments'), payment, `Payment of ${formatMoney(payment.amountCents)} recorded.`)) readBack.changed(payment.amountCents);
  });
  return (
    <form id={recordPaymentId} className="mt-4 scroll-mt-4 border-t border-slate-200 pt-4" onSubmit={(e) => void submit(e)} noValidate>
      <h3 className="mb-2 font-bold text-slate-900">Record a payment taken in person</h3>
      <div className="flex flex-wrap items-start gap-3">
        <TextField {...field('amountCents')} label="Amount collected ($)" inputMode="decimal" className="w-36" />
        <SelectField {...field('method')} label="Method" className="w-44">
          <LabelledOptions values={offlinePaymentMethods} labels={paymentMethodLabels} />
        </SelectField>
        <TextField {...field('note')} label="Note" optional maxLength={500} className="w-64 max-w-full" />
        <button type="submit" className={`${buttonClass} mt-7`} disabled={formState.isSubmitting || sent}>
          Record payment
        </button>
      </div>
      {problem && <FormAlert title="The payment was not recorded" message={problem} />}
      {readBack.problem && readBack.made !== null && (
        <ReadAgainAlert done={`Payment of ${formatMoney(readBack.made)} recorded.`} what="booking" problem={readBack.problem} onReadAgain={readBack.readAgain} />
      )}
    </form>
  );
}
