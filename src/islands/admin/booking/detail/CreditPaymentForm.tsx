import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { creditPaymentBody } from '../../../../lib/credits';
import { centsToDollarsInput, formatMoney } from '../../../../lib/money';
import { adminApi } from '../../../../lib/paths';
import type { z } from '../../../../lib/validation';
import { FormAlert, TextField } from '../../../shared/form-kit';
import { apiResolver } from '../../shared/admin-form';
import { useCommandForm } from '../../shared/command-form';
import { buttonClass } from '../../shared/ui';
import { formFields } from '../../../shared/form-fields';

/**
 * Pays part of the booking from its customer's credit (a phone booking, a customer who asks), at most
 * the balance due and the credit the customer has: the oldest-expiring credit is spent first.
 */
export function CreditPaymentForm({ bookingId, balanceCents, creditCents, reload }: { bookingId: string; balanceCents: number; creditCents: number; reload(): void }) {
  const most = Math.min(balanceCents, creditCents);
  const [resolver] = useState(() =>
    apiResolver(creditPaymentBody, (v: { amountCents: string }, read, problems) => {
      const amountCents = read.dollars('amountCents', v.amountCents);
      if (amountCents > most) problems.amountCents = `Pay at most ${formatMoney(most)} from credit`;
      return { amountCents };
    }),
  );
  const form = useForm<{ amountCents: string }, unknown, z.output<typeof creditPaymentBody>>({ resolver, defaultValues: { amountCents: centsToDollarsInput(most) } });
  const { handleSubmit, formState } = form;
  const field = formFields(form);
  const { problem, send, sent } = useCommandForm(form, (path) => path in form.getValues());
  const submit = handleSubmit(async (body) => {
    if (await send(adminApi.bookings.one(bookingId, 'credit-payments'), body, `${formatMoney(body.amountCents)} paid from credit.`)) reload();
  });
  return (
    <form className="mt-4 border-t border-slate-200 pt-4" onSubmit={(e) => void submit(e)} noValidate aria-label="Pay from credit">
      <h3 className="mb-1 font-bold text-slate-900">Pay from credit</h3>
      <p className="mb-2 text-sm text-slate-700">The customer has {formatMoney(creditCents)} of credit to spend.</p>
      <div className="flex flex-wrap items-start gap-3">
        <TextField {...field('amountCents')} label="Amount from credit ($)" inputMode="decimal" className="w-44" />
        <button type="submit" className={`${buttonClass} mt-7`} disabled={formState.isSubmitting || sent}>
          Pay from credit
        </button>
      </div>
      {problem && <FormAlert title="Nothing was paid from credit" message={problem} />}
    </form>
  );
}
