import { useEffect, useRef, useState, type ReactNode } from 'react';
import { bookingCakeLine } from '../../../lib/booking/booking-cakes';
import { addressLine, crewCollectsFor, routeUrl, UNASSIGNED, type DayRoute, type DayRun, type DayStop } from '../../../lib/day/day';
import { formatMiles, suggestRoute, tourMiles, type Point } from '../../../lib/day/route-order';
import { addDaysIso, formatLongDate, isIsoDate } from '../../../lib/time/format';
import { formatMoney } from '../../../lib/money';
import { SelectField, TextField, todayIso } from '../../shared/form-kit';
import { surfaceLabels } from '../booking/booking-text';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { DamageForm, NoteForm, PaymentForm } from './StopForms';
import { Badge, buttonClass, Card, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';

const dateFromAddress = () => {
  const date = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('date');
  return isIsoDate(date) ? date : todayIso();
};
const printFromAddress = () => (typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('print'));

/** The truck key in addresses and element ids: a truck's id, or "unassigned". */
const truckKey = (truckId: string | null) => truckId ?? 'unassigned';
const kindLabel = (s: DayStop) => (s.kind === 'delivery' ? 'Drop-off' : 'Pickup');

/**
 * /admin/day?date=YYYY-MM-DD: the date's drop-offs and pickups by truck, in the order they are driven
 * (Move up / Move down, or Suggest order from the stops' ZIP codes), with what the crew need at each
 * stop and what they can do there. `&print={truck}` shows that truck's run sheet alone, for paper.
 */
export default function DayScreen() {
  const [date, setDate] = useState<string | null>(null);
  const [print, setPrint] = useState<string | null>(null);
  useEffect(() => {
    setDate(dateFromAddress());
    setPrint(printFromAddress());
  }, []);
  const { data, error, loading, reload } = useAdminData<DayRun>(date ? `/api/admin/day?date=${date}` : null);

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
        <button type="button" className={secondaryButtonClass} onClick={() => choose(todayIso())}>
          Today
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => date && choose(addDaysIso(date, 1))}>
          Next day →
        </button>
      </div>
      <LoadState loading={loading || !date} error={error}>
        {data && (
          <div className="space-y-4">
            <h2 className="text-lg font-bold text-slate-900">
              {formatLongDate(data.date)}: {data.routes.reduce((n, r) => n + r.stops.length, 0)} stops
            </h2>
            {data.routes.map((route) => (
              <RouteCard key={truckKey(route.truckId)} run={data} route={route} onChange={reload} />
            ))}
            <LoadingList run={data} />
          </div>
        )}
      </LoadState>
    </>
  );
}

