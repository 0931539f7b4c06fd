import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { paymentMethodLabels } from '../../../../lib/booking';
import { centsToDollarsInput, formatMoney } from '../../../../lib/money';
import { adminApi } from '../../../../lib/paths';
import type { z } from '../../../../lib/validation';
import { FormAlert, TextField } from '../../../shared/form-kit';
import { apiResolver } from '../../shared/admin-form';
import { useCommandForm } from '../../shared/command-form';
import { dangerButtonClass, secondaryButtonClass } from '../../shared/ui';
import type { AdminPayment } from '../../../../lib/staff-bookings/index.server';
import { refundBody } from '../../../../lib/payments';
import { formFields } from '../../../shared/form-fields';

interface RefundValues {
  amountCents: string;
  reason: string;
}

/** Money given back from one payment: through Stripe for a card payment, recorded as handed back otherwise. */
export function RefundForm({ payment, bookingId, onDone, onCancel }: { payment: AdminPayment; bookingId: string; onDone(): void; onCancel(): void }) {
  const [resolver] = useState(() =>
    apiResolver(refundBody, (v: RefundValues, read, problems) => {
      const amountCents = read.dollars('amountCents', v.amountCents);
      if (amountCents > payment.refundableCents) problems.amountCents = `At most ${formatMoney(payment.refundableCents)} can be refunded`;
      return { paymentId: payment.id, amountCents, reason: v.reason };
    }),
  );
  const form = useForm<RefundValues, unknown, z.output<typeof refundBody>>({ resolver, defaultValues: { amountCents: centsToDollarsInput(payment.refundableCents), reason: '' } });
  const { handleSubmit, formState } = form;
  const field = formFields(form);
  const { problem, send, confirmDiscard } = useCommandForm(form, (path) => path === 'amountCents' || path === 'reason');
  const viaStripe = payment.method === 'stripe';
  const submit = handleSubmit(async (refund) => {
    const success = viaStripe ? `Refunded ${formatMoney(refund.amountCents)} to the customer’s card.` : `Refund of ${formatMoney(refund.amountCents)} recorded.`;
    if (await send(adminApi.bookings.one(bookingId, 'refunds'), refund, success)) onDone();
  });
  return (
    <form className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3" onSubmit={(e) => void submit(e)} noValidate aria-label="Refund">
      <h3 className="mb-1 font-bold text-slate-900">
        Refund from the {paymentMethodLabels[payment.method]?.toLowerCase()} payment of {formatMoney(payment.amountCents)}
      </h3>
      <p className="mb-2 text-sm text-slate-800">
        {viaStripe ? 'The money goes back to the customer’s card through Stripe.' : 'Record money you have handed back.'} Up to {formatMoney(payment.refundableCents)}.
      </p>
      <div className="flex flex-wrap items-start gap-3">
        <TextField {...field('amountCents')} label="Refund amount ($)" inputMode="decimal" className="w-36" />
        <TextField {...field('reason')} label="Reason" maxLength={500} className="w-72 max-w-full" />
        <RefundButtons busy={formState.isSubmitting} onCancel={() => confirmDiscard() && onCancel()} />
      </div>
      {problem && <FormAlert title="Nothing was refunded" message={problem} />}
    </form>
  );
}

/** A refund form's two buttons: refund, or leave without (asking first when something was typed). */
export function RefundButtons({ busy, onCancel }: { busy: boolean; onCancel(): void }) {
  return (
    <div className="mt-7 flex gap-2">
      <button type="submit" className={dangerButtonClass} disabled={busy}>
        Refund
      </button>
      <button type="button" className={secondaryButtonClass} onClick={onCancel}>
        Don’t refund
      </button>
    </div>
  );
}
