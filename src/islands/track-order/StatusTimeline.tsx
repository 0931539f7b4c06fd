import { interpolate, type Messages } from '../../lib/i18n';
import type { PublicBooking } from './use-track-order';
import { CustomerCard } from '../shared/CustomerCard';
import { useTrackWords } from './words';
import { rainOutNotice } from './rain-out-notice';

type Status = PublicBooking['status'];

const PAST_CONFIRMATION: Status[] = ['confirmed', 'out_for_delivery', 'delivered', 'completed'];

interface Step {
  label: string;
  done: boolean;
  detail?: string | undefined;
}

function timeline(b: PublicBooking, formatInstant: (iso: string) => string, t: Messages['trackOrder']['timeline'], money: (cents: number) => string): Step[] {
  const placed: Step = { label: t.placed, done: true, detail: formatInstant(b.createdAt) };
  if (b.status === 'cancelled') return [placed, { label: t.cancelled, done: true }];
  if (b.status === 'expired') return [placed, { label: t.expired, done: true }];
  const depositPaid =
    (b.totals.depositCents > 0 && b.totals.amountPaidCents >= b.totals.depositCents) ||
    PAST_CONFIRMATION.includes(b.status);
  const deposit = b.payments.find((p) => p.kind === 'deposit');
  return [
    placed,
    {
      label: t.deposit,
      done: depositPaid,
      // Credit spent at checkout pays part of it: say what is paid, and what is left to confirm the booking.
      detail: deposit
        ? `${interpolate(deposit.method === 'credit' ? t.depositFromCredit : t.depositOn, { amount: money(deposit.amountCents), when: formatInstant(deposit.at) })}${
            depositPaid ? '' : interpolate(t.stillToPay, { amount: money(b.totals.depositOutstandingCents) })
          }`
        : undefined,
    },
    { label: t.confirmed, done: PAST_CONFIRMATION.includes(b.status) },
    { label: t.out, done: ['out_for_delivery', 'delivered', 'completed'].includes(b.status) },
    { label: t.delivered, done: ['delivered', 'completed'].includes(b.status) },
    { label: t.completed, done: b.status === 'completed' },
  ];
}

/** Where the booking stands: placed, deposit, confirmed, out for delivery, delivered, completed (or why it stopped). */
export function StatusTimeline({ booking: b, formatInstant, phone }: { booking: PublicBooking; formatInstant: (iso: string) => string; phone: string }) {
  const { f, trackOrder } = useTrackWords();
  const t = trackOrder.timeline;
  // Rained out and not answered: the party is not going ahead that day, so no next step but the customer's choice.
  const rainedOut = b.rainOut ? rainOutNotice({ ...b, rainOut: b.rainOut }, t, f, phone) : null;
  const steps = rainedOut
    ? [{ label: t.placed, done: true, detail: formatInstant(b.createdAt) }, { label: rainedOut.step, done: true }]
    : timeline(b, formatInstant, t, (cents) => f.money(cents));
  const current = steps.findIndex((s) => !s.done);
  return (
    <CustomerCard id="timeline-heading" heading={t.heading} level={3}>
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
                  <span className="sr-only">{step.done ? t.done : isCurrent ? t.next : t.notYet}</span>
                </p>
                {step.detail && <p className="text-sm text-slate-700">{step.detail}</p>}
              </div>
            </li>
          );
        })}
      </ol>
      {rainedOut && (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-950" data-testid="rained-out">
          {rainedOut.notice}
        </p>
      )}
      {!rainedOut && b.status === 'deposit_due' && b.holdExpiresAt && (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-950" data-testid="unpaid-deadline">
          {t.unpaidBefore}
          <strong>{formatInstant(b.holdExpiresAt)}</strong>
          {interpolate(t.unpaidAfter, { below: b.paymentOffer?.kind === 'deposit' ? t.below : '', phone })}
        </p>
      )}
      {b.status === 'hold' && (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-950">
          {interpolate(t.hold, { until: b.holdExpiresAt ? interpolate(t.holdUntil, { when: formatInstant(b.holdExpiresAt) }) : '', below: b.paymentOffer?.kind === 'deposit' ? t.below : '', phone })}
        </p>
      )}
    </CustomerCard>
  );
}