/** One truck's run: its stops in order, the distance, the whole route in Maps, the run sheet and a suggested order. */
function RouteCard({ run, route, onChange }: { run: DayRun; route: DayRoute; onChange(): void }) {
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

  const save = async (next: DayStop[], message: string) => {
    const before = stops;
    setStops(next);
    setSaving(true);
    const result = await adminMutate('/api/admin/day/routes', 'PUT', { date: run.date, truckId: route.truckId, stops: next.map((s) => ({ bookingId: s.bookingId, kind: s.kind })) }, message);
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

  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          {route.truckName} <span className="text-sm font-semibold text-slate-700">· {stops.length === 1 ? '1 stop' : `${stops.length} stops`}</span>
          {miles !== null && stops.length > 0 && <span className="text-sm font-semibold text-slate-700"> · about {formatMiles(miles)}</span>}
        </h2>
        {stops.length > 0 && (
          <div className="flex flex-wrap gap-2">
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
            <a className={secondaryButtonClass} href={`/admin/day?date=${run.date}&print=${key}`}>
              Run sheet<span className="sr-only"> for {route.truckName}</span>
            </a>
          </div>
        )}
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
              <StopCard run={run} stop={stop} index={index} count={stops.length} onMove={(step) => move(index, step)} onChange={onChange} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The whole run as the screen orders it now, moves not yet reloaded included. */
const routeUrlFor = (run: DayRun, stops: DayStop[]) => routeUrl(run.warehouse.address, stops.map((s) => addressLine(s.address))) ?? undefined;

function StopCard({ run, stop, index, count, onMove, onChange }: { run: DayRun; stop: DayStop; index: number; count: number; onMove(step: -1 | 1): void; onChange(): void }) {
  const [panel, setPanel] = useState<'payment' | 'note' | 'damage' | null>(null);
  const [acting, setActing] = useState(false);
  const title = `Stop ${index + 1}: ${kindLabel(stop)} ${stop.number}`;
  const act = async () => {
    if (!stop.action) return;
    setActing(true);
    const result = await adminMutate(`/api/admin/bookings/${stop.bookingId}/status`, 'POST', { to: stop.action.to }, `${stop.number}: ${stop.action.label.replace(/^Mark /, '').toLowerCase()}.`);
    setActing(false);
    if (result.ok) onChange();
  };
  const toggle = (next: 'payment' | 'note' | 'damage') => setPanel((open) => (open === next ? null : next));
  return (
    <article aria-label={title} className={`rounded-lg border p-3 ${stop.done ? 'border-emerald-300 bg-emerald-50' : 'border-slate-300'}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-bold text-slate-900">
          {index + 1}. {kindLabel(stop)} {stop.window.from}–{stop.window.until}
          <span className="block text-sm font-semibold text-slate-700">
            <a className="underline" href={`/admin/bookings/${stop.bookingId}`}>
              {stop.number}
            </a>{' '}
            · party {stop.event.start}–{stop.event.end}
            {stop.event.endDate !== stop.event.date && ` (ends ${formatLongDate(stop.event.endDate)})`}
          </span>
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={stop.done ? 'good' : stop.status === 'deposit_due' ? 'warn' : 'info'}>{stop.statusLabel}</Badge>
          <button id={`move-up-${stop.key}`} type="button" className={secondaryButtonClass} onClick={() => onMove(-1)} disabled={index === 0}>
            ↑ Move up<span className="sr-only"> {title}</span>
          </button>
          <button id={`move-down-${stop.key}`} type="button" className={secondaryButtonClass} onClick={() => onMove(1)} disabled={index === count - 1}>
            ↓ Move down<span className="sr-only"> {title}</span>
          </button>
        </div>
      </div>

      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <Row label="Customer">
          {stop.customer.name} ·{' '}
          <a className="font-semibold underline" href={`tel:${stop.customer.phone.replace(/[^0-9+]/g, '')}`}>
            {stop.customer.phone}
          </a>
        </Row>
        <Row label="Address">
          <a className="font-semibold break-words underline" href={stop.directionsUrl} target="_blank" rel="noopener noreferrer">
            {addressLine(stop.address)}
            <span className="sr-only"> (directions, opens a new tab)</span>
          </a>
        </Row>
        <Row label={stop.kind === 'delivery' ? 'Load' : 'Bring back'}>
          {stop.units.length === 0 && stop.otherItems.length === 0 && 'Nothing listed'}
          {stop.units.map((u) => (
            <span key={u.unitId} className="mr-2 inline-block">
              <strong className="font-mono">{u.label}</strong> {u.productName}
            </span>
          ))}
          {stop.otherItems.map((i) => (
            <span key={i.name} className="mr-2 inline-block">
              {i.quantity} × {i.name}
            </span>
          ))}
        </Row>
        <Row label="Surface">{stop.surface ? (surfaceLabels[stop.surface] ?? stop.surface) : 'Not given: ask on arrival'}</Row>
        {stop.customerNotes && <Row label="Customer notes">{stop.customerNotes}</Row>}
        {stop.staffNotes && (
          <Row label="Staff notes">
            <span className="whitespace-pre-line">{stop.staffNotes}</span>
          </Row>
        )}
        <Row label="Balance">{stop.balanceCents > 0 ? <strong>Collect {formatMoney(stop.balanceCents, run.currency)}</strong> : 'Paid in full'}</Row>
        <Row label="Waiver">{stop.waiversSigned > 0 ? <Badge tone="good">Signed ({stop.waiversSigned})</Badge> : <Badge tone="warn">Not signed</Badge>}</Row>
        {stop.cakes.length > 0 && (
          <Row label="Cakes to deliver">
            {stop.cakes.map((c) => (
              <span key={c.id} className="block">
                {c.product}, {c.servings} servings{c.messageOnCake ? `, “${c.messageOnCake}”` : ''}: {bookingCakeLine(c)}
              </span>
            ))}
          </Row>
        )}
      </dl>

      <div className="mt-3 flex flex-wrap items-end gap-2">
        {stop.action && (
          <button type="button" className={buttonClass} onClick={() => void act()} disabled={acting}>
            {stop.action.label}
            <span className="sr-only"> {stop.number}</span>
          </button>
        )}
        <TruckPicker run={run} stop={stop} onChange={onChange} />
        {stop.balanceCents > 0 && crewCollectsFor.includes(stop.status) && (
          <button type="button" className={secondaryButtonClass} aria-expanded={panel === 'payment'} onClick={() => toggle('payment')}>
            Record payment<span className="sr-only"> {stop.number}</span>
          </button>
        )}
        <button type="button" className={secondaryButtonClass} aria-expanded={panel === 'note'} onClick={() => toggle('note')}>
          Add note<span className="sr-only"> {stop.number}</span>
        </button>
        {stop.units.length > 0 && (
          <button type="button" className={secondaryButtonClass} aria-expanded={panel === 'damage'} onClick={() => toggle('damage')}>
            Report damage<span className="sr-only"> {stop.number}</span>
          </button>
        )}
      </div>
      {panel === 'payment' && <PaymentForm run={run} stop={stop} onDone={() => { setPanel(null); onChange(); }} />}
      {panel === 'note' && <NoteForm stop={stop} onDone={() => { setPanel(null); onChange(); }} />}
      {panel === 'damage' && <DamageForm stop={stop} onDone={() => { setPanel(null); onChange(); }} />}
    </article>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-700">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </>
  );
}

/** The truck a booking goes on: drop-off and pickup move together. */
function TruckPicker({ run, stop, onChange }: { run: DayRun; stop: DayStop; onChange(): void }) {
  const assign = async (value: string) => {
    const truckId = value === '' ? null : value;
    const name = run.trucks.find((t) => t.id === truckId)?.name ?? 'no truck';
    const result = await adminMutate(`/api/admin/day/bookings/${stop.bookingId}/truck`, 'PUT', { truckId }, `${stop.number} is on ${name}.`);
    if (result.ok) onChange();
  };
  return (
    <SelectField label={`Truck for ${stop.number}`} value={stop.truckId ?? ''} onChange={(e) => void assign(e.target.value)} className="w-48">
      <option value="">{UNASSIGNED}</option>
      {run.trucks
        .filter((t) => t.active || t.id === stop.truckId)
        .map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
    </SelectField>
  );
}

/** Every unit leaving the warehouse this day, and every unit coming back, by truck. */
function LoadingList({ run }: { run: DayRun }) {
  const table = (caption: string, lines: DayRun['loading']['out']) =>
    lines.length === 0 ? (
      <p className="text-sm text-slate-700">{caption}: none.</p>
    ) : (
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
        <table className={tableClass}>
          <caption className="py-1 text-left font-semibold">{caption}</caption>
          <thead>
            <tr>
              {['Unit', 'Product', 'Booking', 'Truck'].map((h) => (
                <th key={h} scope="col" className={thClass}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={`${l.label}-${l.bookingNumber}`}>
                <td className={`${tdClass} font-mono font-semibold`}>{l.label}</td>
                <td className={tdClass}>{l.productName}</td>
                <td className={tdClass}>{l.bookingNumber}</td>
                <td className={tdClass}>{l.truckName}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <Card title="Loading list">
      <div className="space-y-4">
        {table('Leaving the warehouse', run.loading.out)}
        {table('Coming back', run.loading.back)}
      </div>
    </Card>
  );
}

/** One truck's run on paper: black on white, the admin menu hidden in print (see day.astro). */
function RunSheet({ run, route }: { run: DayRun; route: DayRoute }) {
  const loading = {
    out: run.loading.out.filter((l) => l.truckName === route.truckName),
    back: run.loading.back.filter((l) => l.truckName === route.truckName),
  };
  return (
    <article className="run-sheet print-alone mx-auto max-w-3xl rounded-xl border border-slate-300 bg-white p-6 text-slate-900 print:max-w-none print:rounded-none print:border-0 print:p-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <a href={`/admin/day?date=${run.date}`} className={secondaryButtonClass}>
          ← Back to the day
        </a>
        <button type="button" className={buttonClass} onClick={() => window.print()}>
          Print run sheet
        </button>
      </div>
      <header className="border-b-2 border-slate-900 pb-3">
        <h1 className="text-2xl font-bold">
          Run sheet · {route.truckName} · {formatLongDate(run.date)}
        </h1>
        <p>
          From and back to {run.warehouse.address}
          {route.miles !== null && route.stops.length > 0 && ` · about ${formatMiles(route.miles)}`}
        </p>
      </header>
      {route.stops.length === 0 && <p className="py-3">No stops.</p>}
      <ol>
        {route.stops.map((s, i) => (
          <li key={s.key} className="break-inside-avoid border-b border-slate-400 py-3">
            <h2 className="text-lg font-bold">
              {i + 1}. {kindLabel(s)} {s.window.from}–{s.window.until} · {s.number}
            </h2>
            <p>
              {s.customer.name} · {s.customer.phone}
            </p>
            <p className="font-semibold">{addressLine(s.address)}</p>
            <p>
              {s.kind === 'delivery' ? 'Load' : 'Bring back'}: {[...s.units.map((u) => `${u.label} ${u.productName}`), ...s.otherItems.map((x) => `${x.quantity} × ${x.name}`)].join('; ') || 'nothing listed'}
            </p>
            <p>
              Surface: {s.surface ? (surfaceLabels[s.surface] ?? s.surface) : 'not given, ask on arrival'} · Waiver: {s.waiversSigned > 0 ? 'signed' : 'NOT signed'} ·{' '}
              {s.balanceCents > 0 ? <strong>Collect {formatMoney(s.balanceCents, run.currency)}</strong> : 'Paid in full'}
            </p>
            {s.customerNotes && <p>Customer notes: {s.customerNotes}</p>}
            {s.staffNotes && <p className="whitespace-pre-line">Staff notes: {s.staffNotes}</p>}
            {s.cakes.map((c) => (
              <p key={c.id}>
                Cake: {c.product}, {c.servings} servings ({bookingCakeLine(c)})
              </p>
            ))}
          </li>
        ))}
      </ol>
      <section className="py-3">
        <h2 className="text-sm font-bold uppercase tracking-wide">Loading list</h2>
        <p>Out: {loading.out.map((l) => l.label).join(', ') || 'none'}</p>
        <p>Back: {loading.back.map((l) => l.label).join(', ') || 'none'}</p>
      </section>
    </article>
  );
}
