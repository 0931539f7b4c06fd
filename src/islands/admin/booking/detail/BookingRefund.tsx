import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { cakeNotRefundedLine, paymentMethodLabels } from '../../../../lib/booking';
import { centsToDollarsInput, formatMoney, parseDollars } from '../../../../lib/money';
import { adminApi } from '../../../../lib/paths';
import { bookingRefundBody, leftReasonLabels, planBookingRefund, type RefundPlan, offlinePaymentMethods } from '../../../../lib/payments';
import type { z } from '../../../../lib/validation';
import { FormAlert, SelectField, TextField } from '../../../shared/form-kit';
import { adminMutate } from '../../shared/admin-api';
import { apiResolver } from '../../shared/admin-form';
import { useCommandForm } from '../../shared/command-form';
import { dangerButtonClass } from '../../shared/ui';
import { RefundButtons } from './RefundForm';
import type { AdminBooking } from '../../../../lib/staff-bookings/index.server';
import { formFields } from '../../../shared/form-fields';

/**
 * Refunds of the booking as a whole (POST …/booking-refunds): the "refund due" after an edit or a
 * cancellation in one click, or any amount up to what was paid. The split shown is the server's rule
 * (planBookingRefund): card payments back through Stripe, newest first, then cash handed back.
 */

type Booking = Pick<AdminBooking, 'id' | 'payments' | 'stripeConfigured' | 'totals' | 'refundDueCents' | 'cakes'>;

const refundOutcome = (data: { refundedCents: number; leftCents: number }) =>
  data.leftCents > 0
    ? `Refunded ${formatMoney(data.refundedCents)}. ${formatMoney(data.leftCents)} is still to pay back by hand.`
    : `Refunded ${formatMoney(data.refundedCents)}.`;

/** How an amount would go back, from the booking's payments as the screen has them. */
function planFor(booking: Booking, amountCents: number): RefundPlan {
  return planBookingRefund(
    booking.payments.map((p) => ({
      id: p.id,
      method: p.method,
      createdAt: p.at,
      refundableCents: p.refundableCents,
      stripeRefundable: p.method === 'stripe' && p.refundable,
    })),
    amountCents,
    { stripe: booking.stripeConfigured, byHand: 'record' },
  );
}

/** The split in words: "$40 to the card through Stripe, $10 in cash to hand back". */
function SplitText({ booking, amountCents }: { booking: Booking; amountCents: number }) {
  const plan = planFor(booking, amountCents);
  const parts = plan.parts.map((p) =>
    p.how === 'stripe' ? `${formatMoney(p.amountCents)} to the card through Stripe` : `${formatMoney(p.amountCents)} in ${paymentMethodLabels[p.method]?.toLowerCase() ?? p.method} to hand back`,
  );
  return (
    <>
      {parts.length > 0 && <span className="block">Goes back as: {parts.join(', ')}.</span>}
      {plan.left.map((l, i) => (
        <span key={i} className="block text-red-800">
          {formatMoney(l.amountCents)} not from here: {leftReasonLabels[l.why]}.
        </span>
      ))}
      {booking.cakes.filter((c) => c.changeClosed).map((c) => (
        <span key={c.id} className="block" data-testid="cake-not-refunded">
          {cakeNotRefundedLine(c)}
        </span>
      ))}
    </>
  );
}

/**
 * "Refund due $X" at the top of the booking screen, with the one button that refunds exactly that.
 * The button is disabled while the refund is on its way, and the server refunds once even if it is
 * sent twice (the amount paid the screen saw goes with it).
 */
