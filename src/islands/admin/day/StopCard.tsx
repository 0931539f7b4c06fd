import { useState } from 'react';
import { type BookingStatus, rentalLastDay, staffStatusLabels, statusTooEarly } from '../../../lib/booking';
import { waitingPaymentCents } from '../../../lib/crew-app';
import { addressLine, crewCollectsFor, doorMoney, stopAction, type DayRun, type DayStop } from '../../../lib/day';
import { formatMoney } from '../../../lib/money';
import { adminApi, adminPaths } from '../../../lib/paths';
import { businessClock, formatTimeRange, plural } from '../../../lib/time';
import { onTheWayRefusal, onTheWayReport } from '../../../lib/customer-messages';
import { toast } from 'sonner';
import { adminRequest } from '../shared/admin-api';
import { crewSend } from '../shared/crew-send';
import { useWaitingActions } from './crew-queue-context';
import { Badge, buttonClass, secondaryButtonClass } from '../shared/ui';
import { ReadAgainAlert, useChangeReadBack } from '../shared/ReadAgain';
import type { ApiError } from '../../shared/api';
import { CallAbout } from '../shared/CallAbout';
import { StopDetails } from './StopDetails';
import { DamageForm, NoteForm, PaymentForm } from './StopForms';
import { kindLabel } from './stops';
import { StopWaiverForm } from './StopWaiverForm';

/** The stop's smaller buttons: a phone fits more of them on a line (still well over 24 px to tap). */
const smallButtonClass = secondaryButtonClass.replace('min-h-10', 'min-h-9').replace('px-4', 'px-3').replace('py-2', 'py-1');

type Panel = 'payment' | 'note' | 'damage' | 'waiver' | 'details';

/**
 * One stop, compact: when, who, where, the setup spot and what to call about, what to collect, with the
 * crew's buttons; the rest (the load and its gear, notes, cakes, the truck) is behind "Details", one tap away. "Record payment" is on
 * the one stop of the booking that takes the money (`offersPayment`, see paymentStopKeys), by the rule
 * the server records it with (doorMoney): a deposit still due too, which the payment confirms once it
 * covers the deposit. What waits on the phone to send is already in hand: the stop asks for less.
 */
