import { useEffect, useRef, useState } from 'react';
import { cancellationOutcomeText } from '../../lib/booking';
import { cancellationTermsIn } from '../../lib/changes';
import { interpolate } from '../../lib/i18n';
import { errorClass, primaryButtonClass } from '../shared/form-classes';
import type { EventHours } from '../shared/use-event-window';
import { CancelForm } from './CancelForm';
import { MoveForm } from './MoveForm';
import { whenText } from './when-text';
import type { CancelResult, ManagedBooking, MoveResult } from '../../lib/customer-changes/index.server';
import { CustomerCard } from '../shared/CustomerCard';
import { useTrackWords } from './words';

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
  const { locale, f, trackOrder } = useTrackWords();
  const t = trackOrder.manage;
  const [moved, setMoved] = useState<MoveResult | null>(null);
  const [cancelled, setCancelled] = useState<CancelResult | null>(null);
  // What a move or a cancellation did is said here, a long way down a phone's page: taken to it, so the
  // customer reads it (and a difference to pay) without looking for it.
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (moved || cancelled) outcomeRef.current?.focus();
  }, [moved, cancelled]);

  if (b.status === 'cancelled') {
    const outcome = cancelled?.outcome;
    const refundedCents = b.payments.filter((p) => p.kind === 'refund').reduce((sum, p) => sum + p.amountCents, 0);
    return (
      <div ref={outcomeRef} tabIndex={-1}>
        <CustomerCard id="manage-heading" heading={t.cancelledHeading} level={3} tone="note" testId="manage-cancelled">
          {outcome ? (
            <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-800">
              {cancellationOutcomeText(outcome, b.changePolicy, cancelled.refundedCents, locale).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <>
              {refundedCents > 0 && (
                <p className="mt-2 text-slate-800">{interpolate(t.refunded, { amount: f.money(refundedCents) })}</p>
              )}
              {b.refundDueCents > 0 && (
                <p className="mt-2 text-slate-800">{interpolate(t.willRefund, { amount: f.money(b.refundDueCents) })}</p>
              )}
            </>
          )}
          <p className="mt-2 text-slate-800">{t.cancelledEmailed}</p>
        </CustomerCard>
      </div>
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
          {t.heading}
        </h3>
        {manage.rainOut ? (
          <p className="mt-2 text-slate-800" data-testid="manage-rain-out">
            {interpolate(t.rainOut, { date: f.longDate(manage.rainOut.moveUntil) })}
          </p>
        ) : manage.open ? (
          <p className="mt-2 text-slate-800">
            {interpolate(t.open, { when: formatInstant(manage.until) })}
          </p>
        ) : (
          <p className="mt-2 font-semibold text-slate-900" data-testid="manage-closed">
            {manage.closedReason}
          </p>
        )}
      </div>

      {moved && (
        <div ref={outcomeRef} tabIndex={-1}>
          <MovedNotice result={moved} booking={b} paying={paying} payError={payError} onPay={onPay} />
        </div>
      )}

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
        <summary className="cursor-pointer font-semibold text-brand-800">{t.policy}</summary>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {cancellationTermsIn(b.changePolicy, locale).map((line) => (
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
  const { f, trackOrder } = useTrackWords();
  const t = trackOrder.manage;
  const formatMoney = (cents: number) => f.money(cents);
  return (
    <div
      role="status"
      className="rounded-xl border-l-4 border-emerald-700 bg-white p-4 text-slate-900"
      data-testid="moved-notice"
    >
      <p className="font-semibold">
        {interpolate(t.moved, { when: whenText(b.event, f) })}
      </p>
      {result.differenceCents > 0 && (
        <p className="mt-2">
          {interpolate(t.movedMore, { total: formatMoney(b.totals.totalCents), difference: formatMoney(result.differenceCents) })}
          {result.payNowCents > 0 ? t.payNow : interpolate(t.balanceNow, { amount: formatMoney(b.totals.amountDueCents) })}
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
            {paying ? trackOrder.payments.opening : interpolate(t.payDifference, { amount: formatMoney(result.payNowCents) })}
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
          {interpolate(t.movedRefunded, { amount: formatMoney(result.refundedCents) })}
        </p>
      )}
      {result.refundCents > result.refundedCents && (
        <p className="mt-2">
          {interpolate(t.movedWillRefund, { amount: formatMoney(result.refundCents - result.refundedCents) })}
        </p>
      )}
      {result.differenceCents === 0 && <p className="mt-2">{t.samePrice}</p>}
      {result.cakes.map((line) => (
        <p key={line} className="mt-2" data-testid="moved-cake">
          {line}
        </p>
      ))}
    </div>
  );
}