export function RefundDue({ booking, canManage, reload }: { booking: Booking; canManage: boolean; reload(): void }) {
  const [busy, setBusy] = useState(false);
  const due = booking.refundDueCents;
  if (due <= 0) return null;
  const refund = async () => {
    setBusy(true);
    const result = await adminMutate<{ refundedCents: number; leftCents: number }>(
      adminApi.bookings.one(booking.id, 'booking-refunds'),
      'POST',
      { amountCents: due, paidCents: booking.totals.amountPaidCents, reason: 'Refund due: paid more than the booking’s total' },
      refundOutcome,
    );
    setBusy(false);
    if (result.ok || result.error.code === 'conflict') reload();
  };
  return (
    <section className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3" aria-label="Refund due" data-testid="refund-due">
      <p className="min-w-0 flex-1 text-sm text-slate-900">
        <strong className="text-base">Refund due {formatMoney(due)}</strong>
        <span className="block">The customer paid {formatMoney(booking.totals.amountPaidCents)} for a total of {formatMoney(booking.totals.totalCents)}.</span>
        {canManage && <SplitText booking={booking} amountCents={due} />}
      </p>
      {canManage && (
        <button type="button" className={dangerButtonClass} disabled={busy} onClick={() => void refund()}>
          Refund {formatMoney(due)}
        </button>
      )}
    </section>
  );
}

interface RefundValues {
  amountCents: string;
  reason: string;
  paidBy: '' | (typeof offlinePaymentMethods)[number];
}

/** Any amount up to what was paid, back the usual way (cards through Stripe) or recorded as paid back another way. */
export function BookingRefundForm({ booking, onDone, onCancel }: { booking: Booking; onDone(): void; onCancel(): void }) {
  const paid = booking.totals.amountPaidCents;
  const [resolver] = useState(() =>
    apiResolver(bookingRefundBody, (v: RefundValues, read, problems) => {
      const amountCents = read.dollars('amountCents', v.amountCents);
      if (amountCents > paid) problems.amountCents = `At most ${formatMoney(paid)} was paid`;
      return { amountCents, paidCents: paid, reason: v.reason, ...(v.paidBy ? { paidBy: v.paidBy } : {}) };
    }),
  );
  const form = useForm<RefundValues, unknown, z.output<typeof bookingRefundBody>>({
    resolver,
    defaultValues: { amountCents: centsToDollarsInput(booking.refundDueCents > 0 ? booking.refundDueCents : paid), reason: '', paidBy: booking.stripeConfigured ? '' : 'cash' },
  });
  const { handleSubmit, formState, watch } = form;
  const field = formFields(form);
  const { problem, send, confirmDiscard } = useCommandForm(form, (path) => path === 'amountCents' || path === 'reason' || path === 'paidBy');
  const typed = parseDollars(watch('amountCents')) ?? 0;
  const paidBy = watch('paidBy');
  const submit = handleSubmit(async (refund) => {
    if (await send(adminApi.bookings.one(booking.id, 'booking-refunds'), refund, refundOutcome)) onDone();
  });
  return (
    <form className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3" onSubmit={(e) => void submit(e)} noValidate aria-label="Refund from the booking">
      <h3 className="mb-1 font-bold text-slate-900">Refund from the booking</h3>
      <p className="mb-2 text-sm text-slate-800">
        Up to {formatMoney(paid)}, what the customer paid.{' '}
        {paidBy
          ? 'Records money you paid back another way: nothing goes through Stripe.'
          : 'Card payments go back through Stripe (newest first), then cash you hand back.'}
        {!paidBy && typed > 0 && typed <= paid && <SplitText booking={booking} amountCents={typed} />}
      </p>
      <div className="flex flex-wrap items-start gap-3">
        <TextField {...field('amountCents')} label="Refund amount ($)" inputMode="decimal" className="w-36" />
        <SelectField {...field('paidBy')} label="How it goes back" className="w-60 max-w-full">
          <option value="">{booking.stripeConfigured ? 'Card through Stripe, cash by hand' : 'Cash by hand (Stripe not configured)'}</option>
          <option value="cash">Paid back in cash</option>
          <option value="check">Paid back by check</option>
          <option value="card_in_person">Paid back on the card reader</option>
        </SelectField>
        <TextField {...field('reason')} label="Reason" maxLength={500} className="w-72 max-w-full" />
        <RefundButtons busy={formState.isSubmitting} onCancel={() => confirmDiscard() && onCancel()} />
      </div>
      {problem && <FormAlert title="Nothing was refunded" message={problem} />}
    </form>
  );
}
