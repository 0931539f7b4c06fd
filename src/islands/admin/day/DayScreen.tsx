import { useEffect, useMemo, useState } from 'react';
import { waitingByBooking } from '../../../lib/crew-app';
import { adminApi } from '../../../lib/paths';
import { addDaysIso, formatLongDate, isIsoDate } from '../../../lib/time';
import { TextField } from '../../shared/form-kit';
import { staffClock } from '../shared/business';
import { useAdminData } from '../shared/admin-api';
import { keepDayScreenOnPhone } from '../shared/crew-device';
import { rememberStaff, startCrewQueue, useCrewQueue } from '../shared/crew-send';
import { useStaff } from '../shared/staff';
import { LoadState, ScreenHeader, secondaryButtonClass } from '../shared/ui';
import { LoadingList } from './LoadingList';
import { RouteCard } from './RouteCard';
import { RunSheet } from './RunSheet';
import { RainOutPanel, type DayRainOuts } from './RainOutPanel';
import { paymentStopKeys, truckKey } from './stops';
import { QueuePanel } from './QueuePanel';
import { WaitingActions } from './crew-queue-context';
import { useCrewDay } from './use-crew-day';

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
  const reload = () => setReloads((n) => n + 1);
  const { data, error, loading, fetchedAt, fromPhone } = useCrewDay(date, queue.version + reloads);
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
      <ScreenHeader
        title="The day"
        description="Every drop-off and pickup of the date by truck, in driving order. Times include set-up before the party and tear-down after it."
      />
      <div className="mb-4 flex flex-wrap items-end gap-2">
        <TextField label="Date" type="date" value={date ?? ''} onChange={(e) => choose(e.target.value)} className="w-44" />
        <button type="button" className={secondaryButtonClass} onClick={() => date && choose(addDaysIso(date, -1))}>
          ← Previous day
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => choose(staffClock().today())}>
          Today
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => date && choose(addDaysIso(date, 1))}>
          Next day →
        </button>
      </div>
      <QueuePanel fetchedAt={data ? fetchedAt : null} fromPhone={fromPhone} actions={queue.actions} signInNeeded={queue.signInNeeded} />
      <LoadState loading={loading || !date} error={error}>
        {data && (
          <WaitingActions.Provider value={waiting}>
            <div className="space-y-4">
              <h2 className="text-lg font-bold text-slate-900">
                {formatLongDate(data.date)}: {data.routes.reduce((n, r) => n + r.stops.length, 0)} stops
              </h2>
              {rainOuts.data?.date === data.date && (
                <RainOutPanel
                  rainOuts={rainOuts.data}
                  onChange={() => {
                    rainOuts.reload();
                    reload();
                  }}
                />
              )}
              {data.routes.map((route) => (
                <RouteCard key={truckKey(route.truckId)} run={data} route={route} paymentStops={paymentStops} onChange={reload} />
              ))}
              <LoadingList run={data} />
            </div>
          </WaitingActions.Provider>
        )}
      </LoadState>
    </>
  );
}
