import { formatMoney } from '../../lib/money';
import type { PublicBooking } from './use-track-order';
import { CustomerCard } from '../shared/CustomerCard';

type Status = PublicBooking['status'];

const PAST_CONFIRMATION: Status[] = ['confirmed', 'out_for_delivery', 'delivered', 'completed'];

interface Step {
  label: string;
  done: boolean;
  detail?: string | undefined;
}

function timeline(b: PublicBooking, formatInstant: (iso: string) => string): Step[] {
  const placed: Step = { label: 'Booking placed', done: true, detail: formatInstant(b.createdAt) };
  if (b.status === 'cancelled') return [placed, { label: 'Cancelled', done: true }];
  if (b.status === 'expired') return [placed, { label: 'Expired: the deposit was not paid in time', done: true }];
  const depositPaid =
    (b.totals.depositCents > 0 && b.totals.amountPaidCents >= b.totals.depositCents) ||
    PAST_CONFIRMATION.includes(b.status);
  const deposit = b.payments.find((p) => p.kind === 'deposit');
  return [
    placed,
    {
      label: 'Deposit paid',
      done: depositPaid,
      // Credit spent at checkout pays part of it: say what is paid, and what is left to confirm the booking.
      detail: deposit
        ? `${formatMoney(deposit.amountCents)}${deposit.method === 'credit' ? ' from your credit' : ''} on ${formatInstant(deposit.at)}${
            depositPaid ? '' : `; ${formatMoney(b.totals.depositOutstandingCents)} still to pay`
          }`
        : undefined,
    },
    { label: 'Confirmed', done: PAST_CONFIRMATION.includes(b.status) },
    { label: 'Out for delivery', done: ['out_for_delivery', 'delivered', 'completed'].includes(b.status) },
    { label: 'Delivered and set up', done: ['delivered', 'completed'].includes(b.status) },
    { label: 'Completed', done: b.status === 'completed' },
  ];
}

/** Where the booking stands: placed, deposit, confirmed, out for delivery, delivered, completed (or why it stopped). */
export function StatusTimeline({ booking: b, formatInstant, phone }: { booking: PublicBooking; formatInstant: (iso: string) => string; phone: string }) {
  const steps = timeline(b, formatInstant);
  const current = steps.findIndex((s) => !s.done);
  return (
    <CustomerCard id="timeline-heading" heading="Status" level={3}>
      <ol className="mt-4 space-y-4">
        {steps.map((step, i) => {
          const isCurrent = i === current;
          return (
            <li key={step.label} className="flex items-start gap-3" aria-current={isCurrent ? 'step' : undefined}>
              <span
                aria-hidden="true"
                className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${
                  step.done
                    ? 'border-emerald-700 bg-emerald-700 text-white'
                    : isCurrent
                      ? 'border-brand-700 bg-white text-brand-800'
                      : 'border-slate-400 bg-white text-slate-700'
                }`}
              >
                {step.done ? '✓' : i + 1}
              </span>
              <div>
                <p className={`font-semibold ${step.done || isCurrent ? 'text-slate-900' : 'text-slate-700'}`}>
                  {step.label}
                  <span className="sr-only">{step.done ? ': done' : isCurrent ? ': next step' : ': not yet'}</span>
                </p>
                {step.detail && <p className="text-sm text-slate-700">{step.detail}</p>}
              </div>
            </li>
          );
        })}
      </ol>
      {b.status === 'deposit_due' && b.holdExpiresAt && (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-950" data-testid="unpaid-deadline">
          We keep your equipment reserved until <strong>{formatInstant(b.holdExpiresAt)}</strong>. If the deposit is not paid by
          then, the booking is released and the equipment is offered to others. To keep it, pay the deposit
          {b.paymentOffer?.kind === 'deposit' ? ' below' : ''} or call us at {phone}.
        </p>
      )}
      {b.status === 'hold' && (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-950">
          We are holding your equipment while the deposit is paid
          {b.holdExpiresAt ? `, until ${formatInstant(b.holdExpiresAt)}` : ''}. If you closed the payment page, call
          us at {phone} and we take the deposit by phone.
        </p>
      )}
    </CustomerCard>
  );
}