export function StopCard(props: { run: DayRun; stop: DayStop; index: number; count: number; offersPayment: boolean; onMove(step: -1 | 1): void; onChange(): Promise<ApiError | null> }) {
  const { run, stop, index, count, offersPayment, onMove, onChange } = props;
  const [panel, setPanel] = useState<Panel | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [sending, setSending] = useState(false);
  // After a move the button stays off until the day comes back with this stop changed: in between it
  // still offered the move just made, and a second tap sent it again (refused then as a conflict). A day
  // that cannot be read again (no signal: the phone's copy, from before the move) switches the buttons
  // back on, that move not among them, with a way to read the day again.
  const readBack = useChangeReadBack<DayStop, BookingStatus>(stop, onChange, (shown, before) => shown.key === before.key && shown.status === before.status);
  const acting = sending || readBack.waiting;
  const waiting = useWaitingActions(stop.bookingId);
  // A status move waiting to send: the button would send another (refused then as a conflict).
  const moveWaiting = waiting.some((a) => a.url === adminApi.bookings.one(stop.bookingId, 'status'));
  const money = doorMoney(stop, waitingPaymentCents(waiting));
  // The deposit waits on the phone: the booking is confirmed when it arrives, and a status move queued
  // now is sent after it, so the crew can carry on with the drop-off without signal.
  const action = stop.action ?? (stop.status === 'deposit_due' && money.toConfirmCents === 0 && money.waitingCents > 0 && !stop.rainedOut ? stopAction(stop.kind, 'confirmed') : null);
  const title = `Stop ${index + 1}: ${kindLabel(stop)} ${stop.number}`;
  const detailsId = `stop-details-${stop.key.replace(/[^A-Za-z0-9-]/g, '-')}`;
  // The server's rule, on the business's clock: before the move's day the button is off and says when it
  // opens, also without signal (a move taken early would otherwise wait on the phone and go through once
  // sent on the day). A drop-off is on the run of the day its set-up starts; a pickup's one move,
  // completed, counts from the party's day, or a rental over several days' last day.
  const tooEarly = action
    ? statusTooEarly(
        action.to,
        { number: stop.number, partyDate: stop.event.date, dropOffDate: stop.kind === 'delivery' ? run.date : stop.event.date, lastDate: rentalLastDay(stop.event) },
        businessClock(run.timezone),
      )
    : null;
  const tooEarlyId = `${detailsId}-not-yet`;
  const act = async () => {
    if (!action) return;
    setSending(true);
    const moved = action.label.replace(/^Mark /, '').toLowerCase();
    const result = await crewSend(adminApi.bookings.one(stop.bookingId, 'status'), 'POST', { to: action.to }, { success: `${stop.number}: ${moved}.`, label: `${stop.number}: ${moved}`, bookingId: stop.bookingId });
    setSending(false);
    if (!result.ok) return;
    // One waiting on the phone is listed, and its button off, until it is sent (moveWaiting).
    if (result.queued) return void onChange();
    readBack.changed(action.to);
  };
  // "On the way" (issue #26): the customer gets the estimated arrival. Offered only on the drop-off's own
  // day on the business's clock (the server refuses it otherwise), and the card says what the server
  // answered: sent, or still waiting to send; a second tap is told when it went.
  const [onTheWay, setOnTheWay] = useState<string | null>(null);
  const sendOnTheWay = async () => {
    setSending(true);
    const result = await adminRequest<{ eta: string; delivery: 'sent' | 'waiting'; textId?: string }>(adminApi.day.onTheWay(stop.bookingId), { method: 'POST', json: { date: run.date } });
    setSending(false);
    if (!result.ok) {
      toast.error(result.error.message);
      return setOnTheWay(result.error.fields?.date ?? result.error.message);
    }
    const report = onTheWayReport({ delivery: result.data.delivery, by: result.data.textId ? 'text' : 'email', eta: result.data.eta });
    if (result.data.delivery === 'sent') toast.success(`${stop.number}: ${report}`);
    else toast.warning(`${stop.number}: ${report}`);
    setOnTheWay(report);
  };
  const offersOnTheWay = stop.kind === 'delivery' && !stop.done && !stop.rainedOut && onTheWayRefusal(run.date, businessClock(run.timezone).today()) === null;
  const toggle = (next: Panel) => setPanel((open) => (open === next ? null : next));
  const done = () => {
    setPanel(null);
    onChange();
  };
  // The drop-off of the same day takes the money when this pickup does not.
  const collectedAtDropOff = !offersPayment && stop.kind === 'pickup' && crewCollectsFor.includes(stop.status);

  return (
    <article aria-label={title} className={`rounded-lg border p-3 ${stop.done ? 'border-emerald-300 bg-emerald-50' : 'border-slate-300'}`}>
      {/* On a phone the status goes under the heading when both do not fit beside it: the heading keeps two lines. */}
      <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1 sm:flex-nowrap">
        <h3 className="min-w-0 font-bold text-slate-900">
          {index + 1}. {kindLabel(stop)} <span className="whitespace-nowrap">{formatTimeRange(stop.window.from, stop.window.until)}</span>
          <span className="block text-sm font-semibold text-slate-700">
            <a className="underline" href={adminPaths.booking(stop.bookingId)}>
              {stop.number}
            </a>{' '}
            · {stop.customer.name}
          </span>
        </h3>
        {stop.rainedOut ? <Badge tone="warn">Rained out: don’t go</Badge> : <Badge tone={stop.done ? 'good' : stop.status === 'deposit_due' ? 'warn' : 'info'}>{stop.statusLabel}</Badge>}
      </div>
      <p className="mt-1 text-sm break-words text-slate-900">
        <a className="font-semibold underline" href={`tel:${stop.customer.phone.replace(/[^0-9+]/g, '')}`}>
          {stop.customer.phone}
        </a>{' '}
        ·{' '}
        <a className="font-semibold underline" href={stop.directionsUrl} target="_blank" rel="noopener noreferrer">
          {addressLine(stop.address)}
          <span className="sr-only"> (directions, opens a new tab)</span>
        </a>
      </p>
      {/* The yard as the customer described it (issue #38): the crew read it before they arrive. */}
      {(stop.site.summary || stop.site.photos.length > 0) && (
        <p className="mt-1 text-sm text-slate-900">
          <span className="font-semibold">Setup spot:</span> {[stop.site.summary, stop.site.photos.length > 0 && `${plural(stop.site.photos.length, 'photo', 'photos')} in Details`].filter(Boolean).join(' · ')}
        </p>
      )}
      {stop.site.override && <p className="mt-1 text-sm font-semibold text-amber-900">{stop.site.override}</p>}
      <CallAbout flags={stop.site.flags} />
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-900">
        {money.collectCents > 0 ? (
          <strong>
            Collect {formatMoney(money.collectCents, run.currency)}
            {collectedAtDropOff && <span className="font-normal"> at the drop-off</span>}
          </strong>
        ) : (
          stop.balanceCents === 0 && <span>Paid in full</span>
        )}
        {money.waitingCents > 0 && <span>{formatMoney(money.waitingCents, run.currency)} collected, waiting to send</span>}
        <span>
          Waiver {stop.waiversSigned > 0 ? <Badge tone="good">Signed ({stop.waiversSigned})</Badge> : <Badge tone="warn">Not signed</Badge>}
        </span>
      </p>

      {/* On the stop that takes the money (a booking's drop-off and pickup on one day say it once). */}
      {money.toConfirmCents !== null && offersPayment && !stop.rainedOut && (
        <p className="mt-1 text-sm text-slate-900">
          {money.toConfirmCents > 0
            ? `Not confirmed: the deposit is still due. Collecting at least ${formatMoney(money.toConfirmCents, run.currency)} confirms the booking.`
            : money.waitingCents > 0
              ? 'The deposit is collected: the booking is confirmed when the payment is sent.'
              : 'Not confirmed yet: the deposit is paid, and a payment recorded here confirms the booking.'}
        </p>
      )}
      {waiting.length > 0 && (
        <ul className="mt-1 text-sm text-slate-900" aria-label={`Waiting to send for ${stop.number}`}>
          {waiting.map((a) => (
            <li key={a.key}>
              <Badge tone="info">Waiting to send</Badge> {a.label}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {action && (
          <button type="button" className={buttonClass} onClick={() => void act()} disabled={acting || moveWaiting || readBack.made === action.to || tooEarly !== null} aria-describedby={tooEarly ? tooEarlyId : undefined}>
            {action.label}
            <span className="sr-only"> {stop.number}</span>
          </button>
        )}
        {offersOnTheWay && (
          <button type="button" className={smallButtonClass} onClick={() => void sendOnTheWay()} disabled={acting}>
            On the way<span className="sr-only"> {stop.number}</span>
          </button>
        )}
        {offersPayment && money.mayRecord && (
          <button type="button" className={smallButtonClass} aria-expanded={panel === 'payment'} onClick={() => toggle('payment')}>
            Record payment<span className="sr-only"> {stop.number}</span>
          </button>
        )}
        <button type="button" className={smallButtonClass} aria-expanded={panel === 'note'} onClick={() => toggle('note')}>
          Add note<span className="sr-only"> {stop.number}</span>
        </button>
        <button type="button" className={smallButtonClass} aria-expanded={panel === 'waiver'} onClick={() => toggle('waiver')}>
          Guest signs a waiver<span className="sr-only"> for {stop.number}</span>
        </button>
        {stop.units.length > 0 && (
          <button type="button" className={smallButtonClass} aria-expanded={panel === 'damage'} onClick={() => toggle('damage')}>
            Report damage<span className="sr-only"> {stop.number}</span>
          </button>
        )}
        <button type="button" className={smallButtonClass} aria-expanded={detailsOpen} aria-controls={detailsId} onClick={() => setDetailsOpen((o) => !o)}>
          {detailsOpen ? 'Hide details' : 'Details'}
          <span className="sr-only"> {title}</span>
        </button>
        <span className="ml-auto flex gap-2">
          <button id={`move-up-${stop.key}`} type="button" className={smallButtonClass} onClick={() => onMove(-1)} disabled={index === 0}>
            <span aria-hidden="true">↑</span>
            <span className="sr-only">Move up {title}</span>
          </button>
          <button id={`move-down-${stop.key}`} type="button" className={smallButtonClass} onClick={() => onMove(1)} disabled={index === count - 1}>
            <span aria-hidden="true">↓</span>
            <span className="sr-only">Move down {title}</span>
          </button>
        </span>
      </div>
      {tooEarly && (
        <p id={tooEarlyId} className="mt-1 text-sm text-slate-900">
          {tooEarly}
        </p>
      )}
      {readBack.problem && readBack.made && (
        <div className="mt-2">
          <ReadAgainAlert done={`${stop.number}: ${staffStatusLabels[readBack.made].toLowerCase()}.`} what="day" problem={readBack.problem} onReadAgain={readBack.readAgain} />
        </div>
      )}
      {onTheWay && (
        <p role="status" className="mt-1 text-sm text-slate-900">
          {onTheWay}
        </p>
      )}
      {/* Hidden, not left out: the details stay in the page's text for find-in-page and the run's printout. */}
      <div id={detailsId} hidden={!detailsOpen}>
        <StopDetails run={run} stop={stop} onChange={onChange} />
      </div>
      {panel === 'payment' && <PaymentForm run={run} stop={stop} money={money} onDone={done} />}
      {panel === 'note' && <NoteForm stop={stop} onDone={done} />}
      {panel === 'damage' && <DamageForm stop={stop} onDone={done} />}
      {panel === 'waiver' && <StopWaiverForm run={run} stop={stop} onDone={done} />}
    </article>
  );
}
