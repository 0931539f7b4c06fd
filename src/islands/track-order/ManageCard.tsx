import { useState } from 'react';
import { cancellationOutcomeText } from '../../lib/booking';
import { cancellationTerms } from '../../lib/changes';
import { formatMoney } from '../../lib/money';
import { formatLongDate } from '../../lib/time';
import { errorClass, primaryButtonClass } from '../shared/form-classes';
import type { EventHours } from '../shared/use-event-window';
import { CancelForm } from './CancelForm';
import { MoveForm } from './MoveForm';
import { whenText } from './when-text';
import type { CancelResult, ManagedBooking, MoveResult } from '../../lib/customer-changes/index.server';
import { CustomerCard } from '../shared/CustomerCard';

interface Props {
  booking: ManagedBooking;
  manageKey: string;
  formatInstant: (iso: string) => string;
  hours: EventHours;
  paying: boolean;
  payError: string | null;
  onPay: (amountCents?: number) => void;
  onChanged: (booking: ManagedBooking) => void;
  onStale: () => Promise<void>;
}

/**
 * The booking's own page (opened with the "Change or cancel" link): move it to another date and time
 * with the exact new price before confirming, pay a higher total's difference at once, or cancel it
 * with what the policy gives back shown first. The server decides everything again on confirming.
 */
export function ManageCard({
  booking: b,
  manageKey,
  formatInstant,
  hours,
  paying,
  payError,
  onPay,
  onChanged,
  onStale,
}: Props) {
  const { manage } = b;
  const [moved, setMoved] = useState<MoveResult | null>(null);
  const [cancelled, setCancelled] = useState<CancelResult | null>(null);

  if (b.status === 'cancelled') {
    const outcome = cancelled?.outcome;
    const refundedCents = b.payments.filter((p) => p.kind === 'refund').reduce((sum, p) => sum + p.amountCents, 0);
    return (
      <CustomerCard id="manage-heading" heading="Your booking is cancelled" level={3} tone="note" testId="manage-cancelled">
        {outcome ? (
          <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-800">
            {cancellationOutcomeText(outcome, b.changePolicy, cancelled.refundedCents).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <>
            {refundedCents > 0 && (
              <p className="mt-2 text-slate-800">We&apos;ve refunded {formatMoney(refundedCents)} to your card.</p>
            )}
            {b.refundDueCents > 0 && (
              <p className="mt-2 text-slate-800">
                We&apos;ll refund {formatMoney(b.refundDueCents)} to your card (or the way you paid).
              </p>
            )}
          </>
        )}
        <p className="mt-2 text-slate-800">
          We&apos;ve e-mailed you the cancellation, with a calendar update that removes the party from your calendar.
        </p>
      </CustomerCard>
    );
  }

  return (
    <section
      aria-labelledby="manage-heading"
      className="space-y-6 rounded-2xl border border-brand-100 bg-brand-50 p-6"
      data-testid="manage-card"
    >
      <div>
        <h3 id="manage-heading" className="text-lg font-bold text-slate-900">
          Change or cancel your booking
        </h3>
        {manage.rainOut ? (
          <p className="mt-2 text-slate-800" data-testid="manage-rain-out">
            The weather called your party off: move it here free of charge to any day until{' '}
            {formatLongDate(manage.rainOut.moveUntil)}.
          </p>
        ) : manage.open ? (
          <p className="mt-2 text-slate-800">
            You can move or cancel your booking here until {formatInstant(manage.until)}.
          </p>
        ) : (
          <p className="mt-2 font-semibold text-slate-900" data-testid="manage-closed">
            {manage.closedReason}
          </p>
        )}
      </div>

      {moved && <MovedNotice result={moved} booking={b} paying={paying} payError={payError} onPay={onPay} />}

      {manage.open && (
        <>
          <MoveForm
            booking={b}
            manageKey={manageKey}
            hours={hours}
            onMoved={(result) => {
              setMoved(result);
              onChanged(result.booking);
            }}
          />
          {!manage.rainOut && (
            <CancelForm
              booking={b}
              manageKey={manageKey}
              onStale={onStale}
              onCancelled={(result) => {
                setCancelled(result);
                onChanged(result.booking);
              }}
            />
          )}
        </>
      )}

      <details className="text-slate-800">
        <summary className="cursor-pointer font-semibold text-brand-800">The change and cancellation policy</summary>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {cancellationTerms(b.changePolicy).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}

/** After a move: where it is now, and the difference: pay it now, or the refund to come. */
function MovedNotice({
  result,
  booking: b,
  paying,
  payError,
  onPay,
}: {
  result: MoveResult;
  booking: ManagedBooking;
  paying: boolean;
  payError: string | null;
  onPay: (amountCents?: number) => void;
}) {
  return (
    <div
      role="status"
      className="rounded-xl border-l-4 border-emerald-700 bg-white p-4 text-slate-900"
      data-testid="moved-notice"
    >
      <p className="font-semibold">
        Your booking is moved to {whenText(b.event)}. We&apos;ve e-mailed you the updated booking with a calendar
        update.
      </p>
      {result.differenceCents > 0 && (
        <p className="mt-2">
          The new total is {formatMoney(b.totals.totalCents)}, {formatMoney(result.differenceCents)} more than before.
          {result.payNowCents > 0
            ? ' Please pay the difference now.'
            : ` Your balance is now ${formatMoney(b.totals.amountDueCents)}.`}
        </p>
      )}
      {result.payNowCents > 0 && (
        <p className="mt-3">
          <button
            type="button"
            className={primaryButtonClass}
            disabled={paying}
            onClick={() => onPay(result.payNowCents)}
          >
            {paying ? 'Opening the payment page…' : `Pay the difference (${formatMoney(result.payNowCents)})`}
          </button>
        </p>
      )}
      {payError && (
        <p role="alert" className={errorClass}>
          {payError}
        </p>
      )}
      {result.refundedCents > 0 && (
        <p className="mt-2">
          The new total is lower than what you paid: we&apos;ve refunded {formatMoney(result.refundedCents)} to your
          card.
        </p>
      )}
      {result.refundCents > result.refundedCents && (
        <p className="mt-2">
          The new total is lower than what you paid: we&apos;ll refund{' '}
          {formatMoney(result.refundCents - result.refundedCents)} to your card (or the way you paid).
        </p>
      )}
      {result.differenceCents === 0 && <p className="mt-2">The price is the same.</p>}
    </div>
  );
}
