import { useEffect, useState } from 'react';
import { interpolate } from '../../lib/i18n';
import { publicApi } from '../../lib/paths';
import { businessClock } from '../../lib/time';
import { requestJson } from '../shared/api';
import { errorClass, hintClass, inputClass, labelClass, primaryButtonClass } from '../shared/form-classes';
import { WindowSelects } from '../shared/TimeSelect';
import { useEventWindow, type EventHours } from '../shared/use-event-window';
import { whenText } from './when-text';
import type { MoveQuote } from '../../lib/customer-changes';
import type { ManagedBooking, MoveResult } from '../../lib/customer-changes/index.server';
import { useTrackWords } from './words';

type Quote =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; quote: MoveQuote; for: string }
  | { status: 'error'; message: string; field?: string | undefined };

/**
 * Moving the booking: a new date and times, each window priced (with its availability) as the move
 * would be, and the move itself once the price is seen.
 */
export function MoveForm({
  booking: b,
  manageKey,
  hours: { openFrom, openUntil, timeZone },
  onMoved,
}: {
  booking: ManagedBooking;
  manageKey: string;
  hours: EventHours;
  onMoved: (result: MoveResult) => void;
}) {
  const { f, err, trackOrder } = useTrackWords();
  const t = trackOrder.move;
  const formatMoney = (cents: number) => f.money(cents);
  const [date, setDate] = useState(b.event.date);
  const times = useEventWindow(openFrom, openUntil, { start: b.event.start, end: b.event.end });
  const [quote, setQuote] = useState<Quote>({ status: 'idle' });
  const [moving, setMoving] = useState(false);
  const [moveError, setMoveError] = useState<string | null>(null);
  const event = { date, start: times.start, end: times.end };
  const windowKey = `${date} ${times.start} ${times.end}`;
  const unchanged =
    date === b.event.date &&
    times.start === b.event.start &&
    times.end === b.event.end &&
    b.event.endDate === b.event.date;

  // Live: each window chosen is priced (and its availability checked) as the move would be, after a short pause.
  useEffect(() => {
    if (unchanged || !date) {
      setQuote({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setQuote({ status: 'loading' });
      const result = await requestJson<MoveQuote>(publicApi.manageBooking.quote, {
        method: 'POST',
        json: { bookingNumber: b.number, key: manageKey, event },
        signal: controller.signal,
      }).catch(() => null);
      if (!result || controller.signal.aborted) return;
      if (result.ok) setQuote({ status: 'ready', quote: result.data, for: windowKey });
      else
        setQuote({
          status: 'error',
          message: Object.values(result.error.fields ?? {})[0] ?? result.error.message,
          field: Object.keys(result.error.fields ?? {})[0],
        });
    }, 350);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [windowKey, unchanged]);

  const ready = quote.status === 'ready' && quote.for === windowKey ? quote.quote : null;

  const move = async () => {
    setMoving(true);
    setMoveError(null);
    const result = await requestJson<MoveResult>(publicApi.manageBooking.move, {
      method: 'POST',
      json: { bookingNumber: b.number, key: manageKey, event },
    });
    setMoving(false);
    if (result.ok) {
      setQuote({ status: 'idle' });
      onMoved(result.data);
      return;
    }
    setMoveError(Object.values(result.error.fields ?? {})[0] ?? result.error.message);
  };

  return (
    <form
      aria-labelledby="move-heading"
      className="space-y-4 rounded-xl bg-white p-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready?.bookable) void move();
      }}
    >
      <h4 id="move-heading" className="font-bold text-slate-900">
        {t.heading}
      </h4>
      <p className={hintClass}>
        {interpolate(t.now, { when: whenText(b.event, f) })}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor="move-date" className={labelClass}>
            {t.newDate}
          </label>
          <input
            id="move-date"
            type="date"
            className={inputClass}
            value={date}
            min={businessClock(timeZone).today()}
            aria-invalid={quote.status === 'error' && quote.field?.startsWith('event') ? true : undefined}
            onChange={(e) => setDate(e.target.value)}
          />
        </div>
        <WindowSelects id="move" times={times} labelClassName={labelClass} selectClassName={inputClass} />
      </div>

      <div aria-live="polite" data-testid="move-quote">
        {quote.status === 'loading' && <p className={hintClass}>{t.checking}</p>}
        {quote.status === 'error' && <p className={errorClass}>{err(quote.message)}</p>}
        {ready && (
          <div className="space-y-2 text-slate-900">
            <ul className="space-y-1">
              {ready.lines.map((l) => (
                <li key={l.name} className="flex justify-between gap-4">
                  <span>
                    {l.name} × {l.quantity}
                    {/* Each reason said once: one that is the whole move's problem (a date too far ahead, a day
                        the business is closed, the one product taken) is said under the lines, not on each. */}
                    {!l.available && l.reason !== ready.problem && (
                      <span className="ml-2 font-semibold text-red-800">{l.reason ?? t.notAvailable}</span>
                    )}
                  </span>
                  <span className="tabular-nums">{formatMoney(l.lineTotalCents)}</span>
                </li>
              ))}
            </ul>
            {ready.bookable ? (
              <>
                <p>
                  {t.newTotal}
                  <strong data-testid="move-new-total">{formatMoney(ready.newTotalCents)}</strong>
                  {interpolate(t.was, { amount: formatMoney(ready.currentTotalCents) })}
                </p>
                <p className="font-semibold" data-testid="move-difference">
                  {ready.differenceCents > 0
                    ? interpolate(t.more, { amount: formatMoney(ready.differenceCents) })
                    : ready.differenceCents < 0
                      ? ready.refundCents > 0
                        ? interpolate(t.lessRefund, { amount: formatMoney(-ready.differenceCents), refund: formatMoney(ready.refundCents) })
                        : interpolate(t.lessBalance, { amount: formatMoney(-ready.differenceCents) })
                      : t.same}
                </p>
                {ready.cakes.map((line) => (
                  <p key={line} data-testid="move-cake">
                    {line}
                  </p>
                ))}
              </>
            ) : (
              <p className={errorClass}>{ready.problem ?? t.cantBook}</p>
            )}
          </div>
        )}
      </div>

      <button type="submit" className={primaryButtonClass} disabled={!ready?.bookable || moving}>
        {moving ? t.moving : t.move}
      </button>
      {moveError && (
        <p role="alert" className={errorClass}>
          {err(moveError)}
        </p>
      )}
    </form>
  );
}
