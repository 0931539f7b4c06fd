import { useEffect, useMemo, useState } from 'react';
import { waitingByBooking } from '../../../lib/crew-app';
import { adminApi } from '../../../lib/paths';
import { addDaysIso, formatLongDate, isIsoDate } from '../../../lib/time';
import { inputClass } from '../../shared/form-classes';
import { staffClock } from '../shared/business';
import { useAdminData, useReadsAwaited } from '../shared/admin-api';
import { keepDayScreenOnPhone } from '../shared/crew-device';
import { rememberStaff, startCrewQueue, useCrewQueue } from '../shared/crew-send';
import { useStaff } from '../shared/staff';
import { LoadState, secondaryButtonClass } from '../shared/ui';
import { LoadingList } from './LoadingList';
import { RouteCard } from './RouteCard';
import { RunSheet } from './RunSheet';
import { RainOutPanel, type DayRainOuts } from './RainOutPanel';
import { paymentStopKeys, truckKey } from './stops';
import { QueuePanel } from './QueuePanel';
import { WaitingActions } from './crew-queue-context';
import { useCrewDay } from './use-crew-day';

const ABOUT = 'Every drop-off and pickup of the date by truck, in driving order. Times include set-up before the party and tear-down after it.';
/** The date controls, one row on a phone: there the day buttons show their arrows alone (the words stay for screen readers). */
const dateInputClass = inputClass.replace('mt-1 ', '').replace('w-full', 'w-full min-w-0 flex-1 sm:w-44 sm:flex-none');
const dateButtonClass = secondaryButtonClass.replace('px-4', 'shrink-0 px-3 sm:px-4');

const fromAddress = (name: string) => (typeof location === 'undefined' ? null : new URLSearchParams(location.search).get(name));
const dateFromAddress = () => {
  const date = fromAddress('date');
  return isIsoDate(date) ? date : staffClock().today();
};

/**
 * The day screen (`?date=YYYY-MM-DD`): the date's drop-offs and pickups by truck, in the order they are driven
 * (Move up / Move down, or Suggest order from the stops' ZIP codes), with what the crew need at each
 * stop and what they can do there. `&print={truck}` shows that truck's run sheet alone, for paper.
 *
 * Changes at a stop (status, truck, payment, note, damage) reload the run: their answers carry the
 * booking or the report, not the day, and a change can move stops between trucks.
 *
 * The crew app (issue #26): the day is kept on the phone and read from it without signal (with when
 * it was fetched); a status, payment, note or damage report taken without signal waits on the phone
 * and is sent when the connection returns (crewSend), listed here until sent, or with the reason if refused.
 */
export default function DayScreen() {
  const [date, setDate] = useState<string | null>(null);
  const [print, setPrint] = useState<string | null>(null);
  useEffect(() => {
    setDate(dateFromAddress());
    setPrint(fromAddress('print'));
  }, []);
  const queue = useCrewQueue();
  const [reloads, setReloads] = useState(0);
  // Resolves once the day has been read again: a stop whose change it was to show says so if it failed.
  const readsAwaited = useReadsAwaited();
  const reload = () => readsAwaited.next(() => setReloads((n) => n + 1));
  const { data, error, loading, fetchedAt, fromPhone } = useCrewDay(date, queue.version + reloads, readsAwaited);
  const readAgainFailed = data !== null && error !== null && data.date === date;
  const rainOuts = useAdminData<DayRainOuts>(date ? adminApi.day.rainOuts(date) : null);
  const paymentStops = useMemo(() => paymentStopKeys(data?.routes ?? []), [data]);
  const waiting = useMemo(() => waitingByBooking(queue.actions), [queue.actions]);
  const { staff } = useStaff();
  useEffect(() => {
    if (staff) rememberStaff(staff.id);
  }, [staff]);
  useEffect(() => {
    startCrewQueue();
    keepDayScreenOnPhone().catch(() => {});
  }, []);

  const choose = (next: string) => {
    if (!isIsoDate(next)) return;
    setDate(next);
    history.replaceState(history.state, '', `?date=${next}`);
  };

  if (print && data) {
    const route = data.routes.find((r) => truckKey(r.truckId) === print);
    return route ? <RunSheet run={data} route={route} /> : <p role="alert">No such truck on this day.</p>;
  }
  return (
    <>
      {/* On a phone the first stop and its next action are on the first screen: the date controls are
          one row, and the words about the screen come after the stops. */}
      <h1 className="mb-3 text-2xl font-bold text-slate-900 md:mb-1">The day</h1>
      <p className="mb-4 hidden text-sm text-slate-700 md:block">{ABOUT}</p>
      <div className="mb-3 flex items-center gap-2 md:mb-4">
        <label htmlFor="day-date" className="font-semibold text-slate-900 max-sm:sr-only">
          Date
        </label>
        <input id="day-date" type="date" value={date ?? ''} onChange={(e) => choose(e.target.value)} className={dateInputClass} />
        <button type="button" className={dateButtonClass} onClick={() => date && choose(addDaysIso(date, -1))}>
          ←<span className="max-sm:sr-only"> Previous day</span>
        </button>
        <button type="button" className={dateButtonClass} onClick={() => choose(staffClock().today())}>
          Today
        </button>
        <button type="button" className={dateButtonClass} onClick={() => date && choose(addDaysIso(date, 1))}>
          <span className="max-sm:sr-only">Next day </span>→
        </button>
      </div>
      <QueuePanel fetchedAt={data ? fetchedAt : null} fromPhone={fromPhone} actions={queue.actions} signInNeeded={queue.signInNeeded} />
      {/* A day that could not be read again stays on screen (the stop that changed says so, with a way to
          read it again); another date's day, shown while this one loaded, does not. */}
      {readAgainFailed && (
        <p className="mb-3 text-sm font-semibold text-red-900">
          The day could not be read again: {error.message} What is shown is from before.
        </p>
      )}
      <LoadState loading={loading || !date} error={readAgainFailed ? null : error}>
        {data && (
          <WaitingActions.Provider value={waiting}>
            {/* On a phone the rain-outs come after the trucks (visual order alone: `order`), so the first stop is on the first screen. */}
            <div className="flex flex-col gap-4">
              {/* One line on a phone, also for the longest dates ("Wednesday, September 29, 2027: 12 stops"). */}
              <h2 className="text-base font-bold text-slate-900 sm:text-lg">
                {formatLongDate(data.date)}: {data.routes.reduce((n, r) => n + r.stops.length, 0)} stops
              </h2>
              {rainOuts.data?.date === data.date && (
                <div className="empty:hidden max-md:order-1">
                  <RainOutPanel
                    rainOuts={rainOuts.data}
                    onChange={() => {
                      rainOuts.reload();
                      reload();
                    }}
                  />
                </div>
              )}
              {data.routes.map((route) => (
                <RouteCard key={truckKey(route.truckId)} run={data} route={route} paymentStops={paymentStops} onChange={reload} />
              ))}
              <div className="max-md:order-2">
                <LoadingList run={data} />
              </div>
            </div>
          </WaitingActions.Provider>
        )}
      </LoadState>
      <p className="mt-6 text-sm text-slate-700 md:hidden">{ABOUT}</p>
    </>
  );
}
