import { useEffect, useRef, useState } from 'react';
import { addressLine, type DayRoute, type DayRun, type DayStop, formatMiles, routeUrl, suggestRoute, tourMiles } from '../../../lib/day';
import { adminApi, adminPaths, withSearch } from '../../../lib/paths';
import { adminMutate } from '../shared/admin-api';
import { secondaryButtonClass } from '../shared/ui';
import { StopCard } from './StopCard';
import { kindLabel, truckKey } from './stops';
import { type Point } from '../../../lib/geo';
import type { ApiError } from '../../shared/api';

/** The whole run as the screen orders it now, moves not yet reloaded included. */
const routeUrlFor = (run: DayRun, stops: DayStop[]) => routeUrl(run.warehouse.address, stops.map((s) => addressLine(s.address))) ?? undefined;

/** One truck's run: its stops in order, the distance, the whole route in Maps, the run sheet and a suggested order. */
export function RouteCard({ run, route, paymentStops, onChange }: { run: DayRun; route: DayRoute; paymentStops: ReadonlySet<string>; onChange(): Promise<ApiError | null> }) {
  const [stops, setStops] = useState(route.stops);
  const [suggested, setSuggested] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const focusAfterMove = useRef<string | null>(null);
  useEffect(() => setStops(route.stops), [route.stops]);
  useEffect(() => {
    if (focusAfterMove.current) document.getElementById(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  }, [stops]);

  const key = truckKey(route.truckId);
  const headingId = `route-${key}`;
  const points = stops.map((s) => s.point);
  const known = run.warehouse.point !== null && points.every((p): p is Point => p !== null);
  const miles = known ? tourMiles(run.warehouse.point!, points as Point[]) : null;

  // The answer is the order saved, which the screen already shows: nothing to load again.
  const save = async (next: DayStop[], message: string) => {
    const before = stops;
    setStops(next);
    setSaving(true);
    const result = await adminMutate(adminApi.day.routes, 'PUT', { date: run.date, truckId: route.truckId, stops: next.map((s) => ({ bookingId: s.bookingId, kind: s.kind })) }, message);
    setSaving(false);
    if (!result.ok) {
      setStops(before);
      // The run changed meanwhile (a booking added or moved): show it as it is now.
      if (result.error.code === 'conflict') onChange();
    }
  };
  const move = (index: number, step: -1 | 1) => {
    const target = index + step;
    // Not disabled while saving: a disabled button would lose the keyboard focus it is about to get back.
    if (saving || target < 0 || target >= stops.length) return;
    const next = [...stops];
    [next[index], next[target]] = [next[target]!, next[index]!];
    const moved = stops[index]!;
    // Keep the keyboard on the button pressed, on the stop that moved (press again to move it further);
    // at the top or bottom that button is disabled, so the other one takes the focus.
    const edge = target === 0 ? 'down' : target === stops.length - 1 ? 'up' : step === -1 ? 'up' : 'down';
    focusAfterMove.current = `move-${edge}-${moved.key}`;
    void save(next, `${moved.number} ${kindLabel(moved).toLowerCase()} moved ${step === -1 ? 'up' : 'down'} to stop ${target + 1}.`);
  };
  const suggest = () => {
    if (!run.warehouse.point) return;
    // Stops whose ZIP the data set lacks cannot be placed: they keep their turn at the end.
    const placed = stops.filter((s) => s.point);
    const unplaced = stops.filter((s) => !s.point);
    const best = suggestRoute(run.warehouse.point, placed.map((s) => s.point!));
    const next = [...best.order.map((i) => placed[i]!), ...unplaced];
    setSuggested(`Suggested order: about ${formatMiles(best.miles)} from the warehouse and back${miles !== null ? ` (was ${formatMiles(miles)})` : ''}.`);
    void save(next, 'Suggested order saved.');
  };

  // The truck's tools: beside its name from md up, after its stops on a phone (one of the two is shown).
  const tools = (
    <>
      {stops.length > 1 && run.warehouse.point && (
        <button type="button" className={secondaryButtonClass} onClick={suggest} disabled={saving}>
          Suggest order<span className="sr-only"> for {route.truckName}</span>
        </button>
      )}
      {route.routeUrl && (
        <a className={secondaryButtonClass} href={routeUrlFor(run, stops)} target="_blank" rel="noopener noreferrer">
          Whole route in Maps<span className="sr-only"> for {route.truckName} (opens a new tab)</span>
        </a>
      )}
      <a className={secondaryButtonClass} href={withSearch(adminPaths.day, { date: run.date, print: key })}>
        Run sheet<span className="sr-only"> for {route.truckName}</span>
      </a>
    </>
  );

  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          {route.truckName} <span className="text-sm font-semibold text-slate-700">· {stops.length === 1 ? '1 stop' : `${stops.length} stops`}</span>
          {miles !== null && stops.length > 0 && <span className="text-sm font-semibold text-slate-700"> · about {formatMiles(miles)}</span>}
        </h2>
        {stops.length > 0 && <div className="hidden flex-wrap gap-2 md:flex">{tools}</div>}
      </div>
      <p role="status" className="text-sm text-slate-800">
        {suggested}
      </p>
      {stops.length === 0 ? (
        <p className="text-sm text-slate-700">{route.truckId ? 'No stops on this truck. Assign bookings to it from their stop.' : 'No stops this day.'}</p>
      ) : (
        <ol className="space-y-3">
          {stops.map((stop, index) => (
            <li key={stop.key}>
              <StopCard
                run={run}
                stop={stop}
                index={index}
                count={stops.length}
                offersPayment={paymentStops.has(stop.key)}
                onMove={(step) => move(index, step)}
                onChange={onChange}
              />
            </li>
          ))}
        </ol>
      )}
      {/* On a phone the truck's tools come after its stops: the first stop and its next action stay on the first screen. */}
      {stops.length > 0 && <div className="mt-3 flex flex-wrap gap-2 md:hidden">{tools}</div>}
    </section>
  );
}
